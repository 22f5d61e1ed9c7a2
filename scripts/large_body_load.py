#!/usr/bin/env python3
"""Posts 8 MB batches of moves from several clients to a running MapWire on
loopback while timing GET /healthz (docs/performance.md, "Large request
bodies next to small requests").

    .build/release/mapwire --port 18263 --no-demo &
    scripts/large_body_load.py --port 18263 --clients 4 --duration 15
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time
import urllib.error
import urllib.request


def request(base: str, method: str, path: str, body: bytes | None = None) -> int:
    req = urllib.request.Request(base + path, data=body, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=120) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--duration", type=float, default=15)
    parser.add_argument("--pins", type=int, default=2000)
    args = parser.parse_args()
    base = f"http://127.0.0.1:{args.port}"

    for i in range(args.pins):
        request(base, "POST", "/api/annotations",
                json.dumps({"id": f"big-{i}", "title": "x", "latitude": 10, "longitude": 10}).encode())
    moves, size, i = [], 0, 0
    while True:
        move = {"id": f"big-{i % args.pins}", "latitude": 10 + (i % 1000) / 1000,
                "longitude": 20 + (i % 977) / 1000}
        size += len(json.dumps(move)) + 2
        if size > 8 * 1024 * 1024 - 100:
            break
        moves.append(move)
        i += 1
    body = json.dumps({"moves": moves}).encode()
    print(f"batch: {len(body)} bytes, {len(moves)} moves")

    stop = time.monotonic() + args.duration
    posts: list[tuple[float, int]] = []

    def poster() -> None:
        while time.monotonic() < stop:
            started = time.monotonic()
            status = request(base, "POST", "/api/moves", body)
            posts.append((time.monotonic() - started, status))

    threads = [threading.Thread(target=poster) for _ in range(args.clients)]
    for thread in threads:
        thread.start()
    waits = []
    while time.monotonic() < stop:
        started = time.monotonic()
        request(base, "GET", "/healthz")
        waits.append(time.monotonic() - started)
        time.sleep(0.05)
    for thread in threads:
        thread.join()
    waits.sort()
    print(f"/healthz: {len(waits)} answers, p50 {waits[len(waits) // 2] * 1000:.1f} ms, "
          f"p99 {waits[int(len(waits) * 0.99)] * 1000:.1f} ms, max {waits[-1] * 1000:.1f} ms")
    if posts:
        print(f"batches answered: {len(posts)}, statuses {sorted({s for _, s in posts})}, "
              f"p50 {statistics.median(d for d, _ in posts):.2f} s")


if __name__ == "__main__":
    main()
