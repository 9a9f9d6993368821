#!/usr/bin/env bash
# Installs di-inspect under a prefix: bin/di-inspect, bin/di-scan (the source reader
# `di-inspect scan` runs from beside itself; built by the Scan/ package, the only one with
# swift-syntax), bin/sample-app (the shop app that
# `di-inspect demo` starts from next to itself, and that the README records by name),
# share/man/man1/di-inspect.1 and shell completions for bash, zsh and fish.
# Usage: Scripts/install.sh PREFIX [debug|release]
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:?usage: install.sh PREFIX [debug|release]}"
config="${2:-release}"
swift="${SWIFT:-swift}"

"$swift" build -c "$config" --product di-inspect
"$swift" build -c "$config" --product sample-app
bin_dir="$("$swift" build -c "$config" --show-bin-path)"
(cd Scan && "$swift" build -c "$config" --product di-scan)
scan_bin_dir="$(cd Scan && "$swift" build -c "$config" --show-bin-path)"
# argument-parser's manual generator (a command plugin) writes one page per tool.
"$swift" package generate-manual --configuration "$config" >/dev/null
manual="$(find .build/plugins/GenerateManual/outputs -name 'di-inspect.1' -print -quit)"
[[ -n "$manual" ]] || { echo "install: the manual generator wrote no di-inspect.1" >&2; exit 1; }

install -d "$prefix/bin" "$prefix/share/man/man1" \
    "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions" \
    "$prefix/share/fish/vendor_completions.d"
install -m 755 "$bin_dir/di-inspect" "$prefix/bin/di-inspect"
install -m 755 "$scan_bin_dir/di-scan" "$prefix/bin/di-scan"
install -m 755 "$bin_dir/sample-app" "$prefix/bin/sample-app"
install -m 644 "$manual" "$prefix/share/man/man1/di-inspect.1"
"$bin_dir/di-inspect" --generate-completion-script bash > "$prefix/share/bash-completion/completions/di-inspect"
"$bin_dir/di-inspect" --generate-completion-script zsh > "$prefix/share/zsh/site-functions/_di-inspect"
"$bin_dir/di-inspect" --generate-completion-script fish > "$prefix/share/fish/vendor_completions.d/di-inspect.fish"
echo "Installed di-inspect, di-scan, sample-app, the man page and completions under $prefix"
