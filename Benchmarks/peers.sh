#!/usr/bin/env bash
# The side-by-side benchmark: Injection against Resolver, Factory, Swinject and swift-dependencies,
# with the same services and the same checks for every library, in one run.
#
#   Benchmarks/peers.sh                       # every scenario, full timing
#   Benchmarks/peers.sh --quick transient     # arguments go to InjectionBenchmarks
#   Benchmarks/peers.sh --callgrind           # instructions per op for every peer variant
#
# Resolver and Factory are cloned into a scratch folder ($PEERS_DIR, default
# ${TMPDIR:-/tmp}/injection-peers), at the versions below, and never committed. Swinject and
# swift-dependencies come through SwiftPM as usual. Set RESOLVER_GIT / FACTORY_GIT to a local
# clone to work offline. Resolver 1.5.1 does not compile on Linux as published
# (`pthread_mutexattr_settype` takes an Int32 there): the scratch copy is patched with
# `Int32(PTHREAD_MUTEX_RECURSIVE)`.
set -euo pipefail
cd "$(dirname "$0")"
benchmarks=$(pwd)

resolver_version=1.5.1
factory_version=3.2.1
factory_commit=cacafd63   # "Updates for 3.2.1": the repository has no 3.x tags
peers=${PEERS_DIR:-${TMPDIR:-/tmp}/injection-peers}
resolver_git=${RESOLVER_GIT:-https://github.com/hmlongco/Resolver}
factory_git=${FACTORY_GIT:-https://github.com/hmlongco/Factory}
mkdir -p "$peers"

fetch() {  # name repository revision
  local name=$1 repository=$2 revision=$3
  if [ ! -d "$peers/$name/.git" ]; then
    git clone --quiet "$repository" "$peers/$name"
  fi
  git -C "$peers/$name" checkout --quiet --force "$revision"
}
fetch Resolver "$resolver_git" "$resolver_version"
fetch Factory "$factory_git" "$factory_commit"
sed -i 's/pthread_mutexattr_settype(&recursiveMutexAttr, PTHREAD_MUTEX_RECURSIVE)/pthread_mutexattr_settype(\&recursiveMutexAttr, Int32(PTHREAD_MUTEX_RECURSIVE))/' \
  "$peers/Resolver/Sources/Resolver/Resolver.swift"

# A scratch build folder of its own, so `make bench` (no peers) keeps its build.
export INJECTION_PEERS=$peers
build=(--scratch-path "$peers/.build" -c release)
# SwiftPM keeps a build plan in the scratch folder; when files of the package moved since, it can
# fail with "missing inputs" instead of planning again. Drop the plan and build once more.
if ! swift build "${build[@]}" >&2; then
  rm -f "$peers/.build/release.yaml" "$peers"/.build/*/release/description.json
  swift build "${build[@]}" >&2
fi
binary=$(swift build "${build[@]}" --show-bin-path)/InjectionBenchmarks

{
  echo "Peers: Resolver $resolver_version ($(git -C "$peers/Resolver" rev-parse HEAD)), Factory $factory_version ($(git -C "$peers/Factory" rev-parse HEAD)),"
  for checkout in swift-dependencies Swinject; do
    echo "  $checkout $(git -C "$peers/.build/checkouts/$checkout" describe --tags 2>/dev/null) ($(git -C "$peers/.build/checkouts/$checkout" rev-parse HEAD))"
  done
  echo "Load average before the run: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
} >&2

if [ "${1:-}" = "--callgrind" ]; then
  shift
  # valgrind 3.19 cannot read the DWARF 5 that some peers' C code brings in: count on a copy
  # without debug information (the symbol table, which --toggle-collect needs, stays).
  cp "$binary" "$peers/InjectionBenchmarks.stripped"
  strip --strip-debug "$peers/InjectionBenchmarks.stripped"
  BINARY=$peers/InjectionBenchmarks.stripped PEERS=1 "$benchmarks/callgrind.sh" "$@"
else
  "$binary" "$@"
fi
echo "Load average after the run: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)" >&2
