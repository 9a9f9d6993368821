#!/usr/bin/env bash
# No command is quadratic in a name's length: `why`, `list`, `check`, `export` and `open` on a
# trace whose service names are NAME_BYTES long (LongNameTrace: SERVICES singletons in a chain),
# then on the same trace with names twice as long. Each is timed in CPU time (user + system, what
# the machine's load does not inflate); the ratio of the two should be about 2 (linear), never 4.
# `open` draws its screen in tmux, shows a long name in the detail pane, walks the views and quits.
set -euo pipefail
cd "$(dirname "$0")/.."
name_bytes=${NAME_BYTES:-250000}
services=${SERVICES:-20}
swift build -c release --product di-inspect >/dev/null
swift build -c release --product GraphBenchmarks >/dev/null
bin=$PWD/.build/release
work=$(mktemp -d)
session="bench-long-names-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT

cpu() {  # cpu LABEL COMMAND…: CPU seconds of one run
    /usr/bin/time -f "%U %S" -o "$work/time" "$@" >/dev/null 2>&1 || true
    awk '{ printf "%.2f", $1 + $2 }' "$work/time"
}

open_cpu() {  # open_cpu TRACE: CPU seconds of `open` drawing, walking the views and quitting
    rm -f "$work/time"
    tmux new-session -d -s "$session" -x 160 -y 45 \
        "/usr/bin/time -f '%U %S' -o $work/time $bin/di-inspect open $1"
    for _ in $(seq 1 600); do
        tmux capture-pane -p -t "$session" 2>/dev/null | grep -q "long-names" && break
        sleep 0.1
    done
    for key in j j Tab j Tab w Escape d Escape 2 3 4 6 7 1 '{' '}' G; do
        tmux send-keys -t "$session" "$key"
        sleep 0.05
    done
    tmux send-keys -t "$session" q
    for _ in $(seq 1 600); do [ -s "$work/time" ] && break; sleep 0.1; done
    tmux kill-session -t "$session" 2>/dev/null || true
    awk '{ printf "%.2f", $1 + $2 }' "$work/time"
}

declare -A seconds
declare -a sizes
for size in 1 2; do
    bytes=$((name_bytes * size))
    trace="$work/names-$size.ndjson"
    "$bin/GraphBenchmarks" --write-long-name-trace "$trace" "$bytes" "$services"
    seconds[why,$size]=$(cpu "$bin/di-inspect" why "$trace" 000003)
    seconds[list,$size]=$(cpu "$bin/di-inspect" list "$trace" services)
    seconds[check,$size]=$(cpu "$bin/di-inspect" check "$trace")
    seconds[export,$size]=$(cpu "$bin/di-inspect" export "$trace" --format json)
    seconds[open,$size]=$(open_cpu "$trace")
    sizes[$size]=$(du -m "$trace" | cut -f1)
done

echo "## Long names ($services services; names of $name_bytes and $((name_bytes * 2)) bytes: ${sizes[1]} MB and ${sizes[2]} MB)"
echo
echo "| command | CPU, names ×1 | CPU, names ×2 | ratio | target |"
echo "|---|---:|---:|---:|---|"
for command in why list check export open; do
    one=${seconds[$command,1]}
    two=${seconds[$command,2]}
    ratio=$(awk -v a="$one" -v b="$two" 'BEGIN { if (a > 0) printf "%.2f", b / a; else print "—" }')
    ok=$(awk -v r="$ratio" 'BEGIN { print (r != "—" && r <= 2.6) ? "✓" : "✗" }')
    echo "| \`$command\` | ${one} s | ${two} s | ${ratio} | ≈ 2 (linear), ≤ 2.6 $ok |"
done
