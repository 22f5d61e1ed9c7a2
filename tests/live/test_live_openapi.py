"""docs/openapi.yaml is a valid OpenAPI 3.1 document, and the real server's
answers on every route match what it says: the status is one the route
documents, the Content-Type one it lists, and the body fits the schema."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request

import jsonschema
import pytest
import yaml
from openapi_spec_validator import validate

from live_server import ROOT

SPEC_PATH = os.path.join(ROOT, "docs", "openapi.yaml")


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


def check(spec, server, method, route, path, body=None, content_type="application/json", headers=None):
    """Sends the request, then checks its answer against the document; returns (status, parsed body)."""
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    all_headers = dict(headers or {})
    if data is not None:
        all_headers["Content-Type"] = content_type
    request = urllib.request.Request(server.http + path, data=data, method=method.upper(), headers=all_headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, answer_type, raw = response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as error:
        status, answer_type, raw = error.code, error.headers["Content-Type"], error.read()
    operation = spec["paths"][route][method]
    documented = operation["responses"]
    assert str(status) in documented, f"{method.upper()} {path} answered {status}, not documented: {raw[:200]}"
    response = follow(spec, documented[str(status)])
    media = answer_type.split(";")[0].strip()
    assert media in response.get("content", {}), f"{method.upper()} {path}: {media} not documented for {status}"
    schema = response["content"][media]["schema"]
    parsed = raw.decode() if media == "text/plain" else json.loads(raw)
    validator = jsonschema.Draft202012Validator({**schema, "components": spec["components"]})
    errors = sorted(validator.iter_errors(parsed), key=str)
    assert not errors, f"{method.upper()} {path} ({status}): {errors[0].message}"
    return status, parsed


def test_real_answers_match_the_document(spec, live_server):
    s = live_server
    assert check(spec, s, "get", "/healthz", "/healthz")[0] == 200
    assert "mapwire_" in check(spec, s, "get", "/metrics", "/metrics")[1]
    assert check(spec, s, "post", "/api/annotations", "/api/annotations",
                 {"id": "oa", "title": "OA", "latitude": 1, "longitude": 2, "marker-color": "#abc"})[0] == 201
    feature = {"type": "Feature", "id": 9, "geometry": {"type": "Point", "coordinates": [3, 4]},
               "properties": {"name": "Nine", "marker-symbol": "9"}}
    assert check(spec, s, "post", "/api/annotations", "/api/annotations",
                 {"type": "FeatureCollection", "features": [feature]}, "application/geo+json")[1] == {"imported": 1}
    line = json.dumps({**feature, "id": "ten"}).encode()
    assert check(spec, s, "post", "/api/annotations", "/api/annotations", line + b"\n",
                 "application/x-ndjson")[0] == 201
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
