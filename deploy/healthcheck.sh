#!/bin/bash
# keeper-healthcheck PORT [PATH]: exits 0 when http://127.0.0.1:PORT/PATH (default /health) answers 200.
# Installed in the image as /usr/local/bin/keeper-healthcheck for compose healthchecks; it uses bash's
# /dev/tcp only, so the runtime image needs no curl. Kubernetes uses its own httpGet probes instead.
set -euo pipefail
port="${1:?usage: keeper-healthcheck PORT [PATH]}"
path="${2:-/health}"
exec 3<>"/dev/tcp/127.0.0.1/${port}"
printf 'GET %s HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\n\r\n' "$path" "$port" >&3
IFS= read -r -t 5 status <&3
exec 3<&-
case "$status" in
  "HTTP/1."[01]" 200 "*) exit 0 ;;
  *) echo "unhealthy: ${status%$'\r'}" >&2; exit 1 ;;
esac
