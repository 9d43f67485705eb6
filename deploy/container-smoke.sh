#!/usr/bin/env bash
# Builds the Refrain image with podman and starts it against a PostgreSQL server: the one-shot
# migration, an app server and a worker; checks liveness, readiness, the image's HEALTHCHECK,
# the metrics scrape and a graceful stop (readiness 503 while draining, exit 0), then removes
# what it made. For CI and for checking a machine before a deployment.
#
#   deploy/container-smoke.sh postgres://user@127.0.0.1:5432/postgres
#   deploy/container-smoke.sh --build URL   # only build the image, and keep it
#   deploy/container-smoke.sh --built URL   # only start and check the image --build left
#
# CI builds the image early, at the lowest priority, while the tests use the cores (the build
# mostly waits on the network and the disk), and starts it once they are done.
# The URL's user must be able to create databases: a throwaway one is made and dropped. Runs
# as root (podman, apt-get). Installs Debian's podman, runc and debootstrap when missing.
# Without a reachable image registry the base image is a Debian 12 root file system made by
# debootstrap from Debian's mirror (docs/deploy.md, "Container runtime on the build machine").
set -euo pipefail
cd "$(dirname "$0")/.."

stage=all
case "${1:-}" in --build) stage=build; shift ;; --built) stage=run; shift ;; esac
admin_url="${1:?usage: deploy/container-smoke.sh [--build|--built] POSTGRES_ADMIN_URL}"
image="localhost/refrain:smoke"
base="${BASE_IMAGE:-docker.io/library/debian:bookworm-slim}"
# shellcheck source=deploy/free-port.sh
source deploy/free-port.sh
port="${SMOKE_PORT:-$(free_port)}"
db="refrain_smoke_$$"
# SMOKE_STORAGE=DIR keeps podman's images, containers and temporary files, and this script's, in
# DIR instead of /var/lib/containers and /tmp: CI gives it a folder in memory (/dev/shm), so that
# the build's file writes (dpkg, npm, layers) stay off the disk the tests beside it use (the type
# check beside a build on disk took 53 s, beside one in memory 27 s).
if [ -n "${SMOKE_STORAGE:-}" ]; then
  mkdir -p "$SMOKE_STORAGE/tmp"
  export TMPDIR="$SMOKE_STORAGE/tmp"
  podman() { command podman --root "$SMOKE_STORAGE/root" --runroot "$SMOKE_STORAGE/run" "$@"; }
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/refrain-smoke.XXXXXX")
started=$(date +%s)
say() { echo "[container-smoke] $*"; }

missing=()
command -v podman >/dev/null || missing+=(podman)
command -v runc >/dev/null || missing+=(runc)
command -v debootstrap >/dev/null || missing+=(debootstrap)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Podman's defaults fail on machines without CAP_SYS_RESOURCE (it raises RLIMIT_NOFILE and
# RLIMIT_NPROC past the hard limits) and with hybrid cgroups (crun refuses them): keep the
# limits this shell has and run containers with runc.
cat >"$work/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$(ulimit -Hn):$(ulimit -Hn)", "nproc=32768:32768"]
[engine]
runtime = "runc"
EOF
export CONTAINERS_CONF="$work/containers.conf"

names=()
cleanup() {
  status=$?
  for name in "${names[@]}"; do podman rm -f "$name" >/dev/null 2>&1 || true; done
  if [ "$stage" != build ]; then
    podman volume rm -f "refrain-smoke-data-$$" >/dev/null 2>&1 || true
    podman run --rm --no-healthcheck --network host "$image" psql "$admin_url" -qc "drop database if exists $db" \
      >/dev/null 2>&1 || true
  fi
  # The image too, unless a later --built run is to start it: a later build would leave this
  # one behind, untagged, 1.5 GB each time.
  [ "$stage" = build ] && [ "$status" = 0 ] || podman rmi -f "$image" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# The base image (the registry's, or Debian 12 made here from Debian's packages), then the
# image.
build_image() {
  if ! podman image exists "$base" && ! timeout 120 podman pull -q "$base" >/dev/null 2>"$work/pull.err"; then
    say "cannot pull $base ($(tail -n 1 "$work/pull.err")); using a local Debian 12 root file system"
    base="localhost/debian:bookworm-minbase"
    if ! podman image exists "$base"; then
      root="$work/rootfs"
      debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$work/debootstrap.log"
      rm -f "$root/etc/apt/sources.list"
      cat >"$root/etc/apt/sources.list.d/debian.sources" <<'EOF'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
      rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
      tar -C "$root" -c . | podman import -q --change 'CMD ["/bin/bash"]' - "$base" >/dev/null
      rm -rf "$root"
    fi
  fi

  # This machine's CA bundle for npm inside the build: it trusts whatever TLS-inspecting proxy
  # stands between this machine and the npm registry.
  ca=(); [ -f /etc/ssl/certs/ca-certificates.crt ] &&
    ca=(-v /etc/ssl/certs/ca-certificates.crt:/run/build-ca.crt:ro --build-arg NPM_CONFIG_CAFILE=/run/build-ca.crt)
  say "building $image from $base"
  build_started=$(date +%s)
  # No layer cache (--layers=false): committing every step's layer cost a third of the build's
  # time on two cores and left 2.5 GB of untagged images per build. Both stages at once
  # (--jobs=2): the runtime stage's apt-get needs nothing from the build stage. The steps use
  # this machine's network (--network host): a namespace of their own per step adds and removes
  # network interfaces, which Chromium takes for a change of network, failing the page loads of
  # the journeys CI runs meanwhile with ERR_NETWORK_CHANGED.
  if ! podman build -q --layers=false --jobs=2 --network host --format docker --build-arg "BASE_IMAGE=$base" "${ca[@]}" -t "$image" . >"$work/build.log" 2>&1; then
    tail -n 40 "$work/build.log"; say "FAILED: image build"; exit 1
  fi
  say "built in $(( $(date +%s) - build_started )) s"
}

if [ "$stage" = run ]; then
  podman image exists "$image" || { say "FAILED: no image $image (build it with --build first)"; exit 1; }
else
  build_image
fi
[ "$stage" = build ] && exit 0

podman run --rm --no-healthcheck --network host "$image" psql "$admin_url" -qc "create database $db" >/dev/null
db_url="${admin_url%/*}/$db"
env=(--env "NODE_ENV=production" --env "PUBLIC_URL=http://localhost:$port"
  --env "DATABASE_URL=$db_url" --env "APP_SECRET=smoke-test-secret-$(date +%s)-0123456789abcdef"
  --env "SMTP_URL=smtp://127.0.0.1:9" --env "JOBS_IN_PROCESS=false"
  --env "METRICS_TOKEN=smoke-metrics-token-0123456789" --env "SHUTDOWN_DRAIN_SECONDS=3"
  --env "LESSON_TRACKS=off" --env "TUTOR_VIDEOS=off")
data=(-v "refrain-smoke-data-$$:/var/lib/refrain" --read-only --tmpfs /tmp)

podman run --rm --no-healthcheck --network host "${env[@]}" "${data[@]}" "$image" \
  node apps/server/src/cli/cli.ts migrate
names+=("refrain-smoke-app-$$" "refrain-smoke-worker-$$")
podman run -d --name "refrain-smoke-app-$$" --network host "${env[@]}" --env "PORT=$port" \
  "${data[@]}" "$image" >/dev/null 2>&1
worker_port=$(free_port "$port")
podman run -d --name "refrain-smoke-worker-$$" --network host --no-healthcheck "${env[@]}" \
  --env "WORKER_PORT=$worker_port" "${data[@]}" "$image" node apps/server/src/worker.ts >/dev/null 2>&1

fail() { say "FAILED: $*"; podman logs --tail 30 "refrain-smoke-app-$$" 2>&1 || true;
  podman logs --tail 10 "refrain-smoke-worker-$$" 2>&1 || true; exit 1; }
code() { curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$@" || true; }

for _ in $(seq 1 120); do [ "$(code "http://127.0.0.1:$port/health/ready")" = 200 ] && break; sleep 1; done
[ "$(code "http://127.0.0.1:$port/health/ready")" = 200 ] || fail "/health/ready never answered 200"
[ "$(code "http://127.0.0.1:$port/health/live")" = 200 ] || fail "/health/live"
podman healthcheck run "refrain-smoke-app-$$" >/dev/null 2>&1 || fail "the image's HEALTHCHECK"
[ "$(code "http://127.0.0.1:$port/metrics/scrape")" = 404 ] || fail "/metrics/scrape without the token"
[ "$(code -H "Authorization: Bearer smoke-metrics-token-0123456789" \
  "http://127.0.0.1:$port/metrics/scrape")" = 200 ] || fail "/metrics/scrape with the token"
[ "$(podman inspect -f '{{.State.Running}}' "refrain-smoke-worker-$$")" = true ] || fail "the worker stopped"
[ "$(code "http://127.0.0.1:$worker_port/health/ready")" = 200 ] || fail "the worker's /health/ready"
[ "$(code -H "Authorization: Bearer smoke-metrics-token-0123456789" \
  "http://127.0.0.1:$worker_port/metrics/scrape")" = 200 ] || fail "the worker's /metrics/scrape"

# A graceful stop: readiness answers 503 while the server drains, then it exits 0.
podman stop -t 30 "refrain-smoke-app-$$" >/dev/null 2>&1 &
stopping=$!
draining=no
for _ in $(seq 1 30); do
  [ "$(code "http://127.0.0.1:$port/health/ready")" = 503 ] && { draining=yes; break; }
  sleep 0.2
done
wait "$stopping"
[ "$draining" = yes ] || fail "no 503 from /health/ready while draining"
[ "$(podman inspect -f '{{.State.ExitCode}}' "refrain-smoke-app-$$")" = 0 ] || fail "the app's exit code"
podman stop -t 30 "refrain-smoke-worker-$$" >/dev/null 2>&1
[ "$(podman inspect -f '{{.State.ExitCode}}' "refrain-smoke-worker-$$")" = 0 ] || fail "the worker's exit code"

say "ok: $([ "$stage" = all ] && echo "built, ")migrated, served (live, ready, HEALTHCHECK, metrics), drained and stopped in $(( $(date +%s) - started )) s"
