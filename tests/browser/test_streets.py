"""A street map from vector tiles in a real browser: Helsinki near the
railway station, from the OpenMapTiles-schema archive the server is given
with `--tiles`. Houses, streets and their casings are drawn in the built-in
light style's colours, in quantity; the credit to OpenStreetMap shows; and a
zoom past the archive's deepest zoom draws its tiles larger, with wider
streets. Screenshots: tests/browser/artifacts/streets-z14.png and
streets-z16.png."""

from __future__ import annotations

import math

import pytest

from conftest import colour_count, poll, running_mapwire, screenshot, severe_logs, wait_idle, wait_painted
from test_map import mirror

LAT, LON = 60.1699, 24.9384
WIDTH, HEIGHT = 1280, 800
BUILDING = (0xE4, 0xE0, 0xDA)
STREET = (0xFF, 0xFF, 0xFF)
CASING = (0xDC, 0xD7, 0xCF)
GROUND = (0xF4, 0xF2, 0xEE)
# The archive's bounds (its metadata): west, south, east, north.
BOUNDS = (24.9351762, 60.1641550, 24.9534145, 60.1791130)
WORLD = 2 ** 30


def world(lon: float, lat: float) -> tuple[float, float]:
    s = math.sin(math.radians(lat))
    return (lon + 180) / 360 * WORLD, (0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)) * WORLD


def archive_box(img, page_width: int, zoom: int) -> tuple[int, int, int, int]:
    """The archive's bounds on the screenshot, inset by a few pixels, clear of the credit at the foot."""
    dpr = img.size[0] / page_width
    scale = 256 * 2 ** zoom / WORLD * dpr
    cx, cy = world(LON, LAT)
    west, north = world(BOUNDS[0], BOUNDS[3])
    east, south = world(BOUNDS[2], BOUNDS[1])

    def x(w):
        return min(max(int((w - cx) * scale + img.size[0] / 2), 0), img.size[0])

    def y(w):
        return min(max(int((w - cy) * scale + img.size[1] / 2), 0), img.size[1] - int(30 * dpr))

    return x(west) + 4, y(north) + 4, x(east) - 4, y(south) - 4


@pytest.fixture(scope="module")
def streets_server():
    """The server drawing the Helsinki archive over the base map."""
    with running_mapwire("--tiles", "fixtures/tiles/helsinki.mbtiles", "--samples", "none",
                         log_name="mapwire-streets.log") as url:
        yield url


def credit_shown(driver) -> bool:
    return any("OpenStreetMap contributors" in (e.get("name") or "") for e in mirror(driver))


@pytest.mark.parametrize("zoom", [14, 16])
def test_helsinki_draws_houses_and_streets_in_the_styles_colours(chrome, streets_server, zoom):
    driver = chrome(width=WIDTH, height=HEIGHT)
    driver.get(f"{streets_server}/#{zoom}/{LAT}/{LON}")
    wait_painted(driver)
    poll(lambda: credit_shown(driver), message="the OpenStreetMap credit")
    wait_idle(driver)
    img = screenshot(driver, f"streets-z{zoom}.png")
    box = archive_box(img, driver.execute_script("return innerWidth;"), zoom)
    img = img.crop(box)
    pixels = img.size[0] * img.size[1]
    assert pixels > 20_000, box
    houses = colour_count(img, BUILDING, tolerance=3)
    streets = colour_count(img, STREET, tolerance=1) + colour_count(img, CASING, tolerance=2)
    ground = colour_count(img, GROUND, tolerance=2)
    # Where the archive has data: the blocks around the station are houses, with streets between them.
    assert houses > pixels * 0.1, (houses, pixels)
    assert streets > pixels * 0.05, (streets, pixels)
    assert ground > pixels * 0.005, ("the style's ground between houses and streets", ground, pixels)
    assert severe_logs(driver) == []


def test_the_default_server_draws_the_demos_helsinki_streets(chrome, mapwire_server):
    """Without --tiles the server draws the data folder's Helsinki archive, as `make run` does."""
    driver = chrome(width=WIDTH, height=HEIGHT)
    driver.get(f"{mapwire_server}/#16/{LAT}/{LON}")
    wait_painted(driver)
    poll(lambda: credit_shown(driver), message="the OpenStreetMap credit")
    wait_idle(driver)
    img = screenshot(driver, "streets-default.png")
    img = img.crop(archive_box(img, driver.execute_script("return innerWidth;"), 16))
    assert colour_count(img, BUILDING, tolerance=3) > img.size[0] * img.size[1] * 0.1
    # Far from Helsinki, no street tile is drawn and the credit is the base map's alone.
    driver.get(f"{mapwire_server}/#16/48.8566/2.3522")
    poll(lambda: not credit_shown(driver) and "/48.85" in driver.execute_script("return location.hash;"),
         message="the base map's credit alone over Paris")
