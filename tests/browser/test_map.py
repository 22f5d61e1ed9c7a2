"""The whole thing: the real Swift server (`mapwire --no-demo`) and the painter
in headless Chromium, driven by a real mouse through WebDriver actions.

Needs the server binary (MAPWIRE_BIN, else .build/debug/mapwire); without it
these tests fail with a clear message (see conftest.mapwire_server).
Screenshots go to tests/browser/artifacts/.
"""

from __future__ import annotations

import json
import math
import re
import urllib.request

import pytest

from conftest import (click_at, colour_count, drag, poll, screenshot, severe_logs,
                      wait_painted)

HASH = re.compile(r"^#(-?\d+(?:\.\d+)?)/(-?\d+(?:\.\d+)?)/(-?\d+(?:\.\d+)?)(?:/.*)?$")

MIRROR_JS = """
return Array.from(document.querySelectorAll('#a11y [data-item]'), el => {
  const r = el.getBoundingClientRect();
  return {item: Number(el.dataset.item), tag: el.tagName.toLowerCase(), hidden: el.hidden,
          name: (el.getAttribute('aria-label') || el.textContent || '').trim(),
          pressed: el.getAttribute('aria-pressed'),
          x: r.x, y: r.y, width: r.width, height: r.height};
});
"""


def parse_hash(h: str):
    m = HASH.match(h)
    assert m, f"URL hash {h!r} is not #zoom/lat/lon"
    return tuple(float(g) for g in m.groups())


def mirror(driver) -> list:
    return [e for e in driver.execute_script(MIRROR_JS) if not e["hidden"]]


def viewport(driver):
    return driver.execute_script("return [innerWidth, innerHeight];")


def background_rgb(driver):
    bg = driver.execute_script("return window.mapwire.background();")
    return tuple(int(bg[i:i + 2], 16) for i in (1, 3, 5))


def painted_rgb(driver, x: int, y: int):
    """The colour on screen at (x, y) CSS px: the sea where a view shows open water (the base map's water tiles
    draw it; the page's background is the style's land)."""
    import io
    from PIL import Image
    image = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
    ratio = image.size[0] / driver.execute_script("return innerWidth;")
    return image.getpixel((int(x * ratio), int(y * ratio)))


def annotation_titles(base_url: str) -> set:
    with urllib.request.urlopen(base_url + "/api/annotations", timeout=5) as r:
        data = json.load(r)
    items = data if isinstance(data, list) else data.get("annotations", [])
    return {a.get("title") for a in items if a.get("title")}


def region_diff(a, b, box) -> float:
    """Mean absolute per-channel difference of two screenshots inside box (x0, y0, x1, y1)."""
    ca, cb = a.crop(box), b.crop(box)
    pa, pb = ca.load(), cb.load()
    w, h = ca.size
    total = 0
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            total += sum(abs(p - q) for p, q in zip(pa[x, y], pb[x, y]))
    return total / (3 * ((w + 1) // 2) * ((h + 1) // 2))


@pytest.fixture
def map_page(driver, mapwire_server):
    driver.get(mapwire_server + "/#4/20/0")
    wait_painted(driver)
    # The base map and pins are in frame 1; let the first paints settle.
    poll(lambda: [e for e in mirror(driver) if e["tag"] == "button"],
         message="pins in the accessibility mirror")
    return driver


# Buttons in the mirror that are screen controls or clusters, not annotation pins.
TOOLBAR = {"City", "Bridge", "Flower", "Ferry", "All"}
# The map's own controls (test_map_controls.py): buttons, but not pins.
MAP_CONTROLS = {"Zoom in", "Zoom out", "Keyboard shortcuts", "Close"}
CLUSTER = re.compile(r"^\d+ places$")


def pins(driver):
    w, h = viewport(driver)
    return [e for e in mirror(driver)
            if e["tag"] == "button" and e["name"] and e["width"] > 0
            and e["name"] not in TOOLBAR and e["name"] not in MAP_CONTROLS and not CLUSTER.match(e["name"])
            and 0 <= e["x"] and e["x"] + e["width"] <= w and 0 <= e["y"] and e["y"] + e["height"] <= h]


def test_map_paints_land_ocean_and_pins(map_page, mapwire_server):
    driver = map_page
    stats = driver.execute_script("return Object.assign({}, window.mapwire.stats);")
    assert stats["connected"] and stats["framesPainted"] > 0 and stats["lastFrame"] >= 1
    zoom, lat, lon = parse_hash(driver.execute_script("return location.hash;"))
    assert (zoom, lat, lon) == pytest.approx((4, 20, 0), abs=0.01), "the camera comes from the URL"
    img = screenshot(driver, "map-initial.png")
    assert colour_count(img) > 50, "the canvas looks blank"
    ocean = background_rgb(driver)
    total = img.size[0] * img.size[1]
    assert colour_count(img, ocean, tolerance=4) > 0.05 * total, f"ocean {ocean} covers too little"
    # Land: some other colour that covers a good part of the view at #4/20/0 (Africa, Europe).
    colours = sorted(img.getcolors(maxcolors=1 << 24), reverse=True)
    land = [(n, c) for n, c in colours
            if n > 0.05 * total and max(abs(a - b) for a, b in zip(c, ocean)) > 12]
    assert land, f"no land colour besides the ocean {ocean}; top colours {colours[:5]}"
    # Pins are buttons named by people's names (annotation titles).
    names = {p["name"] for p in pins(driver)}
    assert len(names) >= 2, names
    try:
        titles = annotation_titles(mapwire_server)
    except OSError:
        titles = None
    if titles is not None:
        assert names <= titles, f"pin buttons not named by annotation titles: {names - titles}"
    assert severe_logs(driver) == []


def test_click_pin_opens_callout_and_map_click_closes_it(map_page):
    # At #4/20/0 the pins are wishlist people: their callout is the custom card
    # (a dialog and heading named by the person); the standard callout is
    # covered on the San Francisco flag below.
    driver = map_page
    w, h = viewport(driver)
    # The pin nearest the centre, with room around it for its callout.
    candidates = [p for p in pins(driver)
                  if 150 < p["x"] < w - 150 and 150 < p["y"] < h - 60]
    assert candidates, "no pin well inside the view at #4/20/0"
    pin = min(candidates, key=lambda p: math.hypot(p["x"] - w / 2, p["y"] - h / 2))
    cx, cy = pin["x"] + pin["width"] / 2, pin["y"] + pin["height"] / 2
    before = screenshot(driver, "map-before-click.png")
    before_items = {e["item"] for e in mirror(driver)}

    click_at(driver, cx, cy)

    box = (max(0, int(cx - 160)), max(0, int(cy - 220)), min(w, int(cx + 160)), min(h, int(cy + 20)))

    def callout_shown():
        new = [e for e in mirror(driver)
               if e["item"] not in before_items and e["item"] != pin["item"] and pin["name"] in e["name"]]
        if new:
            return ("mirror", new)
        diff = region_diff(before, screenshot(driver, "map-after-click.png"), box)
        return ("pixels", diff) if diff > 8 else None

    how, evidence = poll(callout_shown, interval=0.2, message=f"a callout for {pin['name']!r}")
    screenshot(driver, "map-callout-open.png")

    # Click empty map: an ocean pixel far from every mirror element and the callout.
    ocean = background_rgb(driver)
    img = screenshot(driver, "map-callout-open.png")
    rects = mirror(driver)
    spot = None
    for y in range(60, h - 60, 40):
        for x in range(60, w - 60, 40):
            if max(abs(a - b) for a, b in zip(img.getpixel((x, y)), ocean)) > 3:
                continue
            if any(r["x"] - 40 < x < r["x"] + r["width"] + 40 and r["y"] - 40 < y < r["y"] + r["height"] + 40
                   for r in rects if r["width"] > 0):
                continue
            if box[0] - 40 < x < box[2] + 40 and box[1] - 40 < y < box[3] + 40:
                continue
            spot = (x, y)
            break
        if spot:
            break
    assert spot, "found no empty ocean to click"
    click_at(driver, *spot)

    def callout_closed():
        if how == "mirror":
            return not [e for e in mirror(driver)
                        if e["item"] not in before_items and pin["name"] in e["name"]]
        return region_diff(before, screenshot(driver, "map-after-close.png"), box) < evidence / 2

    poll(callout_closed, interval=0.2, message="the callout to close")
    screenshot(driver, "map-callout-closed.png")
    assert severe_logs(driver) == []


def mercator_y(lat: float, zoom: float) -> float:
    """A latitude's y in world pixels at `zoom` (256 px tiles)."""
    return (1 - math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)) / math.pi) / 2 * 256 * 2 ** zoom


def mercator_lat(y: float, zoom: float) -> float:
    return math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y / (256 * 2 ** zoom)))))


def test_drag_pans_and_hash_follows_camera(map_page):
    driver = map_page
    w, h = viewport(driver)
    start_hash = driver.execute_script("return location.hash;")
    z0, lat0, lon0 = parse_hash(start_hash)
    # A pin that stays well inside the view after the drag (240 px left, 120 px down).
    inside = [p for p in pins(driver) if p["x"] > 340 and 20 < p["y"] < h - 240]
    assert inside, "no pin that stays in view after the drag"
    ref = min(inside, key=lambda p: math.hypot(p["x"] - w / 2, p["y"] - h / 2))
    # Start the drag on empty map, away from pins.
    screenshot(driver, "map-before-drag.png")
    start = next(((x, y) for y in range(h // 2, h - 80, 20) for x in range(w // 2, w - 80, 20)
                  if not any(r["x"] - 30 < x < r["x"] + r["width"] + 30 and r["y"] - 30 < y < r["y"] + r["height"] + 30
                             for r in mirror(driver) if r["width"] > 0)), (w // 2, h - 100))
    # Held still before the release: no fling, so the camera ends exactly where the drag left it.
    drag(driver, start[0], start[1], -240, 120, steps=12)

    # The server sends the URL once the camera settles: the first new hash is the camera at rest.
    final = poll(lambda: (lambda h_: h_ if parse_hash(h_) != (z0, lat0, lon0) else None)(
        driver.execute_script("return location.hash;")), interval=0.1, message="the URL hash to follow the camera")
    z, lat, lon = parse_hash(final)
    # As protocol.md "The URL" says: zoom with 2 decimals, lat and lon with 5.
    assert re.match(r"^#\d+\.\d{2}/-?\d+\.\d{5}/-?\d+\.\d{5}(/.*)?$", final), final
    assert z == z0, "a drag does not zoom"
    # 240 px left moves the camera 240 px east, 120 px down moves it 120 px north.
    assert lon == pytest.approx(lon0 + 240 * 360 / (256 * 2 ** z0), abs=2e-5), (start_hash, final)
    assert lat == pytest.approx(mercator_lat(mercator_y(lat0, z0) - 120, z0), abs=2e-5), (start_hash, final)
    # The anchored pin moved with the map by the same 240 px left and 120 px down.
    moved = poll(lambda: next((p for p in mirror(driver) if p["item"] == ref["item"] and p["width"] > 0
                               and abs(p["x"] - (ref["x"] - 240)) <= 1 and abs(p["y"] - (ref["y"] + 120)) <= 1),
                              None), message=f"the pin {ref['name']!r} 240 px left and 120 px down of {ref}")
    assert moved["width"] == pytest.approx(ref["width"], abs=1)
    screenshot(driver, "map-after-drag.png")
    assert severe_logs(driver) == []


def test_keyboard_reaches_a_pin_and_opens_its_callout(map_page):
    """Tab reaches the pins' mirror buttons; Enter on one opens its callout (FOCUS/ACTIVATE)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver = map_page
    before_items = {e["item"] for e in mirror(driver)}
    focused = None
    for _ in range(40):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        focused = driver.execute_script(
            "const el = document.activeElement;"
            "return el && el.closest('#a11y') && el.tagName === 'BUTTON' "
            "? {item: Number(el.dataset.item), name: el.textContent} : null;")
        if focused and focused["name"]:
            break
    assert focused, "Tab never reached a pin button in the accessibility mirror"
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    poll(lambda: [e for e in mirror(driver)
                  if e["item"] not in before_items and focused["name"] in e["name"]],
         interval=0.1, message=f"a callout for {focused['name']!r} after Enter")
    screenshot(driver, "map-keyboard-callout.png")
    assert severe_logs(driver) == []


def test_landmark_flag_opens_the_standard_callout(driver, mapwire_server):
    driver.get(mapwire_server + "/#11/37.78/-122.44")
    wait_painted(driver)
    flag = poll(lambda: next((e for e in mirror(driver) if e["tag"] == "button" and e["name"] == "San Francisco"),
                             None), message="the San Francisco flag in the mirror")
    click_at(driver, flag["x"] + flag["width"] / 2, flag["y"] + flag["height"] / 2)
    poll(lambda: [e for e in mirror(driver) if e["name"] == "Founded: June 29, 1776"],
         message="the standard callout's subtitle")
    dialog = [e for e in mirror(driver) if e["name"] == "San Francisco" and e["tag"] != "button"]
    assert dialog, "the callout is a dialog named by the title"
    assert not [e for e in mirror(driver) if e["name"] == "See details"], "no wishlist card for a landmark"
    screenshot(driver, "map-landmark-callout.png")
    assert severe_logs(driver) == []
