# Dossier's production image. Both stages run the scripts CI runs outside Docker:
# tooling/release/build.sh (bundle and deploy) and tooling/release/entrypoint.sh (exec node).
#   docker build -t dossier .
#   docker run -e DATABASE_URL=... -e DOSSIER_SECRET=... -p 3000:3000 dossier serve

FROM node:20-bookworm-slim AS build
ENV CI=true TURBO_TELEMETRY_DISABLED=1
RUN npm install -g pnpm@10.34.9
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile && bash tooling/release/build.sh /app

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DOSSIER_DATA_DIR=/data
COPY --from=build /app /app
# The image's files belong to root; the server runs as node and writes only /data (the embedded
# database, when no DATABASE_URL is given).
RUN mkdir /data && chown node:node /data
USER node
WORKDIR /data
EXPOSE 3000
# /readyz answers 200 while the database answers; node's fetch, as the image has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains (see docs/operations.md, graceful stop); the entrypoint execs node, so node gets it.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/app/entrypoint.sh"]
CMD ["serve"]
