#!/usr/bin/env python3
"""Times how long MapWire takes to exit on SIGTERM with map sessions and held
sockets attached (docs/performance.md, "Connection churn and
limits"). The tests assert what the shutdown does (sessions closed with
1001, exit status 0, no waiting for held sockets); this prints how fast.

Each run starts the binary with a store of its own, connects the sessions
(HELLO, first frame read) and the held sockets (half with an unfinished
request head), sends SIGTERM and times it to the process's exit:

    swift build -c release --product mapwire
    scripts/shutdown_time.py --bin .build/release/mapwire --runs 10
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))

import websocket  # noqa: E402

import wire  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(binary: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    store = os.path.join(tempfile.mkdtemp(prefix="mapwire-shutdown-"), "world.sqlite")
    process = subprocess.Popen([binary, "--port", str(port), "--no-demo", "--store", store,
                                "--public", os.path.join(ROOT, "Public"), "--data", os.path.join(ROOT, "fixtures"),
                                "--request-timeout", "3600", "--first-message-timeout", "3600"],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return process, port
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise SystemExit(f"{binary} did not start")
            time.sleep(0.05)


def session(port: int) -> websocket.WebSocket:
    ws = websocket.create_connection(f"ws://127.0.0.1:{port}/ws", subprotocols=["mapwire.v1"], timeout=30)
    ws.send_binary(wire.hello(1280, 800))
    while not isinstance(wire.decode_server_message(ws.recv()), wire.Frame):
        pass
    return ws


def one_run(binary: str, sessions: int, held: int) -> float:
    process, port = start(binary)
    clients = [session(port) for _ in range(sessions)]
    sockets = [socket.create_connection(("127.0.0.1", port)) for _ in range(held)]
    for s in sockets[: held // 2]:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x")
    session(port).close()  # answered after the held sockets were accepted
    started = time.monotonic()
    process.send_signal(signal.SIGTERM)
    process.wait(60)
    elapsed = time.monotonic() - started
    for c in clients:
        c.close()
    for s in sockets:
        s.close()
    if process.returncode != 0:
        raise SystemExit(f"exit status {process.returncode}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "mapwire"))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--sessions", type=int, default=5)
    parser.add_argument("--held", type=int, default=50)
    args = parser.parse_args()
    times = [one_run(args.bin, args.sessions, args.held) for _ in range(args.runs)]
    times.sort()
    print(f"SIGTERM to exit, {args.sessions} sessions and {args.held} held sockets, {args.runs} runs: "
          f"p50 {statistics.median(times) * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
