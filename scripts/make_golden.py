#!/usr/bin/env python3
"""Write the MapWire wire-protocol golden fixtures, straight from docs/protocol.md.

    python3 scripts/make_golden.py        # writes fixtures/protocol/*

Outputs (all under fixtures/protocol/):

- golden.bin / golden.json: one server FRAME message that uses every frame
  opcode, every property key and every item kind at least once.
- golden-welcome.bin / golden-welcome.json: a server WELCOME message.
- client-<name>.bin, one per client opcode, and client.json mapping each file
  name to its decoded form.

The Swift decoder/encoder tests (Tests/WireTests) and the browser test
(tests/browser/test_golden.py, via window.mapwire.decode/encode in
Public/painter-decode.js) both check these files.

Canonical JSON form (what a decoder must produce from the .bin files)
---------------------------------------------------------------------
- A message is an object with "op" = the protocol.md name ("FRAME",
  "WELCOME", "HELLO", "POINTER", ...) and one member per field, named as in
  protocol.md (camelCase): {"op":"WELCOME","version":1,"session":9}.
- FRAME: {"op":"FRAME","frame":N,"inputSeq":N,"ops":[...]}, each frame op an
  object with "op" = its name and its fields.
- Item kinds ("kind") and property keys ("key") are their protocol.md names
  ("RECT", "FRAME", ...). Every other enum (image format, URL mode, cursor,
  role, flags, phase, pointerType, arrowDirection) stays a plain number.
- INSERT/PATCH carry "props": a list (wire order) of {"key":NAME,"value":V}.
  V is: a number for one-number values (ALPHA, RADIUS, IMAGE, PATH, CLIP,
  HIDDEN, BASELINE, EVEN_ODD, REPEAT, GLIDE); a string for TEXT; an "#rrggbbaa" string for
  FILL; null for CLEAR_ANCHOR; otherwise the list of the fields in wire
  order, colours as strings: FRAME [x,y,w,h], ANCHOR [x,y], SCALE
  [scale,originX,originY], STROKE ["#rrggbbaa",lineWidth], FONT [font,size],
  BUBBLE [arrowDirection,arrowX,arrowWidth,arrowHeight], SHADOW
  ["#rrggbbaa",blur,offsetY], SCROLL [x,y], LINE
  [cap,join,dashPhase,strokeStart,strokeEnd,[dash...]], CLIP_WORLD [x,y,width,height], GLYPHS
  [[length,x,y,angle]...].
- rgba fields are lower-case "#rrggbbaa" strings (BACKGROUND's is "colour").
- bytes fields (DEF_IMAGE data, DEF_PATH data) are standard base64 strings,
  padded. Path data is not unpacked: it stays the raw varint bytes.
- A11Y: {"op":"A11Y","elements":[{"item","role","flags","name"}...]} (the
  count is implicit); A11Y_NAMES: {"op":"A11Y_NAMES","names":[{"item","name"}...]}.
- str fields are JSON strings (UTF-8 on the wire); numbers are JSON numbers.
  All f32 values here are exactly representable, so the decoded doubles are
  equal to the JSON numbers.
"""

from __future__ import annotations

import base64
import json
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fixtures", "protocol")

# --- protocol.md tables -----------------------------------------------------

SERVER_OPS = {"WELCOME": 0x01, "FRAME": 0x02}
FRAME_OPS = {
    "DEF_IMAGE": 0x10, "DEF_PATH": 0x11, "DEF_FONT": 0x12,
    "CAMERA": 0x20, "BACKGROUND": 0x21,
    "INSERT": 0x30, "REMOVE": 0x31, "MOVE": 0x32, "PATCH": 0x33, "TRANSFORM": 0x34,
    "A11Y": 0x40, "FOCUS": 0x41, "URL": 0x42, "CURSOR": 0x43, "A11Y_NAMES": 0x44,
    "OPEN_URL": 0x45,
    "EMBED_ORIGINS": 0x50, "EVENT_SELECT": 0x51, "EVENT_DESELECT": 0x52, "EVENT_CAMERA": 0x53,
    "EVENT_CALLOUT_ACTION": 0x54,
}
CLIENT_OPS = {
    "HELLO": 0x01, "ACK": 0x02, "POINTER": 0x10, "WHEEL": 0x11, "KEY": 0x12,
    "RESIZE": 0x13, "FOCUS": 0x14, "ACTIVATE": 0x15, "NAVIGATE": 0x16, "COLOR_SCHEME": 0x17,
    "EMBED_SET_CAMERA": 0x20, "EMBED_SELECT": 0x21, "EMBED_DESELECT": 0x22,
}
KINDS = {"GROUP": 1, "RECT": 2, "TEXT": 3, "IMAGE": 4, "WORLD_PATH": 5, "BUBBLE": 6, "BADGE": 7, "CURVED_TEXT": 8}
# key -> (code, value layout). Layout letters: f f32, i i32, I u32, H u16, B u8,
# c rgba, s str, L a list of f32 after its u8 count, G a list of (u8, f32, f32, f32) after its u16
# count. "" = no value.
PROPS = {
    "FRAME": (0x01, "ffff"), "ANCHOR": (0x02, "ii"), "CLEAR_ANCHOR": (0x03, ""),
    "SCALE": (0x04, "fff"), "ALPHA": (0x05, "f"), "FILL": (0x06, "c"),
    "STROKE": (0x07, "cf"), "RADIUS": (0x08, "f"), "TEXT": (0x09, "s"),
    "FONT": (0x0A, "Hf"), "IMAGE": (0x0B, "I"), "PATH": (0x0C, "I"),
    "CLIP": (0x0D, "B"), "BUBBLE": (0x0E, "Bfff"), "SHADOW": (0x0F, "cff"),
    "HIDDEN": (0x10, "B"), "SCROLL": (0x11, "ff"), "BASELINE": (0x12, "f"),
    "EVEN_ODD": (0x13, "B"), "REPEAT": (0x14, "B"), "GLIDE": (0x15, "H"),
    "LINE": (0x16, "BBfffL"), "CLIP_WORLD": (0x17, "iiii"), "GLYPHS": (0x18, "G"),
}
# Field layouts of ops (name, type) in wire order. Types as above plus
# d f64, b bytes, and special handling for INSERT/PATCH props and A11Y.
FRAME_OP_FIELDS = {
    "DEF_IMAGE": [("resource", "I"), ("format", "B"), ("width", "f"), ("height", "f"), ("data", "b")],
    "DEF_PATH": [("resource", "I"), ("originX", "i"), ("originY", "i"), ("shift", "B"), ("data", "b")],
    "DEF_FONT": [("font", "H"), ("family", "s"), ("url", "s"), ("weight", "H")],
    "CAMERA": [("centerX", "d"), ("centerY", "d"), ("zoom", "d")],
    "BACKGROUND": [("colour", "c")],
    "INSERT": [("item", "I"), ("parent", "I"), ("index", "I"), ("kind", "K")],
    "REMOVE": [("item", "I")],
    "MOVE": [("item", "I"), ("parent", "I"), ("index", "I")],
    "PATCH": [("item", "I")],
    "TRANSFORM": [("item", "I"), ("x", "f"), ("y", "f")],
    "A11Y": [],
    "A11Y_NAMES": [],
    "FOCUS": [("item", "I")],
    "URL": [("mode", "B"), ("hash", "s")],
    "CURSOR": [("cursor", "B")],
    "OPEN_URL": [("url", "s")],
    "EMBED_ORIGINS": [],
    "EVENT_SELECT": [("id", "s")],
    "EVENT_DESELECT": [("id", "s")],
    "EVENT_CAMERA": [("latitude", "d"), ("longitude", "d"), ("zoom", "d")],
    "EVENT_CALLOUT_ACTION": [("id", "s"), ("control", "s")],
}
CLIENT_FIELDS = {
    "HELLO": [("version", "H"), ("width", "f"), ("height", "f"), ("devicePixelRatio", "f"), ("hash", "s"),
              ("colorScheme", "B"), ("style", "s")],
    "ACK": [("frame", "I")],
    "POINTER": [("seq", "I"), ("phase", "B"), ("pointerId", "I"), ("pointerType", "B"), ("buttons", "B"),
                ("modifiers", "B"), ("x", "f"), ("y", "f"), ("time", "d")],
    "WHEEL": [("seq", "I"), ("modifiers", "B"), ("x", "f"), ("y", "f"), ("deltaX", "f"), ("deltaY", "f"), ("time", "d")],
    "KEY": [("seq", "I"), ("phase", "B"), ("modifiers", "B"), ("key", "s")],
    "RESIZE": [("seq", "I"), ("width", "f"), ("height", "f"), ("devicePixelRatio", "f")],
    "FOCUS": [("seq", "I"), ("item", "I")],
    "ACTIVATE": [("seq", "I"), ("item", "I")],
    "NAVIGATE": [("seq", "I"), ("hash", "s")],
    "COLOR_SCHEME": [("seq", "I"), ("colorScheme", "B")],
    "EMBED_SET_CAMERA": [("seq", "I"), ("latitude", "d"), ("longitude", "d"), ("zoom", "d"), ("animated", "B")],
    "EMBED_SELECT": [("seq", "I"), ("id", "s")],
    "EMBED_DESELECT": [("seq", "I")],
}


# --- encoder ----------------------------------------------------------------

class Writer:
    def __init__(self) -> None:
        self.buf = bytearray()

    def put(self, t: str, v) -> None:
        b = self.buf
        if t == "B":
            b += struct.pack("<B", v)
        elif t == "H":
            b += struct.pack("<H", v)
        elif t == "I":
            b += struct.pack("<I", v)
        elif t == "i":
            b += struct.pack("<i", v)
        elif t == "f":
            packed = struct.pack("<f", v)
            if struct.unpack("<f", packed)[0] != v:
                raise ValueError(f"{v} is not exactly representable as f32")
            b += packed
        elif t == "d":
            b += struct.pack("<d", v)
        elif t == "c":
            b += struct.pack("<I", rgba(v))
        elif t == "s":
            raw = v.encode("utf-8")
            b += struct.pack("<H", len(raw)) + raw
        elif t == "b":
            raw = base64.b64decode(v) if isinstance(v, str) else bytes(v)
            b += struct.pack("<I", len(raw)) + raw
        elif t == "L":
            b += struct.pack("<B", len(v))
            for x in v:
                self.put("f", x)
        elif t == "G":
            b += struct.pack("<H", len(v))
            for length, x, y, angle in v:
                self.put("B", length)
                for f in (x, y, angle):
                    self.put("f", f)
        elif t == "K":
            b += struct.pack("<B", KINDS[v])
        else:
            raise ValueError(t)

    def props(self, props: list) -> None:
        self.put("B", len(props))
        for p in props:
            code, layout = PROPS[p["key"]]
            self.put("B", code)
            v = p["value"]
            if layout == "":
                assert v is None
            elif len(layout) == 1:
                self.put(layout, v)
            else:
                assert len(v) == len(layout), p
                for t, x in zip(layout, v):
                    self.put(t, x)


def rgba(s: str) -> int:
    assert s.startswith("#") and len(s) == 9, s
    return int(s[1:], 16)


def varint(n: int) -> bytes:
    assert 0 <= n < 2 ** 32
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def zigzag(n: int) -> bytes:
    assert -(2 ** 31) <= n < 2 ** 31
    return varint(((n << 1) ^ (n >> 31)) & 0xFFFFFFFF)


def path_data(rings: list[list[tuple[int, int]]]) -> bytes:
    """Encode rings of local integer points as protocol.md "Paths" data."""
    out = bytearray(varint(len(rings)))
    px = py = 0  # deltas continue across rings
    for ring in rings:
        out += varint(len(ring))
        for x, y in ring:
            out += zigzag(x - px) + zigzag(y - py)
            px, py = x, y
    return bytes(out)


def encode_frame_op(op: dict, w: Writer) -> None:
    name = op["op"]
    w.put("B", FRAME_OPS[name])
    for field, t in FRAME_OP_FIELDS[name]:
        w.put(t, op[field])
    if name in ("INSERT", "PATCH"):
        w.props(op["props"])
    elif name == "A11Y":
        w.put("I", len(op["elements"]))
        for e in op["elements"]:
            w.put("I", e["item"])
            w.put("B", e["role"])
            w.put("B", e["flags"])
            w.put("s", e["name"])
    elif name == "A11Y_NAMES":
        w.put("I", len(op["names"]))
        for n in op["names"]:
            w.put("I", n["item"])
            w.put("s", n["name"])
    elif name == "EMBED_ORIGINS":
        w.put("H", len(op["origins"]))
        for origin in op["origins"]:
            w.put("s", origin)


def encode_server(msg: dict) -> bytes:
    w = Writer()
    if msg["op"] == "WELCOME":
        w.put("B", SERVER_OPS["WELCOME"])
        w.put("H", msg["version"])
        w.put("I", msg["session"])
    elif msg["op"] == "FRAME":
        w.put("B", SERVER_OPS["FRAME"])
        w.put("I", msg["frame"])
        w.put("I", msg["inputSeq"])
        for op in msg["ops"]:
            encode_frame_op(op, w)
    else:
        raise ValueError(msg["op"])
    return bytes(w.buf)


def encode_client(msg: dict) -> bytes:
    w = Writer()
    w.put("B", CLIENT_OPS[msg["op"]])
    for field, t in CLIENT_FIELDS[msg["op"]]:
        w.put(t, msg[field])
    return bytes(w.buf)


def b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


# --- the fixtures -------------------------------------------------------------

TINY_SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">'
            b'<circle cx="4" cy="4" r="4" fill="#e33"/></svg>')

# Two rings (an outer square and a hole), with multi-byte varints and
# negative deltas: (0,0) (300,0) (300,-200) (0,-200); hole (50,-50) ...
GOLDEN_RINGS = [
    [(0, 0), (300, 0), (300, -200), (0, -200)],
    [(50, -50), (100, -50), (100, -150), (50, -150)],
]


def golden_frame() -> dict:
    P = lambda key, value: {"key": key, "value": value}  # noqa: E731
    return {
        "op": "FRAME", "frame": 7, "inputSeq": 42,
        "ops": [
            {"op": "DEF_FONT", "font": 1, "family": "Inter", "url": "fonts/Inter-Regular.otf", "weight": 400},
            {"op": "DEF_IMAGE", "resource": 3, "format": 1, "width": 8, "height": 8, "data": b64(TINY_SVG)},
            {"op": "DEF_PATH", "resource": 4, "originX": 536870912, "originY": -1048576, "shift": 6,
             "data": b64(path_data(GOLDEN_RINGS))},
            {"op": "CAMERA", "centerX": 536870912.5, "centerY": 402653184.25, "zoom": 4.5},
            {"op": "BACKGROUND", "colour": "#aad3dfff"},
            {"op": "INSERT", "item": 1, "parent": 0, "index": 0, "kind": "WORLD_PATH", "props": [
                P("PATH", 4), P("FILL", "#f2efe9ff"), P("STROKE", ["#80808080", 0.5]), P("EVEN_ODD", 1),
                P("REPEAT", 1), P("LINE", [1, 2, 1.5, 0.25, 0.75, [6, 3]]),
                P("CLIP_WORLD", [536870912, -1048576, 4194304, 2097152])]},
            {"op": "INSERT", "item": 10, "parent": 0, "index": 1, "kind": "RECT", "props": [
                P("FRAME", [1.5, 2, 30, 40]), P("FILL", "#ff0000ff"), P("RADIUS", 4)]},
            {"op": "INSERT", "item": 11, "parent": 0, "index": 2, "kind": "GROUP", "props": [
                P("FRAME", [-12.25, -40, 24, 40]), P("ANCHOR", [536870912, 402653184]),
                P("SCALE", [0.5, 12, 40]), P("ALPHA", 0.75), P("CLIP", 1), P("SCROLL", [0, 12.5]),
                P("GLIDE", 250)]},
            {"op": "INSERT", "item": 12, "parent": 11, "index": 0, "kind": "IMAGE", "props": [
                P("FRAME", [0, 0, 24, 24]), P("IMAGE", 3)]},
            {"op": "INSERT", "item": 13, "parent": 11, "index": 1, "kind": "TEXT", "props": [
                P("FRAME", [0, 24, 100, 16]), P("TEXT", "Caf\u00e9 \u6771\u4eac"), P("FONT", [1, 13]),
                P("FILL", "#202020ff"), P("BASELINE", 12.5)]},
            {"op": "INSERT", "item": 14, "parent": 0, "index": 3, "kind": "BUBBLE", "props": [
                P("FRAME", [100, 100, 200, 80]), P("FILL", "#ffffffff"), P("RADIUS", 8),
                P("BUBBLE", [0, 100, 16, 8]), P("SHADOW", ["#00000040", 12, 2]),
                P("STROKE", ["#ccccccff", 1])]},
            {"op": "INSERT", "item": 15, "parent": 0, "index": 4, "kind": "RECT", "props": []},
            {"op": "INSERT", "item": 16, "parent": 0, "index": 5, "kind": "BADGE", "props": [
                P("FRAME", [300, 40, 46, 46]), P("FILL", "#3478f6ff"), P("RADIUS", 23),
                P("STROKE", ["#ffffffff", 2]), P("TEXT", "128"), P("FONT", [1, 14]), P("BASELINE", 28)]},
            {"op": "INSERT", "item": 17, "parent": 0, "index": 6, "kind": "CURVED_TEXT", "props": [
                P("ANCHOR", [536870912, 402653184]), P("TEXT", "Rué 🚋"), P("FONT", [1, 12]),
                P("FILL", "#333333ff"), P("STROKE", ["#ffffffcc", 2]),
                P("GLYPHS", [[1, 0, 0, 0], [1, 7.5, 0.5, 0.125], [2, 15, 2, 0.25], [1, 21, 4, 0.375],
                             [2, 30.5, 7, 0.5]])]},
            {"op": "PATCH", "item": 11, "props": [P("CLEAR_ANCHOR", None), P("HIDDEN", 1)]},
            {"op": "PATCH", "item": 11, "props": [P("HIDDEN", 0), P("ANCHOR", [536870913, 402653183])]},
            {"op": "TRANSFORM", "item": 14, "x": 110.5, "y": -20},
            {"op": "MOVE", "item": 10, "parent": 0, "index": 4},
            {"op": "REMOVE", "item": 15},
            {"op": "A11Y", "elements": [
                {"item": 11, "role": 1, "flags": 1, "name": "Zo\u00eb M\u00fcller"},
                {"item": 14, "role": 7, "flags": 4, "name": "Callout"},
                {"item": 13, "role": 6, "flags": 0, "name": ""},
            ]},
            {"op": "A11Y_NAMES", "names": [{"item": 14, "name": "Callout, 12 places"}, {"item": 13, "name": "Caption"}]},
            {"op": "FOCUS", "item": 11},
            {"op": "URL", "mode": 1, "hash": "#4.50/20.00000/0.00000/person/7"},
            {"op": "CURSOR", "cursor": 1},
            {"op": "OPEN_URL", "url": "https://www.openstreetmap.org/copyright"},
            {"op": "EMBED_ORIGINS", "origins": ["https://example.com", "http://localhost:8081"]},
            {"op": "EVENT_SELECT", "id": "caf\u00e9-7"},
            {"op": "EVENT_CAMERA", "latitude": 48.8566, "longitude": 2.3522, "zoom": 11.25},
            {"op": "EVENT_CALLOUT_ACTION", "id": "caf\u00e9-7", "control": "More Info"},
            {"op": "EVENT_DESELECT", "id": "caf\u00e9-7"},
        ],
    }


WELCOME = {"op": "WELCOME", "version": 1, "session": 305419896}

CLIENT = {
    "client-hello.bin": {"op": "HELLO", "version": 1, "width": 1280, "height": 800,
                         "devicePixelRatio": 1.5, "hash": "#4/20/0", "colorScheme": 2, "style": "light"},
    "client-ack.bin": {"op": "ACK", "frame": 7},
    "client-pointer.bin": {"op": "POINTER", "seq": 1, "phase": 0, "pointerId": 1, "pointerType": 0,
                           "buttons": 1, "modifiers": 1, "x": 640.5, "y": 400.25, "time": 1234.5625},
    "client-wheel.bin": {"op": "WHEEL", "seq": 2, "modifiers": 2, "x": 100, "y": 200,
                         "deltaX": 0, "deltaY": -48, "time": 2000.125},
    "client-key.bin": {"op": "KEY", "seq": 3, "phase": 1, "modifiers": 8, "key": "ArrowLeft"},
    "client-resize.bin": {"op": "RESIZE", "seq": 4, "width": 1024, "height": 768.5, "devicePixelRatio": 2},
    "client-focus.bin": {"op": "FOCUS", "seq": 5, "item": 11},
    "client-activate.bin": {"op": "ACTIVATE", "seq": 6, "item": 11},
    "client-navigate.bin": {"op": "NAVIGATE", "seq": 7, "hash": "#3.00/48.85660/2.35220"},
    "client-color-scheme.bin": {"op": "COLOR_SCHEME", "seq": 11, "colorScheme": 1},
    "client-embed-set-camera.bin": {"op": "EMBED_SET_CAMERA", "seq": 8, "latitude": 37.7749, "longitude": -122.4194,
                                    "zoom": 12.5, "animated": 1},
    "client-embed-select.bin": {"op": "EMBED_SELECT", "seq": 9, "id": "golden-gate"},
    "client-embed-deselect.bin": {"op": "EMBED_DESELECT", "seq": 10},
}


def check_coverage(frame: dict) -> None:
    ops = {op["op"] for op in frame["ops"]}
    assert ops == set(FRAME_OPS), set(FRAME_OPS) - ops
    kinds = {op["kind"] for op in frame["ops"] if op["op"] == "INSERT"}
    assert kinds == set(KINDS), set(KINDS) - kinds
    keys = {p["key"] for op in frame["ops"] if "props" in op for p in op["props"]}
    assert keys == set(PROPS), set(PROPS) - keys
    assert set(CLIENT_OPS) == {m["op"] for m in CLIENT.values()}


def write(name: str, data) -> None:
    path = os.path.join(OUT, name)
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(path, mode) as f:
        f.write(data)


def dumps(obj) -> str:
    return json.dumps(obj, indent=1, ensure_ascii=False) + "\n"


def main() -> int:
    os.makedirs(OUT, exist_ok=True)
    frame = golden_frame()
    check_coverage(frame)
    write("golden.bin", encode_server(frame))
    write("golden.json", dumps(frame))
    write("golden-welcome.bin", encode_server(WELCOME))
    write("golden-welcome.json", dumps(WELCOME))
    for name, msg in CLIENT.items():
        write(name, encode_client(msg))
    write("client.json", dumps(CLIENT))
    print(f"wrote fixtures to {os.path.relpath(OUT, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
