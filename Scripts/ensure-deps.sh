#!/usr/bin/env bash
# Makes sure the Debian packages a build or a test needs are installed; installs the missing
# ones with apt-get when allowed (root or sudo), otherwise says exactly what to run.
set -euo pipefail
missing=()
for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
# The trace schema test validates a generated trace with Python's jsonschema.
if ! python3 -c "import jsonschema" >/dev/null 2>&1; then
    echo "Installing the Python package jsonschema (for the trace schema test)" >&2
    python3 -m pip install --quiet jsonschema >&2 || {
        echo "error: could not install jsonschema; run: python3 -m pip install jsonschema" >&2; exit 1; }
fi
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing missing Debian packages: ${missing[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo"; else
    echo "error: missing packages ${missing[*]}; run: apt-get install -y ${missing[*]}" >&2; exit 1
fi
if ! $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
    $sudo apt-get update -qq >/dev/null 2>&1 || true
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null || {
        echo "error: could not install ${missing[*]}; run: apt-get install -y ${missing[*]}" >&2; exit 1; }
fi
