#!/usr/bin/env bash
# Provides a local PostgreSQL test database for the storage tests
# (tests/server/storage.test.ts) on Debian, running as root.
#
# Idempotent: installs PostgreSQL only when it is missing, starts the cluster on
# port 5432 only when it is down, creates role `uzi` (password `uzi`) and
# database `uzi_test` only when they are missing. Safe to run any number of times.
#
# Output contract: exactly one line on stdout, the connection URL
#   postgres://uzi:uzi@127.0.0.1:5432/uzi_test
# Everything else (apt, psql, progress messages) goes to stderr, so callers can do
#   TEST_DATABASE_URL="$(bash scripts/postgres-test-db.sh)" npx vitest run tests/server/storage.test.ts
set -euo pipefail

readonly PORT=5432
readonly DB_ROLE=uzi
readonly DB_PASSWORD=uzi
readonly DB_NAME=uzi_test
readonly URL="postgres://${DB_ROLE}:${DB_PASSWORD}@127.0.0.1:${PORT}/${DB_NAME}"

# Keep the real stdout on fd 3 for the final URL; send everything else to stderr.
exec 3>&1 1>&2

log() { printf 'postgres-test-db: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

[[ "$(id -u)" -eq 0 ]] || die "must run as root (it may install packages and start the cluster)"

# Every psql/cluster command runs from / so `su postgres` does not complain about /root.
cd /

postgres_installed() {
  command -v pg_ctlcluster >/dev/null 2>&1 &&
    command -v pg_lsclusters >/dev/null 2>&1 &&
    compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null
}

# --- 1. Installation --------------------------------------------------------------------------
if postgres_installed; then
  log "PostgreSQL is already installed"
else
  log "PostgreSQL not found; installing it with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y postgresql </dev/null 3>&-; then
    log "apt-get install failed; refreshing package lists and retrying"
    apt-get update
    apt-get install -y postgresql </dev/null 3>&-
  fi
  postgres_installed || die "PostgreSQL binaries still missing after apt-get install"
fi

# Newest installed major version (e.g. 15 on Debian 12); used when a cluster has to be created.
latest_version="$(find /usr/lib/postgresql -mindepth 3 -maxdepth 3 -path '*/bin/postgres' |
  awk -F/ '{print $5}' | sort -V | tail -n 1)"
[[ -n "$latest_version" ]] || die "cannot determine the installed PostgreSQL version"

# --- 2. A cluster on port 5432 ----------------------------------------------------------------
# pg_lsclusters -h columns: version cluster port status owner data-dir log-file
# awk reads all input (no early `exit`) so pg_lsclusters never hits SIGPIPE under pipefail.
find_cluster() { pg_lsclusters -h | awk -v port="$PORT" '$3 == port && !found { print $1, $2, $4; found = 1 }'; }

cluster="$(find_cluster)"
if [[ -z "$cluster" ]]; then
  # A fresh install normally creates "<version> main" itself; this covers machines where that was
  # disabled (create_main_cluster = false) or the cluster was dropped.
  if pg_lsclusters -h | awk -v v="$latest_version" '$1 == v && $2 == "main" { found = 1 } END { exit !found }'; then
    die "cluster ${latest_version}/main exists but does not use port ${PORT}; fix it or free the name"
  fi
  log "no cluster on port ${PORT}; creating ${latest_version}/main"
  pg_createcluster "$latest_version" main --port "$PORT" </dev/null 3>&-
  cluster="$(find_cluster)"
  [[ -n "$cluster" ]] || die "cluster creation did not produce a cluster on port ${PORT}"
fi

read -r cluster_version cluster_name cluster_status <<<"$cluster"
if [[ "$cluster_status" == online* ]]; then
  log "cluster ${cluster_version}/${cluster_name} is already running on port ${PORT}"
else
  log "starting cluster ${cluster_version}/${cluster_name} (status: ${cluster_status})"
  # The server outlives this script: it must not inherit fd 3, or a caller reading the URL
  # through $(...) would wait for end-of-file for as long as PostgreSQL runs.
  pg_ctlcluster "$cluster_version" "$cluster_name" start </dev/null 3>&-
fi

# Wait until the server accepts TCP connections on 127.0.0.1 (start-up can take a moment).
ready=0
for _ in $(seq 1 60); do
  if pg_isready -q -h 127.0.0.1 -p "$PORT"; then
    ready=1
    break
  fi
  sleep 0.5
done
[[ "$ready" -eq 1 ]] || die "PostgreSQL does not accept connections on 127.0.0.1:${PORT}"

# --- 3. Role and database ---------------------------------------------------------------------
# SQL goes in through stdin, so no shell quoting is involved. The role's password is (re)set on
# every run so a role left over with another password still ends up usable.
log "ensuring role ${DB_ROLE} and database ${DB_NAME}"
su postgres -c "psql -X -q -v ON_ERROR_STOP=1 -p ${PORT} -d postgres" <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'uzi') THEN
    CREATE ROLE uzi LOGIN PASSWORD 'uzi';
  ELSE
    ALTER ROLE uzi LOGIN PASSWORD 'uzi';
  END IF;
END
$$;
-- CREATE DATABASE cannot run inside DO/transactions; \gexec runs it only when the query yields a row.
-- template0 + explicit UTF8/C keeps the database UTF-8 even if the cluster was initialised without a locale.
SELECT 'CREATE DATABASE uzi_test OWNER uzi ENCODING ''UTF8'' LC_COLLATE ''C'' LC_CTYPE ''C'' TEMPLATE template0'
WHERE NOT EXISTS (SELECT FROM pg_catalog.pg_database WHERE datname = 'uzi_test')
\gexec
-- A database left over with another owner is handed to uzi (the tests create schemas in it).
SELECT 'ALTER DATABASE uzi_test OWNER TO uzi'
FROM pg_catalog.pg_database
WHERE datname = 'uzi_test' AND pg_catalog.pg_get_userbyid(datdba) <> 'uzi'
\gexec
SQL

# --- 4. Check the URL really works (password authentication over TCP) -------------------------
PGPASSWORD="$DB_PASSWORD" psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U "$DB_ROLE" -d "$DB_NAME" \
  -c 'SELECT 1' >/dev/null || die "cannot connect as ${DB_ROLE} to ${DB_NAME} on 127.0.0.1:${PORT}"

log "ready"
printf '%s\n' "$URL" >&3
