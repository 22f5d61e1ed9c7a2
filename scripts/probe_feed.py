#!/usr/bin/env python3
"""Feeds a running mapwire as hard as a producer can and samples the
server's resident memory: one producer that reads its answers and one that
never does (with echo on). Prints the peak and the memory after the close.

    scripts/probe_feed.py --bin .build/release/mapwire --seconds 20
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request

import websocket


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def batch(ids: int, step: int, echo: bool) -> str:
    moves = [{"id": f"v{i}", "latitude": (i * 7 + step) % 170 - 85, "longitude": (i * 13 + step) % 360 - 180}
             for i in range(ids)]
    return json.dumps({"moves": moves, "echo": echo})


def producer(url: str, seconds: float, reads: bool, echo: bool, ids: int, log: dict) -> None:
    ws = websocket.create_connection(url, subprotocols=["mapwire.feed.v1"], timeout=60)
    sent = answered = 0
    done = threading.Event()

    def reader() -> None:
        nonlocal answered
        try:
            while not done.is_set():
                ws.recv()
                answered += 1
        except Exception as error:  # the close ends it
            log["reader"] = repr(error)

    if reads:
        threading.Thread(target=reader, daemon=True).start()
    # Encoded once, so the producer outpaces the server as a compiled one would.
    batches = [batch(ids, step, echo) for step in range(8)]
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            ws.send(batches[sent % len(batches)])
            sent += 1
    except Exception as error:
        log["sender"] = repr(error)
    log["last_send"] = time.monotonic()
    drain_end = time.monotonic() + 30
    while reads and answered < sent and time.monotonic() < drain_end:
        time.sleep(0.05)
    log["last_answer"] = time.monotonic()
    done.set()
    log.update(sent=sent, answered=answered)
    try:
        ws.close()
    except Exception:
        pass


def run(binary: str, seconds: float, reads: bool, echo: bool, ids: int) -> dict:
    port = free_port()
    store = os.path.join(tempfile.mkdtemp(prefix="mapwire-feed-probe-"), "world.sqlite")
    server = subprocess.Popen([binary, "--port", str(port), "--no-demo", "--samples", "none", "--store", store,
                               "--log-level", "warning"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except Exception:
                time.sleep(0.1)
        body = "".join(json.dumps({"type": "Feature", "id": f"v{i}", "geometry": {"type": "Point",
                       "coordinates": [0, 0]}, "properties": {"title": f"v{i}"}}) + "\n" for i in range(ids))
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/annotations", data=body.encode(),
                                         headers={"Content-Type": "application/x-ndjson"}, method="POST")
        urllib.request.urlopen(request, timeout=60).read()
        start_rss = rss_mb(server.pid)
        log: dict = {}
        thread = threading.Thread(target=producer, args=(f"ws://127.0.0.1:{port}/feed", seconds, reads, echo, ids,
                                                          log))
        thread.start()
        peak = start_rss
        while thread.is_alive():
            peak = max(peak, rss_mb(server.pid))
            time.sleep(0.2)
        time.sleep(2)
        after = rss_mb(server.pid)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
            metrics = {k: v for k, _, v in (line.partition(" ") for line in response.read().decode().splitlines())
                       if k in ("mapwire_feed_read_pauses_total",
                                'mapwire_connection_closes_total{reason="slow_client"}')}
        return {"reads": reads, "echo": echo, "start_mb": round(start_rss), "peak_mb": round(peak),
                "after_close_mb": round(after), "sent": log.get("sent"), "answered": log.get("answered"),
                "last_answer_after_last_send_s": round(log.get("last_answer", 0) - log.get("last_send", 0), 2),
                "sender_error": log.get("sender"), **metrics}
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=".build/release/mapwire")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--moves", type=int, default=5000, help="moves a batch")
    args = parser.parse_args()
    print(json.dumps(run(args.bin, args.seconds, reads=True, echo=False, ids=args.moves)))
    print(json.dumps(run(args.bin, args.seconds, reads=False, echo=True, ids=args.moves)))


if __name__ == "__main__":
    main()
