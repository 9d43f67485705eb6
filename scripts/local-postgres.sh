#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on loopback for CI and benchmarks, installing
# Debian's package when it is missing. Prints the admin connection URL on its last line.
# Usage: scripts/local-postgres.sh [dir] [port]   (stop: pg_ctl -D dir stop)
set -euo pipefail
dir="${1:-/tmp/refrain-pg}"
port="${2:-55432}"

bin=""
for candidate in /usr/lib/postgresql/*/bin; do [ -x "$candidate/initdb" ] && bin="$candidate"; done
if [ -z "$bin" ]; then
  if [ "$(id -u)" != 0 ]; then echo "PostgreSQL is not installed; install Debian's postgresql package." >&2; exit 1; fi
  echo "Installing Debian's postgresql…" >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  for candidate in /usr/lib/postgresql/*/bin; do [ -x "$candidate/initdb" ] && bin="$candidate"; done
fi

# PostgreSQL refuses to run as root: run it as the postgres user when we are root.
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

if ! as_pg "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
  rm -rf "$dir"
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  as_pg "$bin/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 >/dev/null
  as_pg "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
