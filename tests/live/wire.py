"""A minimal MapWire protocol v1 client for tests, per docs/protocol.md.

It encodes the client messages and decodes the server's, and `Scene` applies
frames to a plain dictionary of items (INSERT/PATCH/REMOVE/MOVE/TRANSFORM),
the accessibility list and the camera -- the LiveView-style "test-side
client": it knows the wire, nothing about maps or widgets.

Everything is little-endian. Section names below match protocol.md.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

# Client to server opcodes.
HELLO, ACK = 0x01, 0x02
POINTER, WHEEL, KEY, RESIZE, FOCUS_IN, ACTIVATE, NAVIGATE, COLOR_SCHEME = 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17
EMBED_SET_CAMERA, EMBED_SELECT, EMBED_DESELECT = 0x20, 0x21, 0x22

# Server to client opcodes.
WELCOME, FRAME = 0x01, 0x02

# Frame ops.
DEF_IMAGE, DEF_PATH, DEF_FONT = 0x10, 0x11, 0x12
CAMERA, BACKGROUND = 0x20, 0x21
INSERT, REMOVE, MOVE, PATCH, TRANSFORM = 0x30, 0x31, 0x32, 0x33, 0x34
A11Y, FOCUS, URL, CURSOR, A11Y_NAMES, OPEN_URL = 0x40, 0x41, 0x42, 0x43, 0x44, 0x45
EMBED_ORIGINS, EVENT_SELECT, EVENT_DESELECT, EVENT_CAMERA, EVENT_CALLOUT_ACTION = 0x50, 0x51, 0x52, 0x53, 0x54

# Accessibility roles.
ROLE_BUTTON, ROLE_HEADING, ROLE_LINK, ROLE_LIST, ROLE_LISTITEM, ROLE_TEXT, ROLE_DIALOG = range(1, 8)

# Pointer phases.
DOWN, MOVE_PHASE, UP, CANCEL = 0, 1, 2, 3

WORLD_SIZE = 2 ** 30


# --- encoding (client messages) -------------------------------------------

def _str(text: str) -> bytes:
    data = text.encode("utf-8")
    return struct.pack("<H", len(data)) + data


def hello(width: float, height: float, dpr: float = 1.0, hash_: str = "", version: int = 1,
          color_scheme: int | None = None, style: str = "") -> bytes:
    """HELLO; `color_scheme` (0 none, 1 light, 2 dark) and `style` (the URL's ?style=) are its optional tail."""
    message = struct.pack("<BHfff", HELLO, version, width, height, dpr) + _str(hash_)
    if color_scheme is None:
        return message
    return message + struct.pack("<B", color_scheme) + _str(style)


def color_scheme(seq: int, scheme: int) -> bytes:
    """COLOR_SCHEME: the browser's prefers-color-scheme changed (0 none, 1 light, 2 dark)."""
    return struct.pack("<BIB", COLOR_SCHEME, seq, scheme)


def ack(frame: int) -> bytes:
    return struct.pack("<BI", ACK, frame)


def pointer(seq: int, phase: int, x: float, y: float, buttons: int = 1, pointer_id: int = 1,
            pointer_type: int = 0, modifiers: int = 0, time_ms: float = 0.0) -> bytes:
    return struct.pack("<BIBIBBBffd", POINTER, seq, phase, pointer_id, pointer_type, buttons,
                       modifiers, x, y, time_ms)


def wheel(seq: int, x: float, y: float, dx: float, dy: float, modifiers: int = 0,
          time_ms: float = 0.0) -> bytes:
    return struct.pack("<BIBffffd", WHEEL, seq, modifiers, x, y, dx, dy, time_ms)


def key(seq: int, phase: int, name: str, modifiers: int = 0) -> bytes:
    return struct.pack("<BIBB", KEY, seq, phase, modifiers) + _str(name)


def resize(seq: int, width: float, height: float, dpr: float = 1.0) -> bytes:
    return struct.pack("<BIfff", RESIZE, seq, width, height, dpr)


def focus(seq: int, item: int) -> bytes:
    return struct.pack("<BII", FOCUS_IN, seq, item)


def activate(seq: int, item: int) -> bytes:
    return struct.pack("<BII", ACTIVATE, seq, item)


def navigate(seq: int, hash_: str) -> bytes:
    return struct.pack("<BI", NAVIGATE, seq) + _str(hash_)


def embed_set_camera(seq: int, latitude: float, longitude: float, zoom: float, animated: bool = False) -> bytes:
    return struct.pack("<BIdddB", EMBED_SET_CAMERA, seq, latitude, longitude, zoom, 1 if animated else 0)


def embed_select(seq: int, id_: str) -> bytes:
    return struct.pack("<BI", EMBED_SELECT, seq) + _str(id_)


def embed_deselect(seq: int) -> bytes:
    return struct.pack("<BI", EMBED_DESELECT, seq)


# --- decoding (server messages) -------------------------------------------

class DecodeError(ValueError):
    pass


class Reader:
    def __init__(self, data: bytes):
        self.data = data
        self.pos = 0

    def at_end(self) -> bool:
        return self.pos >= len(self.data)

    def take(self, fmt: str):
        size = struct.calcsize("<" + fmt)
        if self.pos + size > len(self.data):
            raise DecodeError(f"message ends inside {fmt!r} at byte {self.pos}")
        values = struct.unpack_from("<" + fmt, self.data, self.pos)
        self.pos += size
        return values if len(values) > 1 else values[0]

    def string(self) -> str:
        n = self.take("H")
        return self.raw(n).decode("utf-8")

    def blob(self) -> bytes:
        return self.raw(self.take("I"))

    def raw(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise DecodeError(f"message ends inside {n} bytes at byte {self.pos}")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out


def _props(r: Reader) -> dict:
    props = {}
    for _ in range(r.take("B")):
        k = r.take("B")
        if k == 0x01:
            props["frame"] = r.take("ffff")
        elif k == 0x02:
            props["anchor"] = r.take("ii")
        elif k == 0x03:
            props["anchor"] = None
        elif k == 0x04:
            props["scale"] = r.take("fff")
        elif k == 0x05:
            props["alpha"] = r.take("f")
        elif k == 0x06:
            props["fill"] = r.take("I")
        elif k == 0x07:
            props["stroke"] = r.take("If")
        elif k == 0x08:
            props["radius"] = r.take("f")
        elif k == 0x09:
            props["text"] = r.string()
        elif k == 0x0A:
            props["font"] = r.take("Hf")
        elif k == 0x0B:
            props["image"] = r.take("I")
        elif k == 0x0C:
            props["path"] = r.take("I")
        elif k == 0x0D:
            props["clip"] = r.take("B")
        elif k == 0x0E:
            props["bubble"] = r.take("Bfff")
        elif k == 0x0F:
            props["shadow"] = r.take("Iff")
        elif k == 0x10:
            props["hidden"] = r.take("B")
        elif k == 0x11:
            props["scroll"] = r.take("ff")
        elif k == 0x12:
            props["baseline"] = r.take("f")
        elif k == 0x13:
            props["even_odd"] = r.take("B")
        elif k == 0x14:
            props["repeat"] = r.take("B")
        elif k == 0x15:
            props["glide"] = r.take("H")
        elif k == 0x16:
            cap, join, phase, start, end, count = r.take("BBfffB")
            props["line"] = (cap, join, phase, start, end, tuple(r.take("f") for _ in range(count)))
        elif k == 0x17:
            props["world_clip"] = r.take("iiii")
        elif k == 0x18:
            count = r.take("H")
            props["glyphs"] = tuple(r.take("Bfff") for _ in range(count))
        else:
            raise DecodeError(f"unknown property key 0x{k:02x} at byte {r.pos - 1}")
    return props


def decode_ops(r: Reader) -> list[tuple]:
    """Frame ops as tuples: (op, fields...)."""
    ops = []
    while not r.at_end():
        op = r.take("B")
        if op == DEF_IMAGE:
            res, fmt, w, h = r.take("IBff")
            ops.append((op, res, fmt, w, h, r.blob()))
        elif op == DEF_PATH:
            res, ox, oy, shift = r.take("IiiB")
            ops.append((op, res, ox, oy, shift, r.blob()))
        elif op == DEF_FONT:
            font = r.take("H")
            family, url = r.string(), r.string()
            ops.append((op, font, family, url, r.take("H")))
        elif op == CAMERA:
            ops.append((op, *r.take("ddd")))
        elif op == BACKGROUND:
            ops.append((op, r.take("I")))
        elif op == INSERT:
            item, parent, index, kind = r.take("IIIB")
            ops.append((op, item, parent, index, kind, _props(r)))
        elif op == REMOVE:
            ops.append((op, r.take("I")))
        elif op == MOVE:
            ops.append((op, *r.take("III")))
        elif op == PATCH:
            item = r.take("I")
            ops.append((op, item, _props(r)))
        elif op == TRANSFORM:
            ops.append((op, *r.take("Iff")))
        elif op == A11Y:
            elements = []
            for _ in range(r.take("I")):
                item, role, flags = r.take("IBB")
                elements.append(A11yElement(item, role, flags, r.string()))
            ops.append((op, elements))
        elif op == A11Y_NAMES:
            names = []
            for _ in range(r.take("I")):
                item = r.take("I")
                names.append((item, r.string()))
            ops.append((op, names))
        elif op == FOCUS:
            ops.append((op, r.take("I")))
        elif op == URL:
            mode = r.take("B")
            ops.append((op, mode, r.string()))
        elif op == CURSOR:
            ops.append((op, r.take("B")))
        elif op == OPEN_URL:
            ops.append((op, r.string()))
        elif op == EMBED_ORIGINS:
            ops.append((op, [r.string() for _ in range(r.take("H"))]))
        elif op in (EVENT_SELECT, EVENT_DESELECT):
            ops.append((op, r.string()))
        elif op == EVENT_CAMERA:
            ops.append((op, *r.take("ddd")))
        elif op == EVENT_CALLOUT_ACTION:
            ops.append((op, r.string(), r.string()))
        else:
            raise DecodeError(f"unknown frame op 0x{op:02x} at byte {r.pos - 1}")
    return ops


@dataclass
class A11yElement:
    item: int
    role: int
    flags: int
    name: str


@dataclass
class Welcome:
    version: int
    session: int


@dataclass
class Frame:
    number: int
    input_seq: int
    ops: list

    def of(self, op: int) -> list:
        return [o for o in self.ops if o[0] == op]


def decode_server_message(data: bytes):
    """A WELCOME or FRAME; raises DecodeError for anything else."""
    r = Reader(data)
    op = r.take("B")
    if op == WELCOME:
        version, session = r.take("HI")
        return Welcome(version, session)
    if op == FRAME:
        number, seq = r.take("II")
        return Frame(number, seq, decode_ops(r))
    raise DecodeError(f"unknown server opcode 0x{op:02x}")


# --- the scene ------------------------------------------------------------

@dataclass
class Item:
    id: int
    kind: int
    parent: int
    props: dict = field(default_factory=dict)
    children: list = field(default_factory=list)


class Scene:
    """The state a painter keeps, built only from frames."""

    def __init__(self, width: float = 1280, height: float = 800):
        self.width, self.height = width, height
        self.items: dict[int, Item] = {}
        self.root: list[int] = []
        self.a11y: list[A11yElement] = []
        self.camera: tuple[float, float, float] | None = None
        self.images, self.paths, self.fonts = {}, {}, {}
        self.url: str | None = None
        # Pages the server asked to open in a new tab (OPEN_URL), in order.
        self.opened_urls: list[str] = []
        self.frame_number = 0
        self.input_seq = 0

    def _children(self, parent: int) -> list:
        return self.root if parent == 0 else self.items[parent].children

    def _detach(self, item: int):
        siblings = self._children(self.items[item].parent)
        siblings.remove(item)

    def _remove_subtree(self, item: int):
        for child in list(self.items[item].children):
            self._remove_subtree(child)
        del self.items[item]

    def apply(self, frame: Frame):
        self.frame_number = frame.number
        self.input_seq = frame.input_seq
        for op in frame.ops:
            code = op[0]
            if code == DEF_IMAGE:
                self.images[op[1]] = op[2:]
            elif code == DEF_PATH:
                self.paths[op[1]] = op[2:]
            elif code == DEF_FONT:
                self.fonts[op[1]] = op[2:]
            elif code == CAMERA:
                self.camera = op[1:4]
            elif code == INSERT:
                _, item, parent, index, kind, props = op
                if item in self.items:
                    raise DecodeError(f"INSERT of existing item {item}")
                self.items[item] = Item(item, kind, parent, dict(props))
                self._children(parent).insert(index, item)
            elif code == REMOVE:
                self._detach(op[1])
                self._remove_subtree(op[1])
            elif code == MOVE:
                _, item, parent, index = op
                self._detach(item)
                self.items[item].parent = parent
                self._children(parent).insert(index, item)
            elif code == PATCH:
                self.items[op[1]].props.update(op[2])
            elif code == TRANSFORM:
                _, item, x, y = op
                _, _, w, h = self.items[item].props.get("frame", (0, 0, 0, 0))
                self.items[item].props["frame"] = (x, y, w, h)
            elif code == A11Y:
                self.a11y = op[1]
            elif code == A11Y_NAMES:
                renamed = dict(op[1])
                self.a11y = [A11yElement(e.item, e.role, e.flags, renamed.get(e.item, e.name)) for e in self.a11y]
            elif code == URL:
                self.url = op[2]
            elif code == OPEN_URL:
                self.opened_urls.append(op[1])

    # Geometry -------------------------------------------------------------

    def world_to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        cx, cy, zoom = self.camera
        scale = 256 * 2 ** zoom / WORLD_SIZE
        return (wx - cx) * scale + self.width / 2, (wy - cy) * scale + self.height / 2

    def origin(self, item_id: int) -> tuple[float, float]:
        """Screen position of an item's top left (anchor, parents and scroll
        applied; SCALE is ignored, it only animates)."""
        item = self.items[item_id]
        x, y, _, _ = item.props.get("frame", (0, 0, 0, 0))
        anchor = item.props.get("anchor")
        if anchor is not None:
            ax, ay = self.world_to_screen(*anchor)
            return ax + x, ay + y
        if item.parent == 0:
            return x, y
        px, py = self.origin(item.parent)
        sx, sy = self.items[item.parent].props.get("scroll", (0, 0))
        return px + x - sx, py + y - sy

    def center(self, item_id: int) -> tuple[float, float]:
        x, y = self.origin(item_id)
        _, _, w, h = self.items[item_id].props.get("frame", (0, 0, 0, 0))
        return x + w / 2, y + h / 2

    def is_anchored(self, item_id: int) -> bool:
        """True if the item or an ancestor is placed at a world point (pins)."""
        while item_id:
            item = self.items.get(item_id)
            if item is None:
                return False
            if item.props.get("anchor") is not None:
                return True
            item_id = item.parent
        return False
