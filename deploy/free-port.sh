# Sourced by the scripts that start servers on the host's network (deploy/container-smoke.sh,
# .ci/first-run): `free_port [TAKEN]` prints a port nothing holds, below the kernel's ephemeral
# range, other than TAKEN. CI once found a fixed port up there already held by another socket:
# any outgoing connection may be given such a port, none is given one below the range.
free_port() {
  local low; low=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
  [ "$low" -gt 21000 ] 2>/dev/null || low=32768
  local p
  for _ in $(seq 1 200); do
    p=$(( 20000 + RANDOM % (low - 20000) ))
    [ "$p" = "${1:-}" ] && continue
    # Any socket with the port at either end, IPv4 or IPv6, in any state.
    grep -qi "$(printf ':%04X ' "$p")" /proc/net/tcp /proc/net/tcp6 2>/dev/null || { echo "$p"; return; }
  done
  echo "no free port found" >&2; return 1
}
