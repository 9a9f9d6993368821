#!/usr/bin/env bash
# What an app links (DECISIONS.md, "Modules are cut by what an app links"): the sample app, built
# against Injection alone, with and without the Tracing trait, holds no symbol of the trace
# reading side (the InjectionTrace module: decoder, reader, listener; the bind/accept calls).
# With the trait it holds the writer (encoder, sinks, recorder); without it, none of them.
# di-inspect, which reads traces, is the control: the same patterns must find its reader, so a
# pattern that matches nothing cannot pass the check by accident.
#
# The release sample app (trait on) uses only the public API of the Swift runtime and the OS on
# its resolve and build paths: no task-local read through the runtime's private entry point
# (`swift_task_localValueGet`, which `TaskLocal.get()` reaches only inside libswift_Concurrency),
# no `dlsym` (into the vDSO, or for a raw system call), and no `linux-vdso` name.
#
# Usage: check-app-links.sh SAMPLE_APP_WITH_TRAIT SAMPLE_APP_WITHOUT_TRAIT DI_INSPECT RELEASE_SAMPLE_APP
set -euo pipefail
with_trait="$1" without_trait="$2" reader="$3" release_app="$4"

fail() { echo "app-links: $*" >&2; exit 1; }
# Demangled names, so a type is found by its name whatever the mangler's substitutions.
symbols() { nm "$1" | swift demangle; }

READING='InjectionTrace\.|TraceReader|TraceListener|TraceLineDecoder|JSONScanner|bindAndListen|acceptConnection'
WRITER='Injection\.(TraceEncoder|FileTraceSink|SocketTraceSink|MemoryTraceSink|TraceRecorder)'

reader_symbols="$(symbols "$reader")"
for name in InjectionTrace.TraceReader InjectionTrace.TraceLineDecoder InjectionTrace.TraceListener bindAndListen; do
    grep -q "$name" <<<"$reader_symbols" || fail "the control failed: $reader has no $name, so the patterns prove nothing"
done

with_symbols="$(symbols "$with_trait")"
without_symbols="$(symbols "$without_trait")"
for app in with without; do
    listing="${app}_symbols"
    found="$(grep -oE "$READING" <<<"${!listing}" | sort -u | head -5 || true)"
    [ -z "$found" ] || fail "the sample app ($app the trait) links trace reading code: $(tr '\n' ' ' <<<"$found")"
done
grep -qE "$WRITER" <<<"$with_symbols" || fail "$with_trait (Tracing on) has no trace writer"
found="$(grep -oE "$WRITER" <<<"$without_symbols" | sort -u | head -5 || true)"
[ -z "$found" ] || fail "$without_trait (Tracing off) still links the writer: $(tr '\n' ' ' <<<"$found")"
# swift-syntax is the Scan/ package's alone (`di-scan`): the root package that apps depend on never
# names it (so resolving Injection never fetches it), and no app links a symbol of it.
root="$(cd "$(dirname "$0")/.." && pwd)"
! grep -qE '\.package\(.*swift-syntax' "$root/Package.swift" || fail "the root Package.swift names swift-syntax: every app depending on Injection would fetch it"
SYNTAX='SwiftSyntax\.|SwiftParser\.|SwiftParser|SwiftSyntax[A-Z]'
for app in with without; do
    listing="${app}_symbols"
    found="$(grep -oE "$SYNTAX" <<<"${!listing}" | sort -u | head -5 || true)"
    [ -z "$found" ] || fail "the sample app ($app the trait) links swift-syntax: $(tr '\n' ' ' <<<"$found")"
done
echo "app-links: the sample app links no trace reader or listener, trait on or off; the writer only with the trait; no swift-syntax"
undefined="$(nm -u "$release_app")"
grep -q 'swift_retain' <<<"$undefined" || fail "the control failed: nm -u $release_app lists no swift_retain"
for private in swift_task_localValueGet dlsym dlopen; do
    ! grep -qw "$private" <<<"$undefined" || fail "$release_app calls $private (nm -u)"
done
! strings "$release_app" | grep -q 'linux-vdso' || fail "$release_app names linux-vdso (strings)"
echo "app-links: the release sample app calls no swift_task_localValueGet, dlsym or dlopen and names no linux-vdso"
