"""The world wraps, in a real browser over the real server: the map over 180°
draws land on both sides of it, a drag goes on east past it, the opening
view fills a 1920x1080 window with no empty band, and a pin shown in the copy
of the world nearest the camera is where a click selects it.
Screenshots go to tests/browser/artifacts/wrap-*.png."""

from __future__ import annotations

import json
import math
import urllib.request

import pytest

from conftest import click_at, drag, poll, running_mapwire, screenshot, severe_logs, wait_painted
from test_map import mirror, parse_hash

LAND = (0xF4, 0xF2, 0xEE)      # the light style's background: land
WORLD_PX = 256                  # the world's width in CSS px at zoom 0


@pytest.fixture(scope="module")
def server():
    """A server of its own: the pins these tests add are seen by no other test."""
    with running_mapwire(log_name="mapwire-wrap.log") as url:
        yield url


def open_at(driver, url: str, hash_: str = ""):
    driver.get(url + "/" + hash_)
    wait_painted(driver)
    # Frame 1 holds the base map; wait for the font to settle the names.
    poll(lambda: driver.execute_script("return document.fonts.status === 'loaded';"), message="fonts")


def land_in(img, x0: int, x1: int, y0: int = 0, y1: int | None = None, step: int = 2) -> int:
    """Land-coloured pixels in the columns x0..x1 (and rows y0..y1), sampled every `step` px."""
    px = img.load()
    y1 = img.size[1] if y1 is None else y1
    return sum(1 for y in range(y0, y1, step) for x in range(x0, x1, step)
               if all(abs(a - b) <= 4 for a, b in zip(px[x, y][:3], LAND)))


def camera(driver):
    return parse_hash(driver.execute_script("return location.hash;"))


def test_land_is_drawn_on_both_sides_of_180(driver, server):
    open_at(driver, server, "#3/-20/180")
    w, h = driver.execute_script("return [innerWidth, innerHeight];")
    img = screenshot(driver, "wrap-180.png")
    # West of 180°: Australia and New Zealand. East of it, 60° to 112° W at zoom 3: Mexico and the Andes.
    west, east = land_in(img, 0, w // 2), land_in(img, 3 * w // 4, w)
    assert west > 5000, f"no land west of 180° ({west})"
    assert east > 2000, f"the world east of 180° is blank ({east} land pixels)"
    assert severe_logs(driver) == []


def test_a_drag_west_carries_the_camera_on_past_180(driver, server):
    open_at(driver, server, "#3/-20/170")
    before = screenshot(driver, "wrap-drag-before.png")
    w, h = before.size
    # 600 px west at zoom 3 (2,048 px a world) takes the camera 105.5° east: to 84.5° W.
    drag(driver, 900, h // 2, -600, 0, steps=12)  # held still before the release: no fling
    poll(lambda: abs(camera(driver)[2] - (170 + 600 * 360 / (WORLD_PX * 8) - 360)) < 1.5,
         message=f"the hash past 180° (now {camera(driver)})")
    after = screenshot(driver, "wrap-drag-after.png")
    assert land_in(after, 3 * w // 4, w) > 2000, "South America in view after the drag"
    # And on: another drag west keeps going.
    drag(driver, 900, h // 2, -300, 0, steps=8)
    poll(lambda: abs(camera(driver)[2] - (-84.5 + 300 * 360 / 2048)) < 1.5,
         message=f"the second drag (now {camera(driver)})")
    zoom, lat, lon = camera(driver)
    assert -180 <= lon <= 180


def test_the_opening_view_fills_a_1920_by_1080_window(chrome, server):
    driver = chrome(width=1920, height=1080)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": False})
    open_at(driver, server)
    assert driver.execute_script("return [innerWidth, innerHeight];") == [1920, 1080]
    img = screenshot(driver, "wrap-opening-1920.png")
    zoom, lat, lon = camera(driver)
    world = WORLD_PX * 2 ** zoom
    assert world >= 1080 - 1, f"zoom {zoom}: the world is {world:.0f} px tall in a 1,080 px window"
    # The world's north and south edges are at or beyond the window's.
    y = world * (0.5 - math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)) / (2 * math.pi))
    assert y - 540 >= -1.5 and y + 540 <= world + 1.5, f"blank past a pole at {lat}° (zoom {zoom})"
    # No band of empty sea across the width: every strip of 160 px holds land somewhere.
    empty = [x for x in range(0, 1920, 160) if land_in(img, x, x + 160, step=3) == 0]
    assert not empty, f"strips with no land at x = {empty}"
    assert severe_logs(driver) == []


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url + "/api/annotations", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def test_a_pin_east_of_180_shows_beside_a_camera_west_of_it_and_a_click_selects_it(driver, server):
    post(server, {"id": "wrap-buoy", "title": "Across the line", "subtitle": "East of 180",
                  "latitude": -23, "longitude": -176})
    open_at(driver, server, "#5/-20/178")
    w, h = driver.execute_script("return [innerWidth, innerHeight];")

    def the_pin():
        found = [e for e in mirror(driver) if e["tag"] == "button" and e["name"] == "Across the line"
                 and e["width"] > 0]
        return found[0] if found else None

    pin = poll(the_pin, message="the pin east of 180° in the mirror")
    cx = pin["x"] + pin["width"] / 2
    # 6° east of the camera at zoom 5 (8,192 px a world): some 137 px right of the centre, not a world away.
    assert abs(cx - (w / 2 + 6 * 8192 / 360)) < 20, (cx, w)
    screenshot(driver, "wrap-pin-before.png")
    # The balloon's upper part: the marker's title hangs below its point.
    click_at(driver, cx, pin["y"] + pin["height"] / 3)
    poll(lambda: any(e["name"] == "East of 180" and e["width"] > 0 for e in mirror(driver)),
         message="the pin's callout (its subtitle in the mirror)")
    screenshot(driver, "wrap-pin-callout.png")
    assert severe_logs(driver) == []
