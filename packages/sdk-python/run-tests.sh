#!/usr/bin/env bash
# Runs the Python SDK's unittest suite against a real Dossier server on a fresh embedded database:
# first start (demo data + primary key), stop, add a rate-limited scoped key, start again, test, stop.
# Exits non-zero on any failure. Usage: packages/sdk-python/run-tests.sh [unittest discover args]
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"
data="$(mktemp -d "${TMPDIR:-/tmp}/dossier-sdk-python.XXXXXX")"
log="$data/serve.log"
pid=""

cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$data"
}
trap cleanup EXIT

# The server's environment: a fresh data folder, any free port, and verification lookups sent to a
# closed loopback port so nothing leaves the machine.
unset DATABASE_URL REDIS_URL DOSSIER_SECRET DOSSIER_KEK PORT
export PYTHONDONTWRITEBYTECODE=1 DOSSIER_DATA_DIR="$data/db" PORT=0 LOG_LEVEL=info USAGE_FLUSH_MS=500 \
  VERIFY_SKIP_PORT25_CHECK=true VERIFY_DNS_SERVERS=127.0.0.1:9 VERIFY_DNS_TIMEOUT_MS=300

dossier() { (cd "$root" && exec node --import tsx apps/cli/src/main.ts "$@"); }

# Waits until the server log matches a pattern (or the server dies, or 300 s pass: a first start
# loads the demo data, about 40 s of CPU, 130 s seen on a busy 2-core machine).
wait_for() {
  local pattern="$1"
  for _ in $(seq 1 1200); do
    if grep -qE "$pattern" "$log" 2>/dev/null; then return 0; fi
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "dossier serve exited early:" >&2
      cat "$log" >&2
      return 1
    fi
    sleep 0.25
  done
  echo "timed out waiting for /$pattern/ in the server log" >&2
  cat "$log" >&2
  return 1
}

start() {
  : >"$log"
  # exec: $! is the server itself, so stop() signals it and not a wrapper shell.
  (cd "$root" && exec node --import tsx apps/cli/src/main.ts serve) >"$log" 2>&1 &
  pid=$!
}

stop() {
  kill -TERM "$pid"
  wait "$pid" || true
  pid=""
}

echo "sdk-python: starting dossier serve on a fresh embedded database (demo data loads on first start)"
start
wait_for 'curl -H "Authorization: Bearer dsr_live_'
api_key="$(grep -oE 'Bearer dsr_live_[A-Za-z0-9_]+' "$log" | head -n1 | cut -d' ' -f2)"
stop

limited_json="$(dossier keys scoped --org Demo --scopes company --origins https://app.example \
  --expires 1d --rate-limit 1 --json)"
limited_key="$("$python" -c 'import json,sys; print(json.loads(sys.argv[1])["key"])' "$limited_json")"

DOSSIER_DEMO=false start
wait_for '"url":"http://[^"]+"'
base_url="$(grep -oE '"url":"http://[^"]+"' "$log" | head -n1 | cut -d'"' -f4)"
echo "sdk-python: server ready at $base_url"

export DOSSIER_TEST_BASE_URL="$base_url" DOSSIER_TEST_API_KEY="$api_key" DOSSIER_TEST_LIMITED_KEY="$limited_key"
# The SDK's own tests must not see a key or URL from the caller's environment.
unset DOSSIER_API_KEY DOSSIER_BASE_URL

status=0
cd "$here"
PYTHONPATH="$here/src${PYTHONPATH:+:$PYTHONPATH}" "$python" -m unittest discover -s tests -t . "$@" 2>&1 |
  tee "$data/unittest.log" || status=$?

# One plain closing line that any CI reads: "N passed, N failed".
ran="$(grep -oE '^Ran [0-9]+ test' "$data/unittest.log" | grep -oE '[0-9]+' | tail -n1 || true)"
summary="$(grep -E '^(OK|FAILED)' "$data/unittest.log" | tail -n1 || true)"
failed=0
for kind in failures errors unexpected\ successes; do
  n="$(printf '%s' "$summary" | grep -oE "$kind=[0-9]+" | grep -oE '[0-9]+' || true)"
  failed=$((failed + ${n:-0}))
done
skipped="$(printf '%s' "$summary" | grep -oE 'skipped=[0-9]+' | grep -oE '[0-9]+' || true)"
ran=${ran:-0}
echo "sdk-python: $((ran - failed - ${skipped:-0})) passed, $failed failed"
if [ "$ran" -eq 0 ]; then
  echo "sdk-python: no tests ran" >&2
  exit 1
fi
exit "$status"
