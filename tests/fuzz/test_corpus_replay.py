"""The fuzzers' committed corpus, replayed through the same checks by a plain
(debug) build of mapwire-fuzz, so every run of the suite keeps them; the
libFuzzer runs themselves are scripts/fuzz.sh."""

from __future__ import annotations

import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, ".build", "debug", "mapwire-fuzz")


@pytest.mark.parametrize("target", ["client-message", "api-body", "session", "http-connection",
                                    "vector-tile"])
def test_every_corpus_input_keeps_its_property(target):
    assert os.path.exists(BINARY), f"{BINARY} is missing: run `swift build` first"
    corpus = os.path.join(ROOT, "Fuzz", "corpus", target)
    inputs = os.listdir(corpus)
    assert inputs, f"{corpus} is empty"
    result = subprocess.run([BINARY, target, corpus], cwd=ROOT, capture_output=True, text=True, timeout=300,
                            env={**os.environ, "MAPWIRE_ROOT": ROOT, "SWIFT_BACKTRACE": "enable=no"})
    assert result.returncode == 0, result.stderr[-2000:]
    assert f"{len(inputs)} inputs replayed" in result.stdout


def test_a_single_file_is_replayed_as_one_input():
    corpus = os.path.join(ROOT, "Fuzz", "corpus", "client-message")
    one = os.path.join(corpus, sorted(os.listdir(corpus))[0])
    result = subprocess.run([BINARY, "client-message", one], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "1 inputs replayed" in result.stdout, result


def test_a_broken_property_fails_the_replay(tmp_path):
    """The replay is not a formality: a check that fails exits non-zero. An API
    answer can't be made to fail from outside, so the usage error stands in
    for the exit path, and a missing input file fails too."""
    result = subprocess.run([BINARY, "client-message", str(tmp_path / "missing")], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "cannot read" in result.stderr
    result = subprocess.run([BINARY, "no-such-target"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "targets: client-message, api-body, session" in result.stderr
