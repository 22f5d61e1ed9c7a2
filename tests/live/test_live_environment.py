"""Every flag can also come from a MAPWIRE_ environment variable, as
container deployments expect, or from the JSON or YAML file --config names;
the flag on the command line wins, then the variable, then the file."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import tempfile
import urllib.request

from live_server import HANG, ROOT, binary_path, free_port, start_server


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
        if not long or long[0] in ("help", "version") or long[0].startswith("no-"):
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


def test_a_config_file_a_variable_and_a_flag_combine():
    folder = tempfile.mkdtemp(prefix="mapwire-config-")
    path = os.path.join(folder, "mapwire.yaml")
    with open(path, "w") as f:
        f.write("samples: wishlist\n"
                "demo: true\n"
                "allowed-origin:\n  - https://file.example\n")
    # The file chooses the samples; the variable replaces its origins; the flag (--no-demo, which
    # start_server always passes) turns off the demo the file turns on.
    server = start_server("--config", path, env={"MAPWIRE_ALLOWED_ORIGIN": "https://env.example"})
    try:
        assert {a["kind"] for a in annotations(server)} == {"person"}, "wishlist only, and no travellers"
        with urllib.request.urlopen(server.http + "/", timeout=5) as response:
            policy = response.headers["Content-Security-Policy"]
        assert "https://env.example" in policy and "https://file.example" not in policy
    finally:
        server.stop()


def test_a_bad_value_in_the_file_names_the_key_and_the_file():
    folder = tempfile.mkdtemp(prefix="mapwire-config-")
    path = os.path.join(folder, "mapwire.json")
    with open(path, "w") as f:
        json.dump({"max-sessions": 0}, f)
    result = subprocess.run([binary_path(), "--store", ":memory:", "--config", path], capture_output=True,
                            text=True, timeout=30)
    assert result.returncode == 64, result.stderr
    assert f"{path}: max-sessions must be a whole number, 1 or more, not 0" in result.stderr


def test_an_unknown_variable_is_named_in_a_warning():
    server = start_server("--samples", "none", env={"MAPWIRE_PORTT": "9000"})
    try:
        output = server.output()
    finally:
        server.stop()
    assert re.search(r"warning .*MAPWIRE_PORTT is no setting's variable.*did you mean MAPWIRE_PORT\?", output), output


def test_the_settings_log_hides_the_token():
    server = start_server("--samples", "none", "--log-level", "debug", env={"MAPWIRE_API_TOKEN": "s3cret-token"})
    try:
        output = server.output()
    finally:
        server.stop()
    assert "api-token = <REDACTED> (MAPWIRE_API_TOKEN)" in output, output
    assert "port = " in output and "s3cret-token" not in output


def test_version_prints_the_version():
    with open(os.path.join(ROOT, "Sources", "MapWire", "MapWireVersion.swift")) as f:
        version = re.search(r'current = "([^"]+)"', f.read()).group(1)
    result = subprocess.run([binary_path(), "--version"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0 and result.stdout == version + "\n", (result.returncode, result.stdout)


def json_log(*flags: str) -> list[dict]:
    """The standard error of a server started with `flags`, asked for /healthz once and stopped, as JSON lines."""
    port = free_port()
    stderr = tempfile.TemporaryFile(mode="w+")
    process = subprocess.Popen([binary_path(), "--port", str(port), "--store", ":memory:", "--no-demo",
                                "--samples", "none", "--log-format", "json", *flags],
                               stdout=subprocess.PIPE, stderr=stderr, text=True)
    try:
        assert f":{port}/" in process.stdout.readline()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
            assert response.status == 200
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
    stderr.seek(0)
    lines = [line for line in stderr.read().splitlines() if line]
    return [json.loads(line) for line in lines]


def test_json_logs_are_one_object_a_line():
    lines = json_log("--log-level", "info")
    assert lines, "the server logs its start and its stop"
    for line in lines:
        assert set(line) == {"time", "level", "label", "message", "metadata"}, line
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", line["time"]), line
    assert any(line["label"] == "mapwire.server" and "listening" in line["message"] for line in lines)


def test_at_debug_libwebsockets_stays_quiet_unless_asked():
    quiet = json_log("--log-level", "debug")
    assert any(line["level"] == "debug" for line in quiet), "the server's own debug lines show"
    assert not [line for line in quiet if line["label"] == "mapwire.lws" and line["level"] == "debug"]
    asked = json_log("--log-level", "debug", "--lws-log-level", "debug")
    assert [line for line in asked if line["label"] == "mapwire.lws" and line["level"] == "debug"]
