"""Lines, areas and trails through the real server: added as JSON, exported
as GeoJSON a validator takes, edited, grown through the HTTP route and the
feed, removed, and there again after a restart or a kill -9 on the same
store file. Every answer is checked against docs/openapi.yaml too."""

from __future__ import annotations

import json
import os
import signal
import threading

import geojson
import pytest
import websocket
import yaml

from live_server import HANG, ROOT, new_store, start_server
from test_live_openapi import check

LINE = {"type": "LineString", "coordinates": [[2.35, 48.85, 30], [2.36, 48.86, 31]]}
AREA = {"type": "Polygon", "coordinates": [[[2.2, 48.8], [2.5, 48.8], [2.5, 48.9], [2.2, 48.8]]]}


@pytest.fixture(scope="module")
def spec():
    with open(os.path.join(ROOT, "docs", "openapi.yaml")) as f:
        return yaml.safe_load(f)


def call(spec, server, method, route, path, body=None):
    """The request, its answer checked against the document: (status, parsed body)."""
    return check(spec, server, method, route, path, body)


def export(spec, server, query=""):
    """The GeoJSON export, valid for the `geojson` package and the document."""
    status, body = check(spec, server, "get", "/api/annotations.geojson", "/api/annotations.geojson" + query)
    assert status == 200, body
    collection = geojson.loads(json.dumps(body))
    assert collection.is_valid, collection.errors()
    for feature in collection["features"]:
        assert feature.is_valid, (feature, feature.errors())
    return body


def shapes_by_id(spec, server):
    status, body = call(spec, server, "get", "/api/annotations", "/api/annotations")
    assert status == 200
    return {s["id"]: s for s in body.get("shapes", [])}


def open_feed(server):
    return websocket.create_connection(f"ws://127.0.0.1:{server.port}/feed", subprotocols=["mapwire.feed.v1"],
                                       timeout=HANG)


def test_lines_and_areas_are_added_exported_edited_grown_removed_and_kept(spec):
    store = new_store()
    server = start_server(store=store)
    try:
        status, body = call(spec, server, "post", "/api/annotations", "/api/annotations", {
            "id": "route-1", "title": "Route 1", "description": "Old town", "stroke": "#e63946",
            "stroke-width": 4, "geometry": LINE, "trail": {"max": 6}})
        assert status == 201, body
        assert body["added"]["geometry"] == LINE and body["added"]["trail"] == {"max": 6}
        status, body = call(spec, server, "post", "/api/annotations", "/api/annotations", {
            "id": 77, "kind": "zone", "fill": "0af", "fill-opacity": 0.4, "geometry": AREA})
        assert status == 201, body
        status, body = call(spec, server, "post", "/api/annotations", "/api/annotations", {
            "id": "rivers", "geometry": {"type": "MultiLineString",
                                         "coordinates": [[[0, 0], [1, 1]], [[2, 2], [3, 3], [4, 4]]]}})
        assert status == 201, body
        # The id is the world's: a point cannot take it.
        assert call(spec, server, "post", "/api/annotations", "/api/annotations",
                    {"id": "route-1", "title": "P", "latitude": 1, "longitude": 1})[0] == 409

        features = {f["id"]: f for f in export(spec, server)["features"]}
        assert features["route-1"]["geometry"] == LINE
        assert features["route-1"]["properties"] == {
            "title": "Route 1", "description": "Old town", "kind": "line", "stroke": "#e63946", "stroke-width": 4}
        # A numeric id is a number again; the area's ring as sent (closed).
        assert features[77]["geometry"] == AREA
        assert features[77]["properties"]["fill-opacity"] == 0.4 and features[77]["properties"]["kind"] == "zone"
        # A box keeps the shapes whose bounds meet it, and pages run through points, then shapes.
        boxed = export(spec, server, "?bbox=2.3,48.84,2.4,48.87")
        assert {f["id"] for f in boxed["features"] if f["geometry"]["type"] != "Point"} == {"route-1", 77}
        seen, cursor = [], None
        while True:
            page = export(spec, server, "?limit=7" + (f"&cursor={cursor}" if cursor else ""))
            seen += [f["id"] for f in page["features"]]
            cursor = page.get("next")
            if not cursor:
                break
        assert seen[-3:] == ["route-1", 77, "rivers"] and len(seen) == len(set(map(str, seen)))

        # Edits: style, texts and a geometry of the same sort; a bad value names its field.
        status, body = call(spec, server, "patch", "/api/annotations/{id}", "/api/annotations/route-1",
                            {"stroke-width": 6, "stroke-opacity": 0.5, "title": None})
        assert status == 200 and body["stroke-width"] == 6 and body["title"] is None, body
        status, body = call(spec, server, "patch", "/api/annotations/{id}", "/api/annotations/77",
                            {"geometry": {"type": "MultiPolygon", "coordinates": [AREA["coordinates"]]}})
        assert status == 200 and body["geometry"]["type"] == "MultiPolygon", body
        status, body = call(spec, server, "patch", "/api/annotations/{id}", "/api/annotations/77",
                            {"geometry": LINE})
        assert status == 400 and "geometry" in body["error"], body
        status, body = call(spec, server, "patch", "/api/annotations/{id}", "/api/annotations/route-1",
                            {"stroke": "blue"})
        assert status == 400 and "stroke" in body["error"], body

        # Appends: the route, then the feed; a trail keeps its newest 6.
        status, body = call(spec, server, "post", "/api/annotations/{id}/coordinates",
                            "/api/annotations/route-1/coordinates", {"coordinates": [[2.37, 48.87, 32]]})
        assert status == 200 and body["points"] == 3 and body["appended"] == 1, body
        assert call(spec, server, "post", "/api/annotations/{id}/coordinates", "/api/annotations/77/coordinates",
                    {"coordinates": [[1, 1]]})[0] == 409
        assert call(spec, server, "post", "/api/annotations/{id}/coordinates",
                    "/api/annotations/nobody/coordinates", {"coordinates": [[1, 1]]})[0] == 404
        assert call(spec, server, "post", "/api/annotations/{id}/coordinates",
                    "/api/annotations/route-1/coordinates", {"coordinates": [[1, 1]]})[0] == 409  # no altitude
        feed = open_feed(server)
        feed.send(json.dumps({"append": [{"id": "route-1", "coordinates": [[2.38, 48.88, 33], [2.39, 48.89, 34]]},
                                         {"id": "route-1", "coordinates": [[2.4, 48.9, 35]]}]}))
        answer = json.loads(feed.recv())
        assert [a["points"] for a in answer["appends"]] == [5, 6] and answer["version"] > body.get("version", 0)
        feed.send(json.dumps({"append": [{"id": "route-1", "coordinates": [[2.41, 48.91, 36]]}]}))
        assert json.loads(feed.recv())["appends"][0]["points"] == 6
        feed.send(json.dumps({"append": [{"id": "77", "coordinates": [[1, 1]]}]}))
        assert json.loads(feed.recv())["status"] == 409
        feed.close()
        trail = shapes_by_id(spec, server)["route-1"]["geometry"]["coordinates"]
        assert trail[0] == [2.36, 48.86, 31] and trail[-1] == [2.41, 48.91, 36] and len(trail) == 6

        status, body = call(spec, server, "delete", "/api/annotations/{id}", "/api/annotations/rivers")
        assert status == 200 and body["removed"]["id"] == "rivers"
        assert call(spec, server, "get", "/api/annotations/{id}", "/api/annotations/rivers")[0] == 404
        before = shapes_by_id(spec, server)
    finally:
        server.stop()

    restarted = start_server(store=store)
    try:
        after = shapes_by_id(spec, restarted)
        assert after == before and set(after) == {"route-1", "77"}
        assert after["route-1"]["geometry"]["coordinates"][-1] == [2.41, 48.91, 36]
        # The trail still keeps its newest 6 after the restart.
        status, body = call(spec, restarted, "post", "/api/annotations/{id}/coordinates",
                            "/api/annotations/route-1/coordinates", {"coordinates": [[2.42, 48.92, 37]]})
        assert status == 200 and body["points"] == 6, body
        features = {f["id"]: f for f in export(spec, restarted)["features"]}
        assert features[77]["properties"]["fill"] == "0af"
    finally:
        restarted.stop()


def test_kill_9_after_acknowledged_appends_keeps_every_one(spec):
    store = new_store()
    server = start_server(store=store)
    status, body = call(spec, server, "post", "/api/annotations", "/api/annotations",
                        {"id": "bus-1", "geometry": {"type": "LineString", "coordinates": [[0, 0], [0, 0.001]]}})
    assert status == 201, body
    # One acknowledged through the route...
    status, body = call(spec, server, "post", "/api/annotations/{id}/coordinates",
                        "/api/annotations/bus-1/coordinates", {"coordinates": [[0, 0.002]]})
    assert status == 200 and body["points"] == 3
    # ...and a stream through the feed, two positions a message, killed mid-stream.
    feed = open_feed(server)
    stop = threading.Event()
    sent = 0

    def send():
        nonlocal sent
        try:
            for k in range(1, 100_000):
                if stop.is_set():
                    return
                feed.send(json.dumps({"append": [{"id": "bus-1", "coordinates": [[k / 1000, 1], [k / 1000, 2]]}]}))
                sent = k
        except (websocket.WebSocketException, OSError):
            return  # the server died under us: that is the test

    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    acknowledged = 0
    while acknowledged < 200:
        answer = json.loads(feed.recv())
        acknowledged += 1
        assert answer["appends"][0]["points"] == 3 + 2 * acknowledged, answer
    server.process.send_signal(signal.SIGKILL)
    server.process.wait(HANG)
    stop.set()
    sender.join(HANG)

    restarted = start_server(store=store)
    try:
        status, body = call(spec, restarted, "get", "/api/annotations/{id}", "/api/annotations/bus-1")
        assert status == 200
        positions = body["geometry"]["coordinates"]
        kept = (len(positions) - 3) // 2
        # Every acknowledged append, in order, and no half message.
        assert len(positions) == 3 + 2 * kept and acknowledged <= kept <= sent, (len(positions), acknowledged, sent)
        assert positions[:3] == [[0, 0], [0, 0.001], [0, 0.002]]
        assert positions[3:] == [[k / 1000, y] for k in range(1, kept + 1) for y in (1, 2)]
    finally:
        restarted.stop()
