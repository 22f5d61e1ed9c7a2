#!/usr/bin/env python3
"""Connects and disconnects N map sessions against a running MapWire on
loopback and reports the server's resident memory before, during and after
(docs/performance.md, "Connection churn and limits").

Each cycle opens /ws, sends HELLO, reads the first frame (so the session is
really built) and closes. Usage:

    .build/release/mapwire --port 18090 --no-demo & \
    scripts/connection_churn.py --port 18090 --pid $! --cycles 10000
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "live"))

import websocket  # noqa: E402

import wire  # noqa: E402


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def one_session(url: str) -> None:
    ws = websocket.create_connection(url, subprotocols=["mapwire.v1"], timeout=10)
    try:
        ws.send_binary(wire.hello(1280, 800))
        while True:
            opcode, data = ws.recv_data()
            if opcode == websocket.ABNF.OPCODE_BINARY and isinstance(wire.decode_server_message(data), wire.Frame):
                return
    finally:
        ws.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--pid", type=int, required=True, help="the server's process id, for /proc")
    parser.add_argument("--cycles", type=int, default=10_000)
    parser.add_argument("--settle", type=float, default=3.0, help="seconds to wait before the last reading")
    args = parser.parse_args()
    url = f"ws://127.0.0.1:{args.port}/ws"

    for _ in range(20):  # warm-up: the first sessions fill shared caches (fonts, labels)
        one_session(url)
    time.sleep(1)
    before = rss_kb(args.pid)
    started = time.monotonic()
    readings = []
    for cycle in range(1, args.cycles + 1):
        one_session(url)
        if cycle % max(1, args.cycles // 5) == 0:
            readings.append((cycle, rss_kb(args.pid)))
    elapsed = time.monotonic() - started
    time.sleep(args.settle)
    after = rss_kb(args.pid)
    print(f"cycles {args.cycles} in {elapsed:.1f} s ({args.cycles / elapsed:.0f}/s)")
    print(f"RSS before {before / 1024:.1f} MB, after {after / 1024:.1f} MB "
          f"(+{(after - before) / 1024:.1f} MB, {(after - before) * 1024 / args.cycles:.0f} bytes a cycle)")
    print("during: " + ", ".join(f"{c}: {kb / 1024:.1f} MB" for c, kb in readings))


if __name__ == "__main__":
    main()
