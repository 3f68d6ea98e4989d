#!/usr/bin/env bash
# Installs everything the tests need on a Debian machine and runs every test: type check, flow
# check with fixtures, unit and server tests (SQLite and PostgreSQL), then the browser tests in
# Debian's Chromium against the built portal. `.ci/run` runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

# 1. System packages: Chromium for the browser tests, poppler for PDF checks, openssl for real CSRs,
#    PostgreSQL for the storage tests, Redis for the tests of several server processes. Installed
#    only when missing; no browser is downloaded.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then missing+=(postgresql); fi
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installeren: ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get install -y --no-install-recommends "${missing[@]}" >&2 \
    || { $SUDO apt-get update >&2 && $SUDO apt-get install -y --no-install-recommends "${missing[@]}" >&2; }
fi

# 2. npm packages exactly as locked (native SQLite driver is built from source, nothing is downloaded).
npm ci --no-audit --no-fund

# 3. A running PostgreSQL with a test database; the storage and server tests use it.
#    The URL goes through a file, not $(...): nothing the script starts can keep this waiting.
url_file="$(mktemp)"
bash scripts/postgres-test-db.sh >"$url_file"
TEST_DATABASE_URL="$(head -n 1 "$url_file")"
export TEST_DATABASE_URL
#    And a running Redis (127.0.0.1:6390) for the tests of several server processes sharing state.
bash scripts/redis-test.sh >"$url_file"
TEST_REDIS_URL="$(head -n 1 "$url_file")"
rm -f "$url_file"
export TEST_REDIS_URL

# 4. The tests. Each stage has a time limit, so a hanging stage fails with its name instead of
#    holding the run. Lint, the layout check (Prettier) and the dependency check (knip), then the type check, the build and the
#    flow check, do not depend on each other and run side by side (their lines carry the stage's
#    name). Vitest and Playwright each use both cores on their own (workers per core; a portal per
#    Playwright worker), so they run in turn.
stage() {
  local limit="$1"; shift
  echo "== $* (at most ${limit})" >&2
  timeout --kill-after=30s "$limit" "$@" || { rc=$?; echo "== failed ($rc): $*" >&2; return "$rc"; }
}
# Runs each "limit name command…" side by side, output prefixed with its name; fails when any fails.
together() {
  local pids=() names=() failed=0
  for spec in "$@"; do
    read -r limit name command <<<"$spec"
    ( stage "$limit" bash -c "$command" 2>&1 | sed -u "s/^/[$name] /"; exit "${PIPESTATUS[0]}" ) &
    pids+=("$!"); names+=("$name")
  done
  for index in "${!pids[@]}"; do
    wait "${pids[$index]}" || { echo "== ${names[$index]} failed" >&2; failed=1; }
  done
  return "$failed"
}
start=$SECONDS
together "5m lint npm run lint" "5m format npm run format:check" "5m knip npm run knip"
together "5m typecheck npm run typecheck" "10m build npm run build" "10m flows npm run flows:check"
stage 30m npx vitest run
stage 40m npx playwright test
echo "== every test passed in $(( (SECONDS - start) / 60 )) min $(( (SECONDS - start) % 60 )) s (after installing)" >&2
