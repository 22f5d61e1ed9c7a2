"""Dark mode in a real browser: Chromium set to prefer a dark colour scheme
(DevTools' media emulation, what Playwright's `color_scheme="dark"` sets)
opens the map over Helsinki and gets the dark street style with dark
controls and a dark callout; switching the scheme while the page is open
switches the map; the URL's `?style=` overrides the browser. A style file
given with `--style` is read again when it changes on disk and on SIGHUP,
and one that no longer parses keeps the old style.
Screenshots: tests/browser/artifacts/dark-z14.png, dark-z16.png,
dark-follows-light.png, style-file-*.png."""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.request

import pytest

from conftest import ROOT, artifact, poll, running_mapwire, screenshot, severe_logs, wait_idle, wait_painted
from test_map import mirror
from test_streets import LAT, LON, archive_box, credit_shown

WIDTH, HEIGHT = 1280, 800
DARK_STYLE = os.path.join(ROOT, "Sources", "MapStyle", "Styles", "dark.json")


def prefer(driver, scheme: str) -> None:
    """Makes the page's prefers-color-scheme `scheme` (light or dark), as a system setting would."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def luminance(img) -> float:
    """Mean Rec. 709 luma of an image, 0 (black) to 255 (white)."""
    r, g, b = (sum(i * n for i, n in enumerate(band.histogram())) / (img.size[0] * img.size[1])
               for band in img.split())
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def region(img, driver, e, inset: int = 2):
    """The screenshot's pixels under a mirror element, a little inside its edges."""
    dpr = img.size[0] / driver.execute_script("return innerWidth;")
    return img.crop((int((e["x"] + inset) * dpr), int((e["y"] + inset) * dpr),
                     int((e["x"] + e["width"] - inset) * dpr), int((e["y"] + e["height"] - inset) * dpr)))


def named(driver, name: str) -> dict:
    return poll(lambda: next((e for e in mirror(driver) if e["name"] == name and e["width"] > 0), None),
                message=name)


def map_luminance(driver, zoom: int, name: str) -> float:
    img = screenshot(driver, name)
    return luminance(img.crop(archive_box(img, driver.execute_script("return innerWidth;"), zoom)))


@pytest.fixture(scope="module")
def streets_server():
    """Helsinki's streets, the default style (light, dark for a dark browser), and one pin to open."""
    with running_mapwire("--tiles", "fixtures/tiles/helsinki.mbtiles", "--samples", "none",
                         log_name="mapwire-dark.log") as url:
        body = json.dumps({"id": "station", "title": "Central Station", "subtitle": "Helsinki",
                           "latitude": 60.1712, "longitude": 24.9413}).encode()
        request = urllib.request.Request(url + "/api/annotations", data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert answer.status == 201
        yield url


@pytest.mark.parametrize("zoom", [14, 16])
def test_a_browser_that_prefers_dark_gets_a_dark_map_with_dark_controls(chrome, streets_server, zoom):
    driver = chrome(width=WIDTH, height=HEIGHT)
    prefer(driver, "dark")
    driver.get(f"{streets_server}/#{zoom}/{LAT}/{LON}")
    # The page's own ground is dark before the server's first frame.
    assert driver.execute_script("return getComputedStyle(document.body).backgroundColor;") == "rgb(28, 31, 35)"
    wait_painted(driver)
    poll(lambda: credit_shown(driver), message="the OpenStreetMap credit")
    pin = named(driver, "Central Station")
    driver.execute_script(
        "document.querySelector(`#a11y [data-item=\"${arguments[0]}\"]`).click();", pin["item"])
    poll(lambda: any(e["name"] == "Helsinki" for e in mirror(driver)), message="the callout's subtitle")
    wait_idle(driver)
    img = screenshot(driver, f"dark-z{zoom}.png")
    box = archive_box(img, driver.execute_script("return innerWidth;"), zoom)
    assert luminance(img.crop(box)) < 70, "the street map is dark"
    for control in ("Zoom in", "Zoom out", "Keyboard shortcuts"):
        assert luminance(region(img, driver, named(driver, control))) < 110, control
    credit = next(e for e in mirror(driver) if "OpenStreetMap" in e["name"])
    assert luminance(region(img, driver, credit, inset=0)) < 110, "the attribution strip"
    subtitle = named(driver, "Helsinki")
    assert luminance(region(img, driver, subtitle, inset=0)) < 110, "the callout's bubble"
    assert severe_logs(driver) == []


def test_the_map_follows_the_system_scheme_and_the_url_overrides_it(chrome, streets_server):
    driver = chrome(width=WIDTH, height=HEIGHT)
    prefer(driver, "dark")
    driver.get(f"{streets_server}/#16/{LAT}/{LON}")
    wait_painted(driver)
    poll(lambda: credit_shown(driver), message="the OpenStreetMap credit")
    wait_idle(driver)
    assert map_luminance(driver, 16, "dark-before-switch.png") < 70
    # The user turns dark mode off while the page is open.
    prefer(driver, "light")
    poll(lambda: map_luminance(driver, 16, "dark-follows-light.png") > 180, message="a light map")
    # ?style=light keeps a dark browser's map light.
    prefer(driver, "dark")
    driver.get(f"{streets_server}/?style=light#16/{LAT}/{LON}")
    wait_painted(driver)
    poll(lambda: credit_shown(driver), message="the OpenStreetMap credit")
    wait_idle(driver)
    assert map_luminance(driver, 16, "dark-url-light.png") > 180
    assert severe_logs(driver) == []


def style_with_ground(ground: str) -> str:
    """The built-in dark style with its ground (background layer) in `ground`, `#rrggbb`, and a pattern on
    it, which MapWire does not draw."""
    with open(DARK_STYLE) as f:
        text = f.read()
    assert '"background-color": "#1c1f23"' in text
    return text.replace('"background-color": "#1c1f23"',
                        f'"background-color": "{ground}", "background-pattern": "dots"', 1)


def ground_share(driver, rgb: tuple[int, int, int], name: str) -> float:
    """The share of the archive's box in the colour `rgb` (the ground between houses and streets)."""
    img = screenshot(driver, name)
    img = img.crop(archive_box(img, driver.execute_script("return innerWidth;"), 16))
    near = sum(n for n, c in img.getcolors(maxcolors=1 << 24) if all(abs(a - b) <= 2 for a, b in zip(c, rgb)))
    return near / (img.size[0] * img.size[1])


def replace_keeping_stamp(path: str, text: str) -> None:
    """Writes `text` (as long as the file's text) over `path` with the old modification time: a change
    that only SIGHUP makes the server see, not its watch."""
    before = os.stat(path)
    staged = path + ".new"
    with open(staged, "w") as f:
        f.write(text)
    assert os.path.getsize(staged) == before.st_size
    os.utime(staged, ns=(before.st_atime_ns, before.st_mtime_ns))
    os.replace(staged, path)


def test_a_style_file_is_read_again_when_it_changes_and_on_sighup(chrome, tmp_path):
    path = str(tmp_path / "my-style.json")
    with open(path, "w") as f:
        f.write(style_with_ground("#203a5c"))
    log_name = "mapwire-style-file.log"
    with running_mapwire("--tiles", "fixtures/tiles/helsinki.mbtiles", "--samples", "none", "--style", path,
                         log_name=log_name) as url:
        driver = chrome(width=WIDTH, height=HEIGHT)
        prefer(driver, "light")  # a style file applies whatever the browser prefers
        driver.get(f"{url}/#16/{LAT}/{LON}")
        wait_painted(driver)
        poll(lambda: credit_shown(driver), message="the OpenStreetMap credit")
        wait_idle(driver)
        assert ground_share(driver, (0x20, 0x3A, 0x5C), "style-file-first.png") > 0.005
        # What the file asks for and is not drawn is listed once at start.
        unsupported = 'layer "background": paint.background-pattern is not supported'
        assert open(artifact(log_name)).read().count(unsupported) == 1
        # Saved in an editor: the watch sees the new modification time and every tab redraws.
        with open(path, "w") as f:
            f.write(style_with_ground("#5c203a"))
        poll(lambda: ground_share(driver, (0x5C, 0x20, 0x3A), "style-file-watched.png") > 0.005,
             message="the ground in the saved file's colour")
        # Changed with its old modification time: only SIGHUP reads it again.
        replace_keeping_stamp(path, style_with_ground("#3a5c20"))
        time.sleep(2.5)
        assert ground_share(driver, (0x3A, 0x5C, 0x20), "style-file-before-hup.png") == 0
        url.proc.send_signal(signal.SIGHUP)
        poll(lambda: ground_share(driver, (0x3A, 0x5C, 0x20), "style-file-hup.png") > 0.005,
             message="the ground in the colour SIGHUP read")
        # A save that breaks the file keeps the style in use, and the log names the file and the problem.
        with open(path, "w") as f:
            f.write(style_with_ground("#3a5c20").replace('"version": 8', '"version": 7'))
        poll(lambda: "only version 8 styles are supported" in open(artifact(log_name)).read(),
             message="the reload's error in the log")
        wait_idle(driver)
        assert ground_share(driver, (0x3A, 0x5C, 0x20), "style-file-broken.png") > 0.005
        log = open(artifact(log_name)).read()
        assert f"the style file {path}: version: only version 8 styles are supported" in log, log
        assert url.proc.poll() is None, "SIGHUP did not stop the server"
        assert severe_logs(driver) == []
