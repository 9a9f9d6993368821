#!/usr/bin/env bash
# Unsafety in one room (STYLE.md §16): the constructs that switch off Swift's lifetime, type or
# exclusivity checks may appear in the runtime (Sources/Injection) only in its storage folder,
# Internal/Storage/, each with its proof beside it. Counted here, in `make test`:
#   Unmanaged, _withUnsafeGuaranteedRef, unsafeDowncast, unsafeBitCast, unowned(unsafe),
#   @exclusivity(unchecked)
# Outside the folder the count may not rise above BUDGET, which only ever goes down as code
# moves behind the store's interface or is deleted; the target is 0.
#
# Usage: Scripts/check-unsafe-room.sh [--list]
set -euo pipefail
cd "$(dirname "$0")/.."
BUDGET=${UNSAFE_BUDGET:-0}
room=Sources/Injection/Internal/Storage
pattern='Unmanaged|_withUnsafeGuaranteedRef|unsafeDowncast|unsafeBitCast|unowned\(unsafe\)|@exclusivity\(unchecked\)'

outside="$(grep -rnoE "$pattern" Sources/Injection --include='*.swift' | grep -v "^$room/" || true)"
count=$(grep -c . <<<"$outside" || true)
inside=$(grep -rnoE "$pattern" "$room" --include='*.swift' 2>/dev/null | grep -c . || true)
if [ "${1:-}" = "--list" ]; then
    cut -d: -f1 <<<"$outside" | sort | uniq -c | sort -rn
fi
if [ "$count" -gt "$BUDGET" ]; then
    echo "unsafe-room: $count unsafe constructs outside $room (budget $BUDGET); move them behind the store or remove them:" >&2
    cut -d: -f1 <<<"$outside" | sort | uniq -c | sort -rn >&2
    exit 1
fi
echo "unsafe-room: $count unsafe constructs outside $room (budget $BUDGET, target 0), $inside inside"
