#!/usr/bin/env python3
"""A stand-in MapWire server for looking at and testing the painter alone.

    python3 tests/browser/fake_server.py --port 8099 [--scene demo|golden]

Serves Public/ (and fixtures/ under /fixtures/) over plain HTTP and speaks
enough of wire protocol v1 (docs/protocol.md) on /ws: WELCOME, then frame 1
with a small scene (ocean, land with a lake, a border line, pins, a callout
bubble with a shadow, text in Inter, an SVG and a PNG image, a scrolled and
clipped list). Drags pan the camera and the wheel zooms (crudely; this is not
the map logic, just enough to see the painter move), and the URL hash is
updated when a drag ends. It keeps the protocol's window of two unacknowledged
frames. Encoding comes from scripts/make_golden.py.

Test hooks (plain HTTP): GET /_messages -> JSON list of every client message
received (decoded, with "session"), GET /_drop -> closes every WebSocket,
GET /_send?frame=<name> -> sends a canned extra frame ("focus", "url",
"cursor", "stretch-half" and "stretch-full" scale the callout about its arrow
tip, "line-half" and "line-dashed" draw a line in part and in dashes, "curved-text"
a name along an arc), GET /healthz.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import mimetypes
import os
import struct
import sys
import zlib
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import serve
from websockets.datastructures import Headers
from websockets.http11 import Response

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import make_golden as mg  # noqa: E402

WORLD = 2 ** 30
CLIENT_BY_CODE = {code: name for name, code in mg.CLIENT_OPS.items()}

# --- client decoding ---------------------------------------------------------


def decode_client(data: bytes) -> dict:
    name = CLIENT_BY_CODE.get(data[0])
    if name is None:
        raise ValueError(f"unknown client opcode {data[0]:#x}")
    msg = {"op": name}
    p = 1
    for field, t in mg.CLIENT_FIELDS[name]:
        if t == "s":
            (n,) = struct.unpack_from("<H", data, p)
            msg[field] = data[p + 2:p + 2 + n].decode("utf-8")
            p += 2 + n
        else:
            fmt = {"B": "<B", "H": "<H", "I": "<I", "f": "<f", "d": "<d"}[t]
            (msg[field],) = struct.unpack_from(fmt, data, p)
            p += struct.calcsize(fmt)
    if p != len(data):
        raise ValueError(f"overlong {name}: {len(data)} bytes, expected {p}")
    return msg


# --- geometry -----------------------------------------------------------------


def world(lat: float, lon: float) -> tuple[int, int]:
    x = (lon + 180) / 360 * WORLD
    s = math.sin(math.radians(lat))
    y = (0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)) * WORLD
    return int(round(x)), int(round(y))


def latlon(x: float, y: float) -> tuple[float, float]:
    lon = x / WORLD * 360 - 180
    n = math.pi - 2 * math.pi * y / WORLD
    return math.degrees(math.atan(math.sinh(n))), lon


SHIFT = 8  # local path units are world units >> 8


def local_rings(rings_latlon):
    return [[(world(la, lo)[0] >> SHIFT, world(la, lo)[1] >> SHIFT) for la, lo in ring] for ring in rings_latlon]


# Crude continents (lat, lon), enough to tell land from ocean.
LAND = [
    [(71, -156), (70, -100), (60, -64), (47, -53), (30, -81), (25, -80), (18, -97), (8, -78),
     (20, -105), (32, -117), (48, -125), (60, -147), (66, -166)],  # North America
    [(12, -72), (5, -52), (-7, -35), (-23, -41), (-39, -62), (-55, -68), (-46, -75), (-18, -70), (-5, -81)],
    [(36, -6), (43, -9), (48, -4), (51, 2), (55, 8), (58, 11), (71, 25), (70, 60), (77, 105), (72, 140),
     (66, 180), (60, 163), (52, 141), (40, 140), (35, 129), (22, 114), (9, 106), (1, 104), (13, 80),
     (8, 77), (23, 68), (25, 57), (12, 44), (30, 32), (37, 16)],  # Eurasia
    [(35, -6), (37, 10), (31, 32), (12, 44), (11, 51), (-5, 40), (-26, 33), (-35, 20), (-17, 12),
     (5, 9), (4, -8), (15, -17), (28, -13)],  # Africa
    [(-40, 25), (-40, 35), (-45, 35), (-45, 25)],  # a hole test: ocean inside nothing (drawn as land)
    [(-1, 31.5), (0.5, 34), (-2.5, 34), (-3, 32)],  # Lake Victoria: a hole inside Africa (even-odd)
    [(-11, 131), (-12, 142), (-25, 153), (-38, 147), (-35, 117), (-22, 114)],  # Australia
]
BORDER = [[(37, 10), (20, 12), (5, 20), (-10, 25), (-26, 28)]]
LINE = [[(-50, -60), (-50, 0), (-50, 60)]]

PIN_SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" width="24" height="36" viewBox="0 0 24 36">'
           b'<path d="M12 35C12 35 1 20 1 12a11 11 0 0 1 22 0c0 8-11 23-11 23z" fill="#e8453c" stroke="#fff" '
           b'stroke-width="1.5"/><circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>')


def png(width: int, height: int) -> bytes:
    """A small RGBA gradient PNG, written by hand (no Pillow needed)."""
    rows = b""
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            d = math.hypot(x - width / 2 + 0.5, y - height / 2 + 0.5)
            inside = d < width / 2
            row += bytes([40 + 6 * x, 120 + 3 * y, 200, 255 if inside else 0])
        rows += bytes(row)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


PEOPLE = [(1, "Amélie Durand", 48.8566, 2.3522), (2, "Kenji Watanabe", 35.6762, 139.6503),
          (3, "Wanjiru Kamau", -1.2921, 36.8219), (4, "Lucía Quispe", -12.0464, -77.0428),
          (5, "Jack Wilson", -33.8688, 151.2093)]


# The demo callout's arrow tip in its own coordinates: 10 px under its 64 px body, in the middle.
CALLOUT_TIP = (110, 74)


CURVED_TEXT = "ESPLANADI"
# The arc the curved text follows: centred CURVE_RADIUS px below the anchor, clusters 20 px apart along it.
CURVE_RADIUS, CURVE_STEP = 150.0, 20.0


def curved_glyphs() -> list:
    """[length, x, y, angle] of each letter of CURVED_TEXT centred on the arc, turned with it (f32-exact)."""
    out = []
    for i, _ in enumerate(CURVED_TEXT):
        a = (i - (len(CURVED_TEXT) - 1) / 2) * CURVE_STEP / CURVE_RADIUS
        f32 = lambda v: struct.unpack("<f", struct.pack("<f", v))[0]  # noqa: E731
        out.append([1, f32(CURVE_RADIUS * math.sin(a)), f32(CURVE_RADIUS - CURVE_RADIUS * math.cos(a)), f32(a)])
    return out


def P(key, value):
    return {"key": key, "value": value}


def demo_ops(camera: dict) -> list:
    b64 = mg.b64
    ops = [
        {"op": "DEF_FONT", "font": 1, "family": "Inter", "url": "fonts/Inter-Regular.otf", "weight": 400},
        {"op": "DEF_FONT", "font": 2, "family": "Inter", "url": "fonts/Inter-Bold.otf", "weight": 700},
        {"op": "DEF_PATH", "resource": 1, "originX": 0, "originY": 0, "shift": SHIFT,
         "data": b64(mg.path_data(local_rings(LAND)))},
        {"op": "DEF_PATH", "resource": 2, "originX": 0, "originY": 0, "shift": SHIFT,
         "data": b64(mg.path_data(local_rings(BORDER)))},
        {"op": "DEF_IMAGE", "resource": 10, "format": 1, "width": 24, "height": 36, "data": b64(PIN_SVG)},
        {"op": "DEF_IMAGE", "resource": 11, "format": 0, "width": 32, "height": 32, "data": b64(png(32, 32))},
        {"op": "CAMERA", "centerX": camera["x"], "centerY": camera["y"], "zoom": camera["zoom"]},
        {"op": "BACKGROUND", "colour": "#aad3dfff"},
        {"op": "INSERT", "item": 1, "parent": 0, "index": 0, "kind": "WORLD_PATH", "props": [
            P("PATH", 1), P("FILL", "#f2efe9ff"), P("STROKE", ["#9e9e9eff", 0.75]), P("EVEN_ODD", 1)]},
        {"op": "INSERT", "item": 2, "parent": 0, "index": 1, "kind": "WORLD_PATH", "props": [
            P("PATH", 2), P("STROKE", ["#b07aa1ff", 1.5])]},
        {"op": "INSERT", "item": 3, "parent": 0, "index": 2, "kind": "GROUP", "props": []},  # pins
    ]
    a11y = []
    for i, (pid, name, lat, lon) in enumerate(PEOPLE):
        item = 100 + pid
        props = [P("FRAME", [-12, -36, 24, 36]), P("ANCHOR", list(world(lat, lon)))]
        if pid == 2:
            props.append(P("SCALE", [1.5, 12, 36]))
        if pid == 5:
            props.append(P("ALPHA", 0.5))
        ops.append({"op": "INSERT", "item": item, "parent": 3, "index": i, "kind": "GROUP", "props": props})
        ops.append({"op": "INSERT", "item": 200 + pid, "parent": item, "index": 0, "kind": "IMAGE",
                    "props": [P("FRAME", [0, 0, 24, 36]), P("IMAGE", 10)]})
        a11y.append({"item": item, "role": 1, "flags": 1 if pid == 1 else 0, "name": name})
    # A callout above Paris: bubble with shadow, avatar, title, subtitle.
    ops += [
        {"op": "INSERT", "item": 20, "parent": 0, "index": 3, "kind": "BUBBLE", "props": [
            P("FRAME", [-110, -36 - 10 - 64, 220, 64]), P("ANCHOR", list(world(48.8566, 2.3522))),
            P("FILL", "#ffffffff"), P("STROKE", ["#d0d0d0ff", 0.5]), P("RADIUS", 10),
            P("BUBBLE", [0, CALLOUT_TIP[0], 18, CALLOUT_TIP[1] - 64]), P("SHADOW", ["#00000059", 12, 3]),
            P("CLIP", 1)]},
        {"op": "INSERT", "item": 21, "parent": 20, "index": 0, "kind": "IMAGE", "props": [
            P("FRAME", [12, 16, 32, 32]), P("IMAGE", 11)]},
        {"op": "INSERT", "item": 22, "parent": 20, "index": 1, "kind": "TEXT", "props": [
            P("FRAME", [54, 12, 160, 20]), P("TEXT", "Amélie Durand"), P("FONT", [2, 15]),
            P("FILL", "#111111ff"), P("BASELINE", 15)]},
        {"op": "INSERT", "item": 23, "parent": 20, "index": 2, "kind": "TEXT", "props": [
            P("FRAME", [54, 34, 160, 18]), P("TEXT", "Paris · Café · Zoë"), P("FONT", [1, 13]),
            P("FILL", "#666666ff")]},
    ]
    a11y += [{"item": 20, "role": 7, "flags": 0, "name": "Amélie Durand"},
             {"item": 22, "role": 2, "flags": 0, "name": "Amélie Durand"}]
    # A screen-fixed panel: title and a clipped, scrolled list.
    ops += [
        {"op": "INSERT", "item": 30, "parent": 0, "index": 4, "kind": "RECT", "props": [
            P("FRAME", [16, 16, 220, 150]), P("FILL", "#ffffffe6"), P("RADIUS", 12),
            P("STROKE", ["#00000033", 1]), P("SHADOW", ["#00000033", 8, 2])]},
        {"op": "INSERT", "item": 31, "parent": 30, "index": 0, "kind": "TEXT", "props": [
            P("FRAME", [14, 10, 190, 22]), P("TEXT", "MapWire preview"), P("FONT", [2, 17]),
            P("FILL", "#202020ff"), P("BASELINE", 17)]},
        {"op": "INSERT", "item": 32, "parent": 30, "index": 1, "kind": "GROUP", "props": [
            P("FRAME", [8, 40, 204, 100]), P("CLIP", 1), P("RADIUS", 6), P("SCROLL", [0, 14])]},
    ]
    a11y += [{"item": 31, "role": 2, "flags": 0, "name": "MapWire preview"},
             {"item": 32, "role": 4, "flags": 0, "name": "Wishes"}]
    for i, wish in enumerate(["A red bicycle", "Piano lessons", "Tea from Kyoto", "A telescope", "Snow boots"]):
        row = 40 + i
        ops.append({"op": "INSERT", "item": row, "parent": 32, "index": i, "kind": "RECT", "props": [
            P("FRAME", [0, i * 30, 204, 28]), P("FILL", "#eef3f8ff" if i % 2 else "#dfe9f3ff"), P("RADIUS", 4)]})
        ops.append({"op": "INSERT", "item": 50 + i, "parent": row, "index": 0, "kind": "TEXT", "props": [
            P("FRAME", [10, 0, 180, 28]), P("TEXT", wish), P("FONT", [1, 13]), P("FILL", "#203040ff"),
            P("BASELINE", 18.5)]})
        a11y.append({"item": row, "role": 5, "flags": 1 if i == 1 else 0, "name": wish})
    ops.append({"op": "A11Y", "elements": a11y})
    ops.append({"op": "CURSOR", "cursor": 2})
    return ops


# --- the server -----------------------------------------------------------------


class Session:
    def __init__(self, ws, number: int, scene: str):
        self.ws = ws
        self.number = number
        self.scene = scene
        self.frame = 0
        self.acked = 0
        self.pending: list = []
        self.input_seq = 0
        self.camera = {"x": world(20, 0)[0] + 0.0, "y": world(20, 0)[1] + 0.0, "zoom": 2.0}
        self.drag = None

    def hash(self) -> str:
        lat, lon = latlon(self.camera["x"], self.camera["y"])
        return f"#{self.camera['zoom']:.2f}/{lat:.5f}/{lon:.5f}"

    async def queue(self, ops: list) -> None:
        self.pending += ops
        await self.flush()

    async def flush(self) -> None:
        # At most two frames unacknowledged; otherwise coalesce into the next.
        if self.frame - self.acked >= 2:
            return
        if not self.pending and self.frame > 0:
            return
        self.frame += 1
        msg = {"op": "FRAME", "frame": self.frame, "inputSeq": self.input_seq, "ops": self.pending}
        self.pending = []
        await self.ws.send(mg.encode_server(msg))


class FakeServer:
    def __init__(self, scene: str):
        self.scene = scene
        self.messages: list = []
        self.sessions: list = []
        self.count = 0

    async def handle(self, ws) -> None:
        self.count += 1
        s = Session(ws, self.count, self.scene)
        self.sessions.append(s)
        try:
            first = await ws.recv()
            hello = decode_client(first)
            self.record(s, hello)
            if hello["op"] != "HELLO" or hello["version"] != 1:
                await ws.close(1002, "first message must be HELLO version 1")
                return
            parts = hello["hash"].lstrip("#").split("/")
            try:
                z, lat, lon = float(parts[0]), float(parts[1]), float(parts[2])
                x, y = world(lat, lon)
                s.camera = {"x": float(x), "y": float(y), "zoom": z}
            except (ValueError, IndexError):
                pass
            await ws.send(mg.encode_server({"op": "WELCOME", "version": 1, "session": s.number}))
            if self.scene == "golden":
                with open(os.path.join(ROOT, "fixtures", "protocol", "golden.json")) as f:
                    golden = json.load(f)
                s.frame = s.acked = golden["frame"] - 1
                await s.queue(golden["ops"])
            else:
                await s.queue(demo_ops(s.camera))
            async for data in ws:
                msg = decode_client(data)
                self.record(s, msg)
                await self.react(s, msg)
        except Exception as e:  # noqa: BLE001 - log and drop the session
            if type(e).__name__ not in ("ConnectionClosedOK", "ConnectionClosedError"):
                print(f"session {s.number}: {e!r}", file=sys.stderr)
        finally:
            self.sessions.remove(s)

    def record(self, s: Session, msg: dict) -> None:
        self.messages.append(dict(msg, session=s.number))

    async def react(self, s: Session, msg: dict) -> None:
        op = msg["op"]
        if op == "ACK":
            s.acked = max(s.acked, msg["frame"])
            await s.flush()
            return
        if "seq" in msg:
            s.input_seq = msg["seq"]
        cam = s.camera
        ppu = 256 * 2 ** cam["zoom"] / WORLD
        ops = []
        if op == "POINTER":
            if msg["phase"] == 0 and msg["buttons"] & 1:
                s.drag = (msg["x"], msg["y"])
                ops.append({"op": "CURSOR", "cursor": 3})
            elif msg["phase"] == 1 and s.drag:
                cam["x"] -= (msg["x"] - s.drag[0]) / ppu
                cam["y"] -= (msg["y"] - s.drag[1]) / ppu
                s.drag = (msg["x"], msg["y"])
                ops.append({"op": "CAMERA", "centerX": cam["x"], "centerY": cam["y"], "zoom": cam["zoom"]})
            elif msg["phase"] in (2, 3) and s.drag:
                s.drag = None
                ops.append({"op": "CURSOR", "cursor": 2})
                ops.append({"op": "URL", "mode": 0, "hash": s.hash()})
        elif op == "WHEEL":
            cam["zoom"] = max(0.0, min(20.0, cam["zoom"] - msg["deltaY"] / 200))
            ops.append({"op": "CAMERA", "centerX": cam["x"], "centerY": cam["y"], "zoom": cam["zoom"]})
            ops.append({"op": "URL", "mode": 0, "hash": s.hash()})
        # Every input gets a frame, so the page can match seq to inputSeq.
        await s.queue(ops)

    async def canned(self, name: str) -> None:
        ops = {
            "focus": [{"op": "FOCUS", "item": 102}],
            "blur": [{"op": "FOCUS", "item": 0}],
            "url": [{"op": "URL", "mode": 1, "hash": "#2.00/20.00000/0.00000/person/1"}],
            "cursor": [{"op": "CURSOR", "cursor": 1}],
            "hide": [{"op": "PATCH", "item": 20, "props": [P("HIDDEN", 1)]}],
            # New names for a pin and a list row, the list itself unchanged.
            "rename": [{"op": "A11Y_NAMES", "names": [{"item": 102, "name": "Kenji Watanabe, 3 wishes"},
                                                      {"item": 41, "name": "Piano lessons (booked)"}]}],
            # The callout half-way through its stretch and at its end: scaled about its arrow tip.
            "stretch-half": [{"op": "PATCH", "item": 20, "props": [P("SCALE", [0.5, *CALLOUT_TIP])]}],
            "stretch-full": [{"op": "PATCH", "item": 20, "props": [P("SCALE", [1, *CALLOUT_TIP])]}],
            # A red line along 50°S from 60°W to 60°E, 6 px wide with round ends, stroked to half its length;
            # then its whole length in 12 px dashes.
            "line-half": [
                {"op": "DEF_PATH", "resource": 30, "originX": 0, "originY": 0, "shift": SHIFT,
                 "data": mg.b64(mg.path_data(local_rings(LINE)))},
                {"op": "INSERT", "item": 30, "parent": 3, "index": 0, "kind": "WORLD_PATH", "props": [
                    P("PATH", 30), P("STROKE", ["#ff0000ff", 6]), P("LINE", [1, 1, 0, 0, 0.5, []])]}],
            "line-dashed": [{"op": "PATCH", "item": 30, "props": [P("LINE", [0, 0, 0, 0, 1, [12, 12]])]}],
            # A road's name along a quarter circle at the camera's centre, in red with a white halo.
            "curved-text": [{"op": "INSERT", "item": 40, "parent": 3, "index": 0, "kind": "CURVED_TEXT",
                             "props": [P("ANCHOR", list(world(20, 0))), P("TEXT", CURVED_TEXT),
                                       P("FONT", [1, 24]), P("FILL", "#ff0000ff"), P("STROKE", ["#ffffffff", 2]),
                                       P("GLYPHS", curved_glyphs())]}],
        }[name]
        for s in list(self.sessions):
            await s.queue(ops)

    async def http(self, connection, request):
        url = urlsplit(request.path)
        path = url.path
        if path == "/ws":
            return None  # the WebSocket handshake proceeds
        headers = Headers()
        if path == "/_messages":
            return self.respond(200, "application/json", json.dumps(self.messages).encode())
        if path == "/_drop":
            for s in list(self.sessions):
                await s.ws.close(1001, "dropped by test")
            return self.respond(200, "text/plain", b"dropped\n")
        if path == "/_send":
            await self.canned(parse_qs(url.query)["frame"][0])
            return self.respond(200, "text/plain", b"sent\n")
        if path == "/healthz":
            return self.respond(200, "text/plain", b"ok\n")
        if path == "/":
            path = "/index.html"
        base = os.path.join(ROOT, "Public")
        if path.startswith("/fixtures/"):
            base, path = os.path.join(ROOT, "fixtures"), path[len("/fixtures"):]
        full = os.path.normpath(os.path.join(base, path.lstrip("/")))
        if not full.startswith(base + os.sep) or not os.path.isfile(full):
            return self.respond(404, "text/plain", b"not found\n")
        with open(full, "rb") as f:
            body = f.read()
        ctype = mimetypes.guess_type(full)[0] or "application/octet-stream"
        if full.endswith(".otf"):
            ctype = "font/otf"
        del headers
        return self.respond(200, ctype, body)

    @staticmethod
    def respond(status: int, ctype: str, body: bytes) -> Response:
        reasons = {200: "OK", 404: "Not Found"}
        headers = Headers([("Content-Type", ctype), ("Content-Length", str(len(body))),
                           ("Cache-Control", "no-store")])
        return Response(status, reasons.get(status, "OK"), headers, body)


async def main_async(host: str, port: int, scene: str) -> None:
    fake = FakeServer(scene)
    async with serve(fake.handle, host, port, subprotocols=["mapwire.v1"],
                     process_request=fake.http, compression=None) as server:
        print(f"fake MapWire server on http://{host}:{port}/ (scene {scene})", flush=True)
        await server.serve_forever()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8099)
    ap.add_argument("--scene", choices=["demo", "golden"], default="demo")
    args = ap.parse_args()
    try:
        asyncio.run(main_async(args.host, args.port, args.scene))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
