"""The HTTP edge as a careful client and an attacker meet it, against the
real binary: headers read whole, one decoding, RFC answers for every method,
HEAD, Expect, Accept, pipelining, and a JSON error with the security
headers for everything refused."""

from __future__ import annotations

import json
import socket
import urllib.request

import pytest

from live_server import HANG, start_server

ADD = b'{"id":"%s","title":"x","latitude":1,"longitude":1}'


def exchange(server, data: bytes, timeout: float = HANG) -> bytes:
    """Sends raw bytes and reads until the server closes (every request here
    says `Connection: close`); `timeout` only guards against a hang."""
    with socket.create_connection(("127.0.0.1", server.port)) as s:
        s.settimeout(timeout)
        s.sendall(data)
        out = b""
        try:
            while chunk := s.recv(65536):
                out += chunk
        except (socket.timeout, ConnectionResetError):
            pass
        return out


def answers(data: bytes, head_only: bool = False) -> list[tuple[int, dict[str, str], bytes]]:
    """Every (status, headers, body) in `data`; `head_only` for answers to HEAD."""
    found = []
    while data.startswith(b"HTTP/1.1 "):
        head, _, data = data.partition(b"\r\n\r\n")
        lines = head.decode().split("\r\n")
        headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
        length = 0 if head_only else int(headers.get("content-length", "0"))
        found.append((int(lines[0].split()[1]), headers, data[:length]))
        data = data[length:]
    return found


def post(path: str, body: bytes, extra: str = "") -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n{extra}"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body


def get(path: str, extra: str = "", method: str = "GET") -> bytes:
    return f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}Connection: close\r\n\r\n".encode()


def only(server, data: bytes) -> tuple[int, dict[str, str], bytes]:
    found = answers(exchange(server, data))
    assert len(found) == 1, found
    return found[0]


def assert_json_error(answer, status: int) -> dict:
    code, headers, body = answer
    assert code == status, (code, body)
    assert headers["content-type"] == "application/json"
    assert headers["x-content-type-options"] == "nosniff" and "content-security-policy" in headers
    error = json.loads(body)
    assert error["status"] == status and error["error"]
    return error


@pytest.mark.parametrize("prefix, name, value, status", [
    ("Hos", "Host", "evil.example", 421),
    ("X-Forwarded", "X-Forwarded-For", "203.0.113.9", 403),
    ("X-Real", "X-Real-IP", "203.0.113.9", 403),
])
def test_a_field_named_like_the_start_of_another_hides_nothing(live_server, prefix, name, value, status):
    body = ADD % b"hidden"
    request = (f"POST /api/annotations HTTP/1.1\r\nContent-Type: application/json\r\nHost: 127.0.0.1\r\n"
               f"{prefix}: x\r\n{name}: {value}\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body
    if name == "Host":
        request = request.replace(b"Host: 127.0.0.1\r\n", b"")
    assert_json_error(only(live_server, request), status)
    assert only(live_server, get("/api/annotations/hidden"))[0] == 404, "nothing was written"


def test_a_hidden_content_length_is_still_read(live_server):
    body = ADD % b"seen"
    request = (f"POST /api/annotations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Typ: x\r\n"
               f"Content-Type: application/json\r\nContent-Len: 1\r\nContent-Length: {len(body)}\r\n"
               f"Connection: close\r\n\r\n").encode() + body
    assert only(live_server, request)[0] == 201


def test_an_empty_forwarded_for_is_still_a_proxy(live_server):
    assert_json_error(only(live_server, post("/api/annotations", ADD % b"e", "X-Forwarded-For:\r\n")), 403)


def test_content_length_may_have_spaces_but_not_be_empty(live_server):
    body = ADD % b"spaced"
    request = post("/api/annotations", body).replace(f"Content-Length: {len(body)}".encode(),
                                                     f"Content-Length: {len(body)} ".encode())
    assert only(live_server, request)[0] == 201
    empty = post("/api/annotations", b"").replace(b"Content-Length: 0", b"Content-Length:")
    assert_json_error(only(live_server, empty), 400)


@pytest.mark.parametrize("query, word", [
    ("bbox=-10%252C35%252C30%252C60", "bbox"),
    ("limit=1%26bbox%3D0,0,1,1", "limit"),
    ("bbox=0x10,0,1,1", "bbox"),
    ("limit=1&limit=2", "more than once"),
])
def test_the_query_is_decoded_once_and_strictly(live_server, query, word):
    error = assert_json_error(only(live_server, get(f"/api/annotations?{query}")), 400)
    assert word in error["error"], error


def test_a_plus_in_a_path_is_a_plus(live_server):
    assert only(live_server, post("/api/annotations", ADD % b"a+b"))[0] == 201
    status, _, body = only(live_server, get("/api/annotations/a+b"))
    assert status == 200 and json.loads(body)["id"] == "a+b"


@pytest.mark.parametrize("target", ["/healthz?x=%00", "/api/annotations/a%00b", "/api/annotations/%zz",
                                    "/api/annotations/a%"])
def test_bad_escapes_are_a_json_400(live_server, target):
    assert_json_error(only(live_server, get(target)), 400)


def test_405_names_every_method_and_comes_before_the_media_type(live_server):
    code, headers, _ = answer = only(live_server, get("/api/annotations/0", method="PUT"))
    assert_json_error(answer, 405)
    assert headers["allow"] == "GET, HEAD, PATCH, DELETE, OPTIONS"
    code, headers, _ = only(live_server, get("/api/moves", method="OPTIONS"))
    assert code == 204 and headers["allow"] == "POST, OPTIONS"


@pytest.mark.parametrize("request_bytes, status", [
    (b"TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405),
    (b"CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n", 405),
    (b"BREW /pot HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 501),
    (b"GET / HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", 505),
])
def test_methods_never_served_get_the_json_error(live_server, request_bytes, status):
    assert_json_error(only(live_server, request_bytes), status)


@pytest.mark.parametrize("path", ["/", "/healthz", "/metrics", "/api/annotations", "/api/annotations.geojson",
                                  "/api/annotations/p1", "/painter.js"])
def test_head_answers_every_get_route(live_server, path):
    if path == "/api/annotations/p1":
        assert only(live_server, post("/api/annotations", ADD % b"p1"))[0] == 201
    full = only(live_server, get(path))
    data = exchange(live_server, get(path, method="HEAD"))
    [(status, headers, _)] = answers(data, head_only=True)
    assert status == 200 and data.endswith(b"\r\n\r\n"), data[-200:]
    if path == "/metrics":
        # Its values move between two reads (CPU time, memory, the request just answered): about as long.
        assert abs(int(headers["content-length"]) - len(full[2])) < 1000
    else:
        assert int(headers["content-length"]) == len(full[2])


def test_expect_100_continue_is_answered_before_the_body(live_server):
    body = b'{"moves":[]}'
    head = (f"POST /api/moves HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Expect: 100-continue\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", live_server.port)) as s:
        s.settimeout(HANG)
        s.sendall(head)
        assert s.recv(4096) == b"HTTP/1.1 100 Continue\r\n\r\n"
        s.sendall(body)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
    assert answers(out)[0][0] == 200


def test_expect_gets_the_final_refusal_when_the_head_decides_it(live_server):
    head = (b"POST /api/moves HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
            b"Expect: 100-continue\r\nContent-Length: 5000000\r\n\r\n")
    data = exchange(live_server, head)
    assert data.startswith(b"HTTP/1.1 415"), data[:100]


def test_accept_q_values_are_weighed_and_406_when_nothing_fits(live_server):
    status, headers, _ = only(live_server, get("/api/annotations",
                                               "Accept: application/json, application/geo+json;q=0.9\r\n"))
    assert status == 200 and headers["content-type"].startswith("application/json")
    status, headers, _ = only(live_server, get("/api/annotations", "Accept: application/geo+json\r\n"))
    assert headers["content-type"].startswith("application/geo+json")
    assert_json_error(only(live_server, get("/api/annotations", "Accept: text/html\r\n")), 406)
    assert_json_error(only(live_server, get("/healthz", "Accept: image/png\r\n")), 406)


def test_a_pipelined_request_waits_for_a_large_answer_to_finish():
    server = start_server("--samples", "all")
    try:
        lines = b"".join(json.dumps({"type": "Feature", "id": f"f{i}",
                                     "geometry": {"type": "Point", "coordinates": [i % 360 - 180, i % 170 - 85]},
                                     "properties": {"title": "pin %d" % i}}).encode() + b"\n"
                         for i in range(20_000))
        imported = (f"POST /api/annotations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-ndjson\r\n"
                    f"Content-Length: {len(lines)}\r\nConnection: close\r\n\r\n").encode() + lines
        assert only(server, imported)[0] == 201
        for _ in range(3):
            pipelined = (b"GET /api/annotations HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                         b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            found = answers(exchange(server, pipelined))
            assert [status for status, _, _ in found] == [200, 200]
            listed, health = found[0][2], found[1][2]
            assert len(listed) == int(found[0][1]["content-length"]) and len(json.loads(listed)["annotations"]) > 20_000
            assert json.loads(health)["status"] == "ok"
    finally:
        server.stop()


def test_a_header_timeout_is_answered_408_and_counted():
    server = start_server("--request-timeout", "1")
    try:
        with socket.create_connection(("127.0.0.1", server.port)) as s:
            s.settimeout(HANG)
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127")
            data = s.recv(65536)
        assert_json_error(answers(data)[0], 408)
        with urllib.request.urlopen(server.http + "/metrics", timeout=HANG) as response:
            metrics = response.read().decode()
        assert 'mapwire_connection_closes_total{reason="timeout"} 1' in metrics.splitlines()
        # The 408 is an answer too; the head never arrived whole, so its method and route are unknown.
        assert 'mapwire_http_requests_total{method="other",route="none",status="408"} 1' in metrics.splitlines()
    finally:
        server.stop()
