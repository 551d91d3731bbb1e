#!/usr/bin/env bash
# Latency of the reference queries (source, wordcount, join) at concurrency 1 through Sluice on the embedded
# cluster: starts a gateway on a free port, runs bin/sluice-perf per query, prints a Markdown table, stops it.
#
# Usage: benchmarks/reference-latency.sh [COUNT] [WARMUP]   (defaults: 100 measured runs, 20 warm-up runs)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-100}"
warmup="${2:-20}"

work=$(mktemp -d)
printf 'sluice:\n  server:\n    port: 0\n' > "$work/sluice.yaml"
SLUICE_LOG_DIR="$work" bin/sluice-gateway --config "$work/sluice.yaml" > "$work/gateway.out" 2> "$work/gateway.err" &
gateway=$!
trap 'kill "$gateway" 2>/dev/null || true; wait "$gateway" 2>/dev/null || true' EXIT
url=""
for _ in $(seq 1 180); do
  url=$(sed -n 's/^Sluice gateway ready: //p' "$work/gateway.out")
  [[ -n "$url" ]] && break
  kill -0 "$gateway" 2>/dev/null || { cat "$work/gateway.err" >&2; exit 1; }
  sleep 1
done
[[ -n "$url" ]] || { echo "gateway did not start" >&2; exit 1; }

echo "| query | runs | p50 ms | p99 ms | avg ms | max ms | errors |"
echo "|---|---|---|---|---|---|---|"
for query in source wordcount join; do
  json=$(bin/sluice-perf --url "$url" --query "$query" --concurrency 1 --count "$count" --warmup "$warmup" \
    --progress-interval 60s --json)
  python3 -c 'import json, sys; print("| {query} | {queries} | {p50_ms:.0f} | {p99_ms:.0f} | {avg_ms:.0f} | {max_ms:.0f} | {errors} |".format(**json.loads(sys.argv[1])))' "$json"
done
