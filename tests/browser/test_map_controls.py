"""The map's own controls in headless Chromium against the real server: the
zoom buttons pressed with a real mouse and with the keyboard, the scale bar
and the attribution in the accessibility mirror, the keyboard shortcuts
panel, and the flags that move and hide them. Screenshots of the default map
at a desktop and a phone size go to tests/browser/artifacts/."""

from __future__ import annotations

import math

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import click_at, poll, running_mapwire, screenshot, severe_logs, wait_idle, wait_painted
from test_map import mirror, parse_hash

START = "/#4/20/0"


def named(driver, name):
    return [e for e in mirror(driver) if e["name"] == name and e["width"] > 0]


def one(driver, name):
    return poll(lambda: named(driver, name), message=f"{name!r} in the mirror")[0]


def centre(e):
    return e["x"] + e["width"] / 2, e["y"] + e["height"] / 2


def zoom(driver):
    return parse_hash(driver.execute_script("return location.hash;"))[0]


def wait_zoom(driver, value):
    poll(lambda: abs(zoom(driver) - value) < 0.01, message=f"zoom {value} in the URL")


def scale_label(driver):
    found = [e["name"] for e in mirror(driver) if e["name"].startswith("Scale: ")]
    return found[0] if found else None


def rect(e):
    return (e["x"], e["y"], e["x"] + e["width"], e["y"] + e["height"])


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.fixture(scope="module")
def server_with_flags():
    """A server whose zoom buttons are bottom right and whose scale bar is hidden."""
    with running_mapwire("--zoom-controls", "bottom-right", "--scale-bar", "none", "--keyboard-help", "none",
                         log_name="mapwire-controls-server.log") as url:
        yield url


def test_zoom_buttons_zoom_by_one_level_when_clicked(driver, mapwire_server):
    driver.get(mapwire_server + START)
    wait_painted(driver)
    zoom_in = one(driver, "Zoom in")
    assert zoom_in["tag"] == "button"
    assert zoom_in["x"] < 60 and zoom_in["y"] < 60, "top left, as web maps have it"
    screenshot(driver, "controls-before-zoom.png")
    click_at(driver, *centre(zoom_in))
    wait_zoom(driver, 5)
    assert scale_label(driver) == "Scale: 200 km"  # 100 px at 20° N and zoom 5: 460 km
    click_at(driver, *centre(one(driver, "Zoom out")))
    wait_zoom(driver, 4)
    assert severe_logs(driver) == []


def focused_name(driver):
    return driver.execute_script(
        "const el = document.activeElement; return el && el.closest('#a11y') ? el.textContent : null;")


def tab_to(driver, name, limit=200):
    """Presses Tab until the mirror element `name` has focus and keeps it (the
    server moves focus too, and its FOCUS may land a moment after the browser's:
    whatever it sends has come once the page is at rest)."""
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if focused_name(driver) == name:
            wait_idle(driver)
            if focused_name(driver) == name:
                return True
    return False


def test_tab_reaches_zoom_in_and_enter_presses_it(driver, mapwire_server):
    driver.get(mapwire_server + START)
    wait_painted(driver)
    one(driver, "Zoom in")
    assert tab_to(driver, "Zoom in"), "Tab never reached the Zoom in button"
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait_zoom(driver, 5)
    assert tab_to(driver, "Zoom out", limit=10), "Zoom out is the next Tab stop"
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    wait_zoom(driver, 4)
    assert severe_logs(driver) == []


def test_scale_bar_and_attribution_are_named_in_the_mirror(driver, mapwire_server):
    driver.get(mapwire_server + "/#5/60/10")
    wait_painted(driver)
    credit = one(driver, "Map data: Natural Earth")
    w, h = driver.execute_script("return [innerWidth, innerHeight];")
    assert abs(credit["x"] + credit["width"] - w) < 1 and abs(credit["y"] + credit["height"] - h) < 1
    # At 60° N and zoom 5 one px is 2446 m: the bar shows 200 km in 81.8 px.
    label = poll(lambda: scale_label(driver), message="the scale bar in the mirror")
    assert label == "Scale: 200 km"
    metres_per_px = 156543.03392 * math.cos(math.radians(60)) / 2 ** 5
    scale = named(driver, label)[0]
    assert scale["width"] > 200_000 / metres_per_px, "the bar fits inside its strip"
    assert scale["x"] < 20 and scale["y"] + scale["height"] > h - 20, "bottom left"
    assert severe_logs(driver) == []


def test_question_mark_opens_the_keyboard_shortcuts_and_escape_closes_them(driver, mapwire_server):
    driver.get(mapwire_server + START)
    wait_painted(driver)
    one(driver, "Keyboard shortcuts")
    ActionChains(driver).send_keys("?").perform()
    panel = poll(lambda: [e for e in named(driver, "Keyboard shortcuts") if e["tag"] != "button"],
                 message="the shortcuts panel")[0]
    assert one(driver, "Arrow keys: Pan the map")
    screenshot(driver, "controls-keyboard-shortcuts.png")
    w, h = driver.execute_script("return [innerWidth, innerHeight];")
    assert panel["x"] >= 0 and panel["x"] + panel["width"] <= w and panel["y"] + panel["height"] <= h
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    poll(lambda: not named(driver, "Arrow keys: Pan the map"), message="Escape to close the panel")
    assert severe_logs(driver) == []


def test_flags_move_and_hide_the_controls(driver, server_with_flags):
    driver.get(server_with_flags + START)
    wait_painted(driver)
    zoom_in = one(driver, "Zoom in")
    credit = one(driver, "Map data: Natural Earth")
    w, h = driver.execute_script("return [innerWidth, innerHeight];")
    assert zoom_in["x"] > w - 60 and zoom_in["y"] > h / 2, "--zoom-controls bottom-right"
    assert zoom_in["y"] + zoom_in["height"] < credit["y"], "stacked above the attribution in its corner"
    assert scale_label(driver) is None, "--scale-bar none"
    assert not [e for e in named(driver, "Keyboard shortcuts") if e["tag"] == "button"], "--keyboard-help none"
    click_at(driver, *centre(zoom_in))
    wait_zoom(driver, 5)
    screenshot(driver, "controls-flags-bottom-right.png")


@pytest.mark.parametrize("size,page", [((1280, 800), "/"), ((480, 640), "/"),
                                       ((1280, 800), "/#13/37.795/-122.43"), ((480, 640), "/#13/37.795/-122.43")])
def test_controls_overlap_nothing_at_desktop_and_phone_sizes(chrome, mapwire_server, size, page):
    driver = chrome(width=size[0], height=size[1])
    # The window's own frame takes some of its height: make the page exactly this size.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False})
    driver.get(mapwire_server + page)
    wait_painted(driver)
    one(driver, "Zoom in")
    w, h = driver.execute_script("return [innerWidth, innerHeight];")
    assert (w, h) == size
    label = poll(lambda: scale_label(driver), message="the scale bar")
    names = ["Zoom in", "Zoom out", "Keyboard shortcuts", label, "Map data: Natural Earth"]
    controls = [rect(one(driver, n)) for n in names]
    toolbar = [rect(e) for n in ("City", "Bridge", "Flower", "Ferry", "All") for e in named(driver, n)]
    if "37.795" in page:
        assert len(toolbar) == 5, "the MapCallouts toolbar shows in San Francisco"
    for i, a in enumerate(controls):
        assert 0 <= a[0] and a[2] <= w + 0.5 and 0 <= a[1] and a[3] <= h + 0.5, f"{names[i]} off screen: {a}"
        for b in controls[i + 1:] + toolbar:
            assert not overlap(a, b), f"{names[i]} {a} overlaps {b}"
    where = "sf" if "37.795" in page else "world"
    screenshot(driver, f"controls-{where}-{size[0]}x{size[1]}.png")
    assert severe_logs(driver) == []
