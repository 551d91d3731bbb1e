#!/usr/bin/env bash
# Measures the options of Flink's OLAP quickstart one at a time (issue #13, item 4): for each option, one
# bin/sluice-compare run (Sluice and the stock Flink SQL Gateway side by side, on one new cluster) with only that
# option changed from the baseline (conf/flink/config.yaml as it is, -XX:+UseG1GC, each gateway's defaults), then
# a summary table of every run. Cluster-side options go to the cluster (--cluster-config, --cluster-jvm-opts),
# job-side options to both gateways identically (--job-config), so the Sluice/stock ratio stays on one profile.
#
# Usage: benchmarks/cluster-profile.sh [--out DIR] [--options NAME,...] [--list] [-- sluice-compare flags]
#   --out       where the reports, the profile files and summary.md go (default target/cluster-profile)
#   --options   the options to run, by name (default: all of --list); the baseline always runs first
#   --list      prints each option's name, side and settings, then exits
#   after --    flags for every sluice-compare run, in place of the default
#               --queries source,wordcount --concurrency 1,8 --duration 15 --warmup 5
# Each run takes about (queries x concurrencies x 2 x (duration + warmup)) plus a minute to start the servers:
# with the default, about 3.5 minutes a run, 11 runs. Run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

usage() { sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

ZGC_FLAGS="-XX:+UseZGC -XX:ReservedCodeCacheSize=512m -XX:PerMethodRecompilationCutoff=10000"
ZGC_FLAGS+=" -XX:PerBytecodeRecompilationCutoff=10000"

# name|side|cluster settings (;-separated)|job settings (;-separated)|cluster JVM flags
# pipeline.object-reuse is not here: Flink's table executor turns object reuse on for every batch job, whatever
# the option says (false included), so it changes nothing for either gateway.
# execution.batch-shuffle-mode: ALL_EXCHANGES_PIPELINED fails every job with an exchange under Flink 2.3's default
# batch scheduler (AdaptiveBatch; IllegalStateException in DefaultExecutionTopology), so it runs with the Default
# scheduler, which scheduler-default measures alone.
# taskmanager.network.sort-shuffle.min-buffers (found here): a blocking exchange in batch mode takes at least this
# many network buffers (default 512, 16 MB) for its sort shuffle; eight wordcount jobs in flight on one TaskManager
# then ask for more buffers than its network memory holds ("Insufficient number of network buffers").
OPTIONS=(
  "jobstore-file|cluster|jobstore.type: File||"
  "failover-full|cluster|jobmanager.execution.failover-strategy: full||"
  "restart-disable|cluster|restart-strategy.type: disable||"
  "rest-threads|cluster|rest.server.numThreads: 32||"
  "web-refresh|cluster|web.refresh-interval: 300000||"
  "pekko-framesize|cluster|pekko.framesize: 104857600b||"
  "scheduler-default|cluster|jobmanager.scheduler: Default||"
  "pipelined-shuffle|cluster + job|jobmanager.scheduler: Default|execution.batch-shuffle-mode: ALL_EXCHANGES_PIPELINED|"
  "zgc|cluster JVM|||$ZGC_FLAGS"
  "sort-shuffle-buffers|cluster|taskmanager.network.sort-shuffle.min-buffers: 64||"
)

out="target/cluster-profile"; selected=""; compare_flags=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --options) selected="$2"; shift 2 ;;
    --list)
      printf '%-18s | %-13s | %s\n' name side settings
      printf '%-18s | %-13s | %s\n' baseline - "conf/flink/config.yaml, -XX:+UseG1GC, each gateway's defaults"
      for option in "${OPTIONS[@]}"; do
        IFS='|' read -r name side cluster job jvm <<< "$option"
        printf '%-18s | %-13s | %s\n' "$name" "$side" "$(echo "$cluster${job:+; $job}${jvm:+; JVM $jvm}" | sed 's/^; //')"
      done
      exit 0 ;;
    --) shift; compare_flags=("$@"); break ;;
    -h|--help) usage ;;
    *) echo "Unknown argument: $1" >&2; usage ;;
  esac
done
(( ${#compare_flags[@]} )) || compare_flags=(--queries source,wordcount --concurrency 1,8 --duration 15 --warmup 5)

runs=("baseline|-|||")
if [[ -z "$selected" ]]; then
  runs+=("${OPTIONS[@]}")
else
  IFS=',' read -ra names <<< "$selected"
  for wanted in "${names[@]}"; do
    found=""
    for option in "${OPTIONS[@]}"; do [[ "${option%%|*}" == "$wanted" ]] && found="$option"; done
    [[ -n "$found" ]] || { echo "Unknown option '$wanted'; --list names them" >&2; exit 2; }
    runs+=("$found")
  done
fi

mkdir -p "$out"
out="$(cd "$out" && pwd)"
# settings separated by ';' in OPTIONS, one a line in the file sluice-compare reads
write_settings() { tr ';' '\n' <<< "$1" | sed 's/^ *//' > "$2"; }

summary="$out/summary.md"
{
  echo "| option | side | query | concurrency | Sluice p50 ms | Sluice QPS | stock p50 ms | stock QPS |" \
    "JobManager CPU ms/query Sluice / stock | TaskManager CPU ms/query Sluice / stock |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
} > "$summary"

for run in "${runs[@]}"; do
  IFS='|' read -r name side cluster job jvm <<< "$run"
  directory="$out/$name"
  rm -rf "$directory"
  mkdir -p "$directory"
  flags=()
  if [[ -n "$cluster" ]]; then
    write_settings "$cluster" "$directory/cluster.yaml"
    flags+=(--cluster-config "$directory/cluster.yaml")
  fi
  if [[ -n "$job" ]]; then
    write_settings "$job" "$directory/job.yaml"
    flags+=(--job-config "$directory/job.yaml")
  fi
  [[ -z "$jvm" ]] || flags+=(--cluster-jvm-opts "$jvm")
  echo "== $name ($side): ${cluster}${job:+ / $job}${jvm:+ / $jvm}" >&2
  if bin/sluice-compare "${compare_flags[@]}" "${flags[@]}" --work-dir "$directory/work" \
      --output "$directory/report.md" > "$directory/compare.log" 2>&1; then
    # the rows of the report's tables: "#### query" headings, then per concurrency a row per system: "| c | system |
    # QPS | rows/s | MB/s | p50 ms | p99 ms | errors | CPU gateway | CPU JobManager | CPU TaskManager |"
    awk -F' *\\| *' -v name="$name" -v side="$side" '
      /^#### / { query = substr($0, 6); delete sluice; delete stock; next }
      $3 == "Sluice" { sluice[$2] = $0 }
      $3 == "stock Flink" { stock[$2] = $0 }
      ($2 in sluice) && ($2 in stock) {
        split(sluice[$2], s, / *\| */); split(stock[$2], k, / *\| */)
        printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s / %s | %s / %s |\n",
          name, side, query, $2, s[7], s[4], k[7], k[4], s[11], k[11], s[12], k[12]
        delete sluice[$2]; delete stock[$2]
      }' "$directory/report.md" >> "$summary"
  else
    echo "   failed; see $directory/compare.log" >&2
    echo "| $name | $side | failed: see $name/compare.log | | | | | | | |" >> "$summary"
  fi
done
echo "Reports in $out/*/report.md; summary:" >&2
cat "$summary"
