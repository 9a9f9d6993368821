#!/usr/bin/env bash
# How long the live inspector takes to exit on SIGTERM at full load, and where the time goes.
#
#   Scripts/bench-live-exit.sh [--runs N] [--seconds S] [--burners K] [--bin DIR]
#
# Each run (release builds): `di-inspect run -- sample-app --interval-ms 0` in tmux (160x48) for S
# seconds (default 20), then SIGTERM; the time until the process is gone is taken with a pidfd
# (python3; a 2 ms poll of `kill -0` without it). DI_INSPECT_STATS gives the steps inside the
# process (signal caught → UI loop left → terminal restored → listener stopped → launched app ended
# → exiting, ms since the signal); "teardown" is what follows the last step: the process's own exit
# (the kernel unmapping its memory). With --burners K, K `yes >/dev/null` run meanwhile (a loaded
# machine). Prints one line per run and the maximum; target ≤ 200 ms. Exits 1 when the launched app
# outlived the inspector.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5 seconds=20 burners=0 bin=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --seconds) seconds="$2"; shift 2 ;;
        --burners) burners="$2"; shift 2 ;;
        # Binaries built elsewhere (a copy of an earlier build, for a before/after pair).
        --bin) bin=$(cd "$2" && pwd); shift 2 ;;
        *) echo "usage: $0 [--runs N] [--seconds S] [--burners K] [--bin DIR]" >&2; exit 2 ;;
    esac
done
if [ -z "$bin" ]; then
    swift build -c release --product di-inspect >/dev/null
    swift build -c release --product sample-app >/dev/null
    bin=$PWD/.build/release
fi
work=$(mktemp -d)
server="exit-$$-0"
burning=()
cleanup() {
    tmux -L "$server" kill-server 2>/dev/null || true
    [ ${#burning[@]} -gt 0 ] && kill "${burning[@]}" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 1 "$burners"); do yes >/dev/null & burning+=($!); done

# SIGTERM to $1 and the ms until it is gone.
terminate() {
    if command -v python3 >/dev/null 2>&1; then
        python3 - "$1" <<'PY'
import os, select, signal, sys, time
pid = int(sys.argv[1])
fd = os.pidfd_open(pid)
poll = select.poll()
poll.register(fd, select.POLLIN)
sent = time.monotonic_ns()
os.kill(pid, signal.SIGTERM)
poll.poll(30_000)
print(f"{(time.monotonic_ns() - sent) / 1e6:.1f} {sent}")
PY
    else
        local before; before=$(date +%s%N)
        kill -TERM "$1"
        while kill -0 "$1" 2>/dev/null; do sleep 0.002; done
        echo "$(( ($(date +%s%N) - before) / 1000000 )) 0"
    fi
}

echo "## SIGTERM → exit at full rate ($runs runs of $seconds s, $burners CPU burners; load average $(cut -d' ' -f1-3 /proc/loadavg))"
echo
echo "| run | exit ms | signal caught after ms | loop left | terminal restored | listener stopped | app ended | exiting | teardown ms | RSS MB | load | launched app |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
worst=0 stray=0
for run in $(seq 1 "$runs"); do
    stats="$work/stats-$run" seed="$$$run" server="exit-$$-$run"
    tmux -L "$server" -f /dev/null new-session -d -x 160 -y 48 \
        "TERM=xterm-256color DI_INSPECT_STATS=$stats $bin/di-inspect run -- $bin/sample-app --interval-ms 0 --seed $seed; sleep 600"
    pid="" app=""
    for _ in $(seq 1 100); do
        pid=$(pgrep -n -f "^$bin/di-inspect run -- $bin/sample-app --interval-ms 0 --seed $seed" || true)
        app=$(pgrep -n -f "^$bin/sample-app --interval-ms 0 --seed $seed" || true)
        [ -n "$pid" ] && [ -n "$app" ] && break
        sleep 0.1
    done
    sleep "$seconds"
    rss=$(awk '/VmRSS/ {print int($2/1024)}' "/proc/$pid/status" 2>/dev/null || echo "-")
    read -r total sent <<<"$(terminate "$pid")"
    sleep 0.3
    left="ended"
    if kill -0 "$app" 2>/dev/null; then left="STILL RUNNING"; stray=1; kill -KILL "$app"; fi
    # The steps, ms since the signal was caught; the handler's delay and the teardown from the
    # monotonic origin the stats give (the same clock as python's).
    steps=$(awk -v sent="$sent" -v total="$total" '
        /^exit_origin_monotonic_ns/ { origin = $2 }
        /^exit_.*_ms/ { name = $1; sub(/^exit_/, "", name); sub(/_ms$/, "", name); v[name] = $2 }
        END {
            caught = (sent > 0 && origin > 0) ? sprintf("%.1f", (origin - sent) / 1e6) : "-"
            teardown = (sent > 0 && origin > 0) ? sprintf("%.1f", total - (origin - sent) / 1e6 - v["exiting"]) : "-"
            printf "%s|%s|%s|%s|%s|%s|%s", caught, v["loop_left"], v["terminal_restored"], v["listener_stopped"], v["app_stopped"], v["exiting"], teardown
        }' "$stats" 2>/dev/null || echo "-|-|-|-|-|-|-")
    IFS='|' read -r caught loop terminal listener appended exiting teardown <<<"$steps"
    echo "| $run | $total | $caught | $loop | $terminal | $listener | $appended | $exiting | $teardown | $rss | $(cut -d' ' -f1 /proc/loadavg) | $left |"
    worst=$(awk -v a="$worst" -v b="$total" 'BEGIN { print (b > a ? b : a) }')
    tmux -L "$server" kill-server 2>/dev/null || true
done
echo
echo "Longest SIGTERM → exit: $worst ms $(awk -v w="$worst" 'BEGIN { print (w <= 200 ? "✓" : "✗") }') (target ≤ 200 ms)"
exit "$stray"
