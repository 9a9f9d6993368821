#!/usr/bin/env bash
# Big traces stream into the graph: `check`, `list`, `export json` and `why` on a generated trace
# of 10^7 resolve lines (about 2 GB), each timed with its peak RSS (targets: ≤ 25 s, ≤ 500 MB).
# LINES=… makes a smaller one.
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${LINES:-10000000}
swift build -c release --product di-inspect >/dev/null
swift build -c release --product GraphBenchmarks >/dev/null
bin=.build/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trace="$work/big.ndjson"
"$bin/GraphBenchmarks" --write-resolve-trace "$trace" "$lines"
size=$(du -m "$trace" | cut -f1)

echo "## Big traces ($lines resolve lines, $size MB)"
echo
echo "| command | wall time | CPU time | peak RSS | target |"
echo "|---|---:|---:|---:|---|"
measure() {
    local label=$1; shift
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || true
    read -r elapsed user system kilobytes < <(tail -n1 "$work/time")
    local cpu
    cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')
    local megabytes=$((kilobytes / 1024))
    local ok
    ok=$(awk -v s="$elapsed" -v m="$megabytes" 'BEGIN { print (s <= 25 && m <= 500) ? "✓" : "✗" }')
    echo "| \`$label\` | ${elapsed} s | ${cpu} s | ${megabytes} MB | ≤ 25 s, ≤ 500 MB $ok |"
}
measure "check" "$bin/di-inspect" check "$trace"
measure "list services" "$bin/di-inspect" list "$trace" services
measure "export --format json" "$bin/di-inspect" export "$trace" --format json
measure "why Service1" "$bin/di-inspect" why "$trace" Service1
