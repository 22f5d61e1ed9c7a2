"""MapWire behind a reverse proxy under a sub-path: the real server, a proxy
(tests/browser/reverse_proxy.py) that serves it at /maps/ with the prefix
stripped, and the page in headless Chromium at http://127.0.0.1:PROXY/maps/.
The page must find its socket and fonts relative to its own URL: a request
outside /maps/ would be a 404 from the proxy (and is recorded)."""

from __future__ import annotations

import math
import urllib.error
import urllib.request

import pytest

from conftest import click_at, colour_count, poll, screenshot, severe_logs, wait_painted
from reverse_proxy import ReverseProxy
from test_map import mirror, pins, viewport


@pytest.fixture
def proxy(mapwire_server):
    upstream = int(mapwire_server.rsplit(":", 1)[1])
    p = ReverseProxy(upstream, prefix="/maps/")
    yield p
    p.close()


def test_the_map_works_under_a_sub_path(driver, proxy):
    driver.get(proxy.url + "/maps/#4/20/0")
    wait_painted(driver)
    assert driver.execute_script("return window.mapwire.socketURL();") == \
        f"ws://127.0.0.1:{proxy.port}/maps/ws"
    poll(lambda: pins(driver), message="pins in the accessibility mirror")
    # Both fonts load through the prefix (text would paint in a fallback otherwise).
    poll(lambda: driver.execute_script(
        "return [...document.fonts].filter(f => f.family === 'Inter' && f.status === 'loaded').length >= 2;"),
        message="the Inter fonts loaded")
    img = screenshot(driver, "subpath-map.png")
    assert colour_count(img) > 50, "the canvas looks blank"

    # A click on a pin opens its callout: input and frames go through the proxied socket.
    w, h = viewport(driver)
    candidates = [p for p in pins(driver) if 150 < p["x"] < w - 150 and 150 < p["y"] < h - 60]
    assert candidates, "no pin well inside the view at #4/20/0"
    pin = min(candidates, key=lambda p: math.hypot(p["x"] - w / 2, p["y"] - h / 2))
    before = {e["item"] for e in mirror(driver)}
    click_at(driver, pin["x"] + pin["width"] / 2, pin["y"] + pin["height"] / 2)
    poll(lambda: [e for e in mirror(driver) if e["item"] not in before and pin["name"] in e["name"]],
         message=f"a callout for {pin['name']!r}")
    screenshot(driver, "subpath-callout.png")

    paths = proxy.requested()
    assert "/maps/ws" in paths and "/maps/painter.js" in paths and "/maps/fonts/Inter-Regular.otf" in paths, paths
    outside = [p for p in paths if not p.startswith("/maps/")]
    assert outside == [], f"the page asked for paths outside the prefix: {outside}"
    resources = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name);")
    assert resources and all(r.startswith(proxy.url + "/maps/") for r in resources), resources
    assert severe_logs(driver) == []


def test_the_proxy_itself_refuses_what_is_outside_the_prefix(proxy):
    # The check above means something only if an un-prefixed path would fail.
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(proxy.url + "/painter.js", timeout=30)
    assert e.value.code == 404
    with urllib.request.urlopen(proxy.url + "/maps/painter.js", timeout=30) as r:
        assert r.status == 200 and b"MapWire painter" in r.read()
