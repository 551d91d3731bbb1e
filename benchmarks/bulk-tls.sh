#!/usr/bin/env bash
# Issue #18: the bulk result (500,000 rows of BIGINT, STRING(16), DOUBLE, DECIMAL(12,2), TIMESTAMP(3)) read through
# the Sluice driver in plaintext and over TLS with OpenSSL on both ends, next to the cluster's own time to write the
# same rows to a blackhole sink. Each round starts one gateway on the embedded cluster per transport, plaintext
# first in odd rounds and TLS first in even ones; certificates (a CA and a server certificate for 127.0.0.1) are
# made with openssl in the output directory.
#
# Usage: benchmarks/bulk-tls.sh [--rounds N] [--count N] [--out DIR]
#   --rounds   gateway pairs to run (default 2)
#   --count    measured reads of each query per gateway, after 2 unmeasured (default 5)
#   --out      certificates, configurations, logs and results (default target/bulk-tls)
# Run it on an otherwise idle machine; it prints one line per gateway and query, then the p50s per transport.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

usage() { sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

rounds=2
count=5
out=target/bulk-tls
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --count) count="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) usage ;;
  esac
done
[[ "$rounds" =~ ^[1-9][0-9]*$ && "$count" =~ ^[1-9][0-9]*$ ]] || usage
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# build once here; the gateways and sluice-perf below then skip it
bin/sluice-perf --help >/dev/null
export SLUICE_SKIP_BUILD=1

openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=bulk-tls CA" \
  -keyout "$out/ca.key" -out "$out/ca.pem" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout "$out/server.key.pem" \
  -out "$out/server.csr" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1\n' > "$out/san.ext"
openssl x509 -req -in "$out/server.csr" -CA "$out/ca.pem" -CAkey "$out/ca.key" -CAcreateserial -days 2 \
  -extfile "$out/san.ext" -out "$out/server.pem" 2>/dev/null
openssl pkcs8 -topk8 -nocrypt -in "$out/server.key.pem" -out "$out/server.key" 2>/dev/null

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

gateway_pid=""
stop_gateway() {
  if [[ -n "$gateway_pid" ]]; then
    kill "$gateway_pid" 2>/dev/null || true
    wait "$gateway_pid" 2>/dev/null || true
    gateway_pid=""
  fi
}
trap stop_gateway EXIT

# run_gateway ROUND TRANSPORT: one gateway, the blackhole and the read measured on it
run_gateway() {
  local round="$1" transport="$2" port config url log
  port="$(free_port)"
  config="$out/$transport.yaml"
  printf 'sluice.server.port: %s\n' "$port" > "$config"
  url="jdbc:sluice://127.0.0.1:$port"
  if [[ "$transport" == tls ]]; then
    printf 'sluice.security.ssl.enabled: true\nsluice.security.ssl.provider: OPENSSL\n' >> "$config"
    printf 'sluice.security.ssl.certificate: %s\nsluice.security.ssl.private-key: %s\n' \
      "$out/server.pem" "$out/server.key" >> "$config"
    url+=";ssl=true;ssl_provider=OPENSSL;ssl_ca=$out/ca.pem"
  fi
  log="$out/gateway-$round-$transport.out"
  SLUICE_LOG_DIR="$out/log-$round-$transport" bin/sluice-gateway --config "$config" > "$log" 2>&1 &
  gateway_pid=$!
  for _ in $(seq 120); do
    grep -q "Sluice gateway ready" "$log" && break
    kill -0 "$gateway_pid" 2>/dev/null || { echo "gateway ($transport) did not start; see $log" >&2; exit 1; }
    sleep 1
  done
  grep -q "Sluice gateway ready" "$log" || { echo "gateway ($transport) not ready after 120 s; see $log" >&2; exit 1; }
  for query in bulk-blackhole bulk; do
    bin/sluice-perf --url "$url" --query "$query" --count "$count" --warmup 2 --json 2>/dev/null \
      | tail -1 | sed "s/^/$round $transport $query /" | tee -a "$out/results.txt"
  done
  stop_gateway
}

: > "$out/results.txt"
for round in $(seq "$rounds"); do
  if (( round % 2 == 1 )); then order=(plain tls); else order=(tls plain); fi
  for transport in "${order[@]}"; do
    run_gateway "$round" "$transport"
  done
done

echo
echo "p50 ms per transport and query, one value a round (the read's rows/s in brackets):"
python3 - "$out/results.txt" <<'PY'
import json, sys
rows = {}
for line in open(sys.argv[1]):
    round_, transport, query, payload = line.split(" ", 3)
    result = json.loads(payload)
    if result["errors"]:
        print(f"  round {round_} {transport} {query}: {result['errors']} errors: {result['first_errors']}")
    rows.setdefault((transport, query), []).append((result["p50_ms"], result["rows_per_s"]))
for (transport, query), values in sorted(rows.items()):
    shown = ", ".join(f"{p50:.0f}" + (f" ({rate:,.0f} rows/s)" if query == "bulk" else "") for p50, rate in values)
    print(f"  {transport:5} {query:14} {shown}")
PY
