"""Styled API pins in a real browser: a GeoJSON import with marker colours
shows a marker of each colour at each point, named in the accessibility
mirror, and a PATCH recolours a visible marker and rewrites an open
callout. Screenshots go to tests/browser/artifacts/styled-*.png."""

from __future__ import annotations

import json
import urllib.request

from conftest import click_at, poll, screenshot, severe_logs, wait_painted
from test_map import mirror

# Open ocean in the South Pacific at zoom 6: nothing else is drawn there.
OCEAN = "#6/-30/-130"


def send(base_url: str, path: str, body, method="POST", content_type="application/json") -> dict:
    request = urllib.request.Request(base_url + path, data=json.dumps(body).encode(), method=method,
                                     headers={"Content-Type": content_type})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def pin(driver, name):
    found = [e for e in mirror(driver) if e["tag"] == "button" and e["name"] == name and e["width"] > 0]
    return found[0] if found else None


def rgb(hex_colour: str):
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def pixels_near(img, box, colour, tolerance=12) -> int:
    """Pixels within `tolerance` of `colour` inside box (x, y, width, height) in CSS px (scale 1)."""
    x0, y0 = max(0, int(box["x"])), max(0, int(box["y"]))
    x1, y1 = min(img.size[0], int(box["x"] + box["width"])), min(img.size[1], int(box["y"] + box["height"]))
    px = img.load()
    return sum(1 for y in range(y0, y1) for x in range(x0, x1)
               if all(abs(a - b) <= tolerance for a, b in zip(px[x, y][:3], colour)))


PINS = [("teal", "Teal pin", -132, "#2a9d8f", "T"),
        ("plum", "Plum pin", -130, "#7b2cbf", "P"),
        ("amber", "Amber pin", -128, "#f4a261", "A")]


def test_imported_pins_show_in_their_colours_and_a_patch_recolours_one(chrome, mapwire_server):
    driver = chrome()
    driver.get(mapwire_server + "/" + OCEAN)
    wait_painted(driver)
    features = [{"type": "Feature", "id": f"styled-{key}", "geometry": {"type": "Point", "coordinates": [lon, -30]},
                 "properties": {"title": title, "marker-color": colour, "marker-symbol": symbol}}
                for key, title, lon, colour, symbol in PINS]
    answer = send(mapwire_server, "/api/annotations", {"type": "FeatureCollection", "features": features},
                  content_type="application/geo+json")
    assert answer == {"imported": 3, "ids": [f"styled-{key}" for key, *_ in PINS], "warnings": []}
    boxes = {title: poll(lambda t=title: pin(driver, t), message=f"the mirror names {title}")
             for _, title, _, _, _ in PINS}
    img = screenshot(driver, "styled-imported.png")
    for _, title, _, colour, _ in PINS:
        box = boxes[title]
        own = pixels_near(img, box, rgb(colour))
        others = [pixels_near(img, box, rgb(c)) for _, t, _, c, _ in PINS if t != title]
        # A 30x40 balloon is mostly its fill; the white glyph and outline take the rest.
        assert own > 250, (title, box, own)
        assert max(others) < 10, (title, others)
    # West to east as their longitudes, on one row.
    xs = [boxes[t]["x"] for _, t, _, _, _ in PINS]
    assert xs == sorted(xs) and abs(boxes["Teal pin"]["y"] - boxes["Amber pin"]["y"]) < 2

    send(mapwire_server, "/api/annotations/styled-plum", {"marker-color": "#e9c46a", "title": "Gold pin"},
         method="PATCH")
    box = poll(lambda: pin(driver, "Gold pin"), message="the renamed pin")
    img = poll(lambda: (lambda i: i if pixels_near(i, box, rgb("#e9c46a")) > 250 else None)(
        screenshot(driver, "styled-patched.png")), message="the pin in its new colour")
    assert pixels_near(img, box, rgb("#7b2cbf")) < 10
    assert pin(driver, "Plum pin") is None
    assert severe_logs(driver) == []


def test_a_patch_rewrites_an_open_callout(chrome, mapwire_server):
    driver = chrome()
    driver.get(mapwire_server + "/#6/-20/-140")
    wait_painted(driver)
    send(mapwire_server, "/api/annotations", {"id": "callout-pin", "title": "Buoy 7", "subtitle": "Before",
                                              "latitude": -20, "longitude": -140, "markerColor": "#264653"})
    box = poll(lambda: pin(driver, "Buoy 7"), message="the buoy's marker")
    click_at(driver, box["x"] + box["width"] / 2, box["y"] + box["height"] / 3)

    def texts():
        return {e["name"] for e in mirror(driver) if e["width"] > 0}

    poll(lambda: "Before" in texts(), message="the callout's subtitle")
    screenshot(driver, "styled-callout-before.png")
    send(mapwire_server, "/api/annotations/callout-pin", {"title": "Buoy 7b", "subtitle": "After",
                                                          "marker-symbol": "7"}, method="PATCH")
    poll(lambda: {"Buoy 7b", "After"} <= texts() and "Before" not in texts(),
         message="the callout shows the new title and subtitle")
    screenshot(driver, "styled-callout-after.png")
    assert severe_logs(driver) == []


def test_a_light_markers_glyph_is_dark_enough_to_read(chrome, mapwire_server):
    """On a gold balloon a white dot would have 1.4:1; the glyph is drawn dark instead (WCAG's 3:1 for graphics)."""
    driver = chrome()
    driver.get(mapwire_server + "/#6/-40/-120")
    wait_painted(driver)
    send(mapwire_server, "/api/annotations", {"id": "gold-pin", "title": "Gold pin", "latitude": -40,
                                             "longitude": -120, "markerColor": "#ffd700"})
    box = poll(lambda: pin(driver, "Gold pin"), message="the gold pin in the mirror")
    img = screenshot(driver, "styled-gold-glyph.png")
    # The dot sits in the balloon's head: its upper part, centred.
    head = {"x": box["x"] + box["width"] / 2 - 5, "y": box["y"] + 10, "width": 10, "height": 10}
    assert pixels_near(img, head, (0x1C, 0x1C, 0x1E), tolerance=40) >= 20, "a dark dot"
    assert pixels_near(img, head, (0xFF, 0xFF, 0xFF), tolerance=20) == 0, "no white dot"
