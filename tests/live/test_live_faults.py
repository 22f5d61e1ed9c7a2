"""Faults the operator meets: a port already taken, a missing or corrupt
fixture, SIGTERM with clients attached. Each must end with a clear message
and the right exit status, never a trap."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import struct
import subprocess
import time

import pytest
import websocket

from live_server import HANG, ROOT, start_server
from neighbour import Neighbour

BINARY = os.environ.get("MAPWIRE_BIN", os.path.join(ROOT, ".build", "debug", "mapwire"))


def run_to_exit(*flags: str, timeout: float = 30) -> subprocess.CompletedProcess:
    return subprocess.run([BINARY, "--no-demo", "--store", ":memory:", "--public", os.path.join(ROOT, "Public"),
                           *flags],
                          cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def test_a_second_server_on_the_same_port_exits_with_a_clear_message():
    first = start_server()
    try:
        second = run_to_exit("--port", str(first.port), "--data", os.path.join(ROOT, "fixtures"))
        assert second.returncode == 1, second
        assert f"port {first.port} is in use" in second.stderr, second.stderr
        # The first one is unharmed.
        Neighbour(first).assert_served(steps=1)
    finally:
        first.stop()


@pytest.fixture
def data_copy(tmp_path):
    data = tmp_path / "fixtures"
    shutil.copytree(os.path.join(ROOT, "fixtures"), data)
    return data


def corrupt(data, name: str, content: bytes | None):
    path = data / name
    if content is None:
        path.unlink()
    else:
        path.write_bytes(content)
    return str(path)


@pytest.mark.parametrize("name, content, words", [
    ("tiles/world.mbtiles", None, "cannot open the tile archive"),
    ("tiles/world.mbtiles", b"", "neither an MBTiles nor a PMTiles file"),
    ("tiles/world.mbtiles", "truncated", "database is unusable"),
    ("people.json", None, "cannot read people file"),
    ("people.json", b'{"people": [', "is invalid"),
    ("mapcallouts.json", b"not json", "landmarks file"),
    ("helsinki-trams.json", None, "cannot read tram file"),
    ("helsinki-trams.json", b'{"lines": [{"id": 1}]}', "tram file"),
])
def test_a_missing_or_corrupt_fixture_names_the_file_and_exits_1(data_copy, name, content, words):
    if content == "truncated":
        content = (data_copy / name).read_bytes()[:5000]
    path = corrupt(data_copy, name, content)
    result = run_to_exit("--port", "0", "--data", str(data_copy))
    assert result.returncode == 1, (result.returncode, result.stderr)  # not a signal (a trap is negative)
    assert path in result.stderr and words in result.stderr, result.stderr
    assert "people file" not in result.stderr or name == "people.json"


def test_sigterm_with_held_sockets_closes_sessions_with_1001_and_exits_0_without_waiting_for_them():
    # Held sockets would be dropped at their deadlines, an hour away here: a
    # server that waited for them fails stop()'s hang guard. How long the exit
    # takes is scripts/shutdown_time.py's measurement.
    server = start_server("--request-timeout", "3600", "--first-message-timeout", "3600")
    sessions = [Neighbour(server) for _ in range(5)]
    held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(50)]
    for s in held[:25]:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x")
    # The server has them all: a request on a fresh connection is answered after them.
    Neighbour(server).assert_served(steps=1)
    server.stop(signal.SIGTERM)
    assert server.process.returncode == 0, server.output()
    for session in sessions:
        while True:
            frame = session.ws.recv_frame()
            if frame.opcode == websocket.ABNF.OPCODE_CLOSE:
                assert struct.unpack("!H", frame.data[:2])[0] == 1001
                break
    # Nothing listens any more.
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", server.port), timeout=1)


def start_piped(store: str) -> subprocess.Popen:
    return subprocess.Popen([BINARY, "--port", "0", "--no-demo", "--store", store, "--log-level", "warning",
                             "--public", os.path.join(ROOT, "Public"), "--data", os.path.join(ROOT, "fixtures")],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def test_sigterm_the_moment_the_server_says_it_listens_still_stops_it_cleanly(tmp_path):
    """A supervisor signals as soon as it sees the line: the signal must not
    fall into a gap before the server waits for it (it was ignored there, and
    the server never stopped)."""
    for attempt in range(10):
        process = start_piped(str(tmp_path / f"world-{attempt}.sqlite"))
        try:
            line = process.stdout.readline()
            assert "listening" in line, line
            process.send_signal(signal.SIGTERM)
            assert process.wait(timeout=HANG) == 0, f"attempt {attempt}: exit {process.returncode}"
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()


def holds_sigterm(pid: int) -> bool:
    # Between fork and exec, Python's child blocks every signal and unblocks them just before exec: a signal
    # sent then kills it by the default action before the server's code runs. Only the server holding SIGTERM
    # counts, so the executable is read first (once it is the server, the masks read after it are the
    # server's), and every thread must hold it: the kernel gives a process's signal to any thread that lets it in.
    try:
        if os.path.realpath(f"/proc/{pid}/exe") != os.path.realpath(BINARY):
            return False
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/status") as status:
                mask = next(line for line in status if line.startswith("SigBlk:")).split()[1]
            if int(mask, 16) & (1 << (signal.SIGTERM - 1)) == 0:
                return False
    except OSError:
        return False
    return True


def test_sigterm_during_start_up_is_kept_until_the_server_can_stop_cleanly(tmp_path):
    """Sent while the server starts (once its code runs; before that the kernel's
    default applies): it finishes starting, then shuts down as on any SIGTERM
    (exit 0, its store written), instead of dying by the signal."""
    process = start_piped(str(tmp_path / "world.sqlite"))
    try:
        deadline = time.monotonic() + HANG
        while not holds_sigterm(process.pid):
            assert time.monotonic() < deadline, "the server never held SIGTERM"
            time.sleep(0.001)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0, process.stdout.read()
        assert os.path.exists(tmp_path / "world.sqlite")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
