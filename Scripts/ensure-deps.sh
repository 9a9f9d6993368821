#!/usr/bin/env bash
# Makes sure what a make target needs from the system is here, and installs what is missing when
# it can; otherwise it says exactly what to run.
#
#   Scripts/ensure-deps.sh build   what `make build` and `make demo` need: ncurses headers
#   Scripts/ensure-deps.sh test    what the tests need too: tmux, Graphviz, Python's jsonschema
#
# Debian and Ubuntu: missing packages are installed with apt-get (as root, or through sudo).
# Python's jsonschema comes from the Debian package python3-jsonschema when python3 is the
# system's (which refuses `pip install`: externally-managed-environment), else from a virtual
# environment of the project's own in .build/python-venv; tests use the interpreter that
# .build/test-python3 points at. Without apt-get (macOS), nothing is installed for you: the script
# names the Homebrew packages to install and stops.
set -euo pipefail
cd "$(dirname "$0")/.."
purpose="${1:-build}"
case "$purpose" in
    build) debian=(libncurses-dev); brew=() ;;
    test) debian=(libncurses-dev tmux graphviz); brew=(tmux graphviz) ;;
    *) echo "usage: Scripts/ensure-deps.sh build|test" >&2; exit 2 ;;
esac

# --- system packages --------------------------------------------------------------------------
if command -v apt-get >/dev/null 2>&1 && command -v dpkg-query >/dev/null 2>&1; then
    missing=()
    for package in "${debian[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "Installing missing Debian packages: ${missing[*]}" >&2
        if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo"; else
            echo "error: missing packages ${missing[*]}; run as root: apt-get install -y ${missing[*]}" >&2; exit 1
        fi
        if ! $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
            $sudo apt-get update -qq >/dev/null 2>&1 || true
            $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null || {
                echo "error: could not install ${missing[*]}; run: sudo apt-get install -y ${missing[*]}" >&2; exit 1; }
        fi
    fi
else
    # macOS (or a Linux without apt-get): ncurses comes with the system; say what else to install.
    absent=()
    for tool in "${brew[@]}"; do
        command=$([ "$tool" = graphviz ] && echo dot || echo "$tool")
        command -v "$command" >/dev/null 2>&1 || absent+=("$tool")
    done
    if [ ${#absent[@]} -gt 0 ]; then
        echo "error: the tests need ${absent[*]}, which are not installed; run: brew install ${absent[*]}" >&2
        echo "       (on Linux without apt-get, install ${absent[*]} with your package manager)" >&2
        exit 1
    fi
fi
[ "$purpose" = test ] || exit 0

# --- Python's jsonschema (the trace schema and SARIF tests) -------------------------------------
link=.build/test-python3
venv=.build/python-venv
has_jsonschema() { "$1" -c "import jsonschema; jsonschema.Draft202012Validator" >/dev/null 2>&1; }
# The link names the interpreter itself (sys.executable), not a launcher such as a pyenv shim,
# which fails outside the shell that set it up (the tests' PATH has no `pyenv`).
use() {
    mkdir -p .build
    local real
    real="$("$1" -c 'import sys; print(sys.executable)' 2>/dev/null)" && [ -x "$real" ] || real="$1"
    ln -sfn "$real" "$link"
}

if [ -x "$link" ] && has_jsonschema "$link"; then use "$link"; exit 0; fi
python="$(command -v python3 || true)"
if [ -z "$python" ]; then
    echo "error: the tests need python3 (with jsonschema); install python3 and run make test again" >&2; exit 1
fi
if has_jsonschema "$python"; then use "$python"; exit 0; fi
if [ "$(readlink -f "$python")" = "$(readlink -f /usr/bin/python3 2>/dev/null || echo none)" ] \
    && command -v apt-get >/dev/null 2>&1; then
    # Debian's own Python: its jsonschema is a Debian package (pip is refused there).
    echo "Installing the Debian package python3-jsonschema (for the schema tests)" >&2
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3-jsonschema >/dev/null 2>&1 \
        || { $sudo apt-get update -qq >/dev/null 2>&1 || true
             $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3-jsonschema >/dev/null; } \
        || { echo "error: could not install python3-jsonschema; run: sudo apt-get install -y python3-jsonschema" >&2; exit 1; }
    has_jsonschema /usr/bin/python3 && { use /usr/bin/python3; exit 0; }
fi
# Any other Python (pyenv, Homebrew, python.org): a virtual environment of the project's own.
echo "Installing jsonschema into $venv (for the schema tests)" >&2
"$python" -m venv "$venv" >/dev/null 2>&1 && "$venv/bin/python3" -m pip install --quiet jsonschema >&2 || {
    echo "error: could not set up $venv with jsonschema; run: $python -m venv $venv && $venv/bin/pip install jsonschema" >&2
    echo "       (on Debian or Ubuntu: sudo apt-get install python3-venv, or python3-jsonschema)" >&2
    exit 1; }
use "$(pwd)/$venv/bin/python3"
