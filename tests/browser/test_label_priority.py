"""The base map's city names give way to pins: a pin put on Madrid through
the HTTP API takes the place of the name printed over the city, as MapKit's
own labels make way for annotations. Screenshots go to
tests/browser/artifacts/labels-*.png."""

from __future__ import annotations

import json
import os
import urllib.request

from conftest import poll, screenshot, wait_painted
from test_map import mirror

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# Madrid as the world tiles place it (Natural Earth's populated places).
MADRID = {"lat": 40.4, "lon": -3.68}


def dark_pixels(image, x0, y0, x1, y1) -> int:
    px = image.load()
    return sum(1 for y in range(y0, y1) for x in range(x0, x1) if sum(px[x, y][:3]) < 3 * 180)


def test_a_pin_on_a_city_takes_the_place_of_its_name(chrome, mapwire_server):
    madrid = MADRID
    driver = chrome()
    driver.get(f"{mapwire_server}/#6/{madrid['lat']:.5f}/{madrid['lon']:.5f}")
    wait_painted(driver)
    width, height = driver.execute_script("return [innerWidth, innerHeight];")
    cx, cy = width // 2, height // 2
    # The name is centred on the city: its letters right of the pin's balloon, above its title.
    box = (cx + 16, cy - 5, cx + 26, cy + 3)
    before = screenshot(driver, "labels-before.png")
    assert dark_pixels(before, *box) > 8, "Madrid's name is drawn on the bare map"
    request = urllib.request.Request(mapwire_server + "/api/annotations", method="POST",
                                     data=json.dumps({"id": "on-madrid", "title": "Here", "latitude": madrid["lat"],
                                                      "longitude": madrid["lon"]}).encode(),
                                     headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=30).read()
    poll(lambda: [e for e in mirror(driver) if e["name"] == "Here" and e["width"] > 0] or None,
         message="the pin in the mirror")
    after = poll(lambda: (lambda img: img if dark_pixels(img, *box) == 0 else None)(
        screenshot(driver, "labels-after.png")), message="the name to give way")
    assert dark_pixels(after, *box) == 0
    urllib.request.urlopen(urllib.request.Request(mapwire_server + "/api/annotations/on-madrid", method="DELETE"),
                           timeout=30).read()
