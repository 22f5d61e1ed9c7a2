"""The store file: what the API and the feed acknowledged is there after a
crash (kill -9) or a restart, and a store that cannot be used stops the
server at start with a message naming it."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import tempfile
import threading
import time

import pytest
import websocket

import wire
from live_server import HANG, ROOT, new_store, start_server
from test_live_moves import api, pin_center
from test_live_session import Client

PINS = 40


def binary() -> str:
    return os.environ.get("MAPWIRE_BIN", os.path.join(ROOT, ".build", "debug", "mapwire"))


def run_to_exit(*args: str, cwd: str = ROOT, timeout: float = 30) -> subprocess.CompletedProcess:
    return subprocess.run([binary(), "--port", "0", "--no-demo", "--public", os.path.join(ROOT, "Public"),
                           "--data", os.path.join(ROOT, "fixtures"), *args],
                          cwd=cwd, capture_output=True, text=True, timeout=timeout)


def batch(k: int) -> str:
    """Batch k puts every pin at latitude k/10000: one latitude says which batch a pin is from."""
    return json.dumps({"moves": [{"id": f"bus-{i}", "latitude": k / 10000, "longitude": i, "timestamp": k}
                                 for i in range(PINS)]})


def test_kill_9_during_a_feed_keeps_every_acknowledged_move_and_no_half_batch():
    store = new_store()
    server = start_server(store=store)
    for i in range(PINS):
        status, body = api(server, "POST", "/api/annotations",
                           {"id": f"bus-{i}", "title": f"Bus {i}", "latitude": 0, "longitude": i})
        assert status == 201, body
    feed = websocket.create_connection(f"ws://127.0.0.1:{server.port}/feed", subprotocols=["mapwire.feed.v1"],
                                       timeout=HANG)
    sent = 0
    stop = threading.Event()

    def send_batches():
        nonlocal sent
        try:
            for k in range(1, 100_000):
                if stop.is_set():
                    return
                feed.send(batch(k))
                sent = k
        except (websocket.WebSocketException, OSError):
            return  # the server died under us: that is the test

    sender = threading.Thread(target=send_batches, daemon=True)
    sender.start()
    acknowledged = 0
    while acknowledged < 300:
        answer = json.loads(feed.recv())
        assert answer.get("applied") == PINS, answer
        acknowledged += 1  # answers come in order: answer n is batch n
    server.process.send_signal(signal.SIGKILL)
    server.process.wait(HANG)
    stop.set()
    sender.join(HANG)
    assert sent >= acknowledged

    restarted = start_server(store=store)
    try:
        status, body = api(restarted, "GET", "/api/annotations")
        assert status == 200
        batches = {round(a["latitude"] * 10000) for a in body["annotations"] if a["id"].startswith("bus-")}
        assert len([a for a in body["annotations"] if a["id"].startswith("bus-")]) == PINS
        assert len(batches) == 1, f"pins from different batches after the crash: {sorted(batches)[:10]}"
        (kept,) = batches
        assert acknowledged <= kept <= sent, (acknowledged, kept, sent)
        # The producer's timestamps came back too: an older batch is stale.
        status, answer = api(restarted, "POST", "/api/moves", json.loads(batch(kept - 1)))
        assert status == 200 and len(answer["stale"]) == PINS, answer
    finally:
        restarted.stop()


def drag(client: Client, name: str, to) -> None:
    """Press and hold on the pin `name` until it lifts (the frame that scales
    it up), move it in steps, drop it."""
    def now_ms() -> float:
        return time.monotonic() * 1000

    item = next(e.item for e in client.scene.a11y if e.name == name and e.item in client.scene.items)
    x, y = pin_center(client, name)
    client.ws.send_binary(wire.pointer(client.next_seq(), wire.DOWN, x, y, time_ms=now_ms()))
    client.frames_until(lambda _: client.scene.items[item].props.get("scale", (1,))[0] > 1.01)
    for step in range(1, 11):
        px = x + (to[0] - x) * step / 10
        py = y + (to[1] - y) * step / 10
        client.ws.send_binary(wire.pointer(client.next_seq(), wire.MOVE_PHASE, px, py, time_ms=now_ms()))
    client.ws.send_binary(wire.pointer(client.next_seq(), wire.UP, to[0], to[1], buttons=0, time_ms=now_ms()))


def test_a_restart_keeps_api_annotations_deletions_moves_and_a_drags_drop():
    store = new_store()
    server = start_server(store=store)
    assert api(server, "POST", "/api/annotations",
               {"id": "van", "title": "Van", "subtitle": "Deliveries", "kind": "vehicle", "latitude": 0.5,
                "longitude": -150, "draggable": True, "clusteringIdentifier": "fleet"})[0] == 201
    assert api(server, "POST", "/api/annotations", {"id": "gone", "title": "Gone", "latitude": 1,
                                                     "longitude": 1})[0] == 201
    assert api(server, "DELETE", "/api/annotations/gone")[0] == 200
    assert api(server, "DELETE", "/api/annotations/amelie-fournier")[0] == 200
    assert api(server, "POST", "/api/annotations/lars-eriksson/position",
               {"latitude": -20, "longitude": 120})[0] == 200
    server.process.send_signal(signal.SIGKILL)
    server.process.wait(10)

    server = start_server(store=store)
    try:
        status, van = api(server, "GET", "/api/annotations/van")
        assert status == 200 and (van["latitude"], van["longitude"]) == (0.5, -150), van
        assert (van["title"], van["subtitle"], van["kind"], van["draggable"], van["clusteringIdentifier"]) == (
            "Van", "Deliveries", "vehicle", True, "fleet")
        assert api(server, "GET", "/api/annotations/gone")[0] == 404
        assert api(server, "GET", "/api/annotations/amelie-fournier")[0] == 404, "a deleted person is not reseeded"
        status, lars = api(server, "GET", "/api/annotations/lars-eriksson")
        assert (lars["latitude"], lars["longitude"]) == (-20, 120)
        # Drag the van 150 px to the right in a browser session.
        client = Client(server, "#6/0.5/-150")
        client.next_frame()
        start = pin_center(client, "Van")
        assert start is not None, "the van's pin is not on screen"
        drag(client, "Van", (start[0] + 150, start[1]))
        # The frame that answers the release: the drop is in the world. (The API
        # shows the van moving during the drag, so a move alone is no drop.)
        client.frames_until(lambda frame: frame.input_seq >= client.seq)
        van = api(server, "GET", "/api/annotations/van")[1]
        assert van["longitude"] > -149, f"the drag did not move the van: {van}"
        client.close()
        dropped = (van["latitude"], van["longitude"])
    finally:
        server.stop()  # SIGTERM: the drop, which nobody waited for, is written on the way out

    server = start_server(store=store)
    try:
        van = api(server, "GET", "/api/annotations/van")[1]
        assert (van["latitude"], van["longitude"]) == dropped
    finally:
        server.stop()


def test_without_store_flag_the_world_is_kept_in_mapwire_sqlite_where_it_runs():
    folder = tempfile.mkdtemp(prefix="mapwire-default-")
    process = subprocess.Popen([binary(), "--port", "0", "--no-demo", "--public", os.path.join(ROOT, "Public"),
                                "--data", os.path.join(ROOT, "fixtures")], cwd=folder,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = process.stdout.readline()
        assert "listening" in line, line
        assert os.path.exists(os.path.join(folder, "mapwire.sqlite"))
    finally:
        process.kill()
        process.wait(10)


def test_a_damaged_store_stops_the_server_with_a_message_naming_it():
    path = new_store()
    with open(path, "wb") as f:
        f.write(b"this is not a database" * 500)
    result = run_to_exit("--store", path)
    assert result.returncode != 0
    assert path in result.stderr and "damaged" in result.stderr, result.stderr
    with open(path, "rb") as f:
        assert f.read(22) == b"this is not a database", "the file must be left as it was"


def test_a_store_from_a_newer_mapwire_stops_the_server_with_a_message():
    path = new_store()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
    db.executemany("INSERT INTO grdb_migrations VALUES (?)", [("1-annotations",), ("2-settings",), ("9-future",)])
    db.commit()
    db.close()
    result = run_to_exit("--store", path)
    assert result.returncode != 0
    assert "newer MapWire" in result.stderr and "9-future" in result.stderr and path in result.stderr, result.stderr


def folder_snapshot(path: str) -> dict[str, bytes]:
    folder = os.path.dirname(path)
    files = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as f:
            files[name] = f.read()
    return files


def mapwire_store() -> str:
    """A store a server wrote and closed cleanly: the .sqlite file alone."""
    path = new_store()
    server = start_server(store=path)
    status, body = api(server, "POST", "/api/annotations", {"id": "kept", "title": "Kept", "latitude": 1,
                                                            "longitude": 2})
    assert status == 201, body
    server.stop()
    return path


def foreign_store() -> str:
    path = new_store()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    db.execute("INSERT INTO invoices (total) VALUES (12.5)")
    db.commit()
    db.close()
    return path


def newer_store() -> str:
    path = mapwire_store()
    db = sqlite3.connect(path)
    db.execute("INSERT INTO grdb_migrations VALUES ('99-future')")
    db.commit()
    db.close()
    return path


def flipped_store() -> str:
    path = mapwire_store()
    db = sqlite3.connect(path)
    root, = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'annotation'").fetchone()
    page_size, = db.execute("PRAGMA page_size").fetchone()
    db.close()
    with open(path, "r+b") as f:
        f.seek((root - 1) * page_size)
        header = f.read(8)
        f.seek((root - 1) * page_size)
        f.write(bytes(b ^ 0xFF for b in header))
    return path


def read_only_store() -> str:
    path = mapwire_store()
    os.chmod(path, 0o444)
    return path


def text_file() -> str:
    path = new_store()
    with open(path, "w") as f:
        f.write("not a database, a letter. " * 400)
    return path


@pytest.mark.parametrize("make, says", [
    (foreign_store, "not a MapWire store"),
    (newer_store, "newer MapWire"),
    (flipped_store, "damaged"),
    (read_only_store, "read-only"),
    (text_file, "damaged"),
], ids=["another-programs-sqlite", "newer-mapwire", "flipped-bytes", "read-only", "not-sqlite"])
def test_a_refused_store_is_left_byte_for_byte_with_nothing_beside_it(make, says):
    path = make()
    before = folder_snapshot(path)
    assert list(before) == ["world.sqlite"]
    result = run_to_exit("--store", path)
    assert result.returncode != 0
    assert path in result.stderr and says in result.stderr, result.stderr
    after = folder_snapshot(path)
    assert list(after) == list(before), "no -wal or -shm file may appear beside a refused store"
    assert after == before, "a refused store must keep its bytes"


def test_a_refused_configuration_creates_no_store_file():
    path = new_store()
    result = run_to_exit("--host", "0.0.0.0", "--store", path)
    assert result.returncode != 0 and "--api-token" in result.stderr, result.stderr
    assert not os.path.exists(path), "a start refused for its flags must not leave a store behind"
