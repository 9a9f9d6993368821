# Sourced by the live benchmarks (bench-live-soak, bench-live-exit, bench-attack-recovery): the
# release binaries, a scratch folder, CPU burners, and one cleanup on exit for all of them and for
# the script's tmux server (`server`) and launched app (`app_pid`).

# Sets `bin` to the folder of the release di-inspect and sample-app, built here unless `bin` already
# names a folder (`--bin DIR`: binaries built elsewhere, for a before/after pair).
live_bench_binaries() {
    if [ -z "${bin:-}" ]; then
        swift build -c release --product di-inspect >/dev/null
        swift build -c release --product sample-app >/dev/null
        bin=$PWD/.build/release
    fi
}

# live_bench_scratch [BURNERS]: `work`, a scratch folder, and BURNERS `yes >/dev/null` running
# meanwhile (a loaded machine); all of it, the tmux server and the app end with the script.
live_bench_scratch() {
    work=$(mktemp -d)
    burning=()
    app_pid=""
    trap live_bench_cleanup EXIT
    for _ in $(seq 1 "${1:-0}"); do yes >/dev/null & burning+=($!); done
}

live_bench_cleanup() {
    if [ -n "${app_pid:-}" ]; then kill "$app_pid" 2>/dev/null || true; fi
    if [ -n "${server:-}" ]; then tmux -L "$server" kill-server 2>/dev/null || true; fi
    if [ ${#burning[@]} -gt 0 ]; then kill "${burning[@]}" 2>/dev/null || true; fi
    rm -rf "$work"
}
