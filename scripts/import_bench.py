#!/usr/bin/env python3
"""Times an NDJSON (or GeoJSON) import of N point features into a fresh `mapwire`.

Starts the binary (release by default) on a free port with `--store` a
fresh temporary file or `:memory:`, generates N features (a colour on
every 7th), posts them once as `application/x-ndjson`, and prints the time
from sending the request to its 201 answer, which comes only once every
feature is in the store file. Run from the repository root:

    swift build -c release --product mapwire
    python3 scripts/import_bench.py --store file --features 200000
    python3 scripts/import_bench.py --store memory --features 200000
    python3 scripts/import_bench.py --store file --features 100000 --format geojson
    python3 scripts/import_bench.py --store file --features 200000 --clustering-identifier c
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


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of the process so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def features(count: int, clustering_identifier: str | None = None) -> list:
    out = []
    for i in range(count):
        props = {"title": f"Pin {i}"}
        if clustering_identifier:
            props["clusteringIdentifier"] = clustering_identifier
        if i % 7 == 0:
            props["marker-color"] = "#1d3557"
        out.append({"type": "Feature", "id": f"n{i}", "geometry": {"type": "Point", "coordinates": [
            round(-179.5 + (i % 3590) / 10, 4), round(-80 + (i // 3590) * 0.25, 4)]}, "properties": props})
    return out


def ndjson(count: int, clustering_identifier: str | None) -> bytes:
    lines = (json.dumps(f, separators=(",", ":")) for f in features(count, clustering_identifier))
    return ("\n".join(lines) + "\n").encode()


def geojson(count: int, clustering_identifier: str | None) -> bytes:
    return json.dumps({"type": "FeatureCollection", "features": features(count, clustering_identifier)},
                      separators=(",", ":")).encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "mapwire"))
    parser.add_argument("--store", choices=["file", "memory"], default="file")
    parser.add_argument("--features", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3, help="imports, each into a fresh server")
    parser.add_argument("--format", choices=["ndjson", "geojson"], default="ndjson",
                        help="NDJSON lines, or one FeatureCollection (application/geo+json)")
    parser.add_argument("--clustering-identifier", default=None,
                        help="give every feature this clusteringIdentifier (clustered in the store)")
    args = parser.parse_args()
    cid = args.clustering_identifier
    body = ndjson(args.features, cid) if args.format == "ndjson" else geojson(args.features, cid)
    content_type = "application/x-ndjson" if args.format == "ndjson" else "application/geo+json"
    for run in range(args.runs):
        store = ":memory:" if args.store == "memory" else os.path.join(tempfile.mkdtemp(prefix="mapwire-import-"),
                                                                        "world.sqlite")
        port = free_port()
        server = subprocess.Popen([args.bin, "--port", str(port), "--no-demo", "--log-level", "warning",
                                   "--store", store], cwd=ROOT)
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(base + "/healthz", timeout=1).read()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            request = urllib.request.Request(base + "/api/annotations", data=body, method="POST",
                                             headers={"Content-Type": content_type})
            cpu = cpu_seconds(server.pid)
            started = time.monotonic()
            with urllib.request.urlopen(request, timeout=300) as response:
                answer = json.load(response)
            elapsed = time.monotonic() - started
            cpu = cpu_seconds(server.pid) - cpu
            assert answer["imported"] == args.features, answer
            last = json.load(urllib.request.urlopen(f"{base}/api/annotations/n{args.features - 1}", timeout=10))
            assert last["id"] == f"n{args.features - 1}"
            print(f"run {run + 1}: {args.format}, {args.features} features, {len(body) / 1e6:.1f} MB, store {args.store}: "
                  f"{elapsed:.3f} s, {args.features / elapsed:,.0f} features/s; server CPU {cpu:.2f} s; "
                  f"load average {os.getloadavg()[0]:.1f}")
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
