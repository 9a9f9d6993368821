#!/usr/bin/env bash
# Instructions per operation for each resolution scenario, from valgrind's callgrind: stable on a
# loaded machine where wall time is not. Run after `swift build -c release` in Benchmarks/.
#
#   Benchmarks/callgrind.sh                      # every scenario below
#   Benchmarks/callgrind.sh transient Injection  # one scenario and implementation
set -euo pipefail
cd "$(dirname "$0")"
binary=${BINARY:-.build/release/InjectionBenchmarks}   # peers.sh --callgrind passes its own
iterations=${ITERATIONS:-20000}
[ -x "$binary" ] || { echo "callgrind.sh: build first: (cd Benchmarks && swift build -c release)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "callgrind.sh: valgrind is not installed" >&2; exit 2; }

pairs=(
  "transient direct" "transient Swinject" "transient Injection"
  "named direct" "named Injection"
  "graph direct" "graph Swinject" "graph Injection"
  "singleton dictionary" "singleton Swinject" "singleton Injection"
  "keypath-transient Injection" "keypath-transient Injection, keypath" "keypath-transient provider"
  "keypath-transient mapping" "keypath-cached Injection" "keypath-cached Injection, keypath" "keypath-cached provider"
  "observer-transient detached" "observer-transient recorder" "observer-transient every-event"
  "observer-graph detached" "observer-graph recorder"
  "observer-named detached" "observer-named recorder"
  "observer-singleton detached" "observer-singleton recorder" "observer-singleton every-event"
)
# With the peers built in (Benchmarks/peers.sh --callgrind), their variants too.
if [ -n "${PEERS:-}" ]; then
  pairs+=(
    "transient Resolver" "transient Factory" "transient swift-dependencies"
    "named Resolver" "named Factory" "named Swinject"
    "graph Resolver" "graph Factory" "graph swift-dependencies"
    "singleton Resolver" "singleton Factory" "singleton swift-dependencies"
  )
fi
[ $# -eq 2 ] && pairs=("$1 $2")

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '| Scenario | Implementation | instructions/op |\n|---|---|---:|\n'
for pair in "${pairs[@]}"; do
  scenario=${pair%% *}
  implementation=${pair#* }
  valgrind --tool=callgrind --toggle-collect='*benchProfiledRegion*' --callgrind-out-file="$out/cg" \
    "$binary" --profile "$scenario" "$implementation" --iterations "$iterations" >/dev/null 2>&1
  total=$(grep -m1 '^summary:' "$out/cg" | awk '{print $2}')
  printf '| %s | %s | %s |\n' "$scenario" "$implementation" "$(awk -v t="$total" -v n="$iterations" 'BEGIN { printf "%.0f", t / n }')"
done
