#!/usr/bin/env bash
# The speed guard: callgrind instructions per operation of each runtime scenario, against the
# baselines in Benchmarks/guard-baselines.tsv. Instruction counts do not drift with the machine's
# load, so a rise is the code's: more than 10 % on any scenario fails, naming the scenario, the
# baseline and the new count. Baselines taken with another toolchain are not compared (the
# compiler changes the counts): the guard says "re-baseline" and exits 0.
#
#   make bench-guard             # build the benchmark (release) and compare
#   make bench-guard-baseline    # build, measure, and rewrite the baselines with this toolchain
#   Benchmarks/guard.sh [--baseline] [SCENARIO IMPLEMENTATION]   # after `swift build -c release` in Benchmarks/
#
# Run it before merging a runtime change; re-baseline in the commit that makes a count change on
# purpose, and say why in its message.
set -euo pipefail
cd "$(dirname "$0")"
binary=${BINARY:-.build/release/InjectionBenchmarks}
baselines=${BASELINES:-guard-baselines.tsv}
threshold=${GUARD_THRESHOLD:-10}   # percent

write=
if [ "${1:-}" = "--baseline" ]; then write=1; shift; fi
[ -x "$binary" ] || { echo "guard.sh: build first: (cd Benchmarks && swift build -c release)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "guard.sh: valgrind is not installed (make test-deps lists it)" >&2; exit 2; }

# What the guard measures: the binding runtime paths of issue 33 and the churn shapes, as
# "label|scenario|implementation|iterations". Iterations keep each run to seconds under callgrind;
# a count is per operation, so they only trade precision for time. Labels are the guard's names.
scenarios=(
  "transient|transient|Injection|20000"
  "graph of 10|graph|Injection|4000"
  "named|named|Injection|20000"
  "singleton|singleton|Injection|20000"
  "2-thread singleton, resolve|threads|Injection|20000"
  "keypath subscript, transient|keypath-transient|Injection, keypath|20000"
  "keypath subscript, cached|keypath-cached|Injection, keypath|20000"
  "provider, transient|keypath-transient|provider|20000"
  "provider, cached|keypath-cached|provider|20000"
  "keypath subscript, cached, grandchild|keypath-cached|Injection, keypath from a grandchild|20000"
  "provider, cached, grandchild|keypath-cached|Injection, provider from a grandchild|20000"
  "recorder attached, transient|observer-transient|recorder|20000"
  "recorder attached, graph|observer-graph|recorder|4000"
  "recorder attached, named|observer-named|recorder|20000"
  "recorder attached, singleton|observer-singleton|recorder|20000"
  "register a new name + resolve|shape-grow|Injection|2000"
  "override + resolve|shape-override|Injection|5000"
  "cached reset + resolve|shape-reset|Injection|5000"
  "new container, 10 registrations|shape-startup|Injection|1000"
)
if [ $# -eq 2 ]; then
  match=()
  for entry in "${scenarios[@]}"; do
    IFS='|' read -r _ scenario implementation _ <<<"$entry"
    [ "$scenario" = "$1" ] && [ "$implementation" = "$2" ] && match+=("$entry")
  done
  [ ${#match[@]} -gt 0 ] || { echo "guard.sh: no guarded scenario '$1' '$2'" >&2; exit 2; }
  scenarios=("${match[@]}")
fi

toolchain=$(swift --version 2>/dev/null | head -1)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Instructions per operation of one variant: every thread's count inside benchProfiledRegion,
# divided by the operations, rounded.
measure() {
  rm -f "$out"/cg*
  if ! SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --separate-threads=yes \
      --toggle-collect='*benchProfiledRegion*' --callgrind-out-file="$out/cg" \
      "$binary" --profile "$1" "$2" --iterations "$3" >"$out/log" 2>&1; then
    echo "guard.sh: '$1' '$2' did not run (renamed or removed? see $binary --list):" >&2
    tail -5 "$out/log" >&2
    return 1
  fi
  cat "$out"/cg-* | awk -v n="$3" '/^summary:/ { sum += $2 } END { printf "%.0f", sum / n }'
}

baseline_of() {  # label -> count, or nothing
  [ -f "$baselines" ] || return 0
  awk -F'\t' -v label="$1" '$1 == label { print $5 }' "$baselines"
}
baseline_toolchain=$( [ -f "$baselines" ] && awk -F'\t' '$1 == "#toolchain" { print $2 }' "$baselines" || true)

compare=1
if [ -z "$write" ]; then
  if [ ! -f "$baselines" ]; then
    echo "re-baseline: no $baselines yet (make bench-guard-baseline)"
    compare=
  elif [ "$baseline_toolchain" != "$toolchain" ]; then
    echo "re-baseline: the baselines were taken with '$baseline_toolchain', this is '$toolchain'"
    echo "  (make bench-guard-baseline on main, and commit Benchmarks/guard-baselines.tsv); counts follow, not compared"
    compare=
  fi
fi

rows=() failures=()
printf '| scenario | baseline | now | ratio |\n|---|---:|---:|---:|\n'
for entry in "${scenarios[@]}"; do
  IFS='|' read -r label scenario implementation iterations <<<"$entry"
  count=$(measure "$scenario" "$implementation" "$iterations") || exit 2
  rows+=("$label	$scenario	$implementation	$iterations	$count")
  base=$(baseline_of "$label")
  if [ -n "$base" ] && [ "$base" -gt 0 ]; then
    ratio=$(awk -v a="$count" -v b="$base" 'BEGIN { printf "%.3f", a / b }')
    over=$(awk -v a="$count" -v b="$base" -v t="$threshold" 'BEGIN { print (a > b * (1 + t / 100)) ? 1 : 0 }')
    under=$(awk -v a="$count" -v b="$base" -v t="$threshold" 'BEGIN { print (a < b * (1 - t / 100)) ? 1 : 0 }')
    mark=""
    if [ -n "$compare" ] && [ -z "$write" ]; then
      [ "$over" = 1 ] && { mark=" ✗"; failures+=("$label: baseline $base, now $count instructions per operation (${ratio}×, over the ${threshold} % allowed)"); }
      [ "$under" = 1 ] && mark=" (faster: re-baseline when this is kept)"
    fi
    printf '| %s | %s | %s | %s%s |\n' "$label" "$base" "$count" "$ratio" "$mark"
  else
    printf '| %s | – | %s | – |\n' "$label" "$count"
    [ -n "$compare" ] && [ -z "$write" ] && echo "  (no baseline for '$label': make bench-guard-baseline)"
  fi
done

if [ -n "$write" ]; then
  [ $# -eq 2 ] && { echo "guard.sh: --baseline rewrites every scenario; run it without a scenario" >&2; exit 2; }
  {
    echo "# The speed guard's baselines (Benchmarks/guard.sh, make bench-guard): instructions per"
    echo "# operation under callgrind, release build of Benchmarks/, SWIFT_DETERMINISTIC_HASHING=1."
    echo "# Rewritten by make bench-guard-baseline; compared only under the toolchain below."
    printf '#toolchain\t%s\n' "$toolchain"
    printf '#commit\t%s\n' "$(git -C .. rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C .. diff --quiet HEAD -- Sources 2>/dev/null || echo ' (with uncommitted runtime changes)')"
    printf '#label\tscenario\timplementation\titerations\tinstructions\n'
    printf '%s\n' "${rows[@]}"
  } >"$baselines"
  echo "Wrote $(pwd)/$baselines"
  exit 0
fi

if [ ${#failures[@]} -gt 0 ]; then
  echo
  echo "bench-guard: ${#failures[@]} scenario(s) over the baseline by more than ${threshold} %:"
  printf '  %s\n' "${failures[@]}"
  exit 1
fi
[ -n "$compare" ] && echo "bench-guard: every scenario within ${threshold} % of its baseline"
exit 0
