# MapWire: the two commands a newcomer needs are `make run` and `make test`.
# Both install what is missing first (scripts/setup.sh, idempotent).

HOST ?= 127.0.0.1
PORT ?= 8080
SWIFT ?= swift
PYTHON ?= python3
FUZZ_SECONDS ?= 30

.PHONY: all setup setup-test build release run test test-swift test-python lint format fuzz bench public-api clean

all: build

setup:
	scripts/setup.sh

setup-test:
	scripts/setup.sh --test

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release

# Build an optimised server and run it with the demo feed until Ctrl-C.
run:
	scripts/setup.sh
	$(SWIFT) build -c release
	@echo "Starting MapWire; open http://$(if $(filter 0.0.0.0 ::,$(HOST)),localhost,$(HOST)):$(PORT)/"
	.build/release/mapwire --host $(HOST) --port $(PORT) --demo

# The Swift sources swift-format keeps to .swift-format.
SWIFT_SOURCES = Package.swift Sources Tests Examples/HelloMap/Package.swift Examples/HelloMap/Sources

# Everything CI runs: the formatting check, Swift unit and socket tests, the
# fuzzers for a bounded time, then the browser, live-server and packaging
# tests against .build/debug/mapwire.
test:
	scripts/setup.sh --test
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_SOURCES)
	$(SWIFT) build
	cd Examples/HelloMap && $(SWIFT) build
	$(SWIFT) test
	scripts/fuzz.sh $(FUZZ_SECONDS)
	$(PYTHON) -m pytest -q tests

test-swift:
	$(SWIFT) test

# Fails on any line swift-format would write otherwise (.swift-format).
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_SOURCES)

# Rewrites the Swift sources as swift-format writes them.
format:
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_SOURCES)

test-python:
	$(PYTHON) -m pytest -q tests

# libFuzzer on the client message decoder and the API bodies (scripts/fuzz.sh).
fuzz:
	scripts/fuzz.sh $(FUZZ_SECONDS)

# Frame benchmarks (numbers go into docs/performance.md).
bench:
	scripts/setup.sh
	$(SWIFT) build -c release --product mapwire-bench
	.build/release/mapwire-bench 1000

# The public declarations an app reaches through `import MapWire`, stored
# where tests/packaging/test_public_api.py compares them (docs/public-api.md).
public-api:
	$(PYTHON) scripts/public_api.py --write

clean:
	rm -rf .build .build-fuzz tests/browser/artifacts
