#!/usr/bin/env python3
"""Times single writes: `POST /api/annotations` one at a time into a fresh
`mapwire` with a store file, each answered once its commit is in the file.

Nothing shares a commit here, so each write pays whatever a commit costs:
with `--sync full` that is a sync of the disk. Run from the repository root:

    swift build -c release --product mapwire
    python3 scripts/write_latency.py --sync normal
    python3 scripts/write_latency.py --sync full
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "mapwire"))
    parser.add_argument("--sync", choices=["normal", "full"], default="normal")
    parser.add_argument("--writes", type=int, default=500)
    args = parser.parse_args()
    store = os.path.join(tempfile.mkdtemp(prefix="mapwire-writes-"), "world.sqlite")
    port = free_port()
    server = subprocess.Popen([args.bin, "--port", str(port), "--no-demo", "--samples", "none", "--log-level",
                               "warning", "--store", store, "--sync", args.sync], cwd=ROOT,
                              stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        times = []
        for i in range(args.writes):
            body = json.dumps({"id": f"p{i}", "title": f"Pin {i}", "latitude": 1, "longitude": 2}).encode()
            request = urllib.request.Request(base + "/api/annotations", data=body, method="POST",
                                             headers={"Content-Type": "application/json"})
            started = time.monotonic()
            with urllib.request.urlopen(request, timeout=10) as response:
                assert response.status == 201
            times.append((time.monotonic() - started) * 1000)
        times.sort()
        print(f"--sync {args.sync}: {args.writes} writes one at a time: p50 {times[len(times) // 2]:.2f} ms, "
              f"p99 {times[len(times) * 99 // 100]:.2f} ms; load average {os.getloadavg()[0]:.1f}")
    finally:
        server.terminate()
        server.wait(30)


if __name__ == "__main__":
    main()
