"""Limits against clients that hold connections or flood input, against the
real binary. Every test keeps a well-behaved session (Neighbour) next to
the misbehaving clients and asserts it keeps getting frames."""

from __future__ import annotations

import resource
import socket
import struct
import time
import urllib.request

import websocket

import wire
from live_server import HANG, start_server
from neighbour import Neighbour

UPGRADE = (b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
           b"Sec-WebSocket-Protocol: mapwire.v1\r\n\r\n")
H2C = (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
       b"HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n")
CONNECT = b"CONNECT /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def rss_kb(server) -> int:
    with open(f"/proc/{server.process.pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def metric(server, name: str) -> float:
    with urllib.request.urlopen(server.http + "/metrics", timeout=HANG) as response:
        for line in response.read().decode().splitlines():
            if line.startswith(name + " "):
                return float(line.split()[1])
    raise AssertionError(f"{name} missing from /metrics")


def open_socket(server, payload: bytes = b"") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", server.port), timeout=HANG)
    if payload:
        s.sendall(payload)
    return s


def closed_by_server(s: socket.socket) -> bytes | None:
    """What the server sent before closing, or None while it is still open."""
    s.setblocking(False)
    received = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return received
            received += chunk
    except BlockingIOError:
        return None
    except OSError:
        return received


def wait_until(condition, message: str, step=None):
    """Calls `condition` until it is true (and `step` between tries); fails
    after the hang guard. For what the server does at a deadline of its own."""
    deadline = time.monotonic() + HANG
    while not condition():
        assert time.monotonic() < deadline, f"{message} (waited {HANG} s)"
        if step is not None:
            step()
        time.sleep(0.1)


def admitted_neighbour(server) -> Neighbour:
    """A new session, once the server has noticed that others left to make room."""
    found = []

    def connect() -> bool:
        try:
            neighbour = Neighbour(server)
            neighbour.assert_served(steps=1)
        except (AssertionError, OSError, websocket.WebSocketException):
            return False
        found.append(neighbour)
        return True

    wait_until(connect, "a new session was never admitted")
    return found[0]


def drain(s: socket.socket, into: bytearray) -> bool:
    """Adds what the server sent to `into`; true once it has closed the socket."""
    s.setblocking(False)
    try:
        while chunk := s.recv(65536):
            into += chunk
        return True
    except BlockingIOError:
        return False
    except OSError:
        return True


def recv_close(ws):
    """Reads frames until the close; returns (code, reason). Raw frames: the
    server may hang up right after its close, before a reply could go out."""
    while True:
        frame = ws.recv_frame()
        if frame.opcode == websocket.ABNF.OPCODE_CLOSE:
            data = frame.data
            code = struct.unpack("!H", data[:2])[0] if len(data) >= 2 else None
            return code, data[2:].decode("utf-8", "replace")


def limit_descriptors():
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


def test_holding_1100_connections_under_ulimit_1024_starves_nobody():
    # Before: accept() failed with EMFILE in a loop at 100 % CPU and the
    # process trapped within seconds. Now the sockets over the cap get a 503,
    # the rest are dropped at their deadline, and the neighbour is served.
    server = start_server("--request-timeout", "2", "--first-message-timeout", "2",
                          preexec_fn=limit_descriptors)
    try:
        neighbour = Neighbour(server)
        neighbour.assert_served()
        before = rss_kb(server)
        payloads = [CONNECT, UPGRADE, H2C, b"GET / HTTP/1.1\r\nHost: x", b""]
        hostile = [open_socket(server, payloads[i % len(payloads)]) for i in range(1100)]
        neighbour.assert_served()
        # Every one is closed: over the cap at once with a 503, the rest at their 2 s deadlines.
        answers = [bytearray() for _ in hostile]
        closed = [False] * len(hostile)

        def all_closed() -> bool:
            for i, s in enumerate(hostile):
                closed[i] = closed[i] or drain(s, answers[i])
            return all(closed)

        wait_until(all_closed, "hostile sockets still open after their deadlines",
                   step=lambda: neighbour.assert_served(steps=1))
        refused = [a for a in answers if a.startswith(b"HTTP/1.1 503")]
        assert refused, "no socket over the cap was answered 503"
        assert b"server full" in refused[0]
        for s in hostile:
            s.close()
        neighbour.assert_served()
        assert server.process.poll() is None
        output = server.output()
        assert "errno 24" not in output
        assert output.count("refusing connection") < 50, "refusals must be logged at a bounded rate"
        after = rss_kb(server)
        assert after < before + 16 * 1024, f"RSS grew from {before} KB to {after} KB"
        # New clients get in again once the hostile ones are gone.
        Neighbour(server).assert_served(steps=1)
        neighbour.close()
    finally:
        server.stop()
    assert server.process.returncode == 0, server.output()


def test_connect_is_refused_and_h2c_is_answered_over_http_1_1():
    # CONNECT would be a tunnel: refused at once. An upgrade to h2c is not
    # taken (RFC 9110 7.8 lets a server ignore it): the request is answered
    # as HTTP/1.1, so no check is skipped on the way to another protocol.
    server = start_server()
    try:
        neighbour = Neighbour(server)
        s = open_socket(server, CONNECT)
        answer = s.recv(4096)
        assert answer.startswith(b"HTTP/1.1 405") and b"Allow: " in answer, answer
        assert b"Content-Security-Policy: " in answer and b'"status":405' in answer, answer
        s = open_socket(server, H2C)
        answer = s.recv(4096)
        assert answer.startswith(b"HTTP/1.1 200 OK") and b"Upgrade:" not in answer, answer[:300]
        neighbour.assert_served()
        neighbour.close()
    finally:
        server.stop()


def test_slow_headers_are_closed_at_the_request_timeout():
    # A header a byte at a time: lws's own idle timeout restarts on every
    # byte, so only the whole-request deadline ends it.
    server = start_server("--request-timeout", "2")
    try:
        neighbour = Neighbour(server)
        s = open_socket(server)
        # 200 bytes, one each 0.2 s or slower: at least 40 s of a header that
        # never stops arriving, so only the 2 s deadline can close it in time.
        request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200
        closed = False
        for byte in request:
            try:
                s.send(bytes([byte]))
            except OSError:
                closed = True
                break
            if closed_by_server(s) is not None:
                closed = True
                break
            neighbour.assert_served(steps=1)
            s.setblocking(True)
            time.sleep(0.2)
        assert closed, "a header still arriving was never closed"
        neighbour.assert_served()
        neighbour.close()
    finally:
        server.stop()


def test_websocket_without_hello_is_closed_with_1008():
    server = start_server("--first-message-timeout", "1")
    try:
        neighbour = Neighbour(server)
        ws = websocket.create_connection(server.ws, subprotocols=["mapwire.v1"], timeout=HANG)
        neighbour.assert_served()
        assert recv_close(ws) == (1008, "no HELLO within 1 s")
        neighbour.assert_served()
        neighbour.close()
    finally:
        server.stop()


def test_one_session_over_max_sessions_is_closed_with_1013_and_a_reason():
    server = start_server("--max-sessions", "2")
    try:
        neighbour = Neighbour(server)
        second = Neighbour(server)
        third = websocket.create_connection(server.ws, subprotocols=["mapwire.v1"], timeout=HANG)
        third.send_binary(wire.hello(800, 600))
        assert recv_close(third) == (1013, "server full: 2 sessions")
        neighbour.assert_served()
        second.close()
        # The freed slot is taken by the next one, once the server has seen the close.
        admitted_neighbour(server).close()
        neighbour.assert_served()
        neighbour.close()
    finally:
        server.stop()


def test_connections_per_peer_are_capped_with_503():
    server = start_server("--max-connections-per-peer", "4", "--limit-loopback-peers")
    try:
        neighbour = Neighbour(server)
        held = [open_socket(server) for _ in range(3)]
        over = open_socket(server)
        answer = over.recv(4096)
        assert answer.startswith(b"HTTP/1.1 503"), answer
        assert b"too many connections from this address" in answer
        # The server took the three before the fifth: they are still open.
        assert all(closed_by_server(s) is None for s in held)
        neighbour.assert_served()
        for s in held:
            s.close()
        # Their places are free again once the server has seen them close.
        admitted_neighbour(server).close()
        neighbour.assert_served()
        neighbour.close()
    finally:
        server.stop()


def test_a_burst_of_10000_pointer_events_is_closed_with_1008():
    server = start_server()
    try:
        neighbour = Neighbour(server)
        flood = websocket.create_connection(server.ws, subprotocols=["mapwire.v1"], timeout=HANG)
        flood.send_binary(wire.hello(800, 600))
        events = b"".join(
            websocket.ABNF.create_frame(wire.pointer(i, wire.MOVE_PHASE, 400 + i % 50, 300, buttons=0),
                                        websocket.ABNF.OPCODE_BINARY).format()
            for i in range(1, 10_001))
        try:
            flood.sock.sendall(events)
        except OSError:
            pass  # closed mid-burst: what we want
        neighbour.assert_served()
        try:
            code, reason = recv_close(flood)
            assert code == 1008 and "input rate" in reason, (code, reason)
        except websocket.WebSocketConnectionClosedException:
            # The close frame went out, but closing a socket with unread input
            # sends a reset that may overtake it: the counter tells.
            pass
        assert metric(server, 'mapwire_connection_closes_total{reason="input_rate"}') == 1
        assert "closed: 1008 input rate over 500 messages a second" in server.output()
        neighbour.assert_served()
        neighbour.close()
    finally:
        server.stop()


def test_a_user_moving_the_pointer_at_120_hz_is_not_limited():
    server = start_server()
    try:
        client = Neighbour(server)
        for i in range(240):  # two seconds of pointer moves at 120 Hz, plus a wheel step every 8
            client.seq += 1
            client.ws.send_binary(wire.pointer(client.seq, wire.MOVE_PHASE, 400 + i % 40, 300, buttons=0))
            if i % 8 == 0:
                client.step()
            time.sleep(1 / 120)
        client.assert_served()
        client.close()
    finally:
        server.stop()


def test_an_idle_kept_alive_connection_is_closed_after_its_answer():
    server = start_server("--request-timeout", "2")
    try:
        neighbour = Neighbour(server)
        s = open_socket(server, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert s.recv(4096).startswith(b"HTTP/1.1 200")
        # Closed at its 2 s deadline; left open, it would outlast the hang guard.
        wait_until(lambda: closed_by_server(s) is not None, "an idle kept-alive connection stayed open",
                   step=lambda: neighbour.assert_served(steps=1))
        neighbour.assert_served()
        neighbour.close()
    finally:
        server.stop()


def test_a_feed_that_never_sends_is_closed_at_its_own_deadline():
    server = start_server("--feed-first-message-timeout", "1", "--first-message-timeout", "30")
    try:
        neighbour = Neighbour(server)
        feed = websocket.create_connection(f"ws://127.0.0.1:{server.port}/feed",
                                           subprotocols=["mapwire.feed.v1"], timeout=HANG)
        assert recv_close(feed) == (1008, "no first message within 1 s")
        neighbour.assert_served()
        neighbour.close()
    finally:
        server.stop()
