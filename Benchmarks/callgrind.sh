#!/usr/bin/env bash
# Instructions per operation for each resolution scenario, from valgrind's callgrind: stable on a
# loaded machine where wall time is not. Run after `swift build -c release` in Benchmarks/.
#
#   Benchmarks/callgrind.sh                      # every scenario below
#   Benchmarks/callgrind.sh transient Injection  # one scenario and implementation
#   SHAPES=1 ITERATIONS=5000 Benchmarks/peers.sh --callgrind   # the other shapes, with the peers
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
  "threads Injection" "threads @Injected property" "threads struct service"
  "keypath-transient Injection" "keypath-transient Injection, keypath" "keypath-transient provider"
  "keypath-transient mapping" "keypath-transient held" "keypath-cached Injection" "keypath-cached Injection, keypath"
  "keypath-cached provider" "keypath-cached held"
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
# SHAPES=1: the other shapes and spellings instead (ShapeScenarios.swift, ChurnScenarios.swift; with PEERS=1 their peers
# too). Swinject's optional miss alone is ~400 000 instructions per operation: ITERATIONS=5000
# keeps the run to minutes.
if [ -n "${SHAPES:-}" ]; then
  pairs=()
  for shape in shape-protocol shape-chain shape-wide shape-mixed shape-wrapper shape-lazy shape-global \
    shape-argument shape-arguments shape-arguments3 shape-optional \
    shape-override shape-override-large shape-startup shape-grow shape-child shape-shared shape-reset; do
    for implementation in direct Swinject Injection "@Service" "@Inject keypath" "@LazyInjected keypath" \
      "Container.shared.resolve" "provider called directly" "keyed arguments" "labelled arguments" "@OptionalInjected model"; do
      "$binary" --list "$shape" 2>/dev/null | grep -q "^$shape: .*$implementation" && pairs+=("$shape $implementation")
    done
    if [ -n "${PEERS:-}" ]; then
      for peer in Resolver Factory swift-dependencies; do
        "$binary" --list "$shape" 2>/dev/null | grep -q "^$shape: .*$peer" && pairs+=("$shape $peer")
      done
    fi
  done
fi
[ $# -eq 2 ] && pairs=("$1 $2")

# Heap allocations: calls into the malloc family from outside it (the benchmark's own malloc
# counter forwards to glibc's, which is not counted twice), on the measuring thread only
# (--separate-threads: its file is cg-01; the recorder's background thread is another file).
# Valgrind's count, independent of the benchmark's counter: "a cache hit under the recorder
# allocates nothing" reads 0.00 for observer-singleton recorder.
allocations='
/^fn=/ { split($0, a, /[()]/); if (index($0, ") ")) name[a[2]] = substr($0, index($0, ")") + 2); caller = name[a[2]] }
/^cfn=/ { split($0, a, /[()]/); if (index($0, ") ")) name[a[2]] = substr($0, index($0, ")") + 2); callee = name[a[2]] }
/^calls=/ {
  split($0, b, /[= ]/)
  family = "^(malloc|calloc|realloc|posix_memalign|aligned_alloc|memalign)$"
  if (callee ~ family && caller !~ family) n += b[2]
}
END { print n + 0 }'

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '| Scenario | Implementation | instructions/op | allocations/op |\n|---|---|---:|---:|\n'
for pair in "${pairs[@]}"; do
  scenario=${pair%% *}
  implementation=${pair#* }
  rm -f "$out"/cg*
  valgrind --tool=callgrind --separate-threads=yes --toggle-collect='*benchProfiledRegion*' \
    --callgrind-out-file="$out/cg" \
    "$binary" --profile "$scenario" "$implementation" --iterations "$iterations" >/dev/null 2>&1
  total=$(cat "$out"/cg-* | awk '/^summary:/ { sum += $2 } END { print sum + 0 }')
  allocated=$(awk "$allocations" "$out/cg-01")
  printf '| %s | %s | %s | %s |\n' "$scenario" "$implementation" \
    "$(awk -v t="$total" -v n="$iterations" 'BEGIN { printf "%.0f", t / n }')" \
    "$(awk -v t="$allocated" -v n="$iterations" 'BEGIN { printf "%.2f", t / n }')"
done
