"""The transport, seen from outside: HTTP routes, the WebSocket handshake,
close codes and shutdown of the real `mapwire` binary."""

from __future__ import annotations

import json
import signal
import struct
import urllib.error
import urllib.request

import websocket

import wire
from live_server import HANG, start_server


def http(server, path, method="GET", body=None, headers=None):
    request = urllib.request.Request(server.http + path, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=HANG) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def recv_close(ws):
    """Reads until the close frame; returns (code, reason)."""
    while True:
        opcode, data = ws.recv_data(control_frame=True)
        if opcode == websocket.ABNF.OPCODE_CLOSE:
            code = struct.unpack("!H", data[:2])[0] if len(data) >= 2 else None
            return code, data[2:].decode("utf-8", "replace")


def test_page_and_health(live_server):
    status, headers, body = http(live_server, "/")
    assert status == 200
    assert headers["Content-Type"].startswith("text/html")
    assert b"<canvas" in body or b"<html" in body.lower()
    status, headers, body = http(live_server, "/healthz")
    assert status == 200
    assert headers["Content-Type"].startswith("application/json")
    json.loads(body)


def test_font_is_served_with_its_type(live_server):
    status, headers, body = http(live_server, "/fonts/Inter-Regular.otf")
    assert status == 200
    assert headers["Content-Type"] == "font/otf"
    assert body[:4] == b"OTTO"


def test_unknown_api_route_is_json_404(live_server):
    status, headers, body = http(live_server, "/api/nope")
    assert status == 404
    assert headers["Content-Type"].startswith("application/json")
    answer = json.loads(body)
    assert answer["status"] == 404 and answer["error"]


def test_invalid_json_is_a_json_4xx(live_server):
    # The routes may not exist yet: a JSON 404 is acceptable until they do.
    for path in ("/api/annotations/1/position", "/api/moves"):
        status, headers, body = http(live_server, path, method="POST", body=b"{not json",
                                     headers={"Content-Type": "application/json"})
        assert 400 <= status < 500, (path, status)
        assert headers["Content-Type"].startswith("application/json"), path
        assert json.loads(body)["error"], path


def test_metrics_are_prometheus_text(live_server):
    status, headers, body = http(live_server, "/metrics")
    assert status == 200
    assert headers["Content-Type"].startswith("text/plain")
    assert b"mapwire_ws_connections_open" in body


def test_websocket_handshake_picks_the_subprotocol(live_server):
    ws = websocket.create_connection(live_server.ws, subprotocols=["mapwire.v1"], timeout=HANG)
    try:
        assert ws.getsubprotocol() == "mapwire.v1"
    finally:
        ws.close()


def test_text_messages_close_with_1003(live_server):
    ws = websocket.create_connection(live_server.ws, subprotocols=["mapwire.v1"], timeout=HANG)
    ws.send("hello")
    assert recv_close(ws) == (1003, "binary messages only")


def test_sigterm_closes_sessions_with_1001_and_exits_without_waiting_for_them():
    # Sessions never end by themselves: a server that waited for them would
    # never exit, and stop() fails after its hang guard. How long the exit
    # takes is scripts/shutdown_time.py's measurement.
    server = start_server()
    sockets = [websocket.create_connection(server.ws, subprotocols=["mapwire.v1"], timeout=HANG)
               for _ in range(3)]
    for ws in sockets:
        ws.send_binary(wire.hello(800, 600))
        assert isinstance(wire.decode_server_message(ws.recv()), wire.Welcome)
    server.stop(signal.SIGTERM)
    assert server.process.returncode == 0, server.output()
    for ws in sockets:
        code, reason = recv_close(ws)
        assert code == 1001, reason
