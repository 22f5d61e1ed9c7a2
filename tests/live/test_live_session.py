"""The map protocol against the real binary, through tests/live/wire.py.

NOTE: these need the real session layer (MapSession). Until it replaces the
placeholder in MapWireApp they FAIL, on purpose: they are the acceptance
tests for it, not optional extras.
"""

from __future__ import annotations

import struct
import time

import websocket

import wire
from live_server import HANG

WIDTH, HEIGHT = 1280, 800


class Client:
    """One browser tab as the test sees it: a socket plus a Scene."""

    def __init__(self, server, hash_=""):
        self.ws = websocket.create_connection(server.ws, subprotocols=["mapwire.v1"], timeout=HANG)
        self.scene = wire.Scene(WIDTH, HEIGHT)
        self.seq = 0
        self.ws.send_binary(wire.hello(WIDTH, HEIGHT, 1.0, hash_))
        self.welcome = self.receive()

    def receive(self):
        opcode, data = self.ws.recv_data(control_frame=True)
        if opcode == websocket.ABNF.OPCODE_CLOSE:
            code = struct.unpack("!H", data[:2])[0] if len(data) >= 2 else None
            raise ConnectionError(f"closed by the server: {code} {data[2:]!r}")
        assert opcode == websocket.ABNF.OPCODE_BINARY, f"non-binary message, opcode {opcode}"
        return wire.decode_server_message(data)

    def next_frame(self) -> wire.Frame:
        message = self.receive()
        assert isinstance(message, wire.Frame), message
        self.scene.apply(message)
        self.ws.send_binary(wire.ack(message.number))
        return message

    def next_seq(self) -> int:
        self.seq += 1
        return self.seq

    def frames_until(self, predicate, timeout=HANG) -> wire.Frame:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            frame = self.next_frame()
            if predicate(frame):
                return frame
        raise AssertionError("no matching frame in time")

    def close(self):
        self.ws.close()


def test_hello_gets_welcome_then_the_first_frame(live_server):
    client = Client(live_server)
    assert isinstance(client.welcome, wire.Welcome)
    assert client.welcome.version == 1
    frame = client.next_frame()
    assert frame.number == 1
    assert client.scene.camera is not None, "frame 1 must set the camera"
    assert client.scene.items, "frame 1 must draw something"
    client.close()


def test_clicking_a_pin_opens_its_callout(live_server):
    # The first visible pin is a wishlist person's: its callout is the app's
    # card (new dialog, heading, list and button elements in the mirror).
    client = Client(live_server)
    client.next_frame()
    scene = client.scene
    pins = [e for e in scene.a11y
            if e.role == wire.ROLE_BUTTON and e.item in scene.items and scene.is_anchored(e.item)]
    assert pins, f"no pin among the accessibility elements: {scene.a11y}"
    visible = [p for p in pins
               if 0 <= scene.center(p.item)[0] < WIDTH and 0 <= scene.center(p.item)[1] < HEIGHT]
    assert visible, "no pin on screen"
    pin = visible[0]
    x, y = scene.center(pin.item)
    before = {e.item for e in scene.a11y}

    down_seq = client.next_seq()
    client.ws.send_binary(wire.pointer(down_seq, wire.DOWN, x, y, buttons=1, time_ms=1000.0))
    up_seq = client.next_seq()
    client.ws.send_binary(wire.pointer(up_seq, wire.UP, x, y, buttons=0, time_ms=1080.0))

    def callout_opened(frame):
        new_a11y = {e.item for e in client.scene.a11y} - before
        return bool(new_a11y) or bool(frame.of(wire.INSERT))

    frame = client.frames_until(callout_opened)
    assert frame.input_seq >= down_seq, "the frame should say which input it reflects"
    client.close()


def test_a_malformed_message_closes_only_that_session(live_server):
    broken, healthy = Client(live_server), Client(live_server)
    broken.next_frame()
    healthy.next_frame()

    broken.ws.send_binary(bytes([0xEE, 1, 2, 3]))
    while True:
        opcode, data = broken.ws.recv_data(control_frame=True)
        if opcode == websocket.ABNF.OPCODE_CLOSE:
            break
    code = struct.unpack("!H", data[:2])[0]
    assert code in (1002, 1003), code
    assert data[2:], "the close reason should name the problem"

    # The other session still answers input with frames.
    seq = healthy.next_seq()
    healthy.ws.send_binary(wire.resize(seq, WIDTH - 200, HEIGHT - 100))
    healthy.scene.width, healthy.scene.height = WIDTH - 200, HEIGHT - 100
    frame = healthy.frames_until(lambda f: f.input_seq >= seq)
    assert frame.input_seq >= seq
    healthy.close()
