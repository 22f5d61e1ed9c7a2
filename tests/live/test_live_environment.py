"""Every flag can also come from a MAPWIRE_ environment variable, as
container deployments expect; the flag on the command line wins."""

from __future__ import annotations

import json
import os
import subprocess
import urllib.request

from live_server import HANG, binary_path, free_port, start_server


def annotations(server) -> list[dict]:
    with urllib.request.urlopen(server.http + "/api/annotations", timeout=HANG) as response:
        return json.load(response)["annotations"]


def flags() -> list[dict]:
    dump = subprocess.run([binary_path(), "--experimental-dump-help"], capture_output=True, text=True, check=True)
    return json.loads(dump.stdout)["command"]["arguments"]


def test_help_names_the_variable_of_every_flag():
    help_text = subprocess.run([binary_path(), "--help"], capture_output=True, text=True, check=True).stdout
    for argument in flags():
        long = [n["name"] for n in argument.get("names", []) if n["kind"] == "long"]
        if not long or long[0] == "help" or long[0].startswith("no-"):
            continue
        variable = "MAPWIRE_" + long[0].upper().replace("-", "_")
        assert f"env: {variable}" in help_text, f"--help does not name {variable}"


def test_variables_configure_the_server():
    port = free_port()
    server = start_server(env={"MAPWIRE_SAMPLES": "none", "MAPWIRE_DEMO": "false",
                               "MAPWIRE_ALLOWED_ORIGIN": "https://a.example, https://b.example",
                               "MAPWIRE_MAX_SESSIONS": "7"})
    try:
        assert annotations(server) == [], "MAPWIRE_SAMPLES=none leaves the map empty"
        # Both origins from the comma-separated list may frame the page.
        with urllib.request.urlopen(server.http + "/", timeout=HANG) as response:
            policy = response.headers["Content-Security-Policy"]
        assert "https://a.example" in policy and "https://b.example" in policy
    finally:
        server.stop()
    # MAPWIRE_PORT alone picks the port (the test helper always passes --port, so start by hand).
    process = subprocess.Popen([binary_path(), "--store", ":memory:", "--no-demo", "--samples", "none"],
                               env={**os.environ, "MAPWIRE_PORT": str(port)}, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    try:
        line = process.stdout.readline()
        assert f":{port}/" in line, line
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=HANG) as response:
            assert response.status == 200
    finally:
        process.terminate()
        process.wait(timeout=HANG)


def test_the_flag_wins_over_its_variable():
    server = start_server("--samples", "wishlist", env={"MAPWIRE_SAMPLES": "none"})
    try:
        assert {a["kind"] for a in annotations(server)} == {"person"}
    finally:
        server.stop()


def test_a_bad_value_names_its_variable():
    result = subprocess.run([binary_path(), "--store", ":memory:"], capture_output=True, text=True, timeout=30,
                            env={**os.environ, "MAPWIRE_DEMO": "maybe"})
    assert result.returncode != 0
    assert "MAPWIRE_DEMO" in result.stderr and "maybe" in result.stderr
    result = subprocess.run([binary_path(), "--store", ":memory:"], capture_output=True, text=True, timeout=30,
                            env={**os.environ, "MAPWIRE_PORT": "eighty"})
    assert result.returncode != 0
    assert "MAPWIRE_PORT=eighty" in result.stderr and "--port" in result.stderr
    result = subprocess.run([binary_path(), "--store", ":memory:"], capture_output=True, text=True, timeout=30,
                            env={**os.environ, "MAPWIRE_SYNC": "fast"})
    assert result.returncode != 0
    assert "MAPWIRE_SYNC=fast" in result.stderr and "--sync" in result.stderr and "'full'" in result.stderr


def test_a_token_from_the_environment_is_never_echoed():
    result = subprocess.run([binary_path(), "--store", ":memory:", "--port", "nope"], capture_output=True,
                            text=True, timeout=30, env={**os.environ, "MAPWIRE_API_TOKEN": "s3cret-token"})
    assert result.returncode != 0
    assert "s3cret-token" not in result.stderr + result.stdout
