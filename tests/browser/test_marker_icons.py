"""Marker icons in a real browser: a pin whose marker-symbol names one of
MapWire's icons shows that icon in its balloon's head, in the glyph colour
that reads on the balloon, and each icon is its own shape; an unknown name
shows the dot and a short symbol its text.

The page is screenshotted at 1x (tests/browser/artifacts/marker-icons.png)
and at 4x, which is checked and, cut to the pins, saved as the contact
sheet of every icon to look at after changing a drawing:
marker-icons-sheet.png.

The pins come as any API pin does: a GeoJSON import with simplestyle's
marker-color and marker-symbol; the unknown name is kept with a warning."""

from __future__ import annotations

import os
import re

from conftest import ROOT, artifact, poll, running_mapwire, screenshot, severe_logs, wait_idle
from test_styled_pins import pin, send


def icon_names() -> list[str]:
    """MarkerIcon.names, read from the Swift source so the two never drift."""
    with open(os.path.join(ROOT, "Sources", "MapCore", "Annotations", "MarkerIcon.swift")) as f:
        source = f.read()
    listing = re.search(r"static let names: \[String\] = \[(.*?)\]", source, re.S)
    assert listing, "MarkerIcon.names not found"
    return re.findall(r'"([^"]+)"', listing.group(1))


# Open ocean in the South Pacific at zoom 6; eight columns of pins, a colour a row (gold takes the dark glyph).
CENTER = (-30.0, -130.0)
COLUMNS, LON_STEP, LAT_STEP = 8, 3.2, 1.6
ROW_COLOURS = ["#f2453d", "#2a9d8f", "#1d3557", "#ffd700", "#7b2cbf", "#e76f51"]
DARK_GLYPH = {"#ffd700"}
# Control pins after the icons: an unknown name (the dot) and a short symbol (text).
CONTROLS = [("unknown name", "no-such-icon"), ("short text", "abc")]


def pins() -> list[dict]:
    names = [(name, name) for name in icon_names()] + CONTROLS
    rows = (len(names) + COLUMNS - 1) // COLUMNS
    out = []
    for i, (title, symbol) in enumerate(names):
        row, column = divmod(i, COLUMNS)
        out.append({"id": f"icon-{i}", "title": title, "symbol": symbol, "colour": ROW_COLOURS[row],
                    "latitude": CENTER[0] + ((rows - 1) / 2 - row) * LAT_STEP,
                    "longitude": CENTER[1] + (column - (COLUMNS - 1) / 2) * LON_STEP})
    return out


def import_icon_pins(url: str, items: list[dict]) -> None:
    """`items` as API pins with their colours and symbols, in one GeoJSON import."""
    features = [{"type": "Feature", "id": p["id"],
                 "geometry": {"type": "Point", "coordinates": [p["longitude"], p["latitude"]]},
                 "properties": {"title": p["title"], "marker-color": p["colour"], "marker-symbol": p["symbol"]}}
                for p in items]
    answer = send(url, "/api/annotations", {"type": "FeatureCollection", "features": features},
                  content_type="application/geo+json")
    assert answer["imported"] == len(items)
    assert [w["property"] for w in answer["warnings"]] == ["marker-symbol"], answer["warnings"]


def head_mask(img, box, glyph, scale: int) -> set:
    """The pixels of a marker's head (16 CSS px square at the balloon's head) that
    are the glyph colour, as (x, y) in device px from the head's corner."""
    x0, y0 = round((box["x"] + box["width"] / 2 - 8) * scale), round((box["y"] + 7) * scale)
    px = img.load()
    return {(x, y) for y in range(16 * scale) for x in range(16 * scale)
            if all(abs(a - b) <= 48 for a, b in zip(px[x0 + x, y0 + y][:3], glyph))}


def show(chrome, url: str, items: list[dict], scale: int, name: str):
    """The pins in a browser at `scale`: their mirror boxes (CSS px) and the screenshot saved as `name`."""
    lat, lon = CENTER
    driver = chrome(scale=scale, width=1280, height=720)
    driver.get(f"{url}/#6/{lat}/{lon}")
    boxes = {p["id"]: poll(lambda t=p["title"]: pin(driver, t), message=f"the pin {p['title']}") for p in items}
    wait_idle(driver)
    img = screenshot(driver, name)
    assert severe_logs(driver) == []
    return boxes, img


def test_every_icon_name_draws_its_own_icon_in_a_legible_colour(chrome):
    items = pins()
    with running_mapwire(log_name="mapwire-icons.log") as url:
        import_icon_pins(url, items)
        show(chrome, url, items, 1, "marker-icons.png")
        boxes, img = show(chrome, url, items, 4, "marker-icons-4x.png")

    # The contact sheet: the 4x screenshot cut to the pins and their titles.
    left = min(b["x"] for b in boxes.values()) - 60
    right = max(b["x"] + b["width"] for b in boxes.values()) + 60
    top = min(b["y"] for b in boxes.values()) - 8
    bottom = max(b["y"] + b["height"] for b in boxes.values()) + 24
    img.crop((int(left * 4), int(top * 4), int(right * 4), int(bottom * 4))).save(artifact("marker-icons-sheet.png"))

    masks = {}
    for p in items:
        glyph = (0x1C, 0x1C, 0x1E) if p["colour"] in DARK_GLYPH else (0xFF, 0xFF, 0xFF)
        masks[p["symbol"]] = head_mask(img, boxes[p["id"]], glyph, 4)
    dot = masks["no-such-icon"]
    # The dot is a 10 px disc: about 78 CSS px², 1,257 device px at 4x.
    assert 1000 < len(dot) < 1500, len(dot)
    assert len(masks["abc"]) > 200, "the short symbol is drawn as text"
    for name in icon_names():
        # Drawn, in the glyph colour the balloon calls for (a white icon on gold would not count): the
        # thinnest, the letter i, covers about 30 CSS px².
        assert len(masks[name]) > 300, (name, len(masks[name]))
    # Each its own shape: any two icons differ in at least 10 CSS px² of their heads, and none is the dot.
    names = icon_names() + ["no-such-icon"]
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert len(masks[a] ^ masks[b]) > 160, (a, b, len(masks[a] ^ masks[b]))
