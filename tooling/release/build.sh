#!/usr/bin/env bash
# The production build: bundles the dossier command (tsup; the console's bundle, the migrations
# beside it) and deploys it into OUT with its runtime dependencies only: no TypeScript, tsx,
# Vite or esbuild. Run `node OUT/dist/bin/dossier.js serve`, or OUT/entrypoint.sh serve.
# The Dockerfile runs this same script; .ci/run runs it through smoke.sh.
set -euo pipefail
out="${1:?usage: tooling/release/build.sh OUT_DIR}"
cd "$(dirname "$0")/../.."

TURBO_TELEMETRY_DISABLED=1 pnpm exec turbo run build --filter=@dossier/cli --output-logs=errors-only
rm -rf "$out"
# --legacy: the command's own package holds no workspace package at run time (they are in the
# bundle), so nothing needs injecting; the lockfile fixes every version.
pnpm --filter @dossier/cli deploy --prod --legacy "$out" >/dev/null
cp tooling/release/entrypoint.sh "$out/entrypoint.sh"
chmod +x "$out/entrypoint.sh"
