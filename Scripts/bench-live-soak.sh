#!/usr/bin/env bash
# The live inspector under sustained input (release builds): `di-inspect run -- sample-app` in tmux
# at --interval-ms 0 (as fast as it goes) and at --interval-ms 1, for DURATION seconds each
# (default 600; `--duration 60` for a short run). Reported side by side:
#  - events produced by the app (its recorder: lines sent + folded + dropped), received by the
#    inspector's feed, folded there, dropped, and applied to the sessions,
#    per second;
#  - the inspector's RSS at 1, 5 and 10 minutes (at 10 %, 50 % and 100 % of a shorter run);
#  - the longest gap between two frames and the longest key-to-screen time (the UI loop measures
#    both and writes them to DI_INSPECT_STATS when it ends), with a key sent every 2 s;
#  - the time from SIGTERM to the inspector's exit, and whether the launched app ended with it;
#  - the app's throughput attached ÷ detached: detached is measured right before and right after
#    the attached run (the mean of both, so that a change in the machine's load during the soak
#    does not decide the ratio), and also per CPU-second of the app's main thread (what tracing
#    costs the app itself, whatever share of the CPU the machine gave it);
#  - the CPU the inspector used (its threads' user + system time ÷ wall time, % of one core);
#  - frames skipped because the terminal had not taken the one before, and the longest such spell.
# `--bin DIR` runs binaries built elsewhere (a before/after pair); SOAK_KEEP_STATS=DIR keeps each
# run's whole DI_INSPECT_STATS file there. `--burners K` runs K `yes >/dev/null` meanwhile (a loaded
# machine); `--rates "0"` soaks only the intervals listed (default "0 1").
# Targets: RSS within the budget (256 MB) and flat after the first minute, frame gap ≤ 250 ms, key
# latency ≤ 100 ms, exit ≤ 200 ms, attached ≥ 0.67× detached.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=600
bin=""
burners=0
rates="0 1"
while [ $# -gt 0 ]; do
    case "$1" in
        --duration) duration="$2"; shift 2 ;;
        # Binaries built elsewhere (a copy of an earlier build, for a before/after pair).
        --bin) bin=$(cd "$2" && pwd); shift 2 ;;
        # CPU burners running meanwhile: `yes >/dev/null`, one per count.
        --burners) burners="$2"; shift 2 ;;
        # The --interval-ms values to soak, in order.
        --rates) rates="$2"; shift 2 ;;
        *) echo "usage: $0 [--duration SECONDS] [--bin DIR] [--burners K] [--rates \"0 1\"]" >&2; exit 2 ;;
    esac
done
. Scripts/live-bench-common.sh
live_bench_binaries
server="soak-$$"
live_bench_scratch "$burners"

rss() { awk '/VmRSS/ {print int($2/1024)}' "/proc/$1/status" 2>/dev/null || echo "-"; }
stat() { awk -v k="$2" '$1 == k {print $2}' "$1"; }
ok() { awk -v v="$1" -v t="$2" -v op="$3" 'BEGIN { if ((op == "le" && v <= t) || (op == "ge" && v >= t)) print "✓"; else print "✗" }'; }
screens() { sed -n 's/.*(\([0-9]*\) screens\/s).*/\1/p'; }
# "opened N screens in S s" → N.
opened() { sed -n 's/.*opened \([0-9]*\) screens in.*/\1/p'; }
# The loop's longest single step (DI_INSPECT_STATS' longest_<step>_ms): "tick 72".
longest_step() { awk '/^longest_(render|draw|refresh|keys|tick)_ms/ { if ($2 > m) { m = $2; n = $1 } } END { sub(/^longest_/, "", n); sub(/_ms$/, "", n); print n, m + 0 }' "$1"; }
# Where the exit's time went inside the process (DI_INSPECT_STATS' exit_*_ms, ms since the signal):
# "terminal 0.3 / listener 0.9 / app 7.7 / exiting 7.9" (the rest of the exit is the teardown).
exit_steps() { awk '/^exit_(terminal_restored|listener_stopped|app_stopped|exiting)_ms/ { n = $1; sub(/^exit_/, "", n); sub(/_.*/, "", n); s = s (s ? " / " : "") n " " $2 } END { print s }' "$1"; }
# CPU ticks (user + system, 1/100 s) of process $1's thread $2 (default: the main thread), or of all
# its threads with "all".
ticks() {
    if [ "${2:-main}" = all ]; then awk '{ s += $14 + $15 } END { print s + 0 }' /proc/"$1"/task/*/stat 2>/dev/null
    else awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null; fi
}
# The app alone for $2 seconds at interval $1: "screens main-thread-ticks".
detached_run() {
    local log="$work/detached-$1-$RANDOM"
    "$bin/sample-app" --interval-ms "$1" >"$log" 2>&1 &
    local app=$!
    sleep "$2"
    local used; used=$(ticks "$app")
    kill -INT "$app"; wait "$app" 2>/dev/null || true
    echo "$(opened < "$log") $used"
}
# The app's own count: "traced N records in S s (…)" → N / S.
produced() { awk '/sample-app: traced/ { for (i = 1; i <= NF; i++) if ($i == "traced") n = $(i + 1); else if ($i == "in") s = $(i + 1) }
                  END { if (s > 0) printf "%d", n / s; else print "-" }'; }

# One soak: prints a table row's cells for interval $1.
soak() {
    local interval=$1 stats="$work/stats-$1"
    local marks=("$((duration / 10 > 60 ? 60 : duration / 10))" "$((duration / 2 > 300 ? 300 : duration / 2))" "$duration")
    local probe=$(( duration / 10 > 30 ? 30 : duration / 10 + 1 ))
    local before_screens before_ticks
    read -r before_screens before_ticks <<<"$(detached_run "$interval" "$probe")"
    tmux -L "$server" -f /dev/null new-session -d -x 160 -y 48 \
        "TERM=xterm-256color DI_INSPECT_STATS=$stats $bin/di-inspect run -- $bin/sample-app --interval-ms $interval --seed $$$interval; sleep 600"
    local pid="" app=""
    for _ in $(seq 1 100); do
        pid=$(pgrep -n -f "^$bin/di-inspect run -- $bin/sample-app --interval-ms $interval --seed $$$interval" || true)
        app=$(pgrep -n -f "^$bin/sample-app --interval-ms $interval --seed $$$interval" || true)
        [ -n "$pid" ] && [ -n "$app" ] && break
        sleep 0.1
    done
    local start=$SECONDS rss_marks=() peak=0 keys=(j k 2 1 7 1)
    local next=0
    for mark in "${marks[@]}"; do
        while [ $((SECONDS - start)) -lt "$mark" ]; do
            sleep 2
            tmux -L "$server" send-keys "${keys[$((next % ${#keys[@]}))]}"
            next=$((next + 1))
            local now; now=$(rss "$pid"); [ "$now" != "-" ] && [ "$now" -gt "$peak" ] && peak=$now
        done
        rss_marks+=("$(rss "$pid")")
    done
    local app_ticks inspector_ticks; app_ticks=$(ticks "$app"); inspector_ticks=$(ticks "$pid" all)
    local before; before=$(date +%s%N)
    kill -TERM "$pid"
    while kill -0 "$pid" 2>/dev/null; do sleep 0.005; done
    local exit_ms=$(( ($(date +%s%N) - before) / 1000000 ))
    sleep 0.2
    local app_left="ended"
    # A zombie has ended (it waits for whoever inherited it to reap it), as the end-to-end tests count it.
    if kill -0 "$app" 2>/dev/null && [ "$(awk '{print $3}' "/proc/$app/stat" 2>/dev/null)" != Z ]; then
        app_left="STILL RUNNING"; kill -KILL "$app"
    fi
    # The launched app's output (its closing "opened N screens … (R screens/s)") is in its log.
    local attached applog="${TMPDIR:-/tmp}/di-inspect-$pid-sample-app.log"
    attached=$(screens < "$applog" 2>/dev/null || true)
    local produced_rate; produced_rate=$(produced < "$applog" 2>/dev/null || echo "-")
    local attached_screens; attached_screens=$(opened < "$applog" 2>/dev/null || true)
    rm -f "$applog"
    local after_screens after_ticks
    read -r after_screens after_ticks <<<"$(detached_run "$interval" "$probe")"
    # Wall: attached screens/s ÷ the mean detached screens/s; per CPU: screens per main-thread
    # CPU-second, attached ÷ detached.
    local ratio; ratio=$(awk -v a="${attached:-0}" -v b="$before_screens" -v c="$after_screens" -v p="$probe" \
        'BEGIN { d = (b + c) / (2 * p); printf "%.2f", (d > 0 ? a / d : 0) }')
    local cpu_ratio; cpu_ratio=$(awk -v a="${attached_screens:-0}" -v at="$app_ticks" -v b="$before_screens" -v bt="$before_ticks" \
        -v c="$after_screens" -v ct="$after_ticks" 'BEGIN { d = (b + c) / (bt + ct); printf "%.2f", (at > 0 && d > 0 ? a / at / d : 0) }')
    local inspector_cpu; inspector_cpu=$(awk -v t="$inspector_ticks" -v s="$duration" 'BEGIN { printf "%d", t / s }')
    local secs=$duration
    per_second() { awk -v v="$1" -v s="$secs" 'BEGIN { printf "%d", v / s }'; }
    echo "$interval|$produced_rate|$(per_second "$(stat "$stats" received)")|$(per_second "$(stat "$stats" folded)")|$(stat "$stats" dropped)|$(per_second "$(stat "$stats" applied)")|${rss_marks[0]}|${rss_marks[1]}|${rss_marks[2]}|$peak|$(stat "$stats" longest_frame_gap_ms)|$(stat "$stats" longest_key_latency_ms)|$exit_ms|$app_left|$ratio|$(stat "$stats" history_dropped_records)|$cpu_ratio|$inspector_cpu|$(cut -d' ' -f1 /proc/loadavg)|$(longest_step "$stats")|$(exit_steps "$stats")|$(stat "$stats" frames_skipped) ($(stat "$stats" longest_terminal_behind_ms) ms)"
    # The whole DI_INSPECT_STATS file, kept where SOAK_KEEP_STATS says (a directory).
    if [ -n "${SOAK_KEEP_STATS:-}" ]; then cp "$stats" "$SOAK_KEEP_STATS/stats-$interval"; fi
    tmux -L "$server" kill-server 2>/dev/null || true
}

echo "## Live soak ($duration s per rate, $burners CPU burners; load average $(cut -d' ' -f1-3 /proc/loadavg))"
echo
echo "| --interval-ms | produced ev/s | received ev/s | folded ev/s | dropped | applied ev/s | RSS 1st mark MB | RSS mid MB | RSS end MB | peak MB | longest frame gap ms | key latency ms | SIGTERM → exit ms | launched app | attached ÷ detached | history records compacted | attached ÷ detached per app CPU-s | inspector CPU % of a core | load at end | longest step ms | exit steps inside the process (ms since the signal) | frames skipped, the terminal behind (longest) |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---|---|---|"
for interval in $rates; do
    IFS='|' read -r i prod rec fold drop app r1 r5 r10 peak gap key exit left ratio compacted cpu_ratio cpu load step steps skipped <<<"$(soak "$interval")"
    echo "| $i | $prod | $rec | $fold | $drop | $app | $r1 | $r5 | $r10 $(ok "$r10" 256 le) | $peak | $gap $(ok "$gap" 250 le) | $key $(ok "$key" 100 le) | $exit $(ok "$exit" 200 le) | $left | $ratio $(ok "$ratio" 0.67 ge) | $compacted | $cpu_ratio | $cpu | $load | $step | $steps | $skipped |"
done
