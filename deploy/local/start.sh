#!/usr/bin/env bash
# Starts the services and the gateway as local processes; Ctrl-C stops them all.
# Every KEEPER_* variable of the README is passed through, so a second stack can run beside the first.
set -euo pipefail
bin="${1:?usage: start.sh BIN_DIR}"
for b in keeper-system keeper-auth keeper-resource keeper-business keeper-gateway; do
  [ -x "$bin/$b" ] || { echo "$bin/$b is missing: run 'make build' first" >&2; exit 1; }
done
mkdir -p "${KEEPER_DATA_DIR:-./data}"
pids=()
stop() {
  trap - INT TERM EXIT
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop INT TERM EXIT
# System first: on the first start it seeds the platform tenant and prints the admin password.
"$bin/keeper-system" & pids+=($!)
for _ in $(seq 1 100); do
  curl -fsS "http://${KEEPER_SYSTEM_LISTEN:-127.0.0.1:8102}/health" >/dev/null 2>&1 && break
  sleep 0.1
done
"$bin/keeper-auth" & pids+=($!)
"$bin/keeper-resource" & pids+=($!)
"$bin/keeper-business" & pids+=($!)
"$bin/keeper-gateway" & pids+=($!)
echo "Keeper is starting on http://${KEEPER_GATEWAY_LISTEN:-127.0.0.1:8080} (Ctrl-C stops all)"
# Stop everything as soon as one process ends, so a crash is never half-hidden.
wait -n "${pids[@]}"
echo "a Keeper process exited; stopping the others" >&2
