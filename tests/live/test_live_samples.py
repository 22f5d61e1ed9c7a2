"""`mapwire --samples`: the samples are plug-ins, and the map without them
is empty until the API fills it."""

from __future__ import annotations

import json
import urllib.request

import pytest

import wire
from live_server import HANG, start_server
from test_live_session import Client

TOOLBAR = {"City", "Bridge", "Flower", "Ferry", "All"}


def annotations(server) -> list[dict]:
    with urllib.request.urlopen(server.http + "/api/annotations", timeout=HANG) as response:
        return json.load(response)["annotations"]


def mirror_names(server, hash_: str) -> set[str]:
    client = Client(server, hash_)
    try:
        client.frames_until(lambda f: f.of(wire.A11Y) != [])
        return {e.name for e in client.scene.a11y}
    finally:
        client.close()


@pytest.mark.parametrize("samples, people, landmarks, toolbar", [
    ("none", False, False, False),
    ("wishlist", True, False, False),
    ("mapcallouts", False, True, True),
    ("all", True, True, True),
    ("wishlist,mapcallouts", True, True, True),
])
def test_each_sample_brings_its_annotations_and_only_mapcallouts_its_toolbar(samples, people, landmarks, toolbar):
    server = start_server("--samples", samples)
    try:
        kinds = {a["kind"] for a in annotations(server)}
        assert ("person" in kinds) == people, kinds
        assert bool(kinds & {"city", "bridge", "flower", "ferry"}) == landmarks, kinds
        if samples == "none":
            assert annotations(server) == []
        # Zoomed on San Francisco, where the landmarks are and the toolbar shows.
        names = mirror_names(server, "#12/37.79/-122.44")
        assert (TOOLBAR <= names) == toolbar, names
        assert not (names & TOOLBAR) or toolbar
    finally:
        server.stop()


def test_the_empty_map_shows_what_the_api_adds():
    server = start_server("--samples", "none")
    try:
        body = json.dumps({"id": "cafe", "title": "Corner Café", "latitude": 48.85, "longitude": 2.35}).encode()
        request = urllib.request.Request(server.http + "/api/annotations", data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=HANG) as response:
            assert response.status == 201
        assert [a["id"] for a in annotations(server)] == ["cafe"]
        assert "Corner Café" in mirror_names(server, "#10/48.85/2.35")
    finally:
        server.stop()


def test_a_sample_left_out_keeps_its_rows_for_the_next_start(tmp_path):
    store = str(tmp_path / "world.sqlite")
    server = start_server("--samples", "all", store=store)
    server.stop()
    server = start_server("--samples", "wishlist", store=store)
    try:
        assert {a["kind"] for a in annotations(server)} == {"person"}
    finally:
        server.stop()
    server = start_server("--samples", "all", store=store)
    try:
        kinds = {a["kind"] for a in annotations(server)}
        assert "person" in kinds and "bridge" in kinds, "the landmarks come back, not seeded twice"
        ids = [a["id"] for a in annotations(server)]
        assert len(ids) == len(set(ids))
    finally:
        server.stop()


def test_an_unknown_sample_is_refused_with_its_name():
    import subprocess
    from live_server import binary_path
    result = subprocess.run([binary_path(), "--samples", "wishlist,atlas", "--store", ":memory:"],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode != 0
    assert "wishlist,atlas" in result.stderr and "--samples" in result.stderr


def test_the_helsinki_sample_runs_its_trams_with_the_demo_and_credits_openstreetmap():
    # The trams are part of the demo (the last of --no-demo and --demo wins).
    server = start_server("--samples", "helsinki", "--demo")
    try:
        trams = [a for a in annotations(server) if a["kind"] == "tram"]
        assert len(trams) == 40, len(trams)
        assert {a["markerSymbol"] for a in trams} == {"1", "2", "3", "4", "5", "6", "6T", "7", "9", "10"}
        assert all(a["title"].startswith("Line ") and a["subtitle"] for a in trams), trams[:3]
        # Over the railway station: the lines are named in the mirror, and their data credited.
        names = mirror_names(server, "#15/60.1710/24.9414")
        assert {"Tram 6", "Tram 6T", "Tram 9"} <= names, names
        assert any("OpenStreetMap contributors" in name for name in names), names
        # From the world view the lines and the credit are left out.
        names = mirror_names(server, "#3/40/10")
        assert not any(name.startswith("Tram ") or "OpenStreetMap" in name for name in names), names
    finally:
        server.stop()


def test_without_the_demo_the_helsinki_sample_has_lines_but_no_trams():
    server = start_server("--samples", "helsinki")
    try:
        assert annotations(server) == []
        assert "Tram 4" in mirror_names(server, "#15/60.1710/24.9414")
    finally:
        server.stop()
