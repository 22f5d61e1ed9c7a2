"""Schemathesis against the real server and docs/openapi.yaml: it generates
requests from the document (valid and invalid ones, on every operation,
then chains of them) and fails when an answer is not what the document
says: a status the operation does not list, a Content-Type it does not
list, a body or a header that does not fit the schema, a 5xx, a method the
document leaves out that is not answered 405 with `Allow`, or an `Allow`
that is not the document's list.

Twice, each server with a store of its own: open (no token; the test is
on loopback, so it may write) and with a token, sent on every request.
Runs are repeatable (deterministic generation, one worker) and bounded by
the number of examples, about half a minute each."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import yaml

from live_server import HERE, ROOT, start_server

SPEC = os.path.join(ROOT, "docs", "openapi.yaml")
CONFIG = os.path.join(HERE, "schemathesis.toml")
TOKEN = "schemathesis-token"
# Cases per operation in the fuzzing phase; the coverage phase adds its own.
MAX_EXAMPLES = 25
CHECKS = [
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_schema_conformance",
    "response_headers_conformance",
    "unsupported_method",
    "allow_header_conformance",
]


def run_schemathesis(server, tmp_path, *extra: str) -> subprocess.CompletedProcess:
    command = [
        sys.executable, "-m", "schemathesis.cli", "--config-file", CONFIG, "run", SPEC,
        "--url", server.http,
        "--checks", ",".join(CHECKS),
        "--max-examples", str(MAX_EXAMPLES),
        "--generation-deterministic",
        "--workers", "1",
        "--request-timeout", "10",
        "--no-color",
        *extra,
    ]
    # The hooks module gives schemathesis a serializer for NDJSON imports.
    pythonpath = os.pathsep.join(filter(None, [HERE, os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "SCHEMATHESIS_HOOKS": "schemathesis_hooks", "PYTHONPATH": pythonpath}
    # In a temporary folder: schemathesis may write reports and caches next to it.
    return subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)


def operation_count() -> int:
    with open(SPEC) as f:
        paths = yaml.safe_load(f)["paths"]
    return sum(1 for item in paths.values() for key in item if key != "parameters")


def assert_conforms(result: subprocess.CompletedProcess):
    output = result.stdout + result.stderr
    # The failures section names each case and how to reproduce it; the summary ends the output.
    start = output.find("FAILURES")
    start = output.find("ERRORS") if start < 0 else start
    shown = output[start:] if start >= 0 else output[-6000:]
    assert result.returncode == 0, f"schemathesis found answers docs/openapi.yaml does not describe:\n{shown}"
    # Not a run that quietly tested less than the whole document.
    operations = operation_count()
    assert f"Tested: {operations}" in output and f"Selected: {operations}/{operations}" in output, output[-3000:]


@pytest.mark.parametrize("with_token", [False, True], ids=["open", "token"])
def test_the_server_answers_as_the_document_says(with_token, tmp_path):
    server = start_server(*(["--api-token", TOKEN] if with_token else []))
    try:
        extra = ["--header", f"Authorization: Bearer {TOKEN}"] if with_token else []
        result = run_schemathesis(server, tmp_path, *extra)
    finally:
        server.stop()
    assert_conforms(result)
