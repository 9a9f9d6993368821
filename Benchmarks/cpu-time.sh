#!/usr/bin/env bash
# CPU time per operation of an observer scenario, detached and with the recorder attached, for one
# or more builds of the benchmark, alternating them over 5 rounds (best of each): `perf stat`'s
# task-clock counts only the time the measuring process ran, so other agents' load on the two
# cores moves it far less than wall time. Wall time still decides the issue's targets; this is
# for comparing two builds of a path whose cost is latency (clock reads), not instructions.
#
#   Benchmarks/cpu-time.sh observer-transient 3000000 /tmp/before .build/release/InjectionBenchmarks
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: cpu-time.sh SCENARIO ITERATIONS BINARY..." >&2; exit 2; }
command -v perf >/dev/null || { echo "cpu-time.sh: perf is not installed" >&2; exit 2; }
scenario=$1; n=$2; shift 2
declare -A best=()
for round in 1 2 3 4 5; do
  for b in "$@"; do for impl in detached recorder; do
    ms=$(perf stat -x, -e task-clock "$b" --profile "$scenario" "$impl" --iterations "$n" 2>&1 >/dev/null | grep task-clock | cut -d, -f1)
    ns=$(awk -v m="$ms" -v n="$n" 'BEGIN{printf "%.1f", m*1e6/n}')
    k="$b $impl"; if [ -z "${best[$k]:-}" ] || awk -v a="$ns" -v b="${best[$k]}" 'BEGIN{exit !(a<b)}'; then best[$k]=$ns; fi
  done; done
done
for b in "$@"; do d=${best["$b detached"]}; r=${best["$b recorder"]}; echo "$scenario $b detached $d recorder $r ratio $(awk -v a=$r -v b=$d 'BEGIN{printf "%.2f", a/b}')"; done
