"""Lines and areas added through the HTTP API in a real browser: an
imported zone is filled and outlined in its simplestyle colours and a route
stroked in its own, both under the pins; a tap inside the titled zone opens
the standard callout there; and appending to the route draws the longer
line. Screenshots go to tests/browser/artifacts/shapes-*.png."""

from __future__ import annotations

import json
import math
import urllib.request

from conftest import click_at, poll, screenshot, severe_logs, wait_idle, wait_painted
from test_map import mirror, painted_rgb, viewport

# Open ocean in the South Atlantic at zoom 7: nothing else is drawn there.
LAT, LON, ZOOM = -40.0, -20.0, 7
HASH = f"#{ZOOM}/{LAT}/{LON}"
WIDTH, HEIGHT = 1280, 800
# The page's size, read once it is open (the window's own bars take some of its height).
PAGE = {"width": WIDTH, "height": HEIGHT}

ZONE = [[-21.0, -39.5], [-19.6, -39.5], [-19.6, -40.4], [-21.0, -40.4], [-21.0, -39.5]]
ROUTE = [[-22.0, -41.0], [-20.5, -41.2], [-19.0, -41.0]]
ZONE_FILL, ZONE_STROKE, ROUTE_STROKE = "#e63946", "#1d3557", "#2a9d8f"


def send(base_url: str, path: str, body, method="POST", content_type="application/json") -> dict:
    request = urllib.request.Request(base_url + path, data=json.dumps(body).encode(), method=method,
                                     headers={"Content-Type": content_type})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def screen(lon: float, lat: float) -> tuple[float, float]:
    """Where a coordinate is drawn, CSS px, with the map centred on LAT, LON at ZOOM (Web Mercator)."""
    def world(lo, la):
        s = math.sin(math.radians(la))
        return (lo + 180) / 360, 0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)
    scale = 256 * 2 ** ZOOM
    (x, y), (cx, cy) = world(lon, lat), world(LON, LAT)
    return PAGE["width"] / 2 + (x - cx) * scale, PAGE["height"] / 2 + (y - cy) * scale


def rgb(hex_colour: str):
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def blend(top: str, alpha: float, under) -> tuple:
    return tuple(round(a * alpha + b * (1 - alpha)) for a, b in zip(rgb(top), under))


def near(px, colour, tolerance=14) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(px[:3], colour))


def count_near(img, box, colour, tolerance=14) -> int:
    x0, y0, x1, y1 = (max(0, int(v)) for v in box)
    px = img.load()
    return sum(1 for y in range(y0, min(y1, img.size[1])) for x in range(x0, min(x1, img.size[0]))
               if near(px[x, y], colour, tolerance))


def test_imported_lines_and_areas_draw_in_their_colours_open_callouts_and_grow(chrome, mapwire_server):
    driver = chrome(width=WIDTH, height=HEIGHT)
    driver.get(mapwire_server + "/" + HASH)
    wait_painted(driver)
    PAGE["width"], PAGE["height"] = viewport(driver)
    ocean = painted_rgb(driver, PAGE["width"] // 2, PAGE["height"] // 2)  # open sea, before the shapes
    collection = {"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": "browser-zone", "geometry": {"type": "Polygon", "coordinates": [ZONE]},
         "properties": {"title": "Zone A", "description": "Deliveries until noon", "fill": ZONE_FILL,
                        "fill-opacity": 0.6, "stroke": ZONE_STROKE, "stroke-width": 4}},
        {"type": "Feature", "id": "browser-route", "geometry": {"type": "LineString", "coordinates": ROUTE},
         "properties": {"stroke": ROUTE_STROKE, "stroke-width": 6}},
    ]}
    answer = send(mapwire_server, "/api/annotations", collection, content_type="application/geo+json")
    assert answer == {"imported": 2, "ids": ["browser-zone", "browser-route"], "warnings": []}
    poll(lambda: any(e["name"] == "Zone A" for e in mirror(driver)), message="the titled zone in the mirror")
    wait_idle(driver)
    img = screenshot(driver, "shapes-imported.png")
    px = img.load()

    # Inside the zone: its fill at 60 % over the ocean.
    cx, cy = screen(-20.3, -39.95)
    filled = blend(ZONE_FILL, 0.6, ocean)
    assert count_near(img, (cx - 40, cy - 40, cx + 40, cy + 40), filled) > 5000, (px[int(cx), int(cy)], filled)
    # Its west edge: the outline's colour, 4 px wide, along the edge.
    ex, _ = screen(-21.0, -39.95)
    assert count_near(img, (ex - 4, cy - 40, ex + 4, cy + 40), rgb(ZONE_STROKE)) > 150
    # The route: its stroke where the line runs, and the ocean a little off it.
    rx, ry = screen(-21.25, -41.1)
    assert count_near(img, (rx - 10, ry - 10, rx + 10, ry + 10), rgb(ROUTE_STROKE)) > 60
    assert near(px[int(rx), int(ry) - 30], ocean, 6)
    # Where the route will grow to, east of its end: ocean still.
    gx, gy = screen(-17.5, -41.0)
    assert count_near(img, (gx - 10, gy - 10, gx + 10, gy + 10), rgb(ROUTE_STROKE)) == 0

    # A tap inside the zone opens the standard callout there, with its title and description.
    tx, ty = screen(-20.6, -39.8)
    click_at(driver, tx, ty)
    subtitle = poll(lambda: next((e for e in mirror(driver) if e["name"] == "Deliveries until noon"), None),
                    message="the zone's callout")
    # The bubble stands over the tapped place, its arrow at the tap.
    assert subtitle["y"] < ty and abs(subtitle["x"] + subtitle["width"] / 2 - tx) < 150, (subtitle, tx, ty)
    wait_idle(driver)
    img = screenshot(driver, "shapes-callout.png")
    assert count_near(img, (tx - 20, ty - 70, tx + 20, ty - 30), (255, 255, 255), 4) > 300, "the white bubble"

    # Appending to the route draws it further east.
    grown = send(mapwire_server, "/api/annotations/browser-route/coordinates",
                 {"coordinates": [[-17.0, -41.0]]})
    assert grown["points"] == 4
    poll(lambda: count_near(screenshot(driver, "shapes-grown.png"), (gx - 10, gy - 10, gx + 10, gy + 10),
                            rgb(ROUTE_STROKE)) > 60, message="the route drawn to its new end")
    assert severe_logs(driver) == []
