# The README's commands: `make demo` opens the live inspector on the sample app, `make test` runs
# every test. Whatever a build or a test needs from the system is checked (and installed when
# possible) by `make deps` first.
SWIFT ?= swift
SWIFT_FLAGS ?=
APT_PACKAGES := libncurses-dev tmux graphviz

.PHONY: all build test tsan bench demo deps clean

all: build

deps:
	@Scripts/ensure-deps.sh $(APT_PACKAGES)

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_FLAGS)
	$(MAKE) tsan

# The concurrency tests under ThreadSanitizer, in their own build folder. The suppressions file
# explains the one false positive it silences (Synchronization.Mutex on Linux).
tsan: deps
	TSAN_OPTIONS="suppressions=$(CURDIR)/Scripts/tsan-suppressions.txt $${TSAN_OPTIONS:-}" $(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter ConcurrencyTests $(SWIFT_FLAGS)

# Resolution speed against direct construction and Swinject, then the graph at scale.
bench: deps
	cd Benchmarks && $(SWIFT) build -c release
	cd Benchmarks && .build/release/InjectionBenchmarks
	$(SWIFT) build -c release --product GraphBenchmarks
	.build/release/GraphBenchmarks
	Scripts/bench-inspector.sh

demo: build
	$(SWIFT) run $(SWIFT_FLAGS) di-inspect demo

clean:
	rm -rf .build .build-tsan Benchmarks/.build
