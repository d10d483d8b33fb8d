#!/usr/bin/env bash
# Smoke test of /mcp with an independent client (the MCP Inspector CLI) against a running server:
# list the tools and call one with the primary key printed on first start.
set -euo pipefail
cd "$(dirname "$0")/../../.."
data=$(mktemp -d)
log=$(mktemp)
port=${MCP_SMOKE_PORT:-4199}
DOSSIER_DATA_DIR=$data PORT=$port LOG_LEVEL=warn node --import tsx apps/cli/src/main.ts serve >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data" "$log"' EXIT
# Until the ready line (a first start loads the demo data: about 40 s of CPU), giving up at 300 s.
for _ in $(seq 1 300); do
  grep -q 'curl -H' "$log" && break
  kill -0 $server 2>/dev/null || { cat "$log"; exit 1; }
  sleep 1
done
key=$(grep -o 'dsr_live_[A-Za-z0-9]*' "$log" | head -1)
[ -n "$key" ] || { echo "mcp smoke: no key printed"; cat "$log"; exit 1; }
inspector=apps/mcp/node_modules/.bin/mcp-inspector
url=http://127.0.0.1:$port/mcp
tools=$($inspector --cli "$url" --transport http --header "Authorization: Bearer $key" --method tools/list 2>/dev/null)
grep -q '"name": "get_company"' <<<"$tools" || { echo "mcp smoke: get_company not listed"; echo "$tools"; exit 1; }
result=$($inspector --cli "$url" --transport http --header "Authorization: Bearer $key" \
  --method tools/call --tool-name get_company --tool-arg domain=northwind.example 2>/dev/null)
grep -q 'Northwind' <<<"$result" || { echo "mcp smoke: get_company call failed"; echo "$result"; exit 1; }
echo "mcp smoke: tools/list and tools/call passed with the MCP Inspector CLI"
