"""Large request bodies must not hold up small requests: four clients each
posting an 8 MB batch of moves used to push /healthz to seconds (their
parsing took every worker thread); now they are parsed one at a time on a
thread of their own and /healthz answers at once."""

from __future__ import annotations

import json
import threading
import time
import urllib.request

from live_server import start_server

IDS = 500


def post(server, path: str, body: bytes) -> int:
    request = urllib.request.Request(server.http + path, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
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


def test_healthz_answers_quickly_while_four_clients_post_8_mb_batches():
    server = start_server()
    try:
        for i in range(IDS):
            body = json.dumps({"id": f"bulk-{i}", "title": "b", "latitude": 10, "longitude": 20}).encode()
            assert post(server, "/api/annotations", body) == 201
        batch = eight_megabyte_batch()
        statuses = []
        posters = [threading.Thread(target=lambda: statuses.append(post(server, "/api/moves", batch)))
                   for _ in range(4)]
        for poster in posters:
            poster.start()
        waits = []
        while any(poster.is_alive() for poster in posters):
            started = time.monotonic()
            with urllib.request.urlopen(server.http + "/healthz", timeout=30) as response:
                assert response.status == 200
            waits.append(time.monotonic() - started)
            time.sleep(0.05)
        for poster in posters:
            poster.join()
        assert statuses == [200] * 4, statuses
        waits.sort()
        assert len(waits) >= 5, "the batches finished too fast to measure anything"
        assert waits[-1] < 0.5, f"/healthz took up to {waits[-1]:.2f} s (median {waits[len(waits) // 2]:.3f} s)"
    finally:
        server.stop()
