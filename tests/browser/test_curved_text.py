"""A curved text item (a road's name along its line) as the browser paints
it, against tests/browser/fake_server.py: each letter of "ESPLANADI" drawn
centred where the server placed it on a quarter circle and turned with the
curve, red with a white halo. Measured on a screenshot:
tests/browser/artifacts/curved-text.png."""

from __future__ import annotations

import math
import time

from conftest import poll, screenshot, severe_logs
from fake_server import CURVE_RADIUS, CURVED_TEXT, curved_glyphs, world
from test_line_style import screen
from test_painter import open_page


def red(pixel) -> bool:
    r, g, b = pixel[:3]
    return r > 190 and g < 90 and b < 90


def red_near(image, x: float, y: float, reach: int) -> int:
    return sum(red(image.getpixel((int(x) + dx, int(y) + dy)))
               for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1))


def test_each_letter_sits_on_the_curve_and_turns_with_it(driver, fake_server):
    open_page(driver, fake_server)
    fake_server.get("/_send?frame=curved-text")
    poll(lambda: driver.execute_script("return window.mapwire.itemBounds(40);") is not None,
         message="the curved text painted")
    time.sleep(0.2)
    img = screenshot(driver, "curved-text.png")
    ax, ay = screen(driver, 20, 0)
    glyphs = curved_glyphs()
    assert len(glyphs) == len(CURVED_TEXT)
    for _, gx, gy, angle in glyphs:
        # Red ink at every letter's place on the arc...
        assert red_near(img, ax + gx, ay + gy, 8) > 12, (gx, gy)
        # ...and none 30 px inside the curve, where a straight line of text would have put the outer letters.
        inside = (ax + gx - 30 * math.sin(angle), ay + gy + 30 * math.cos(angle))
        assert red_near(img, *inside, 5) == 0, (gx, gy)
    # The outer letters are turned: the first letter's ink leans with the arc (its lowest red row lies left of
    # its highest), which an unturned letter's would not.
    _, gx, gy, angle = glyphs[0]
    assert angle < -0.4
    rows = [(y, [x for x in range(int(ax + gx) - 14, int(ax + gx) + 15) if red(img.getpixel((x, y)))])
            for y in range(int(ay + gy) - 14, int(ay + gy) + 15)]
    rows = [(y, xs) for y, xs in rows if xs]
    top, bottom = rows[0], rows[-1]
    assert sum(bottom[1]) / len(bottom[1]) < sum(top[1]) / len(top[1]) - 3, (top, bottom)
    assert CURVE_RADIUS > 0 and world(20, 0)
    assert severe_logs(driver) == []
