#!/usr/bin/env bash
# `make install` into a temporary prefix (debug build, reusing the test build), then checks that
# every installed file works: the binary runs and records the installed sample app by name, the
# man page is a manual page naming the subcommands, and each completion script is valid for its
# shell where that shell is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
make --no-print-directory install PREFIX="$prefix" CONFIG=debug >/dev/null

fail() { echo "check-install: $*" >&2; exit 1; }
"$prefix/bin/di-inspect" --help | grep -q "USAGE: di-inspect" || fail "the installed binary does not run"
# The README's `di-inspect record -o shop.ndjson -- sample-app …`, with only the prefix on PATH.
(cd "$prefix" && PATH="$prefix/bin:/usr/bin:/bin" di-inspect record -o shop.ndjson -- sample-app --duration 0.3 --fault missing \
    2>/dev/null) || fail "di-inspect record -- sample-app does not run from the installed prefix"
report="$(PATH="$prefix/bin:/usr/bin:/bin" di-inspect check "$prefix/shop.ndjson" || true)"  # exit 1: it has a problem
grep -q "Missing registration: PaymentGateway" <<<"$report" || fail "the installed sample-app's trace does not show its fault"
# `di-inspect scan` finds the di-scan installed beside it (no DI_SCAN, only the prefix on PATH).
scanned="$(cd "$(dirname "$0")/.." && env -u DI_SCAN PATH="/usr/bin:/bin" "$prefix/bin/di-inspect" scan Sources/SampleApp || true)"
grep -q "Missing registration: PaymentGateway" <<<"$scanned" || fail "the installed di-inspect scan does not find di-scan beside it"
man_page="$prefix/share/man/man1/di-inspect.1"
grep -q '^\.Dt DI-INSPECT 1' "$man_page" || fail "di-inspect.1 is not a manual page"
for command in check export open record; do
    grep -qi "$command" "$man_page" || fail "the man page does not mention '$command'"
done
bash_completion="$prefix/share/bash-completion/completions/di-inspect"
bash -n "$bash_completion" || fail "the bash completion does not parse"
grep -q "complete .*di-inspect" "$bash_completion" || fail "the bash completion registers nothing"
grep -q '^#compdef di-inspect' "$prefix/share/zsh/site-functions/_di-inspect" || fail "the zsh completion has no #compdef"
grep -q "complete -c 'di-inspect'\|complete -c di-inspect" "$prefix/share/fish/vendor_completions.d/di-inspect.fish" \
    || fail "the fish completion registers nothing"
echo "check-install: di-inspect, di-scan, sample-app, man page and bash/zsh/fish completions installed and valid"
