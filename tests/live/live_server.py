"""Starts the real `mapwire` binary on a free port for the live tests.

The binary is MAPWIRE_BIN if set, else .build/debug/mapwire (`make test`
builds it first). If it is missing the tests fail; they are never skipped.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# How long a wait may take before the test calls it a hang: it bounds waits
# for what must happen and is no speed budget (scripts/ time things), so it is
# generous enough for a debug build on a machine busy with other builds.
HANG = 30.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    def __init__(self, process: subprocess.Popen, port: int, log):
        self.process = process
        self.log = log
        self.port = port
        self.http = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}/ws"

    def stop(self, sig=signal.SIGTERM, timeout: float = HANG) -> None:
        """Signals the server and waits for it to exit; one still running after
        `timeout` is killed and fails the test."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                raise AssertionError(f"mapwire did not exit within {timeout} s of {sig!r}")

    def output(self) -> str:
        """Everything the server printed so far (stdout and stderr)."""
        self.log.flush()
        self.log.seek(0)
        return self.log.read()


def new_store() -> str:
    """A store file path in a fresh folder: every server gets its own world."""
    return os.path.join(tempfile.mkdtemp(prefix="mapwire-live-"), "world.sqlite")


def binary_path() -> str:
    binary = os.environ.get("MAPWIRE_BIN", os.path.join(ROOT, ".build", "debug", "mapwire"))
    if not os.path.exists(binary):
        pytest.fail(f"{binary} is missing: run `swift build` first (make test does)")
    return binary


def start_server(*extra: str, env: dict | None = None, store: str | None = None,
                 preexec_fn=None) -> LiveServer:
    """Starts mapwire on a free port with `extra` flags; `env` adds environment
    variables; `store` is the store file (a fresh one when None; pass the same
    path to restart a world); `preexec_fn` runs in the child before exec (e.g.
    to lower its descriptor limit)."""
    binary = binary_path()
    port = free_port()
    # A file, not a pipe: nobody drains a pipe while the tests run.
    log = tempfile.TemporaryFile(mode="w+")
    process = subprocess.Popen(
        [binary, "--port", str(port), "--no-demo", "--store", store or new_store(),
         "--public", os.path.join(ROOT, "Public"), "--data", os.path.join(ROOT, "fixtures"), *extra],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, **(env or {})}, preexec_fn=preexec_fn)
    server = LiveServer(process, port, log)
    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            output = server.output()
            pytest.fail(f"mapwire exited with {process.returncode}:\n{output}")
        try:
            with urllib.request.urlopen(server.http + "/healthz", timeout=2) as response:
                if response.status == 200:
                    return server
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if time.monotonic() > deadline:
            server.stop(signal.SIGKILL)
            pytest.fail("mapwire did not answer /healthz within 60 s")
        time.sleep(0.1)
