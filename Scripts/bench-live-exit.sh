#!/usr/bin/env bash
# How long the live inspector takes to exit on SIGTERM at full load, at several moments of a
# session, and where the time goes.
#
#   Scripts/bench-live-exit.sh [--runs N] [--at "S1 S2 …"] [--burners K] [--bin DIR] [--probe DIR]
#
# For each moment S (seconds, default "3 8 14 18 26 45") and each of N runs (default 2), release
# builds: `di-inspect run -- sample-app --interval-ms 0` in tmux (160x48) for S seconds, then
# SIGTERM; the time until the process is gone is taken with a pidfd (python3; a 2 ms poll of
# `kill -0` without it). DI_INSPECT_STATS gives the steps inside the process (signal caught → UI
# loop left → terminal restored → listener stopped → launched app ended → exiting, ms since the
# signal); "teardown" is what follows the last step: the process's own exit. With --burners K, K
# `yes >/dev/null` run meanwhile (a loaded machine). With --probe DIR, each run's threads (state,
# wait channel, system call, kernel stack) are sampled every 2 ms from the signal until the
# process is gone, into DIR: what a slow exit waits behind. Prints one line per run and the worst case;
# target ≤ 200 ms every time. Exits 1 when the launched app outlived the inspector.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=2 moments="3 8 14 18 26 45" burners=0 bin="" probe=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --at) moments="$2"; shift 2 ;;
        # One moment (the script's earlier spelling).
        --seconds) moments="$2"; shift 2 ;;
        --burners) burners="$2"; shift 2 ;;
        # Keep each run's thread timeline (from the signal until the process is gone) in DIR.
        --probe) probe=$(mkdir -p "$2" && cd "$2" && pwd); shift 2 ;;
        # Binaries built elsewhere (a copy of an earlier build, for a before/after pair).
        --bin) bin=$(cd "$2" && pwd); shift 2 ;;
        *) echo "usage: $0 [--runs N] [--at \"S1 S2 …\"] [--burners K] [--bin DIR] [--probe DIR]" >&2; exit 2 ;;
    esac
done
. Scripts/live-bench-common.sh
live_bench_binaries
server="exit-$$-0"
live_bench_scratch "$burners"

# SIGTERM to $1 and the ms until it is gone.
terminate() {
    if command -v python3 >/dev/null 2>&1; then
        python3 - "$1" "$2" <<'PY'
import glob, os, select, signal, sys, time
pid, probe = int(sys.argv[1]), sys.argv[2]
fd = os.pidfd_open(pid)
poll = select.poll()
poll.register(fd, select.POLLIN)
# With --probe: every thread's state, wait channel, system call and kernel stack, every 2 ms
# from the signal until the process is gone: what the exit waits behind.
def threads():
    rows = []
    for task in sorted(glob.glob(f"/proc/{pid}/task/*")):
        try:
            stat = open(task + "/stat").read()
            frames = open(task + "/stack").read().split("\n")[:4] if os.access(task + "/stack", os.R_OK) else []
            rows.append("{}:{}:{}:{}:syscall={}:{}".format(
                task.rsplit("/", 1)[1], open(task + "/comm").read().strip(), stat[stat.rindex(")") + 2],
                open(task + "/wchan").read().strip(), open(task + "/syscall").read().split()[0],
                "<".join(f.split(" ")[-1].split("+")[0] for f in frames if f)))
        except OSError:
            pass
    return "  ".join(rows)
log = open(probe, "w") if probe else None
sent = time.monotonic_ns()
os.kill(pid, signal.SIGTERM)
if log:
    while not poll.poll(2) and time.monotonic_ns() - sent < 30e9:
        log.write(f"{(time.monotonic_ns() - sent) / 1e6:7.1f} ms  {threads()}\n")
else:
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

echo "## SIGTERM → exit at full rate ($runs runs at each of $moments s, $burners CPU burners; load average $(cut -d' ' -f1-3 /proc/loadavg))"
echo
echo "| run | after s | exit ms | signal caught after ms | loop left | terminal restored | listener stopped | app ended | exiting | teardown ms | RSS MB | load | launched app |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
worst=0 stray=0 run=0
for seconds in $moments; do
for _ in $(seq 1 "$runs"); do
    run=$((run + 1))
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
    read -r total sent <<<"$(terminate "$pid" "${probe:+$probe/run-$run-after-${seconds}s.txt}")"
    sleep 0.3
    left="ended"
    # A zombie has ended (where PID 1 reaps no orphans, the killed app stays one).
    state=$(sed 's/.*) //' "/proc/$app/stat" 2>/dev/null | cut -d' ' -f1 || true)
    if [ -n "$state" ] && [ "$state" != Z ]; then left="STILL RUNNING"; stray=1; kill -KILL "$app"; fi
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
    echo "| $run | $seconds | $total | $caught | $loop | $terminal | $listener | $appended | $exiting | $teardown | $rss | $(cut -d' ' -f1 /proc/loadavg) | $left |"
    worst=$(awk -v a="$worst" -v b="$total" 'BEGIN { print (b > a ? b : a) }')
    tmux -L "$server" kill-server 2>/dev/null || true
done
done
echo
echo "Worst SIGTERM → exit over $run runs: $worst ms $(awk -v w="$worst" 'BEGIN { print (w <= 200 ? "✓" : "✗") }') (target ≤ 200 ms)"
exit "$stray"
