# MapWire: the two commands a newcomer needs are `make run` and `make test`.
# Both install what is missing first (scripts/setup.sh, idempotent).

HOST ?= 127.0.0.1
PORT ?= 8080
SWIFT ?= swift
PYTHON ?= python3
FUZZ_SECONDS ?= 30

.PHONY: all setup setup-test build release run test test-swift test-python fuzz bench public-api clean

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

# Everything CI runs: Swift unit and socket tests, the fuzzers for a bounded
# time, then the browser, live-server and packaging tests against
# .build/debug/mapwire.
test:
	scripts/setup.sh --test
	$(SWIFT) build
	cd Examples/HelloMap && $(SWIFT) build
	$(SWIFT) test
	scripts/fuzz.sh $(FUZZ_SECONDS)
	$(PYTHON) -m pytest -q tests

test-swift:
	$(SWIFT) test

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
