#!/usr/bin/env python3
"""Writes the fuzzers' seed inputs into Fuzz/corpus/ (committed; run again
only to change the seeds). One valid input of each kind gives libFuzzer a
start past the first bytes it would otherwise have to guess."""

from __future__ import annotations

import gzip
import json
import os
import sqlite3
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))
import wire  # noqa: E402


def client_messages() -> dict[str, bytes]:
    return {
        "hello": wire.hello(1280, 800, 2.0, "#4/20/0"),
        "ack": wire.ack(7),
        "pointer-down": wire.pointer(1, wire.DOWN, 640, 400, time_ms=1000.0),
        "pointer-move": wire.pointer(2, wire.MOVE_PHASE, 650, 410, time_ms=1016.0),
        "pointer-up": wire.pointer(3, wire.UP, 650, 410, buttons=0, time_ms=1032.0),
        "wheel": wire.wheel(4, 640, 400, 0, -120, time_ms=1100.0),
        "key": wire.key(5, 0, "Enter"),
        "resize": wire.resize(6, 1024, 768, 1.0),
        "focus": wire.focus(7, 42),
        "activate": wire.activate(8, 42),
        "navigate": wire.navigate(9, "#4/20/0/person/amelie-fournier"),
        "embed-set-camera": wire.embed_set_camera(10, 48.8566, 2.3522, 11, animated=True),
        "embed-select": wire.embed_select(11, "golden-gate-bridge"),
        "embed-deselect": wire.embed_deselect(12),
    }


def api_bodies() -> dict[str, bytes]:
    """The first byte picks the route (mapwire-fuzz's APIBodyCheck): 0 moves, 1 add,
    2 a person's position, 3 delete by id, 4 get by id, 5 position by id."""
    def body(route: int, value) -> bytes:
        text = value if isinstance(value, str) else json.dumps(value)
        return bytes([route]) + text.encode()

    return {
        "moves": body(0, {"moves": [{"id": "amelie-fournier", "latitude": 45.7, "longitude": 4.8, "timestamp": 3}]}),
        "moves-array": body(0, [{"id": "amelie-fournier", "latitude": 45.8, "longitude": 4.9}]),
        "add": body(1, {"id": "bus-7", "title": "Bus 7", "subtitle": "Line 7", "kind": "vehicle",
                        "latitude": 48.85, "longitude": 2.35, "draggable": True, "clusteringIdentifier": "fleet"}),
        "position": body(2, {"latitude": 10, "longitude": 20, "timestamp": 1e9}),
        "delete": body(3, "bus-7"),
        "get": body(4, "amelie-fournier"),
        "position-by-id": body(5, "bus-7"),
    }


def sessions() -> dict[str, bytes]:
    """A HELLO hash, then messages, each prefixed by its length (mapwire-fuzz's SessionCheck)."""
    def session(hash_: str, *messages: bytes) -> bytes:
        out = bytes([len(hash_)]) + hash_.encode()
        for m in messages:
            assert len(m) < 256
            out += bytes([len(m)]) + m
        return out

    t = [1000.0 + 16 * i for i in range(40)]
    return {
        "pan": session("#4/20/0", wire.pointer(1, wire.DOWN, 640, 400, time_ms=t[0]),
                       *[wire.pointer(2 + i, wire.MOVE_PHASE, 640 + 8 * i, 400, time_ms=t[1 + i]) for i in range(8)],
                       wire.pointer(10, wire.UP, 704, 400, buttons=0, time_ms=t[10])),
        "keys": session("#13/37.795/-122.43", *[wire.key(i + 1, phase, name)
                                                for i, name in enumerate(["Tab", "Tab", "Enter", "Tab", "Enter",
                                                                          "Escape", "ArrowLeft", "+", "-"])
                                                for phase in (0, 1)]),
        "person": session("#4/45.76/4.84/person/amelie-fournier", wire.key(1, 0, "Escape"),
                          wire.navigate(2, "#4/45.76/4.84"), wire.resize(3, 640, 480, 2.0)),
        "wheel-click": session("#2/20/0", wire.wheel(1, 640, 400, 0, -240, time_ms=t[0]),
                               wire.pointer(2, wire.DOWN, 640, 400, time_ms=t[5]),
                               wire.pointer(3, wire.UP, 640, 400, buttons=0, time_ms=t[6]),
                               wire.focus(4, 3), wire.activate(5, 3), wire.ack(1)),
        "embed": session("#4/20/0", wire.embed_select(1, "golden-gate-bridge"), wire.embed_select(2, "Tab Café"),
                         wire.embed_set_camera(3, -33.87, 151.21, 9, animated=True), wire.embed_deselect(4),
                         wire.embed_select(5, "no-such-pin")),
    }


def vector_tiles() -> dict[str, bytes]:
    """Real tiles from fixtures/tiles/sample.mbtiles (scripts/make_tile_fixtures.py), as
    stored (gzip, or not) and inflated, so the fuzzer starts inside both paths."""
    db = sqlite3.connect(f"file:{os.path.join(ROOT, 'fixtures', 'tiles', 'sample.mbtiles')}?mode=ro", uri=True)
    out = {}
    for z, x, row in ((0, 0, 0), (1, 1, 1), (2, 0, 0)):
        (blob,) = db.execute("SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?",
                             (z, x, row)).fetchone()
        blob = bytes(blob)
        name = f"{z}-{x}-{(1 << z) - 1 - row}"
        if blob[:2] == b"\x1f\x8b":
            out[f"{name}-gzip"] = blob
            blob = gzip.decompress(blob)
        out[name] = blob
    db.close()
    return out


def main() -> None:
    for target, inputs in (("client-message", client_messages()), ("api-body", api_bodies()),
                           ("session", sessions()), ("vector-tile", vector_tiles())):
        folder = os.path.join(ROOT, "Fuzz", "corpus", target)
        os.makedirs(folder, exist_ok=True)
        for name, data in inputs.items():
            with open(os.path.join(folder, f"seed-{name}"), "wb") as f:
                f.write(data)
        print(f"{folder}: {len(inputs)} seeds")


if __name__ == "__main__":
    main()
