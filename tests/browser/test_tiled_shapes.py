"""A large translucent area at a city's zoom in a real browser: the server
sends it in the tile pieces near the view, and what a person sees is one
area: the fill the same colour on both sides of every tile edge (no seam
where two pieces meet), and the outline only on the area's own edge (the
edges the cut made are never stroked). Screenshot:
tests/browser/artifacts/tiled-area.png."""

from __future__ import annotations

import math

from conftest import poll, screenshot, severe_logs, wait_idle, wait_painted
from test_map import painted_rgb, viewport
from test_world_shapes import blend, count_near, near, rgb, send

# Open ocean in the South Pacific: nothing else is drawn there.
LAT, LON, ZOOM = -45.0, -120.0, 12
WIDTH, HEIGHT = 1280, 800
FILL, STROKE = "#7b2cbf", "#ff9f1c"
WORLD = 2 ** 30
# 512 CSS px at zoom 12: the tiles a large shape is cut into.
TILE = WORLD // 2 ** 12 * 2


def world(lon: float, lat: float) -> tuple[float, float]:
    s = math.sin(math.radians(lat))
    return (lon + 180) / 360 * WORLD, (0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)) * WORLD


def area() -> list[list[float]]:
    """A jagged ring 1.6 degrees across around the view's west side, 720 corners, closed."""
    ring = []
    for i in range(720):
        a = i / 720 * 2 * math.pi
        r = 0.8 * (1 if i % 2 == 0 else 0.985)
        ring.append([LON - 0.75 + r * math.cos(a), LAT + 0.55 * r * math.sin(a)])
    return ring + [ring[0]]


def test_a_large_translucent_area_shows_no_seam_and_no_cut_edge(chrome, mapwire_server):
    driver = chrome(width=WIDTH, height=HEIGHT)
    driver.get(f"{mapwire_server}/#{ZOOM}/{LAT}/{LON}")
    wait_painted(driver)
    page_w, page_h = viewport(driver)
    ocean = painted_rgb(driver, page_w // 2, page_h // 2)  # open sea, before the shape
    feature = {"type": "Feature", "id": "tiled-area", "geometry": {"type": "Polygon", "coordinates": [area()]},
               "properties": {"fill": FILL, "fill-opacity": 0.45, "stroke": STROKE, "stroke-width": 3}}
    send(mapwire_server, "/api/annotations", {"type": "FeatureCollection", "features": [feature]},
         content_type="application/geo+json")
    # The base map's tiles are cut to their squares too: the world's, zoom 8 and larger (2^22 units and up).
    clips = poll(lambda: [c for c in driver.execute_script("return window.mapwire.worldClips();")
                          if c[2] < 2 ** 22] or None, message="the area drawn in tile pieces")
    assert all(c[2] == TILE and c[3] == TILE for c in clips), clips
    # Pieces near the view only: the area spans about 6 by 5 tiles at this zoom, the view about 2.5 by 1.6.
    assert len(clips) < 30
    wait_idle(driver)
    img = screenshot(driver, "tiled-area.png")
    px = img.load()
    dpr = img.size[0] / page_w
    cx, cy = world(LON, LAT)
    scale = 256 * 2 ** ZOOM / WORLD * dpr

    def screen_x(wx: float) -> float:
        return (wx - cx) * scale + img.size[0] / 2

    def screen_y(wy: float) -> float:
        return (wy - cy) * scale + img.size[1] / 2

    filled = blend(FILL, 0.45, ocean)

    def well_inside(x: float, y: float) -> bool:
        """Inside the area's inner ellipse, clear of its jagged edge and its outline, and clear of the
        controls (zoom buttons at the top left; the sample's filter bar, the scale and the credit at the foot)."""
        if x < 60 * dpr or y < 130 * dpr or y > img.size[1] - 100 * dpr:
            return False
        lon = ((x - img.size[0] / 2) / scale + cx) / WORLD * 360 - 180
        n = math.pi - 2 * math.pi * ((y - img.size[1] / 2) / scale + cy) / WORLD
        lat = math.degrees(math.atan(math.sinh(n)))
        r = 0.8 * 0.985
        return ((lon - (LON - 0.75)) / r) ** 2 + ((lat - LAT) / (0.55 * r)) ** 2 < 0.97

    # Every tile edge that crosses the screen: on it and on the pixels either side, the fill's colour alone.
    columns = [screen_x(k * TILE) for k in range(int(cx // TILE) - 4, int(cx // TILE) + 5)]
    rows = [screen_y(k * TILE) for k in range(int(cy // TILE) - 4, int(cy // TILE) + 5)]
    checked = 0
    for x in (c for c in columns if 2 < c < img.size[0] - 2):
        for dx in (-1, 0, 1):
            for y in range(2, img.size[1] - 2, 2):
                if well_inside(x + dx, y):
                    assert near(px[int(x) + dx, y], filled, 3), (x, dx, y, px[int(x) + dx, y], filled)
                    checked += 1
    for y in (r for r in rows if 2 < r < img.size[1] - 2):
        for dy in (-1, 0, 1):
            for x in range(2, img.size[0] - 2, 2):
                if well_inside(x, y + dy):
                    assert near(px[x, int(y) + dy], filled, 3), (x, y, dy, px[x, int(y) + dy], filled)
                    checked += 1
    assert checked > 500, "tile edges cross the area on screen"
    east = screen_x(world(LON - 0.75 + 0.8, LAT)[0])
    # The outline is drawn on the area's own edge, east of the view's centre.
    ey = img.size[1] // 2
    assert count_near(img, (east - 12 * dpr, ey - 60, east + 12 * dpr, ey + 60), rgb(STROKE), 30) > 40
    assert severe_logs(driver) == []
