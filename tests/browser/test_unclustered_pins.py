"""API pins without a clustering identifier in headless Chromium against the
real server: over a crowd of them the map shows counted clusters, not a
marker each, and zoomed in where few lie near it shows them one by one."""

from __future__ import annotations

import json
import random
import urllib.request

from conftest import click_at, poll, running_mapwire, screenshot, severe_logs, wait_painted
from test_clusters import named
from test_map import mirror, parse_hash

PINS = 3_000


def import_pins(base_url: str) -> None:
    """PINS pins scattered over a 10 x 10 degree box around 48 N 10 E, as one NDJSON import."""
    rng = random.Random(5)
    lines = [json.dumps({"type": "Feature", "id": f"crowd-{i}",
                         "geometry": {"type": "Point",
                                      "coordinates": [5 + 10 * rng.random(), 43 + 10 * rng.random()]},
                         "properties": {"title": f"Crowd {i}"}})
             for i in range(PINS)]
    request = urllib.request.Request(base_url + "/api/annotations", data="\n".join(lines).encode(), method="POST",
                                     headers={"Content-Type": "application/x-ndjson"})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert json.load(response)["imported"] == PINS


def gathered(driver) -> list:
    return [e for e in mirror(driver) if e["tag"] == "button" and e["name"].endswith(" places") and e["width"] > 0]


def crowd_pins(driver) -> list:
    return [e for e in mirror(driver) if e["tag"] == "button" and e["name"].startswith("Crowd ") and e["width"] > 0]


def test_a_crowd_of_pins_shows_as_counted_clusters_and_one_by_one_zoomed_in(driver):
    with running_mapwire(log_name="mapwire-unclustered.log") as url:
        import_pins(url)
        driver.get(url + "/#5/48/10")
        wait_painted(driver)
        clusters = poll(lambda: gathered(driver), message="the crowd's clusters in the mirror")
        screenshot(driver, "unclustered-crowd-gathered.png")
        # A count each, not a marker each: a few dozen clusters stand for the thousands of pins.
        assert len(crowd_pins(driver)) < 100
        assert 5 <= len(clusters) < 300
        counts = [int(c["name"].split()[0]) for c in clusters]
        assert sum(counts) + len(crowd_pins(driver)) >= PINS // 2
        # A click on the biggest zooms in, as on any cluster.
        biggest = max(clusters, key=lambda c: int(c["name"].split()[0]))
        zoom0, _, _ = parse_hash(driver.execute_script("return location.hash;"))
        click_at(driver, biggest["x"] + biggest["width"] / 2, biggest["y"] + biggest["height"] / 2)
        poll(lambda: parse_hash(driver.execute_script("return location.hash;"))[0] > zoom0 + 0.5,
             message="the map to zoom in on the cluster")
        # Zoomed in far enough that few lie near, they are markers again, named by their titles.
        driver.get(url + "/#11/48/10")
        driver.refresh()
        wait_painted(driver)
        poll(lambda: crowd_pins(driver), message="pins one by one")
        assert not gathered(driver)
        screenshot(driver, "unclustered-crowd-one-by-one.png")
        assert named(driver, crowd_pins(driver)[0]["name"])
        assert severe_logs(driver) == []
