"""Who may write, from where, and what every answer says about itself,
against the real binary: the token, the loopback rule, the refusal to
listen on a network without a token, Content-Type, Origin, Host and the
security headers."""

from __future__ import annotations

import json
import os
import subprocess
import urllib.error
import urllib.request

import pytest
import websocket

from live_server import HANG, ROOT, binary_path, free_port, new_store, start_server

TOKEN = "s3cret-token"
JSON = {"Content-Type": "application/json"}


def request(server, method, path, body=None, headers=None):
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    req = urllib.request.Request(server.http + path, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=HANG) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def open_socket(server, path, origin=None, suppress_origin=False, headers=None, protocol="mapwire.v1"):
    """The handshake's status: 101, or the refusal's status and JSON body."""
    try:
        ws = websocket.create_connection(f"ws://127.0.0.1:{server.port}{path}", subprotocols=[protocol],
                                         origin=origin, suppress_origin=suppress_origin,
                                         header=headers or [], timeout=HANG)
    except websocket.WebSocketBadStatusException as error:
        return error.status_code, json.loads(error.resp_body)
    ws.close()
    return 101, None


@pytest.fixture(scope="module")
def guarded():
    server = start_server("--api-token", TOKEN)
    yield server
    server.stop()


WRITES = [
    ("POST", "/api/annotations", {"id": "w-{n}", "title": "W", "latitude": 1, "longitude": 2}, 201),
    ("POST", "/api/moves", {"moves": [{"id": "w-{n}", "latitude": 2, "longitude": 3}]}, 200),
    ("POST", "/api/annotations/w-{n}/position", {"latitude": 3, "longitude": 4}, 200),
    ("DELETE", "/api/annotations/w-{n}", None, 200),
]


def test_every_write_route_needs_the_token(guarded):
    for method, path, body, ok in WRITES:
        path = path.format(n=0)
        body = json.loads(json.dumps(body).replace("{n}", "0")) if body else None
        status, headers, answer = request(guarded, method, path, body, JSON)
        assert status == 401, (method, path, answer)
        assert headers["WWW-Authenticate"].startswith("Bearer")
        assert json.loads(answer)["status"] == 401
        status, _, answer = request(guarded, method, path, body, {**JSON, **bearer("wrong")})
        assert status == 403, (method, path, answer)
        assert json.loads(answer)["error"]
        status, _, answer = request(guarded, method, path, body, {**JSON, **bearer(TOKEN)})
        assert status == ok, (method, path, answer)


def test_reads_stay_open_with_a_token(guarded):
    for path in ("/", "/healthz", "/metrics", "/api/annotations", "/api/annotations/golden-gate-bridge"):
        status, _, _ = request(guarded, "GET", path)
        assert status == 200, path
    assert open_socket(guarded, "/ws")[0] == 101


def test_the_feed_needs_the_token(guarded):
    status, body = open_socket(guarded, "/feed", protocol="mapwire.feed.v1")
    assert status == 401 and body["status"] == 401
    assert open_socket(guarded, "/feed", protocol="mapwire.feed.v1", headers=["Authorization: Bearer nope"])[0] == 403
    ws = websocket.create_connection(f"ws://127.0.0.1:{guarded.port}/feed", subprotocols=["mapwire.feed.v1"],
                                     header=[f"Authorization: Bearer {TOKEN}"], timeout=HANG)
    ws.send(json.dumps({"moves": []}))
    assert json.loads(ws.recv())["applied"] == 0
    ws.close()


def test_the_token_never_reaches_the_log(guarded):
    request(guarded, "POST", "/api/moves", {"moves": []}, {**JSON, **bearer(TOKEN)})
    request(guarded, "POST", "/api/moves", {"moves": []}, {**JSON, **bearer("guess-" + TOKEN)})
    assert TOKEN not in guarded.output()


def test_the_token_can_come_from_the_environment():
    server = start_server(env={"MAPWIRE_API_TOKEN": "from-env"})
    try:
        assert request(server, "POST", "/api/moves", {"moves": []}, JSON)[0] == 401
        assert request(server, "POST", "/api/moves", {"moves": []}, {**JSON, **bearer("from-env")})[0] == 200
    finally:
        server.stop()


def run_briefly(*flags, env=None):
    """Runs mapwire expecting it to exit by itself; returns (code, output)."""
    process = subprocess.run(
        [binary_path(), "--port", str(free_port()), "--no-demo", "--public", os.path.join(ROOT, "Public"),
         "--store", new_store(), *flags], cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**{k: v for k, v in os.environ.items() if k != "MAPWIRE_API_TOKEN"}, **(env or {})})
    return process.returncode, process.stdout + process.stderr


def test_a_network_bind_without_a_token_refuses_to_start():
    code, output = run_briefly("--host", "0.0.0.0")
    assert code != 0
    assert "--api-token" in output and "--allow-open-writes" in output, output
    assert "listening" not in output


@pytest.mark.parametrize("flags", [["--allow-open-writes"], ["--api-token", TOKEN]])
def test_a_network_bind_starts_with_a_token_or_on_purpose(flags):
    server = start_server("--host", "0.0.0.0", *flags)
    try:
        assert request(server, "GET", "/healthz")[0] == 200
    finally:
        server.stop()


def test_an_unbindable_host_is_an_error_not_a_silent_server():
    code, output = run_briefly("--host", "999.1.1.1", "--api-token", TOKEN)
    assert code != 0
    assert "999.1.1.1" in output and "listening" not in output, output


def test_loopback_writes_need_no_token(live_server):
    status, _, answer = request(live_server, "POST", "/api/moves", {"moves": []}, JSON)
    assert status == 200, answer


def test_forwarded_writes_without_a_token_are_refused(live_server):
    """Behind a proxy every peer is loopback; the proxy's header says otherwise."""
    status, _, answer = request(live_server, "POST", "/api/moves", {"moves": []},
                                {**JSON, "X-Forwarded-For": "203.0.113.7"})
    assert status == 403
    assert "--api-token" in json.loads(answer)["error"]


@pytest.mark.parametrize("content_type, body", [
    ("text/plain", b'{"moves":[]}'),
    ("application/x-www-form-urlencoded", b"moves=1"),
    ("multipart/form-data; boundary=x", b"--x\r\n\r\nmoves\r\n--x--\r\n"),
])
def test_non_json_writes_are_415(live_server, content_type, body):
    status, headers, answer = request(live_server, "POST", "/api/moves", body, {"Content-Type": content_type})
    assert status == 415
    assert headers["Content-Type"].startswith("application/json")
    assert json.loads(answer)["status"] == 415


def test_a_cross_site_text_plain_add_changes_nothing(live_server):
    body = json.dumps({"id": "csrf", "title": "X", "latitude": 1, "longitude": 1}).encode()
    status, _, _ = request(live_server, "POST", "/api/annotations", body, {"Content-Type": "text/plain"})
    assert status == 415
    assert request(live_server, "GET", "/api/annotations/csrf")[0] == 404
    status, _, _ = request(live_server, "POST", "/api/annotations", body,
                           {"Content-Type": "application/json; charset=utf-8"})
    assert status == 201


@pytest.mark.parametrize("path, protocol", [("/ws", "mapwire.v1"), ("/feed", "mapwire.feed.v1")])
def test_origins_on_the_sockets(live_server, path, protocol):
    own = f"http://127.0.0.1:{live_server.port}"
    assert open_socket(live_server, path, origin=own, protocol=protocol)[0] == 101
    assert open_socket(live_server, path, suppress_origin=True, protocol=protocol)[0] == 101
    for foreign in ("http://evil.example", f"http://127.0.0.1:{live_server.port + 1}", "null"):
        status, body = open_socket(live_server, path, origin=foreign, protocol=protocol)
        assert status == 403, foreign
        assert "--allowed-origin" in body["error"]


def test_allowed_origins_may_open_sockets_and_frame_the_page():
    server = start_server("--allowed-origin", "https://portal.example.com")
    try:
        assert open_socket(server, "/ws", origin="https://portal.example.com")[0] == 101
        assert open_socket(server, "/ws", origin="https://other.example.com")[0] == 403
        _, headers, _ = request(server, "GET", "/")
        assert "frame-ancestors 'self' https://portal.example.com" in headers["Content-Security-Policy"]
        # Its host is served too (a proxy in front passes it on).
        assert request(server, "GET", "/healthz", headers={"Host": "portal.example.com"})[0] == 200
    finally:
        server.stop()


def test_foreign_hosts_are_refused(live_server):
    """DNS rebinding: a foreign name pointing at this machine reads nothing."""
    for path in ("/", "/api/annotations", "/healthz"):
        status, _, answer = request(live_server, "GET", path, headers={"Host": f"rebind.example:{live_server.port}"})
        assert status == 421, path
        assert "--allowed-host" in json.loads(answer)["error"]
    status, _ = open_socket(live_server, "/ws", suppress_origin=True, headers=["Host: rebind.example"])
    assert status in (400, 421)
    for host in ("localhost", f"localhost:{live_server.port}", "127.0.0.1", "[::1]:80"):
        assert request(live_server, "GET", "/healthz", headers={"Host": host})[0] == 200, host


def test_allowed_hosts_are_served():
    server = start_server("--allowed-host", "maps.lan")
    try:
        assert request(server, "GET", "/healthz", headers={"Host": "maps.lan:8080"})[0] == 200
        assert request(server, "GET", "/healthz", headers={"Host": "other.lan"})[0] == 421
    finally:
        server.stop()


@pytest.mark.parametrize("path", ["/", "/painter.js", "/fonts/Inter-Regular.otf", "/api/annotations", "/healthz",
                                  "/api/nope"])
def test_answers_carry_the_security_headers(live_server, path):
    status, headers, _ = request(live_server, "GET", path)
    assert status in (200, 404), path
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"
    csp = headers["Content-Security-Policy"]
    for directive in ("default-src 'none'", "script-src 'self'", "connect-src 'self'", "font-src 'self'",
                      "img-src 'self' blob: data:", "frame-ancestors 'self'", "object-src 'none'"):
        assert directive in csp, (path, csp)
    assert "unsafe-inline" not in csp
