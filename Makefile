# The README's commands: `make demo` opens the live inspector on the sample app, `make test` runs
# every test. Whatever a build or a test needs from the system is checked (and installed when
# possible) first: `make deps` for what building and the demo need (ncurses), `make test-deps` for
# what only the tests need (tmux, Graphviz, Python's jsonschema).
SWIFT ?= swift
SWIFT_FLAGS ?=

.PHONY: scan-build scan-test scan-bench scan-demo scan-e2e
.PHONY: all build test unsafe-room test-deps live-shapes tsan asan app-links bench bench-guard bench-guard-baseline demo deps clean tracing-trait docs install check-install fuzz fuzz-short fuzz-build fuzz-wiring fuzz-lifetime

all: build

deps:
	@Scripts/ensure-deps.sh build

test-deps:
	@Scripts/ensure-deps.sh test

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

test: test-deps
	$(MAKE) unsafe-room
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --skip LiveShapesEndToEndTests --skip ScanEndToEndTests $(SWIFT_FLAGS)
	$(MAKE) live-shapes
	$(MAKE) scan-e2e
	$(MAKE) tracing-trait
	$(MAKE) app-links
	$(MAKE) docs
	$(MAKE) check-install
	$(MAKE) scan-test
	$(MAKE) fuzz-short
	$(MAKE) fuzz-wiring FUZZ_WIRING_SECONDS=20
	$(MAKE) asan
	$(MAKE) tsan

# Unsafety in one room: Unmanaged, _withUnsafeGuaranteedRef, unsafeDowncast, unsafeBitCast,
# unowned(unsafe) and @exclusivity(unchecked) counted outside Sources/Injection/Internal/Storage/
# (Scripts/check-unsafe-room.sh): the count may only fall (its budget), toward 0. A second.
unsafe-room:
	Scripts/check-unsafe-room.sh

# The inspector flooded by other traffic shapes (churn, reconnects, app after app), in a step of its
# own: each floods a debug di-inspect as fast as the socket takes it, and beside the whole parallel
# suite on two cores the drain it then waits for is the machine's, not the inspector's.
live-shapes:
	$(SWIFT) test --skip-build --filter LiveShapesEndToEndTests $(SWIFT_FLAGS)

# The runtime without the `Tracing` trait (what an app gets with `traits: []`): it builds, and
# neither the recorder nor the DI_INSPECT bootstrap is in it; with the trait both are.
TRACED_SYMBOLS := 13TraceRecorderC|14TraceBootstrapO
tracing-trait: deps
	$(SWIFT) build --target Injection $(SWIFT_FLAGS)
	$(SWIFT) build --target Injection --disable-default-traits --scratch-path .build-notracing $(SWIFT_FLAGS)
	@nm .build/debug/Injection.build/*.o | grep -Eq '$(TRACED_SYMBOLS)' \
		|| { echo "tracing-trait: the default build has no trace recorder"; exit 1; }
	@! nm .build-notracing/debug/Injection.build/*.o | grep -Eq '$(TRACED_SYMBOLS)' \
		|| { echo "tracing-trait: the build without the Tracing trait still has the recorder"; exit 1; }
	@echo "tracing-trait: the recorder is in the default build and absent without the trait"

# An app built against Injection alone (the sample app), trait on and off, links no trace reader
# or listener, and the writer only with the trait (Scripts/check-app-links.sh; di-inspect is the
# control that the symbol patterns find what they look for); the release build calls no private
# entry point of the Swift runtime and no dlsym, and names no vDSO.
app-links: deps
	$(SWIFT) build --product sample-app $(SWIFT_FLAGS)
	$(SWIFT) build --product di-inspect $(SWIFT_FLAGS)
	$(SWIFT) build --product sample-app --disable-default-traits --scratch-path .build-notracing $(SWIFT_FLAGS)
	$(SWIFT) build -c release --product sample-app $(SWIFT_FLAGS)
	Scripts/check-app-links.sh .build/debug/sample-app .build-notracing/debug/sample-app .build/debug/di-inspect \
		.build/release/sample-app

# The runtime's tests (the InjectionTests suites) under AddressSanitizer, in their own build
# folder: use after free (a frame's unowned container), overflows, bad frees, and leaks
# (LeakSanitizer, with the named suppressions in Scripts/lsan-suppressions.txt; allocation stacks
# of 100 frames, so a suppressed frame is on the stack LeakSanitizer matches).
asan: deps
	DI_RUNTIME_TESTS_ONLY=1 ASAN_OPTIONS="detect_leaks=1 malloc_context_size=100 $${ASAN_OPTIONS:-}" \
	LSAN_OPTIONS="suppressions=$(CURDIR)/Scripts/lsan-suppressions.txt $${LSAN_OPTIONS:-}" \
		$(SWIFT) test --sanitize=address --scratch-path .build-asan --filter '^InjectionTests\.' $(SWIFT_FLAGS)

# The concurrency tests under ThreadSanitizer, in their own build folder: every suite named
# `…ConcurrencyTests`, the container's (InjectionTests) and the trace recorder's (InjectionTraceTests:
# threads recording while the writer drains and the collector takes their repeats). The runtime's
# locks are pthread mutexes TSan sees (Platform/Lock.swift); the suppressions file is empty, and a
# rule added there names one lock body, with why.
tsan: deps
	DI_RUNTIME_TESTS_ONLY=1 TSAN_OPTIONS="suppressions=$(CURDIR)/Scripts/tsan-suppressions.txt $${TSAN_OPTIONS:-}" $(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter ConcurrencyTests $(SWIFT_FLAGS)

# Resolution speed against direct construction and Swinject, then the graph at scale, long names,
# how soon a real app is shown after each kind of attack on the listener, then the live
# inspector soaked at full rate (SOAK_SECONDS per rate; `make bench SOAK_SECONDS=60` for a short run),
# then SIGTERM → exit at several moments of a session (worst case; about 4 minutes), then a server
# making a child container per request under it (CHILD_SECONDS, 600 by default, likewise).
# SwiftPM keeps a build plan in Benchmarks/.build; after a runtime file is deleted it can fail with
# "missing inputs" instead of planning again (as Benchmarks/peers.sh notes): drop the plan, retry.
BUILD_BENCHMARKS = cd Benchmarks && { $(SWIFT) build -c release \
	|| { rm -f .build/release.yaml .build/*/release/description.json && $(SWIFT) build -c release; }; }
SOAK_SECONDS ?= 600
CHILD_SECONDS ?= 600
bench: deps
	$(BUILD_BENCHMARKS)
	cd Benchmarks && .build/release/InjectionBenchmarks
	$(SWIFT) build -c release --product GraphBenchmarks
	.build/release/GraphBenchmarks
	.build/release/GraphBenchmarks --time-cursor
	Scripts/bench-inspector.sh
	Scripts/bench-big-trace.sh
	Scripts/bench-long-names.sh
	Scripts/bench-attack-recovery.sh
	Scripts/bench-live-soak.sh --duration $(SOAK_SECONDS)
	Scripts/bench-live-exit.sh
	Scripts/bench-child-per-request.sh --duration $(CHILD_SECONDS)
	$(MAKE) scan-bench

# The speed guard (not part of `make test`: a release build and ~18 callgrind runs, a few minutes):
# instructions per operation of each runtime scenario against Benchmarks/guard-baselines.tsv; over
# 10 % on any fails, another toolchain prints "re-baseline". Run it before merging a runtime change.
bench-guard: deps
	$(BUILD_BENCHMARKS)
	Benchmarks/guard.sh

# Rewrites the baselines with this toolchain (commit Benchmarks/guard-baselines.tsv with the change).
bench-guard-baseline: deps
	$(BUILD_BENCHMARKS)
	Benchmarks/guard.sh --baseline

# The DocC catalogs of the runtime (Injection, InjectionTesting), with every warning an error, so a
# broken symbol link fails `make test`. swift-docc-plugin is added to the package only when
# DI_DOCS is set: apps that embed the runtime resolve no extra package.
DOCS_OUT ?= .build-docs/site
docs: deps
	DI_DOCS=1 $(SWIFT) package --scratch-path .build-docs --allow-writing-to-directory $(DOCS_OUT) \
		generate-documentation --target Injection --target InjectionTrace --target InjectionTesting \
		--warnings-as-errors --enable-experimental-combined-documentation \
		--output-path $(DOCS_OUT) --transform-for-static-hosting --hosting-base-path swift-injection
	@echo "Documentation: $(DOCS_OUT)/index.html"

# di-inspect as a tool: the binary, its man page (argument-parser's manual generator) and
# bash/zsh/fish completions under PREFIX (DESTDIR for packagers).
PREFIX ?= /usr/local
CONFIG ?= release
install: deps
	Scripts/install.sh "$(DESTDIR)$(PREFIX)" "$(CONFIG)"

# `make install` into a temporary prefix, then the installed files checked (part of `make test`).
check-install: test-deps
	Scripts/check-install.sh

# libFuzzer over the trace line decoder and the graph's ingest (TraceFuzzer), and over the
# inspector's screen path (InspectorFuzzer: a trace opened headless, keys pressed, frames drawn at
# several terminal sizes). Fuzzing/ is its own package so the sanitizer flags stay out of the main
# build; both are seeded from Resources/traces and the kept crashers. `make fuzz` runs FUZZ_RUNS
# inputs each; `make fuzz-short` (part of `make test`) about 30 s of each, side by side. A crash
# leaves its input in Fuzzing/.build/crashers (inspector-crashers): add it to
# Tests/InjectionGraphTests/FuzzCrashers (Tests/InjectionInspectorTests/FuzzCrashers).
FUZZ_RUNS ?= 1000000
INSPECTOR_FUZZ_RUNS ?= 100000
FUZZER := Fuzzing/.build/release/TraceFuzzer
FUZZ_ARGUMENTS := Fuzzing/.build/corpus Resources/traces Tests/InjectionGraphTests/FuzzCrashers \
	-dict=Fuzzing/trace.dict -max_len=4096 -artifact_prefix=Fuzzing/.build/crashers/ -print_final_stats=1
INSPECTOR_FUZZER := Fuzzing/.build/release/InspectorFuzzer
INSPECTOR_FUZZ_ARGUMENTS := Fuzzing/.build/inspector-corpus Resources/traces Tests/InjectionGraphTests/FuzzCrashers \
	Tests/InjectionInspectorTests/FuzzCrashers -dict=Fuzzing/trace.dict -max_len=4096 \
	-artifact_prefix=Fuzzing/.build/inspector-crashers/ -print_final_stats=1
fuzz-build: deps
	cd Fuzzing && $(SWIFT) build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
	mkdir -p Fuzzing/.build/corpus Fuzzing/.build/crashers Fuzzing/.build/inspector-corpus Fuzzing/.build/inspector-crashers
fuzz: fuzz-build
	$(FUZZER) $(FUZZ_ARGUMENTS) -runs=$(FUZZ_RUNS)
	$(INSPECTOR_FUZZER) $(INSPECTOR_FUZZ_ARGUMENTS) -runs=$(INSPECTOR_FUZZ_RUNS)
# The two short runs go side by side, one core each (libFuzzer runs one thread); each log is
# printed whole when both have ended, and either failing fails the step.
fuzz-short: fuzz-build
	@$(FUZZER) $(FUZZ_ARGUMENTS) -max_total_time=30 > Fuzzing/.build/trace-fuzz.log 2>&1 & trace=$$!; \
	$(INSPECTOR_FUZZER) $(INSPECTOR_FUZZ_ARGUMENTS) -max_total_time=30 > Fuzzing/.build/inspector-fuzz.log 2>&1; \
	inspector=$$?; wait $$trace; trace=$$?; \
	echo "== TraceFuzzer (exit $$trace)"; cat Fuzzing/.build/trace-fuzz.log; \
	echo "== InspectorFuzzer (exit $$inspector)"; cat Fuzzing/.build/inspector-fuzz.log; \
	[ $$trace -eq 0 ] && [ $$inspector -eq 0 ]

# Random container trees (Tests/WiringFuzzTests): `swift test` runs the fixed seeds; this runs new
# random seeds for FUZZ_WIRING_SECONDS (20 s of `make test`), each wiring with 8 random lifetime
# scripts (newSingletons, resets, overrides after a build, dropped weak holders, resolves through a
# second container: every break reported, nothing reported without one; half of them read back
# through a trace recorder; FUZZ_WIRING_RECORDED=0 reads none). FUZZ_WIRING_SEED=<n> replays one
# seed and prints its programs; a failure prints its seed and the smallest program that still fails
# (FUZZ_WIRING_KEEP_GOING=1 counts every failure instead).
FUZZ_WIRING_SECONDS ?= 60
FUZZ_WIRING_RECORDED ?= 1
fuzz-wiring: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	FUZZ_WIRING_RECORDED=$(FUZZ_WIRING_RECORDED) FUZZ_WIRING_SECONDS=$(FUZZ_WIRING_SECONDS) $(SWIFT) test --skip-build \
		--filter 'WiringFuzzTests.randomWiringsKeepTheirInvariants' $(SWIFT_FLAGS)

# di-scan, the source reader behind `di-inspect scan` (Scan/, its own package: swift-syntax is
# built there only, never by the root package's builds). Debug builds for `make test`; the
# release build (swift-syntax in release takes minutes) only for `make scan-bench`.
scan-build:
	cd Scan && $(SWIFT) build $(SWIFT_FLAGS)
scan-test:
	cd Scan && $(SWIFT) build --build-tests $(SWIFT_FLAGS)
	cd Scan && $(SWIFT) test --skip-build $(SWIFT_FLAGS)
# Synthetic apps in every style: parse-only against a full scan (di-scan alone, and the whole
# di-inspect scan, built here in release too), one job against two, peak memory on 200 k lines,
# output identical across job counts (SCAN_BENCH_FLAGS=--scale adds 500 k lines).
SCAN_BENCH_FLAGS ?=
scan-bench:
	cd Scan && $(SWIFT) build -c release --product di-scan && $(SWIFT) build -c release --product scan-bench \
		&& $(SWIFT) build -c release --product di-inspect
	Scan/.build/release/scan-bench $(SCAN_BENCH_FLAGS)

# The wiring fuzzer's random lifetime scripts alone, for FUZZ_WIRING_SECONDS (thousands a minute).
fuzz-lifetime: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	FUZZ_WIRING_LIFETIME=only FUZZ_WIRING_SECONDS=$(FUZZ_WIRING_SECONDS) $(SWIFT) test --skip-build \
		--filter 'WiringFuzzTests.randomWiringsKeepTheirInvariants' $(SWIFT_FLAGS)

demo: build
	$(SWIFT) run $(SWIFT_FLAGS) di-inspect demo

# `di-inspect scan` on the sample app's sources: its faults (behind --fault flags, never taken by a
# plain run) found without running anything. Builds di-inspect and di-scan (Scan/) first; exits 0
# when the scan printed its problems (its own exit code is 1: there are some).
scan-demo: build scan-build
	DI_SCAN=Scan/.build/debug/di-scan .build/debug/di-inspect scan Sources/SampleApp; [ $$? -le 1 ]

# `di-inspect scan` driven whole (Tests/ScanEndToEndTests): the sample app's faults, its run
# against its scan, seeded mutations (the seed is printed). Needs di-scan's debug build.
scan-e2e: scan-build
	DI_SCAN=$(CURDIR)/Scan/.build/debug/di-scan $(SWIFT) test --skip-build --filter ScanEndToEndTests $(SWIFT_FLAGS)

clean:
	rm -rf .build .build-tsan .build-asan .build-notracing .build-docs Benchmarks/.build Fuzzing/.build Scan/.build
