#!/usr/bin/env bash
# The production build as an operator runs it: build and deploy into a temporary folder outside
# the repository, then, with only node and that folder, create a key, serve on the embedded
# database, check /readyz and one authenticated call, and stop with SIGTERM (exit 0 expected).
# Prints start-up time (to a ready /readyz), CPU time and resident memory of the serve process.
# PORT picks the port (default: one the system has free now, so a test server elsewhere cannot hold it).
set -euo pipefail
cd "$(dirname "$0")/../.."
export TURBO_TELEMETRY_DISABLED=1
repo="$PWD"
work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill "$server_pid"; fi
  rm -rf "$work"
}
trap cleanup EXIT
case "$work" in "$repo"/*) echo "smoke: temporary folder is inside the repository" >&2; exit 1 ;; esac

deploy="$work/dossier"
start=$SECONDS
bash tooling/release/build.sh "$deploy"
echo "build and deploy: $((SECONDS - start)) s"

# Nothing of the TypeScript tool chain may be there.
for tool in typescript tsx tsup esbuild vite vitest; do
  if [ -e "$deploy/node_modules/$tool" ] || ls "$deploy/node_modules/.pnpm" | grep -q "^$tool@"; then
    echo "smoke: $tool is in the deployed folder" >&2
    exit 1
  fi
done

cd "$work" # nothing of the repository is reachable from here
free_port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
export DOSSIER_DATA_DIR="$work/data" DOSSIER_DEMO=false LOG_LEVEL=warn PORT="${PORT:-$free_port}" HOST=127.0.0.1
env -u DATABASE_URL -u REDIS_URL "$deploy/entrypoint.sh" migrate >/dev/null
key="$(env -u DATABASE_URL -u REDIS_URL "$deploy/entrypoint.sh" keys create --org smoke --plan starter)"
[[ "$key" == dsr_live_* ]] || { echo "smoke: keys create printed no key" >&2; exit 1; }

env -u DATABASE_URL -u REDIS_URL "$deploy/entrypoint.sh" serve >"$work/serve.log" 2>&1 &
server_pid=$!
base="http://127.0.0.1:$PORT"
t0=$(date +%s%N)
until curl -sf "$base/readyz" >/dev/null; do
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/serve.log" >&2; echo "smoke: serve exited" >&2; exit 1; }
  sleep 0.05
done
ready_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
read -r utime stime < <(awk '{print $14, $15}' "/proc/$server_pid/stat")
ticks=$(getconf CLK_TCK)
rss_kb=$(awk '/^VmRSS/ {print $2}' "/proc/$server_pid/status")
echo "serve from the build: ready in ${ready_ms} ms, CPU $(( (utime + stime) * 1000 / ticks )) ms, RSS $((rss_kb / 1024)) MiB"

status=$(curl -s -o "$work/search.json" -w '%{http_code}' -H "Authorization: Bearer $key" \
  -H 'content-type: application/json' -d '{"query": "fintech companies", "limit": 1}' "$base/v1/search/companies")
[ "$status" = 200 ] || { echo "smoke: authenticated search answered $status" >&2; cat "$work/search.json" >&2; exit 1; }
status=$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' -d '{}' "$base/v1/search/companies")
[ "$status" = 401 ] || { echo "smoke: a request without a key answered $status" >&2; exit 1; }
status=$(curl -s -o /dev/null -w '%{http_code}' "$base/")
[ "$status" = 200 ] || { echo "smoke: the console page answered $status" >&2; exit 1; }
status=$(curl -s -o /dev/null -w '%{http_code}' "$base/docs")
[ "$status" = 200 ] || { echo "smoke: /docs answered $status" >&2; exit 1; }

kill -TERM "$server_pid"
code=0
wait "$server_pid" || code=$?
server_pid=""
[ "$code" = 0 ] || { cat "$work/serve.log" >&2; echo "smoke: serve exited $code after SIGTERM" >&2; exit 1; }
echo "production build: ready, authenticated call, console, docs and SIGTERM all fine"
