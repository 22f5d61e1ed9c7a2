"""A well-behaved browser tab for the limit tests: it keeps zooming in and
out and asserts that every step is answered by its frame, in order, while
other clients misbehave around it. How fast is not asserted here: the
neighbour's frame times under load are measured in docs/performance.md."""

from __future__ import annotations

import struct

import websocket

import wire
from live_server import HANG


class Neighbour:
    def __init__(self, server, timeout: float = HANG):
        self.ws = websocket.create_connection(server.ws, subprotocols=["mapwire.v1"], timeout=timeout)
        self.seq = 0
        self.frames = 0
        self.ws.send_binary(wire.hello(800, 600))
        self.next_frame()

    def next_frame(self) -> wire.Frame:
        """Reads until a frame arrives (acknowledging it) and returns it; the
        socket's timeout only guards against a hang."""
        while True:
            opcode, data = self.ws.recv_data(control_frame=True)
            if opcode == websocket.ABNF.OPCODE_CLOSE:
                code = struct.unpack("!H", data[:2])[0] if len(data) >= 2 else None
                raise AssertionError(f"the neighbour was closed: {code} {data[2:]!r}")
            if opcode != websocket.ABNF.OPCODE_BINARY:
                continue
            message = wire.decode_server_message(data)
            if isinstance(message, wire.Frame):
                self.ws.send_binary(wire.ack(message.number))
                self.frames += 1
                return message

    def step(self) -> wire.Frame:
        """One wheel step (alternately in and out); returns the frame that answers
        it (frames of the step before, still settling, may come first)."""
        self.seq += 1
        dy = 120 if self.seq % 2 else -120
        self.ws.send_binary(wire.wheel(self.seq, 400, 300, 0, dy))
        while True:
            frame = self.next_frame()
            assert frame.input_seq <= self.seq, f"a frame answers input {frame.input_seq}, never sent"
            if frame.input_seq == self.seq:
                assert frame.of(wire.CAMERA), "the wheel step's frame moves the camera"
                return frame

    def assert_served(self, steps: int = 3):
        """Each of `steps` wheel steps is answered by a frame that moves the camera."""
        for _ in range(steps):
            self.step()

    def close(self):
        self.ws.close()
