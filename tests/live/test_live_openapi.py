"""docs/openapi.yaml is a valid OpenAPI 3.1 document, and the real server's
answers on every route match what it says: the status is one the route
documents, the Content-Type one it lists, the body fits the schema and the
headers it documents are there. Beyond what schemathesis generates
(test_schemathesis.py): every write's refusals (401, 403, 411, 413, 415,
406), `Allow` on `OPTIONS` and 405, and `HEAD`."""

from __future__ import annotations

import email.message
import json
import os
import socket
import urllib.error
import urllib.request

import jsonschema
import pytest
import yaml
from openapi_spec_validator import validate

from live_server import ROOT, start_server

SPEC_PATH = os.path.join(ROOT, "docs", "openapi.yaml")
TOKEN = "openapi-token"


@pytest.fixture(scope="module")
def spec():
    with open(SPEC_PATH) as f:
        return yaml.safe_load(f)


def test_the_document_is_valid_openapi_3_1(spec):
    assert spec["openapi"].startswith("3.1")
    validate(spec)


def test_every_route_of_the_server_is_described(spec):
    routes = {(path, method) for path, item in spec["paths"].items() for method in item if method != "parameters"}
    assert routes >= {
        ("/api/annotations", "get"), ("/api/annotations", "post"), ("/api/annotations.geojson", "get"),
        ("/api/annotations/{id}", "get"), ("/api/annotations/{id}", "patch"), ("/api/annotations/{id}", "delete"),
        ("/api/annotations/{id}/position", "post"), ("/api/moves", "post"), ("/healthz", "get"),
        ("/metrics", "get")}


def follow(spec, node):
    """The node a `$ref` names (repeatedly), else the node."""
    while isinstance(node, dict) and "$ref" in node:
        target = spec
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node = target
    return node


def send(server, method, path, body=None, content_type="application/json", headers=None):
    """The answer's status, headers and raw body."""
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    all_headers = dict(headers or {})
    if data is not None:
        all_headers["Content-Type"] = content_type
    request = urllib.request.Request(server.http + path, data=data, method=method.upper(), headers=all_headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def send_raw(server, head: str) -> tuple[int, dict, bytes]:
    """Sends a request head as written (no body follows) and reads the answer
    until the server closes: for what urllib will not send."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(head.encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head_part, _, body = data.partition(b"\r\n\r\n")
    lines = head_part.decode("latin-1").split("\r\n")
    headers = email.message.Message()
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip()] = value.strip()
    return int(lines[0].split()[1]), headers, body


def validate_value(spec, schema, value, what):
    validator = jsonschema.Draft202012Validator({**schema, "components": spec["components"]})
    errors = sorted(validator.iter_errors(value), key=str)
    assert not errors, f"{what}: {errors[0].message}"


def assert_documented(spec, method, route, status, headers, raw, what=""):
    """The answer is one the operation documents: its status, its media type
    and body, and the headers the response lists. Returns the parsed body."""
    what = what or f"{method.upper()} {route}"
    operation = spec["paths"][route][method]
    documented = operation["responses"]
    assert str(status) in documented, f"{what} answered {status}, not documented: {raw[:200]}"
    return assert_fits(spec, documented[str(status)], method, status, headers, raw, what)


def assert_fits(spec, response, method, status, headers, raw, what):
    """The answer fits the response object `response` (or the one it names)."""
    response = follow(spec, response)
    for name, header in response.get("headers", {}).items():
        header = follow(spec, header)
        value = headers.get(name)
        if value is None:
            assert not header.get("required"), f"{what} ({status}): no {name} header"
            continue
        schema = header["schema"]
        validate_value(spec, schema, int(value) if schema.get("type") == "integer" else value, f"{what} {name}")
    if "content" not in response:
        assert method == "head" or not raw, f"{what} ({status}) has a body the document does not describe"
        return None
    media = headers.get("Content-Type", "").split(";")[0].strip()
    assert media in response["content"], f"{what}: {media} not documented for {status}"
    if method == "head":
        assert not raw, f"{what}: a HEAD answer with a body"
        return None
    schema = response["content"][media]["schema"]
    parsed = raw.decode() if media == "text/plain" else json.loads(raw)
    validate_value(spec, schema, parsed, f"{what} ({status})")
    return parsed


def check(spec, server, method, route, path, body=None, content_type="application/json", headers=None):
    """Sends the request, then checks its answer against the document; returns (status, parsed body)."""
    status, answer_headers, raw = send(server, method, path, body, content_type, headers)
    return status, assert_documented(spec, method, route, status, answer_headers, raw, f"{method.upper()} {path}")


def test_real_answers_match_the_document(spec, live_server):
    s = live_server
    assert check(spec, s, "get", "/healthz", "/healthz")[0] == 200
    assert "mapwire_" in check(spec, s, "get", "/metrics", "/metrics")[1]
    assert check(spec, s, "post", "/api/annotations", "/api/annotations",
                 {"id": "oa", "title": "OA", "latitude": 1, "longitude": 2, "marker-color": "#abc"})[0] == 201
    feature = {"type": "Feature", "id": 9, "geometry": {"type": "Point", "coordinates": [3, 4]},
               "properties": {"name": "Nine", "marker-symbol": "9"}}
    assert check(spec, s, "post", "/api/annotations", "/api/annotations",
                 {"type": "FeatureCollection", "features": [feature]}, "application/geo+json")[1] \
        == {"imported": 1, "ids": ["9"], "warnings": []}
    line = json.dumps({**feature, "id": "ten"}).encode()
    assert check(spec, s, "post", "/api/annotations", "/api/annotations", line + b"\n",
                 "application/x-ndjson")[0] == 201
    # A GeoJSON text sequence, a feature without an id, and style values an import warns about.
    record = json.dumps({"type": "Feature", "geometry": {"type": "Point", "coordinates": [5, 6, 7]},
                         "properties": {"marker-color": "nope", "marker-size": "large"}}).encode()
    status, answer = check(spec, s, "post", "/api/annotations", "/api/annotations", b"\x1e" + record + b"\n",
                           "application/geo+json-seq")
    assert status == 201 and answer["warnings"][0]["property"] == "marker-color"
    check(spec, s, "get", "/api/annotations/{id}", f"/api/annotations/{answer['ids'][0]}")
    status, page = check(spec, s, "get", "/api/annotations", "/api/annotations?limit=2")
    assert status == 200 and "next" in page
    check(spec, s, "get", "/api/annotations", "/api/annotations", headers={"Accept": "application/geo+json"})
    status, page = check(spec, s, "get", "/api/annotations.geojson", "/api/annotations.geojson?limit=1&bbox=0,0,5,5")
    assert [f["id"] for f in page["features"]] == ["oa"] and "next" in page
    check(spec, s, "get", "/api/annotations/{id}", "/api/annotations/oa")
    check(spec, s, "patch", "/api/annotations/{id}", "/api/annotations/oa", {"title": "OB", "markerColor": None})
    check(spec, s, "post", "/api/annotations/{id}/position", "/api/annotations/oa/position",
          {"latitude": 5, "longitude": 6})
    check(spec, s, "post", "/api/moves", "/api/moves", {"moves": [{"id": "oa", "latitude": 7, "longitude": 8}]})
    assert check(spec, s, "delete", "/api/annotations/{id}", "/api/annotations/oa")[0] == 200
    # Refusals: every one is a documented status with the error object.
    assert check(spec, s, "get", "/api/annotations", "/api/annotations?bbox=x")[0] == 400
    assert check(spec, s, "get", "/api/annotations/{id}", "/api/annotations/oa")[0] == 404
    assert check(spec, s, "patch", "/api/annotations/{id}", "/api/annotations/amelie-fournier",
                 {"title": "x"})[0] == 409
    assert check(spec, s, "post", "/api/annotations", "/api/annotations",
                 {"type": "FeatureCollection", "features": [{**feature, "geometry": {"type": "Polygon"}}]},
                 "application/geo+json")[0] == 400
    assert check(spec, s, "post", "/api/annotations", "/api/annotations", b"x", "text/plain")[0] == 415
    assert check(spec, s, "post", "/api/moves", "/api/moves", {"moves": [{"id": "nobody", "latitude": 1,
                                                                          "longitude": 1}]})[0] == 404
    # "echo": false leaves the moves out of the answer.
    status, answer = check(spec, s, "post", "/api/moves", "/api/moves", {"moves": [], "echo": False})
    assert status == 200 and "moves" not in answer
    # Flags are JSON booleans, not numbers.
    assert check(spec, s, "post", "/api/annotations", "/api/annotations",
                 {"id": "flag", "title": "F", "latitude": 1, "longitude": 2, "draggable": 1})[0] == 400
    assert check(spec, s, "post", "/api/moves", "/api/moves", {"moves": [], "echo": 0})[0] == 400
    # Only the import reads GeoJSON; the other writes take JSON.
    assert check(spec, s, "post", "/api/moves", "/api/moves", {"moves": []}, "application/geo+json")[0] == 415


@pytest.fixture(scope="module")
def guarded():
    server = start_server("--api-token", TOKEN)
    yield server
    server.stop()


# Every write of the document, with a request the route takes, in an order
# that makes each one succeed.
WRITES = [
    ("post", "/api/annotations", "/api/annotations", {"id": "w", "title": "W", "latitude": 1, "longitude": 2}),
    ("patch", "/api/annotations/{id}", "/api/annotations/w", {"title": "V"}),
    ("post", "/api/annotations/{id}/position", "/api/annotations/w/position", {"latitude": 3, "longitude": 4}),
    ("post", "/api/moves", "/api/moves", {"moves": [{"id": "w", "latitude": 5, "longitude": 6}]}),
    ("delete", "/api/annotations/{id}", "/api/annotations/w", None),
    ("post", "/api/annotations", "/api/annotations",
     {"id": "wl", "geometry": {"type": "LineString", "coordinates": [[1, 2], [3, 4]]}}),
    ("post", "/api/annotations/{id}/coordinates", "/api/annotations/wl/coordinates", {"coordinates": [[5, 6]]}),
]
READS = {"get", "head", "options"}


def test_every_write_of_the_document_is_tried_here(spec):
    writes = {(route, method) for route, item in spec["paths"].items() for method in item
              if method not in READS and method != "parameters"}
    assert writes == {(route, method) for method, route, _, _ in WRITES}


def test_every_write_answers_its_refusals_as_documented(spec, guarded, live_server):
    auth = {"Authorization": f"Bearer {TOKEN}"}
    for method, route, path, body in WRITES:
        what = f"{method.upper()} {path}"

        def expect(status_wanted, answer):
            status, headers, raw = answer
            assert status == status_wanted, f"{what}: {status} {raw[:200]}"
            assert_documented(spec, method, route, status, headers, raw, f"{what} ({status_wanted})")

        # Access: no token, another token, and (no token configured) another machine.
        expect(401, send(guarded, method, path, body))
        expect(403, send(guarded, method, path, body, headers={"Authorization": "Bearer wrong"}))
        expect(403, send(live_server, method, path, body, headers={"X-Forwarded-For": "192.0.2.7"}))
        # Framing, decided from the head before any body is sent.
        head = f"{method.upper()} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {TOKEN}\r\n" \
               "Content-Type: application/json\r\n"
        expect(411, send_raw(guarded, head + "Transfer-Encoding: chunked\r\n\r\n"))
        expect(413, send_raw(guarded, head + "Content-Length: 100000000\r\n\r\n"))
        expect(400, send_raw(guarded, head + "Content-Length: +5\r\n\r\n"))
        # The body's type: never text/plain; GeoJSON only for the import (a
        # DELETE reads no body at all).
        expect(415, send(guarded, method, path, body or b"{}", "text/plain", auth))
        if body is not None and route != "/api/annotations":
            expect(415, send(guarded, method, path, body, "application/geo+json", auth))
        # An Accept that takes no JSON, then the write itself.
        expect(406, send(guarded, method, path, body, headers={**auth, "Accept": "text/html"}))
        status, headers, raw = send(guarded, method, path, body, headers=auth)
        assert status in (200, 201), f"{what}: {status} {raw[:200]}"
        assert_documented(spec, method, route, status, headers, raw, what)


def concrete(route):
    return route.replace("{id}", "amelie-fournier")


def test_options_and_405_list_the_methods_of_the_document(spec, live_server):
    for route, item in spec["paths"].items():
        documented = {method.upper() for method in item if method != "parameters"}
        path = concrete(route)
        status, headers, raw = send(live_server, "options", path)
        assert status == 204, path
        assert_documented(spec, "options", route, status, headers, raw)
        assert set(headers["Allow"].split(", ")) == documented, path
        for method in {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "TRACE"} - documented:
            status, headers, raw = send(live_server, method, path)
            what = f"{method} {path}"
            assert status == 405, f"{what}: {status} {raw[:200]}"
            assert_fits(spec, {"$ref": "#/components/responses/MethodNotAllowed"}, method.lower(), status,
                        headers, raw, what)
            assert set(headers["Allow"].split(", ")) == documented, what


def test_head_answers_the_head_of_get(spec, live_server):
    for route, path in [("/api/annotations", "/api/annotations"), ("/api/annotations", "/api/annotations?bbox=x"),
                        ("/api/annotations.geojson", "/api/annotations.geojson?limit=2"),
                        ("/api/annotations/{id}", "/api/annotations/amelie-fournier"),
                        ("/api/annotations/{id}", "/api/annotations/nobody"), ("/healthz", "/healthz"),
                        ("/metrics", "/metrics")]:
        get_status, get_headers, get_raw = send(live_server, "get", path)
        status, headers, raw = send(live_server, "head", path)
        assert (status, raw) == (get_status, b""), path
        assert_documented(spec, "head", route, status, headers, raw, f"HEAD {path}")
        assert headers["Content-Type"] == get_headers["Content-Type"], path
        if route != "/metrics":  # its counters count the GET
            assert int(headers["Content-Length"]) == len(get_raw), path


def test_reads_refuse_an_accept_they_cannot_answer(spec, live_server):
    for route, item in spec["paths"].items():
        if "get" not in item or route == "/metrics":
            continue
        for method in ("get", "head"):
            status, headers, raw = send(live_server, method, concrete(route), headers={"Accept": "text/html"})
            assert status == 406, f"{method.upper()} {route}: {status}"
            assert_documented(spec, method, route, status, headers, raw)


def test_metrics_refuses_an_accept_it_cannot_answer(spec, live_server):
    status, headers, raw = send(live_server, "get", "/metrics", headers={"Accept": "application/json"})
    assert status == 406
    assert_documented(spec, "get", "/metrics", status, headers, raw)
