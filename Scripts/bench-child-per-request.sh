#!/usr/bin/env bash
# Scripts/bench-child-per-request.sh [--duration SECONDS] [--bin DIR] [--budget MB]
#
# A server under the live inspector: `di-inspect run -- sample-app --server --interval-ms 0` (a
# child container per request, made, used and dropped as fast as the app goes) in its own tmux
# server, for DURATION seconds (600 by default; `--duration 120` for a short run). Samples the
# inspector's RSS every 5 s and prints the requests served per second, the peak RSS, and the
# growth over the last 5 minutes (the last half of a shorter run) as a least-squares slope in MB
# a minute. Targets: peak within the budget (256 MB), growth under 1 MB a minute.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
duration=600; bin=""; budget=256
while [ $# -gt 0 ]; do
    case "$1" in
        --duration) duration=$2; shift 2 ;;
        --bin) bin=$(cd "$2" && pwd); shift 2 ;;
        --budget) budget=$2; shift 2 ;;
        *) echo "usage: $0 [--duration SECONDS] [--bin DIR] [--budget MB]" >&2; exit 2 ;;
    esac
done
if [ -z "$bin" ]; then
    (cd "$root" && swift build -c release --product di-inspect >/dev/null && swift build -c release --product sample-app >/dev/null)
    bin=$root/.build/release
fi
work=$(mktemp -d /tmp/di-child-per-request-XXXXXX)
server="child-per-request-$$"
trap 'tmux -L "$server" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
rss() { awk '/VmRSS/ {print int($2/1024)}' "/proc/$1/status" 2>/dev/null || echo "-"; }

tmux -L "$server" -f /dev/null new-session -d -x 160 -y 48 \
    "TERM=xterm-256color DI_INSPECT_STATS=$work/stats $bin/di-inspect run --memory-budget $budget -- $bin/sample-app --server --interval-ms 0; sleep 600"
pid=""; app=""
for _ in $(seq 1 100); do
    pid=$(pgrep -n -f "^$bin/di-inspect run --memory-budget $budget -- $bin/sample-app --server" || true)
    app=$(pgrep -n -f "^$bin/sample-app --server --interval-ms 0" || true)
    [ -n "$pid" ] && [ -n "$app" ] && break
    sleep 0.1
done
[ -n "$pid" ] || { echo "di-inspect did not start" >&2; exit 1; }
echo "## Child per request under di-inspect run ($duration s, budget $budget MB; load $(cut -d' ' -f1-3 /proc/loadavg))"
window=$(( duration / 2 < 300 ? duration / 2 : 300 ))
start=$SECONDS; peak=0; samples="$work/samples"; : > "$samples"
while [ $((SECONDS - start)) -lt "$duration" ]; do
    sleep 5
    now=$(rss "$pid"); [ "$now" = "-" ] && { echo "di-inspect ended early" >&2; break; }
    [ "$now" -gt "$peak" ] && peak=$now
    echo "$((SECONDS - start)) $now" >> "$samples"
    tmux -L "$server" send-keys j
done
header=$(tmux -L "$server" capture-pane -p | head -1)
kill -TERM "$pid"
while kill -0 "$pid" 2>/dev/null; do sleep 0.01; done
sleep 0.3
log="${TMPDIR:-/tmp}/di-inspect-$pid-sample-app.log"
served=$(sed -n 's/.*(\([0-9]*\) requests\/s).*/\1/p' "$log" 2>/dev/null | tail -1)
rm -f "$log"
# Least-squares slope of RSS (MB) over time (s) in the last `window` seconds, per minute.
growth=$(awk -v from=$((duration - window)) '$1 >= from { n++; sx += $1; sy += $2; sxx += $1 * $1; sxy += $1 * $2 }
    END { d = n * sxx - sx * sx; if (n > 1 && d != 0) printf "%.2f", (n * sxy - sx * sy) / d * 60; else print "-" }' "$samples")
ok() { awk -v v="$1" -v t="$2" 'BEGIN { print (v != "-" && v <= t) ? "✓" : "✗" }'; }
echo "RSS every 5 s (MB): $(awk '{ printf "%s ", $2 }' "$samples")"
echo "header at the end: $header"
echo "stats at the end: $(awk '$1 ~ /^(received|applied|dropped|folded|shed_connections|history_bytes|history_records|history_whole_records|history_merged_records|history_whole_[a-zA-Z]*|graph_bytes|releasing_peak_bytes|sessions)$/ { printf "%s %s  ", $1, $2 }' "$work/stats" 2>/dev/null)"
echo
echo "| requests/s | peak RSS MB | growth over the last $window s, MB/min | graph_bytes at the end |"
echo "|---:|---:|---:|---:|"
echo "| ${served:--} | $peak $(ok "$peak" "$budget") | $growth $(ok "$growth" 1) | $(awk '$1 == "graph_bytes" { print $2 }' "$work/stats" 2>/dev/null) |"
