#!/usr/bin/env bash
# A PostgreSQL server for benchmarks, configured as docs/operations.md advises for data at scale:
# shared_buffers a quarter of RAM, effective_cache_size three quarters, everything else stock.
# It runs beside the machine's own server (which keeps its stock 128 MB), on its own port and data
# directory, so benchmarks can be run against both and compared.
#
#   tooling/bench/scripts/tuned-postgres.sh start   # initdb on first use, then start; prints the URL
#   tooling/bench/scripts/tuned-postgres.sh stop
#
# Env: BENCH_PG_DIR (default /var/tmp/dossier-bench-pg), BENCH_PG_PORT (default 5433),
# BENCH_PG_BIN (default: the newest /usr/lib/postgresql/*/bin).
set -euo pipefail

dir="${BENCH_PG_DIR:-/var/tmp/dossier-bench-pg}"
port="${BENCH_PG_PORT:-5433}"
bin="${BENCH_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
[ -x "$bin/pg_ctl" ] || { echo "no PostgreSQL binaries found (set BENCH_PG_BIN)" >&2; exit 1; }

# initdb and postgres refuse to run as root: run them as the postgres user when we are root.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

ram_mb=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024))

case "${1:-}" in
start)
  if [ ! -f "$dir/PG_VERSION" ]; then
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
    as_owner "$bin/initdb" -D "$dir" -U postgres --auth=trust >/dev/null
    cat >>"$dir/postgresql.conf" <<CONF
# Dossier benchmark server (tooling/bench/scripts/tuned-postgres.sh)
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
shared_buffers = $((ram_mb / 4))MB
effective_cache_size = $((ram_mb * 3 / 4))MB
max_connections = 200
CONF
  fi
  if ! as_owner "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w start >/dev/null
  fi
  echo "postgres://postgres@127.0.0.1:$port/postgres"
  ;;
stop)
  as_owner "$bin/pg_ctl" -D "$dir" -m fast stop
  ;;
*)
  echo "usage: $0 start|stop" >&2
  exit 2
  ;;
esac
