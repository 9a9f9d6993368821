#!/usr/bin/env bash
# How long after an attack on the listener has ended the next real app is on screen, for each
# kind of attack `ListenerAttackRecoveryTests` makes (and none, for reference): release
# `di-inspect listen --memory-budget BUDGET_MB` (64 by default) in tmux (160x48); the attack
# (python3, on the listener's unix socket) runs to its end, every connection closed; then
# `sample-app` starts with DI_INSPECT pointing at the listener, and the time from the attack's
# last byte to the app's name in the header is taken (a 20 ms poll of the screen). Prints one
# line per kind, with its ratio to no attack; target: every kind within 1 s.
#
#   Scripts/bench-attack-recovery.sh [--kinds "none garbage random names-10mb line-1gib names-900kb names-64kb"]
#                                    [--bin DIR]   (binaries built elsewhere: a before/after pair)
set -euo pipefail
cd "$(dirname "$0")/.."
kinds="none garbage random names-10mb line-1gib names-900kb names-64kb"
budget=${BUDGET_MB:-64}
bin=""
while [ $# -gt 0 ]; do
    case "$1" in
        --kinds) kinds="$2"; shift 2 ;;
        --bin) bin=$(cd "$2" && pwd); shift 2 ;;
        *) echo "usage: $0 [--kinds \"KIND …\"] [--bin DIR]" >&2; exit 2 ;;
    esac
done
. Scripts/live-bench-common.sh
live_bench_binaries
server=""
live_bench_scratch

# attack KIND SOCKET: the attack, to its end (what ListenerAttackRecoveryTests sends).
attack() {
    python3 - "$1" "$2" <<'PY'
import os, socket, sys
kind, path = sys.argv[1], sys.argv[2]
header = b'{"format":"di-trace","version":1,"app":"attacker","pid":999,"start":"2026-11-22T00:00:00Z"}\n'
def connect():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    return s
def registered(seq, name):
    return (b'{"kind":"registered","seq":%d,"t":%d,"thread":1,"service":{"type":"' % (seq, seq) + name
            + b'%d","container":"app"},"scope":"unique","at":"A.swift:1"}\n' % seq)
if kind == "garbage":          # garbage on 40 connections
    for _ in range(40):
        s = connect(); s.sendall(os.urandom(4096) + b"\n\0\x1b[2J\n"); s.close()
elif kind == "random":         # 100 MB of random data
    s = connect(); chunk = os.urandom(1 << 20)
    for _ in range(100): s.sendall(chunk)
    s.close()
elif kind == "names-10mb":     # lines of 10 MB names
    s = connect(); s.sendall(header)
    for seq in range(1, 5): s.sendall(registered(seq, b"N" * (10 << 20)))
    s.close()
elif kind == "line-1gib":      # a line of 1 GiB
    s = connect(); s.sendall(header + b'{"kind":"registered","seq":1,"t":1,"thread":1,"service":{"type":"')
    chunk = b"G" * (4 << 20)
    for _ in range(256): s.sendall(chunk)
    s.sendall(b'","container":"app"},"scope":"unique","at":"A.swift:1"}\n'); s.close()
elif kind == "names-900kb":    # 120 names of 900 KB
    s = connect(); s.sendall(header)
    for seq in range(1, 121): s.sendall(registered(seq, b"M" * (900 << 10)))
    s.close()
elif kind == "names-64kb":     # 2 000 names just under the longest a live listener takes
    s = connect(); s.sendall(header)
    for seq in range(1, 2001): s.sendall(registered(seq, b"B" * ((64 << 10) - len(str(seq)))))
    s.close()
PY
}

now_ms() { date +%s%3N; }

declare -A shown
for kind in $kinds; do
    socket="$work/live-$kind.sock"
    # A tmux server per kind: a new session on a server whose last one just ended can find it
    # exiting ("server exited unexpectedly").
    server="attack-$$-$kind"
    tmux -L "$server" new-session -d -s "$kind" -x 160 -y 48 \
        "$bin/di-inspect listen --socket $socket --memory-budget $budget"
    for _ in $(seq 1 300); do [ -S "$socket" ] && break; sleep 0.02; done
    [ "$kind" = none ] || attack "$kind" "$socket"
    ended=$(now_ms)
    DI_INSPECT="unix:$socket" "$bin/sample-app" --duration 60 >/dev/null 2>&1 &
    app_pid=$!
    seen=""
    for _ in $(seq 1 1500); do
        # The inspector gone (its tmux session ended with it) is a failure, not a wait.
        screen=$(tmux -L "$server" capture-pane -p -t "$kind" 2>/dev/null) || { seen=gone; break; }
        if printf '%s\n' "$screen" | head -3 | grep -q "sample-app"; then seen=$(now_ms); break; fi
        sleep 0.02
    done
    kill "$app_pid" 2>/dev/null || true
    wait "$app_pid" 2>/dev/null || true
    app_pid=""
    tmux -L "$server" kill-server 2>/dev/null || true
    server=""
    case "$seen" in
        "") shown[$kind]="never" ;;
        gone) shown[$kind]="gone" ;;
        *) shown[$kind]=$((seen - ended)) ;;
    esac
done

echo "## An attack that has ended ($bin/di-inspect listen, --memory-budget $budget, load $(cut -d' ' -f1-3 /proc/loadavg))"
echo
echo "| attack | real app shown after | ratio to no attack | target |"
echo "|---|---:|---:|---|"
base=${shown[none]:-}
for kind in $kinds; do
    ms=${shown[$kind]}
    if [ "$ms" = never ]; then echo "| $kind | never (30 s) | | ✗ |"; continue; fi
    if [ "$ms" = gone ]; then echo "| $kind | the inspector exited | | ✗ |"; continue; fi
    ratio=""
    if [ -n "$base" ] && [ "$base" != never ] && [ "$base" != gone ] && [ "$base" -gt 0 ]; then ratio=$(awk -v a="$ms" -v b="$base" 'BEGIN { printf "%.1f", a / b }'); fi
    mark=$([ "$ms" -le 1000 ] && echo "≤ 1 s ✓" || echo "≤ 1 s ✗")
    printf "| %s | %d.%03d s | %s | %s |\n" "$kind" $((ms / 1000)) $((ms % 1000)) "$ratio" "$mark"
done
