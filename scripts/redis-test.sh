#!/usr/bin/env bash
# Provides a local Redis for the tests that share state between server processes
# (tests/server/shared-rate-limit.test.ts) and for `npm run load`, on Debian.
#
# Idempotent: installs Debian's redis-server only when it is missing, starts a server on the test
# port (REDIS_TEST_PORT, default 6390; 127.0.0.1 only, nothing written to disk) only when none
# answers there. Safe to run any number of times. The server outlives this script.
#
# Output contract: exactly one line on stdout, the connection URL
#   redis://127.0.0.1:6390
# Everything else (apt, progress messages) goes to stderr, so callers can do
#   TEST_REDIS_URL="$(bash scripts/redis-test.sh)" npx vitest run tests/server/shared-rate-limit.test.ts
# Tests keep apart by a key prefix of their own, so one server serves every run.
set -euo pipefail

readonly PORT="${REDIS_TEST_PORT:-6390}"
readonly URL="redis://127.0.0.1:${PORT}"
readonly RUN_DIR="${TMPDIR:-/tmp}/uzi-redis-test-${PORT}"

# Keep the real stdout on fd 3 for the final URL; send everything else to stderr.
exec 3>&1 1>&2

log() { printf 'redis-test: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

SUDO=""
if [[ "$(id -u)" -ne 0 ]]; then SUDO="sudo"; fi

answers() { [[ "$(redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null)" == "PONG" ]]; }

# --- 1. Installation --------------------------------------------------------------------------
if command -v redis-server >/dev/null 2>&1 && command -v redis-cli >/dev/null 2>&1; then
  log "redis-server is already installed"
else
  log "redis-server not found; installing it with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  if ! $SUDO apt-get install -y --no-install-recommends redis-server </dev/null 3>&-; then
    log "apt-get install failed; refreshing package lists and retrying"
    $SUDO apt-get update
    $SUDO apt-get install -y --no-install-recommends redis-server </dev/null 3>&-
  fi
  command -v redis-server >/dev/null 2>&1 || die "redis-server still missing after apt-get install"
fi

# --- 2. A server on the test port ---------------------------------------------------------------
if answers; then
  log "a Redis server already answers on port ${PORT}"
else
  log "starting redis-server on 127.0.0.1:${PORT}"
  mkdir -p "$RUN_DIR"
  # Daemonized, so it outlives this script; it must not inherit fd 3, or a caller reading the URL
  # through $(...) would wait for end-of-file for as long as Redis runs.
  redis-server --port "$PORT" --bind 127.0.0.1 --daemonize yes \
    --dir "$RUN_DIR" --pidfile "${RUN_DIR}/redis.pid" --logfile "${RUN_DIR}/redis.log" \
    --save '' --appendonly no </dev/null 3>&-
  ready=0
  for _ in $(seq 1 50); do
    if answers; then ready=1; break; fi
    sleep 0.1
  done
  [[ "$ready" -eq 1 ]] || die "Redis does not answer on 127.0.0.1:${PORT} (see ${RUN_DIR}/redis.log)"
fi

log "ready"
printf '%s\n' "$URL" >&3
