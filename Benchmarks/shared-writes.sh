#!/usr/bin/env bash
# Which memory one operation writes, line by line: every store of `--profile SCENARIO IMPL`, traced
# by valgrind's lackey and counted per 64-byte cache line. What a hit writes besides the thread's
# own stack is what two threads resolving the same singleton could fight over (`perf c2c` needs
# memory-sampling events, which a VM often lacks). Run after `swift build -c release` here.
#
#   Benchmarks/shared-writes.sh threads Injection
#   Benchmarks/shared-writes.sh threads "Injection, struct service" 20000   # more operations
#
# Prints each line written at least once per operation (on average), with its writes per operation, `S` for
# plain stores and `M` for read-modify-writes (atomic increments: a retain, a release); lines in the
# stack (the 1 MB below the highest address written) are summed into one row. Slow: about a
# minute for the default 5 000 operations.
set -euo pipefail
cd "$(dirname "$0")"
binary=${BINARY:-.build/release/InjectionBenchmarks}
[ $# -ge 2 ] || { echo "usage: shared-writes.sh SCENARIO IMPLEMENTATION [ITERATIONS]" >&2; exit 2; }
iterations=${3:-5000}
[ -x "$binary" ] || { echo "shared-writes.sh: build first: (cd Benchmarks && swift build -c release)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "shared-writes.sh: valgrind is not installed" >&2; exit 2; }

# Set-up writes too, and some of its lines many times: the script traces two runs, of 1 000 and
# of 1 000 + ITERATIONS operations, and divides the difference in each line's writes by ITERATIONS.
trace() {  # operations, output file
  valgrind --tool=lackey --trace-mem=yes --log-fd=9 "$binary" --profile "$scenario" "$implementation" \
    --iterations "$1" 9>&1 >/dev/null 2>/dev/null | python3 -c '
import collections, sys
counts = collections.Counter()
for raw in sys.stdin:
    if len(raw) > 3 and raw[0] == " " and raw[1] in "SM":
        counts[(int(raw[3:].split(",")[0], 16) >> 6, raw[1])] += 1
for (line, kind), n in counts.items():
    print(line, kind, n)
' >"$2"
}
scenario=$1 implementation=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
trace 1000 "$out/base"
trace $((1000 + iterations)) "$out/more"
python3 - "$out/base" "$out/more" "$iterations" <<'PY'
import collections, sys
def load(path):
    return {(int(line), kind): int(n) for line, kind, n in (row.split() for row in open(path))}
base, more, operations = load(sys.argv[1]), load(sys.argv[2]), int(sys.argv[3])
per_op = {key: (n - base.get(key, 0)) / operations for key, n in more.items()}
hot = {key: value for key, value in per_op.items() if value >= 0.5}
top = max((line for line, _ in hot), default=0)
stack = collections.Counter()
print("| line | kind | writes per operation |")
print("|---|---|---:|")
for (line, kind), value in sorted(hot.items()):
    if (top - line) * 64 < 1 << 20:
        stack[kind] += value
    else:
        print("| 0x%x | %s | %.2f |" % (line << 6, kind, value))
for kind, value in sorted(stack.items()):
    print("| stack | %s | %.2f |" % (kind, value))
PY
