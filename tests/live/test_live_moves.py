"""One shared world: moves fed through the HTTP API and the feed
WebSocket reach every session that can see them, through the real binary."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import websocket

import wire
from live_server import HANG
from test_live_session import Client, HEIGHT, WIDTH

# Two cameras far apart over open ocean: Pacific and South Atlantic.
PACIFIC = "#6/0/-150"
ATLANTIC = "#6/-30/-20"


def api(server, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.http + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=HANG) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def pin_center(client, name):
    scene = client.scene
    for e in scene.a11y:
        if e.role == wire.ROLE_BUTTON and e.name == name and e.item in scene.items:
            return scene.center(e.item)
    return None


def wait_for(client, predicate, timeout=HANG):
    """Reads frames until predicate() holds; a frame that never comes fails the test."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "condition not met in time"
        client.ws.settimeout(max(deadline - time.monotonic(), 0.05))
        client.next_frame()


def test_api_moves_reach_both_sessions_that_see_them(live_server):
    a = Client(live_server, PACIFIC)
    b = Client(live_server, PACIFIC)
    a.next_frame()
    b.next_frame()
    status, body = api(live_server, "POST", "/api/annotations",
                       {"id": "boat", "title": "Boat", "latitude": 0, "longitude": -150})
    assert status == 201, body
    for c in (a, b):
        wait_for(c, lambda c=c: pin_center(c, "Boat") is not None)
    start = pin_center(a, "Boat")
    assert abs(start[0] - WIDTH / 2) < 2 and abs(start[1] - HEIGHT / 2) < 30

    status, body = api(live_server, "POST", "/api/moves",
                       {"moves": [{"id": "boat", "latitude": 0, "longitude": -149}]})
    assert status == 200 and body["applied"] == 1, body
    # One degree of longitude at zoom 6 is 45.5 px; both glide there.
    for c in (a, b):
        wait_for(c, lambda c=c: abs(pin_center(c, "Boat")[0] - start[0] - 45.5) < 1.5)

    # The API reports the new coordinate.
    status, body = api(live_server, "GET", "/api/annotations/boat")
    assert status == 200 and body["longitude"] == -149
    a.close()
    b.close()


def test_a_session_elsewhere_gets_no_frame_for_the_move(live_server):
    near = Client(live_server, PACIFIC)
    far = Client(live_server, ATLANTIC)
    near.next_frame()
    far.next_frame()
    api(live_server, "POST", "/api/annotations", {"id": "buoy", "title": "Buoy", "latitude": 1, "longitude": -150})
    api(live_server, "POST", "/api/annotations/buoy/position", {"latitude": 1, "longitude": -149})
    wait_for(near, lambda: pin_center(near, "Buoy") is not None)
    far.ws.settimeout(0.5)
    try:
        message = far.ws.recv()
        raise AssertionError(f"the far session got a message: {message[:16]!r}")
    except websocket.WebSocketTimeoutException:
        pass
    near.close()
    far.close()


def test_invalid_batches_are_rejected_whole_with_json_errors(live_server):
    api(live_server, "POST", "/api/annotations", {"id": "kite", "title": "Kite", "latitude": 5, "longitude": 5})
    status, body = api(live_server, "POST", "/api/moves",
                       {"moves": [{"id": "kite", "latitude": 6, "longitude": 6},
                                  {"id": "nobody", "latitude": 6, "longitude": 6}]})
    assert status == 404 and "nobody" in body["error"], body
    status, body = api(live_server, "POST", "/api/moves", [{"id": "kite", "latitude": 95, "longitude": 6}])
    assert status == 400 and "latitude" in body["error"], body
    status, body = api(live_server, "GET", "/api/annotations/kite")
    assert (body["latitude"], body["longitude"]) == (5, 5)


def test_feed_websocket_applies_moves_and_answers(live_server):
    api(live_server, "POST", "/api/annotations", {"id": "drone", "title": "Drone", "latitude": 0, "longitude": 0})
    feed = websocket.create_connection(f"ws://127.0.0.1:{live_server.port}/feed", subprotocols=["mapwire.feed.v1"],
                                       timeout=HANG)
    feed.send(json.dumps({"moves": [{"id": "drone", "latitude": 1, "longitude": 2, "timestamp": 1}]}))
    answer = json.loads(feed.recv())
    assert answer["applied"] == 1, answer
    feed.send("[{\"id\": \"ghost\", \"latitude\": 1, \"longitude\": 2}]")
    answer = json.loads(feed.recv())
    assert answer["status"] == 404, answer
    feed.close()
    status, body = api(live_server, "GET", "/api/annotations/drone")
    assert (body["latitude"], body["longitude"]) == (1, 2)


def test_metrics_report_moves_frames_and_latency(live_server):
    client = Client(live_server, PACIFIC)
    client.next_frame()
    api(live_server, "POST", "/api/annotations", {"id": "m", "title": "M", "latitude": 0, "longitude": -150})
    api(live_server, "POST", "/api/moves", [{"id": "m", "latitude": 0, "longitude": -149.5}])
    wait_for(client, lambda: pin_center(client, "M") is not None)
    def metrics():
        with urllib.request.urlopen(live_server.http + "/metrics", timeout=HANG) as response:
            text = response.read().decode()
        return {line.split(" ")[0]: float(line.split(" ")[1])
                for line in text.splitlines() if line and not line.startswith("#")}
    # Sessions publish their reuse counters after rendering, so the frame can
    # arrive before they do: poll for them.
    deadline = time.monotonic() + HANG
    values = metrics()
    while values.get("mapwire_reuse_views_live", 0) < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
        values = metrics()
    assert values["mapwire_sessions"] == 1
    assert values["mapwire_moves_applied_total"] >= 1
    assert values["mapwire_frames_sent_total"] >= 2
    assert values["mapwire_event_to_frame_seconds_count"] >= 1
    assert values["mapwire_reuse_views_live"] >= 1
    assert "mapwire_ws_bytes_sent_total" in values
    # The add and the move were committed to the store file before they were answered.
    assert values["mapwire_store_commits_total"] >= 1
    assert values["mapwire_store_changes_written_total"] >= 2
    assert values["mapwire_store_write_failures_total"] == 0
    client.close()


def test_demo_feed_moves_travellers_by_themselves():
    from live_server import start_server
    server = start_server("--demo")  # the last of --no-demo/--demo wins
    try:
        _, first = api(server, "GET", "/api/annotations/traveller-1")
        assert first["kind"] == "traveller"
        deadline = time.monotonic() + HANG
        while True:
            _, later = api(server, "GET", "/api/annotations/traveller-1")
            if (first["latitude"], first["longitude"]) != (later["latitude"], later["longitude"]):
                break
            assert time.monotonic() < deadline, f"traveller-1 stayed at {first} for {HANG} s"
            time.sleep(0.1)
        _, listing = api(server, "GET", "/api/annotations")
        assert sum(a["kind"] == "traveller" for a in listing["annotations"]) == 30
    finally:
        server.stop()


def metric_values(server):
    with urllib.request.urlopen(server.http + "/metrics", timeout=HANG) as response:
        text = response.read().decode()
    return {line.split(" ")[0]: float(line.split(" ")[1])
            for line in text.splitlines() if line and not line.startswith("#")}


def test_metrics_split_a_clustered_moves_time_into_stages(live_server):
    client = Client(live_server, PACIFIC)
    client.next_frame()
    for i in range(3):
        status, body = api(live_server, "POST", "/api/annotations",
                           {"id": f"float-{i}", "title": f"Float {i}", "latitude": 0.1 * i, "longitude": -150,
                            "clusteringIdentifier": "floats"})
        assert status == 201, body
    before = metric_values(live_server)
    status, body = api(live_server, "POST", "/api/moves", [{"id": "float-0", "latitude": 4, "longitude": -148}])
    assert status == 200 and body["applied"] == 1, body
    # The frame that shows the move's epoch is timed from the epoch's publication as it goes out.
    shown = "mapwire_cluster_epoch_to_frame_seconds_count"
    wait_for(client, lambda: metric_values(live_server).get(shown, 0) > before.get(shown, 0))
    after = metric_values(live_server)
    for name in ("mapwire_cluster_epoch_wait_seconds_count", "mapwire_cluster_merge_seconds_count"):
        assert after[name] > before[name], name
    # The wait was timed (how long it is, is the feed benchmarks' business).
    waited = after["mapwire_cluster_epoch_wait_seconds_sum"] - before["mapwire_cluster_epoch_wait_seconds_sum"]
    assert waited > 0, waited
    client.close()
