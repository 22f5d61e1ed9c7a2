"""The map inside another site's page (docs/embedding.md): the real server with
`--allowed-origin http://localhost:P2`, the example page Public/examples/embed.html
served from that other origin, and the map at http://127.0.0.1:P1/ in its
<iframe>. Events come out with postMessage, commands go in; a page from an
origin that is not allowed hears nothing and moves nothing."""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import threading
import urllib.parse
import urllib.request

import pytest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin

from conftest import (ROOT, click_at, colour_count, free_port, poll, running_mapwire, screenshot, severe_logs,
                      wait_idle, wait_painted)
from reverse_proxy import ReverseProxy
from test_map import parse_hash, pins

EXAMPLES = os.path.join(ROOT, "Public", "examples")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def static_site(port: int):
    """Public/examples/ served on its own port: another origin than the map's."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(_Quiet, directory=EXAMPLES))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://localhost:{port}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def sites():
    """(map URL, allowed site URL, other site URL): the server allows only the first site."""
    allowed_port, other_port = free_port(), free_port()
    with running_mapwire("--allowed-origin", f"http://localhost:{allowed_port}",
                         log_name="mapwire-embed-server.log") as map_url:
        with static_site(allowed_port) as allowed, static_site(other_port) as other:
            yield map_url, allowed, other


def events(driver, kind=None) -> list:
    got = driver.execute_script("return window.embedEvents.slice();")
    return [e for e in got if kind is None or e["type"] == kind]


def store_ids(map_url: str) -> set:
    with urllib.request.urlopen(map_url + "/api/annotations", timeout=30) as r:
        data = json.load(r)
    items = data if isinstance(data, list) else data.get("annotations", [])
    return {a["id"] for a in items}


def frame_origin(driver):
    """Where the map frame's content starts in the top page (WebDriver's
    pointer actions take top-level viewport coordinates)."""
    return driver.execute_script(
        "const f = document.getElementById('map'), r = f.getBoundingClientRect();"
        "return [r.x + f.clientLeft, r.y + f.clientTop];")


def open_embedding(driver, site: str, map_url: str, hash_: str = "#4/20/0"):
    driver.get(f"{site}/embed.html?map=" + urllib.parse.quote(f"{map_url}/{hash_}", safe=":/"))
    driver.switch_to.frame(driver.find_element("id", "map"))
    wait_painted(driver)
    driver.switch_to.default_content()


def test_an_allowed_page_hears_a_click_and_moves_the_map(chrome, sites):
    map_url, allowed, _ = sites
    driver = chrome(width=1280, height=860)
    open_embedding(driver, allowed, map_url)
    poll(lambda: events(driver, "ready"), message="the map's ready event")
    start = poll(lambda: events(driver, "camera"), message="the starting camera")[0]
    assert (start["zoom"], round(start["latitude"], 3), round(start["longitude"], 3)) == (4, 20, 0)

    # Click a pin inside the frame, by its mirror bounds there.
    fx, fy = frame_origin(driver)
    driver.switch_to.frame(driver.find_element("id", "map"))
    w, h = driver.execute_script("return [innerWidth, innerHeight];")
    pin = next(p for p in sorted(pins(driver), key=lambda p: abs(p["x"] - w / 2) + abs(p["y"] - h / 2))
               if 120 < p["x"] < w - 120 and 120 < p["y"] < h - 60)
    driver.switch_to.default_content()
    click_at(driver, fx + pin["x"] + pin["width"] / 2, fy + pin["y"] + pin["height"] / 2)
    selected = poll(lambda: events(driver, "select"), message="a select event")[-1]
    assert selected["id"] in store_ids(map_url), f"{selected} is not named by its store id"
    assert selected["source"] == "mapwire"
    screenshot(driver, "embed-selected.png")

    # setCamera from the embedding page moves the map; the frame's hash and a camera event follow.
    driver.execute_script("window.sendToMap({type: 'setCamera', latitude: 48.8566, longitude: 2.3522, "
                          "zoom: 11, animated: false});")
    moved = poll(lambda: [e for e in events(driver, "camera") if e["zoom"] == 11],
                 message="a camera event at zoom 11")[-1]
    assert (round(moved["latitude"], 4), round(moved["longitude"], 4)) == (48.8566, 2.3522)
    driver.switch_to.frame(driver.find_element("id", "map"))
    assert driver.execute_script("return location.hash;").startswith("#11.00/48.85660/2.35220")
    driver.switch_to.default_content()

    # select by id opens the pin's callout, even off screen; deselect closes it.
    driver.execute_script("window.sendToMap({type: 'select', id: 'golden-gate-bridge'});")
    poll(lambda: [e for e in events(driver, "select") if e["id"] == "golden-gate-bridge"],
         message="select golden-gate-bridge")
    driver.switch_to.frame(driver.find_element("id", "map"))
    poll(lambda: driver.execute_script(
        "return [...document.querySelectorAll('#a11y [role=dialog], #a11y dialog')]"
        ".some(e => (e.getAttribute('aria-label') || '').includes('Golden Gate Bridge'));"),
        message="the bridge's callout in the frame")
    wait_idle(driver)  # the callout's fade-in, for the screenshot
    driver.switch_to.default_content()
    img = screenshot(driver, "embed-example.png")
    assert colour_count(img) > 50
    driver.execute_script("window.sendToMap({type: 'deselect'});")
    poll(lambda: [e for e in events(driver, "deselect") if e["id"] == "golden-gate-bridge"],
         message="deselect golden-gate-bridge")
    assert severe_logs(driver) == []


def test_the_page_itself_rejects_an_embedder_that_is_not_allowed(chrome, sites):
    """Even with the frame-ancestors policy lost on the way (a proxy that drops the
    header), the map neither talks to nor obeys a page of another origin."""
    map_url, _, other = sites
    proxy = ReverseProxy(int(map_url.rsplit(":", 1)[1]), prefix="/maps/", drop_headers=["Content-Security-Policy"])
    try:
        driver = chrome()
        open_embedding(driver, other, proxy.url + "/maps")
        driver.switch_to.frame(driver.find_element("id", "map"))
        state = poll(lambda: driver.execute_script("const s = window.mapwire.embed(); return s.allowed && s;"),
                     message="the allowed origins from the server")
        assert state["embedded"] and state["parentOrigin"] == other
        assert other not in state["allowed"] and state["targets"] == []
        hash_before = driver.execute_script("return location.hash;")
        assert parse_hash(hash_before) == (4, 20, 0)
        # Counts the messages the map's page has handled: its own listener runs first.
        driver.execute_script("window.handled = 0; addEventListener('message', () => { window.handled++; });")
        w, h = driver.execute_script("return [innerWidth, innerHeight];")
        driver.switch_to.default_content()
        driver.execute_script("window.sendToMap({type: 'setCamera', latitude: 48.85, longitude: 2.35, zoom: 9,"
                              " animated: false});")
        driver.switch_to.frame(driver.find_element("id", "map"))
        poll(lambda: driver.execute_script("return window.handled;") == 1, message="the page to handle the command")
        driver.switch_to.default_content()
        # Then the user zooms in half a level with the wheel at the centre: the server
        # takes input in order, so the camera it settles on says whether the command
        # came first (zoom 9.5 over Paris) or not (4.5 where the map was).
        fx, fy = frame_origin(driver)
        ActionChains(driver).scroll_from_origin(ScrollOrigin.from_viewport(int(fx + w / 2), int(fy + h / 2)),
                                                0, -100).perform()
        driver.switch_to.frame(driver.find_element("id", "map"))
        settled = poll(lambda: (lambda h_: h_ if parse_hash(h_)[0] != 4 else None)(
            driver.execute_script("return location.hash;")), message="the wheel's zoom in the URL")
        zoom, lat, lon = parse_hash(settled)
        assert zoom == 4.5 and abs(lat - 20) < 0.5 and abs(lon) < 0.5, f"the command was obeyed: {settled}"
        driver.switch_to.default_content()
        assert events(driver) == [], "the page heard events it must not"
    finally:
        proxy.close()


def test_the_server_refuses_to_be_framed_by_an_origin_that_is_not_allowed(chrome, sites):
    map_url, _, other = sites
    driver = chrome()
    driver.get(f"{other}/embed.html?map={map_url}/")
    logs = []

    def refused():
        logs.extend(entry["message"] for entry in driver.get_log("browser"))
        driver.switch_to.frame(driver.find_element("id", "map"))
        page = driver.execute_script("return [location.href, document.readyState];")
        driver.switch_to.default_content()
        return page[1] == "complete" and page[0].startswith("chrome-error:") and any("frame-ancestors" in m for m in logs)

    # Blocked by frame-ancestors: Chromium says so and shows its error page, not the map.
    poll(refused, message="Chromium to refuse the frame")
    driver.switch_to.frame(driver.find_element("id", "map"))
    assert driver.execute_script("return typeof window.mapwire;") == "undefined"
    driver.switch_to.default_content()
    assert events(driver) == []


def test_the_example_served_by_mapwire_itself_talks_to_its_map(chrome, sites):
    map_url, _, _ = sites
    driver = chrome(width=1280, height=860)
    driver.get(map_url + "/examples/embed.html")
    poll(lambda: events(driver, "camera"), message="the starting camera")
    driver.find_element("css selector", "[data-camera='37.795,-122.43,13']").click()
    poll(lambda: [e for e in events(driver, "camera") if e["zoom"] == 13],
         message="the camera at San Francisco")
    poll(lambda: driver.find_element("id", "log").text.startswith("camera 37.79"),
         message="the example's log to show the camera")
    screenshot(driver, "embed-example-same-origin.png")
    assert severe_logs(driver) == []
