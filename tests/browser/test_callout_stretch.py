"""The callout's stretch as the browser paints it, against
tests/browser/fake_server.py: the demo callout half-way through the stretch
(SCALE 0.5 about its arrow tip, where the linear 0.1 s stretch is after
0.05 s) and at its end. The white of the bubble is measured on screenshots:
half as wide and half as tall mid-stretch, full size at the end, and the
arrow tip in the same place in both. Screenshots go to tests/browser/artifacts/.
"""

from __future__ import annotations

import pytest

from conftest import poll, screenshot, severe_logs
from fake_server import CALLOUT_TIP
from test_painter import open_page

WHITE = (255, 255, 255)
BODY = (220, 64)  # the demo callout's body, CSS px; its arrow is 10 px below, tip at CALLOUT_TIP


def white_run(image, x_from: int, x_to: int, y: int) -> int:
    """The longest run of pure white pixels on row `y` between `x_from` and `x_to`."""
    best = run = 0
    for x in range(max(0, x_from), min(image.width, x_to)):
        run = run + 1 if image.getpixel((x, y)) == WHITE else 0
        best = max(best, run)
    return best


def white_column(image, x: int, y_from: int, y_to: int) -> int:
    """How many pure white pixels column `x` has between `y_from` and `y_to`."""
    return sum(1 for y in range(max(0, y_from), min(image.height, y_to)) if image.getpixel((x, y)) == WHITE)


def bounds(driver):
    return driver.execute_script("return window.mapwire.itemBounds(20);")


def settle(driver, fake, frame: str, width: float):
    """Sends a canned frame and waits until the callout is painted `width` wide."""
    fake.get(f"/_send?frame={frame}")
    return poll(lambda: (lambda b: b if b and b["width"] == pytest.approx(width) else None)(bounds(driver)),
                message=f"the callout {width} px wide")


def test_a_stretched_callout_is_painted_at_its_scale_about_the_arrow_tip(driver, fake_server):
    open_page(driver, fake_server)
    poll(lambda: driver.execute_script("return document.fonts.check('700 15px Inter');"), message="Inter")
    full = settle(driver, fake_server, "stretch-full", BODY[0])
    tip_x, tip_y = full["x"] + CALLOUT_TIP[0], full["y"] + CALLOUT_TIP[1]

    half = settle(driver, fake_server, "stretch-half", BODY[0] / 2)
    assert half["height"] == pytest.approx(BODY[1] / 2)
    # Scaled about the tip: the tip is where it was, everything else half as far from it.
    assert half["x"] + CALLOUT_TIP[0] / 2 == pytest.approx(tip_x)
    assert half["y"] + CALLOUT_TIP[1] / 2 == pytest.approx(tip_y)
    mid = screenshot(driver, "callout-stretch-mid.png")

    full = settle(driver, fake_server, "stretch-full", BODY[0])
    end = screenshot(driver, "callout-stretch-end.png")
    assert (full["x"] + CALLOUT_TIP[0], full["y"] + CALLOUT_TIP[1]) == (pytest.approx(tip_x), pytest.approx(tip_y))

    # Measured in pixels: a row 6 px under the body's top (above the avatar and text) is white
    # across the body less its rounded corners and outline.
    def row(scale: float) -> int:
        return round(tip_y - (CALLOUT_TIP[1] - 6) * scale)

    span = (round(tip_x - BODY[0]), round(tip_x + BODY[0]))
    assert white_run(mid, *span, row(0.5)) == pytest.approx(BODY[0] / 2, abs=4)
    assert white_run(end, *span, row(1)) == pytest.approx(BODY[0], abs=4)
    # Mid-stretch nothing of the bubble is where the full body's top will be.
    assert white_run(mid, *span, row(1)) < 5
    # The column through the tip: white from the arrow up to the body's top, half as tall mid-stretch.
    column = (round(tip_y - CALLOUT_TIP[1] - 10), round(tip_y))
    left = round(tip_x - 100 * 0.5)  # clear of the avatar and the text at both sizes
    assert white_column(mid, left, *column) == pytest.approx(BODY[1] / 2, abs=4)
    assert white_column(end, round(tip_x - 100), *column) == pytest.approx(BODY[1], abs=4)
    # The arrow's tip: white just above it at both sizes.
    assert mid.getpixel((round(tip_x), round(tip_y) - 3)) == WHITE
    assert end.getpixel((round(tip_x), round(tip_y) - 3)) == WHITE
    assert severe_logs(driver) == []
