#!/usr/bin/env bash
# Scripts/bench-live-shapes.sh [--budget MB] [--bin DIR] [--driver PATH] SHAPE SECONDS [SERVICES]
#
# One traffic shape (LiveShape: churn, reconnects, short-lived, new-names) against a release
# `di-inspect listen --memory-budget MB` (64 by default) in its own tmux server (160x48), driven by
# `GraphBenchmarks --live-shape` for SECONDS. Prints the inspector's RSS every second, its peak
# (and the peak of anonymous memory: the heap, without the binary's mapped code), RSS 5 s after
# the flood, the header, the time from SIGTERM to exit, and DI_INSPECT_STATS (graph_bytes,
# history_bytes, releasing_peak_bytes, services_not_shown, shed_connections, …). A key is sent
# every 5 s. WRAP="heaptrack -o FILE" runs the inspector under a heap profiler.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
budget=64; bin="$root/.build/release"; driver=""
while [ $# -gt 0 ]; do
    case "$1" in
        --budget) budget=$2; shift 2 ;;
        --bin) bin=$2; shift 2 ;;
        --driver) driver=$2; shift 2 ;;
        *) break ;;
    esac
done
[ $# -ge 2 ] || { echo "usage: $0 [--budget MB] [--bin DIR] [--driver PATH] SHAPE SECONDS [SERVICES]" >&2; exit 2; }
shape=$1; secs=$2; services=${3:-5000}
driver=${driver:-$bin/GraphBenchmarks}
work=$(mktemp -d /tmp/di-live-shapes-XXXXXX); chmod 700 "$work"
sock=$work/live.sock; stats=$work/stats.txt; server="di-live-shapes-$$"
trap 'tmux -L "$server" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
rss() { awk -v key="$2:" '$1 == key {print int($2/1024)}' "/proc/$1/status"; }
tmux -L "$server" -f /dev/null new-session -d -x 160 -y 48 \
    "TERM=xterm-256color DI_INSPECT_STATS=$stats ${WRAP:-} $bin/di-inspect listen --memory-budget $budget --socket $sock 2>$work/stderr; sleep 100"
for _ in $(seq 1 50); do [ -S "$sock" ] && break; sleep 0.2; done
pid=$(pgrep -n -f "$bin/di-inspect listen --memory-budget $budget --socket $sock")
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
"$driver" --live-shape "$shape" "$sock" "$secs" "$services" > "$work/driver.txt" 2>&1 &
drive=$!
peak=0; anon=0; line=""
for i in $(seq 1 "$secs"); do
    sleep 1
    r=$(rss "$pid" VmRSS); a=$(rss "$pid" RssAnon)
    [ "$r" -gt "$peak" ] && peak=$r
    [ "$a" -gt "$anon" ] && anon=$a
    line="$line $r"
    [ $((i % 5)) = 0 ] && tmux -L "$server" send-keys j
done
wait $drive || true
cat "$work/driver.txt"
echo "RSS each second (MB):$line"
echo "peak RSS $peak MB, peak anonymous $anon MB (budget $budget MB)"
sleep 5
echo "5 s after: RSS $(rss "$pid" VmRSS) MB"
tmux -L "$server" capture-pane -p | head -2
before=$(date +%s%N); kill -TERM "$pid"
while kill -0 "$pid" 2>/dev/null; do sleep 0.005; done
echo "exit after SIGTERM: $(( ($(date +%s%N) - before) / 1000000 )) ms"
sleep 0.3
[ -f "$stats" ] && tr '\n' ' ' < "$stats" && echo
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
