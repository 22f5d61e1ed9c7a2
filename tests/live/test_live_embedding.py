"""Embedding over the real binary's socket (docs/embedding.md): the
--allowed-origin list reaches the page in frame 1, normalised, and the
embedding commands come back as events."""

from __future__ import annotations

import pytest

import wire
from live_server import start_server
from test_live_session import Client


@pytest.fixture
def embed_server():
    server = start_server("--allowed-origin", "https://News.Example.com:443",
                          "--allowed-origin", "http://localhost:8081")
    yield server
    server.stop()


def events(frame: wire.Frame, *codes: int) -> list:
    return [op for op in frame.ops if op[0] in codes]


def test_frame_one_names_the_allowed_origins_and_the_camera(embed_server):
    client = Client(embed_server, "#4/20/10")
    frame = client.next_frame()
    assert events(frame, wire.EMBED_ORIGINS) == [(wire.EMBED_ORIGINS, ["https://news.example.com",
                                                                        "http://localhost:8081"])]
    (_, latitude, longitude, zoom), = events(frame, wire.EVENT_CAMERA)
    assert (round(latitude, 6), round(longitude, 6), zoom) == (20, 10, 4)
    client.close()


def test_commands_come_back_as_events(embed_server):
    client = Client(embed_server, "#4/20/0")
    client.next_frame()
    client.ws.send_binary(wire.embed_select(client.next_seq(), "golden-gate-bridge"))
    frame = client.frames_until(lambda f: events(f, wire.EVENT_SELECT))
    assert events(frame, wire.EVENT_SELECT) == [(wire.EVENT_SELECT, "golden-gate-bridge")]
    client.ws.send_binary(wire.embed_deselect(client.next_seq()))
    frame = client.frames_until(lambda f: events(f, wire.EVENT_DESELECT))
    assert events(frame, wire.EVENT_DESELECT) == [(wire.EVENT_DESELECT, "golden-gate-bridge")]
    client.ws.send_binary(wire.embed_set_camera(client.next_seq(), -33.8688, 151.2093, 9))
    frame = client.frames_until(lambda f: [e for e in events(f, wire.EVENT_CAMERA) if e[3] == 9])
    (_, latitude, longitude, zoom), = events(frame, wire.EVENT_CAMERA)
    assert (round(latitude, 4), round(longitude, 4)) == (-33.8688, 151.2093)
    client.close()


def test_a_command_out_of_range_closes_only_that_session(embed_server):
    client = Client(embed_server)
    client.next_frame()
    client.ws.send_binary(wire.embed_set_camera(client.next_seq(), 95, 0, 3))
    with pytest.raises(ConnectionError, match="1002"):
        for _ in range(20):
            client.next_frame()
    other = Client(embed_server)
    assert other.next_frame().number == 1
    other.close()
