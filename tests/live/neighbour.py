"""A well-behaved browser tab for the limit tests: it keeps zooming in and
out and asserts that every step still gets a frame, while other clients
misbehave around it."""

from __future__ import annotations

import struct
import time

import websocket

import wire


class Neighbour:
    def __init__(self, server, timeout: float = 5.0):
        self.ws = websocket.create_connection(server.ws, subprotocols=["mapwire.v1"], timeout=timeout)
        self.seq = 0
        self.frames = 0
        self.ws.send_binary(wire.hello(800, 600))
        self.next_frame()

    def next_frame(self) -> float:
        """Reads until a frame arrives (acknowledging it); returns the wait in seconds."""
        started = time.monotonic()
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
                return time.monotonic() - started

    def step(self) -> float:
        """One wheel step (alternately in and out); returns how long its frame took."""
        self.seq += 1
        dy = 120 if self.seq % 2 else -120
        self.ws.send_binary(wire.wheel(self.seq, 400, 300, 0, dy))
        return self.next_frame()

    def assert_served(self, steps: int = 3, within: float = 1.0):
        for _ in range(steps):
            took = self.step()
            assert took < within, f"the neighbour's frame took {took:.2f} s"

    def close(self):
        self.ws.close()
