"""A world path's LINE property as the browser paints it, against
tests/browser/fake_server.py: a red line along 50°S from 60°W to 60°E,
6 px wide, first stroked to half its length (MapKit's strokeEnd 0.5), then
its whole length in 12 px dashes. Measured on screenshots; they go to
tests/browser/artifacts/line-*.png.
"""

from __future__ import annotations

import time

from conftest import poll, screenshot, severe_logs
from fake_server import WORLD, world
from test_painter import open_page


def red(pixel) -> bool:
    r, g, b = pixel[:3]
    return r > 200 and g < 60 and b < 60


def red_columns(image, x_from: int, x_to: int, y: int) -> list[bool]:
    """Whether each column between the two has red within 2 px of row `y`."""
    return [any(red(image.getpixel((x, y + dy))) for dy in range(-2, 3)) for x in range(x_from, x_to)]


def screen(driver, lat: float, lon: float) -> tuple[int, int]:
    """Where the fake server's camera (20°N 0°E at zoom 2) puts a coordinate, CSS px."""
    w, h = driver.execute_script("const c = document.getElementById('map'); return [c.clientWidth, c.clientHeight];")
    ppu = 256 * 2 ** 2 / WORLD
    (cx, cy), (x, y) = world(20, 0), world(lat, lon)
    return round(w / 2 + (x - cx) * ppu), round(h / 2 + (y - cy) * ppu)


def painted(driver, fake, frame: str, name: str):
    fake.get(f"/_send?frame={frame}")
    poll(lambda: driver.execute_script("return window.mapwire.itemBounds(30);") is not None,
         message="the line painted")
    time.sleep(0.2)
    return screenshot(driver, name)


def test_a_line_is_stroked_to_its_stroke_end_and_then_in_dashes(driver, fake_server):
    open_page(driver, fake_server)
    west, y = screen(driver, -50, -60)
    middle, _ = screen(driver, -50, 0)
    east, _ = screen(driver, -50, 60)
    assert east - west > 300

    half = painted(driver, fake_server, "line-half", "line-half.png")
    drawn = red_columns(half, west + 4, middle - 4, y)
    assert all(drawn), "the first half of the line is drawn"
    assert not any(red_columns(half, middle + 6, east + 10, y)), "the second half is not"
    # Round caps: the line reaches 3 px past its start.
    assert red(half.getpixel((west - 2, y)))

    dashed = painted(driver, fake_server, "line-dashed", "line-dashed.png")
    runs, last, length = [], None, 0
    for on in red_columns(dashed, west, east, y):
        if on == last:
            length += 1
        else:
            if last is not None:
                runs.append((last, length))
            last, length = on, 1
    inner = runs[1:-1]
    assert len([r for r in inner if r[0]]) >= 10, runs
    # 12 px of line, 12 px of gap, give or take antialiasing; butt caps now.
    assert all(9 <= n <= 15 for _, n in inner), runs
    assert severe_logs(driver) == []
