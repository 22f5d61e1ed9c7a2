"""Large request bodies must not hold up small requests: four clients each
posting an 8 MB batch of moves used to push /healthz to seconds (their
parsing took every worker thread); now they are parsed one at a time on a
thread of their own and /healthz is answered between them. The order is
asserted here; how long /healthz takes next to them is measured by
scripts/large_body_load.py (docs/performance.md)."""

from __future__ import annotations

import json
import threading
import time
import urllib.request

from live_server import HANG, start_server

IDS = 500


def post(server, path: str, body: bytes) -> int:
    request = urllib.request.Request(server.http + path, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=600) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def eight_megabyte_batch() -> bytes:
    moves, size, i = [], 0, 0
    limit = 8 * 1024 * 1024 - 1024
    while True:
        move = {"id": f"bulk-{i % IDS}", "latitude": 10 + (i % 1000) / 1000, "longitude": 20 + (i % 977) / 1000}
        size += len(json.dumps(move)) + 2
        if size > limit:
            return json.dumps({"moves": moves}).encode()
        moves.append(move)
        i += 1


def test_healthz_is_answered_between_8_mb_batches_not_after_them():
    server = start_server()
    try:
        for i in range(IDS):
            body = json.dumps({"id": f"bulk-{i}", "title": "b", "latitude": 10, "longitude": 20}).encode()
            assert post(server, "/api/annotations", body) == 201
        batch = eight_megabyte_batch()
        answered = []  # the batches' statuses, in the order their answers came
        lock = threading.Lock()

        def post_batch():
            status = post(server, "/api/moves", batch)
            with lock:
                answered.append(status)

        posters = [threading.Thread(target=post_batch) for _ in range(4)]
        for poster in posters:
            poster.start()
        # Health checks all the while. One sent once a batch has been answered
        # (so the others' bodies are in) while the other three are still unanswered
        # must be answered before the next batch is: batches wait for each other,
        # a small request waits for none of them. (On a queue whose two threads
        # the batches took, it waited for a batch to finish.)
        between = 0
        deadline = time.monotonic() + 600
        while any(poster.is_alive() for poster in posters):
            assert time.monotonic() < deadline, f"the batches were not all answered: {answered}"
            before = len(answered)
            with urllib.request.urlopen(server.http + "/healthz", timeout=HANG) as response:
                assert response.status == 200
            if before == 1 and len(answered) == before:
                between += 1
        for poster in posters:
            poster.join()
        assert answered == [200] * 4, answered
        assert between > 0, "no /healthz was answered while three batches waited"
    finally:
        server.stop()
