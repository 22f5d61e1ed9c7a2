"""What a probing client found, each answered now, against the real binary:
ids decoded once and kept addressable, body framing read by one parser,
chunked and pipelined requests answered, field and size limits, timestamps
that cannot freeze a pin, and fixtures that fail with a message."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import urllib.error
import urllib.parse
import urllib.request

import pytest

from live_server import HANG, ROOT, binary_path, free_port

JSON = {"Content-Type": "application/json"}


def api(server, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server.http + urllib.parse.quote(path, safe="/%"), data=data, method=method,
                                 headers=JSON)
    try:
        with urllib.request.urlopen(req, timeout=HANG) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def raw(server, data: bytes, answers: int | None = None) -> tuple[bytes, bool]:
    """Sends raw bytes; reads until the server closes or, with `answers`, until
    that many whole answers came on a connection kept open. Returns everything
    read and whether the server closed."""
    with socket.create_connection(("127.0.0.1", server.port)) as s:
        s.settimeout(HANG)
        s.sendall(data)
        out = b""
        while answers is None or whole_answers(out) < answers:
            try:
                chunk = s.recv(65536)
            except socket.timeout:
                raise AssertionError(f"neither closed nor answered within {HANG} s: {out[:300]!r}")
            if not chunk:
                return out, True
            out += chunk
        return out, False


def whole_answers(data: bytes) -> int:
    """How many complete HTTP answers (head and Content-Length body) `data` holds."""
    count = 0
    while True:
        head, found, rest = data.partition(b"\r\n\r\n")
        if not found:
            return count
        lengths = [line.split(b":", 1)[1] for line in head.split(b"\r\n")[1:]
                   if line.lower().startswith(b"content-length:")]
        length = int(lengths[0]) if lengths else 0
        if len(rest) < length:
            return count
        count += 1
        data = rest[length:]


def responses(data: bytes) -> list[tuple[int, dict]]:
    """The (status, JSON body or {}) of each HTTP response in `data`."""
    found = []
    while data.startswith(b"HTTP/1."):
        head, _, rest = data.partition(b"\r\n\r\n")
        lines = head.decode().split("\r\n")
        headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
        length = int(headers.get("content-length", "0"))
        body, data = rest[:length], rest[length:]
        found.append((int(lines[0].split()[1]), json.loads(body) if body.startswith(b"{") else {}))
    return found


def test_ids_are_decoded_once(live_server):
    assert api(live_server, "POST", "/api/annotations", {"id": "pct%41", "title": "a", "latitude": 1, "longitude": 1})[0] == 201
    assert api(live_server, "POST", "/api/annotations", {"id": "pctA", "title": "b", "latitude": 1, "longitude": 1})[0] == 201
    status, body = api(live_server, "DELETE", "/api/annotations/pct%2541")
    assert status == 200 and body["removed"]["id"] == "pct%41", body
    assert api(live_server, "GET", "/api/annotations/pctA")[0] == 200


@pytest.mark.parametrize("bad_id, rule", [
    ("a/b", "'/'"), ("nul\u0000x", "control"), ("x" * 257, "256 bytes"), ("", "non-empty"),
], ids=["slash", "nul", "257-bytes", "empty"])
def test_ids_that_could_never_be_addressed_are_400(live_server, bad_id, rule):
    status, body = api(live_server, "POST", "/api/annotations",
                       {"id": bad_id, "title": "t", "latitude": 1, "longitude": 1})
    assert status == 400 and rule in body["error"], body
    status, body = api(live_server, "POST", "/api/moves", [{"id": bad_id, "latitude": 1, "longitude": 1}])
    assert status == 400 and "moves[0]" in body["error"], body


def test_ids_in_paths_follow_the_same_rule(live_server):
    status, body = api(live_server, "GET", "/api/annotations/" + "x" * 300)
    assert status == 400 and "256" in body["error"]
    status, body = api(live_server, "DELETE", "/api/annotations/bad%01id")
    assert status == 400 and "control" in body["error"]


@pytest.mark.parametrize("field, value, limit", [
    ("title", "t" * 1025, "1024"), ("subtitle", "s" * 1025, "1024"), ("kind", "k" * 65, "64"),
    ("clusteringIdentifier", "c" * 257, "256"), ("id", 7 << 20, "256"),
], ids=["title", "subtitle", "kind", "clusteringIdentifier", "7MB-id"])
def test_fields_have_limits(live_server, field, value, limit):
    if isinstance(value, int):
        value = "i" * value
    body = {"id": "limited", "title": "T", "latitude": 1, "longitude": 1, field: value}
    status, answer = api(live_server, "POST", "/api/annotations", body)
    assert status == 400, answer
    assert f'"{field}"' in answer["error"] and limit in answer["error"], answer


def test_a_far_future_timestamp_cannot_freeze_a_pin(live_server):
    api(live_server, "POST", "/api/annotations", {"id": "ice", "title": "Ice", "latitude": 1, "longitude": 1})
    status, body = api(live_server, "POST", "/api/moves", [{"id": "ice", "latitude": 2, "longitude": 2, "timestamp": 1e308}])
    assert status == 400 and "timestamp" in body["error"], body
    status, body = api(live_server, "POST", "/api/moves", [{"id": "ice", "latitude": 3, "longitude": 3, "timestamp": 10}])
    assert status == 200 and body["applied"] == 1, body
    assert api(live_server, "GET", "/api/annotations/ice")[1]["latitude"] == 3


def post_head(port, extra: str) -> bytes:
    return (f"POST /api/moves HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            f"{extra}\r\n").encode()


@pytest.mark.parametrize("length", ["1e3", "-1", "18446744073709551617", "2\r\nContent-Length: 2", "2, 2"])
def test_content_length_is_read_once_and_strictly(live_server, length):
    # Whatever a lenient reader left behind would become a second request.
    smuggled = b"[]GET /api/annotations HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    out, closed = raw(live_server, post_head(live_server.port, f"Content-Length: {length}\r\n") + smuggled)
    answers = responses(out)
    assert [status for status, _ in answers] == [400], out[:300]
    assert "Content-Length" in answers[0][1]["error"]
    assert closed


def test_chunked_bodies_are_refused_with_411(live_server):
    out, closed = raw(live_server, post_head(live_server.port, "Transfer-Encoding: chunked\r\n") + b"2\r\n[]\r\n0\r\n\r\n")
    assert [status for status, _ in responses(out)] == [411], out[:300]
    assert closed


def test_pipelined_requests_are_answered_not_dropped(live_server):
    get = f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{live_server.port}\r\n\r\n".encode()
    out, closed = raw(live_server, get * 2, answers=2)
    statuses = [status for status, _ in responses(out)]
    # The first always; the second too, or the connection closes so the client retries it.
    assert statuses in ([200, 200], [200]), out[:300]
    assert closed or statuses == [200, 200]
    post = post_head(live_server.port, "Content-Length: 2\r\n") + b"[]"
    out, _ = raw(live_server, post + get, answers=2)
    assert [status for status, _ in responses(out)][:1] == [200], out[:300]


def test_a_huge_target_or_header_gets_a_status(live_server):
    out, closed = raw(live_server, b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert [status for status, _ in responses(out)] == [414], out[:200]
    assert closed
    out, closed = raw(live_server, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: " + b"c" * 100_000 + b"\r\n\r\n")
    assert [status for status, _ in responses(out)] == [431], out[:200]
    assert closed


def fixtures_copy(tmp_path):
    data = tmp_path / "fixtures"
    shutil.copytree(os.path.join(ROOT, "fixtures"), data)
    return data


def run_with_data(data) -> tuple[int, str]:
    process = subprocess.run([binary_path(), "--port", str(free_port()), "--no-demo", "--data", str(data),
                              "--public", os.path.join(ROOT, "Public"), "--store", ":memory:"],
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
    return process.returncode, process.stdout + process.stderr


def test_a_bad_landmarks_file_is_named_as_such(tmp_path):
    data = fixtures_copy(tmp_path)
    (data / "mapcallouts.json").write_text('{"annotations": [{"id": 1}]}')
    code, output = run_with_data(data)
    assert code != 0
    assert "landmarks file" in output and "mapcallouts.json" in output and "people file" not in output, output
