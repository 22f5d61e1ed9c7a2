"""The OpenStreetMap credit as a link, in headless Chromium over the Helsinki
street tiles: a real mouse click on it, or Enter with keyboard focus on it,
opens OpenStreetMap's copyright page in a new tab (no popup blocker stops
it), without access back to the map (noopener), and the map stays as it
was. The machine has no network: a host resolver rule sends
www.openstreetmap.org to a small HTTPS server here, with a certificate made
for the test. Screenshot of the attribution: tests/browser/artifacts/attribution-link.png."""

from __future__ import annotations

import functools
import http.server
import os
import ssl
import subprocess
import tempfile
import threading

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import artifact, click_at, colour_count, poll, running_mapwire, screenshot, severe_logs, wait_idle, \
    wait_painted
from test_map import parse_hash
from test_map_controls import centre, one, tab_to

LAT, LON = 60.1699, 24.9384
CREDIT = "© OpenStreetMap contributors"
COPYRIGHT = "https://www.openstreetmap.org/copyright"
LINK_BLUE = (0x00, 0x78, 0xA8)


@pytest.fixture(scope="module")
def streets_server():
    with running_mapwire("--tiles", "fixtures/tiles/helsinki.mbtiles", "--samples", "none",
                         log_name="mapwire-credit-link.log") as url:
        yield url


class _OpenStreetMapPage(http.server.BaseHTTPRequestHandler):
    """Stands in for www.openstreetmap.org: every path is a small page naming itself."""
    requests: list[str] = []

    def do_GET(self):
        type(self).requests.append(self.path)
        body = b"<!doctype html><title>OpenStreetMap copyright (test)</title><p>Copyright and licence"
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def openstreetmap_site():
    """An HTTPS server on this machine for www.openstreetmap.org; yields the Chromium flags that route it there."""
    folder = tempfile.mkdtemp(prefix="mapwire-osm-")
    cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                    "-days", "1", "-subj", "/CN=www.openstreetmap.org"], check=True, capture_output=True)
    handler = type("Handler", (_OpenStreetMapPage,), {"requests": []})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    flags = (f"--host-resolver-rules=MAP www.openstreetmap.org 127.0.0.1:{server.server_port}",
             "--ignore-certificate-errors")
    try:
        yield flags, handler.requests
    finally:
        server.shutdown()
        server.server_close()


def open_map(chrome, server, flags):
    driver = chrome(args=flags)
    driver.get(f"{server}/#15/{LAT}/{LON}")
    wait_painted(driver)
    return driver


def new_tab(driver, before):
    """The tab the map opened (the popup was not blocked), switched to once it has loaded."""
    handles = poll(lambda: [h for h in driver.window_handles if h not in before], message="a new tab")
    map_tab = driver.current_window_handle
    driver.switch_to.window(handles[0])
    poll(lambda: "OpenStreetMap copyright" in driver.title, message="the copyright page loaded")
    opened = {"url": driver.current_url, "opener": driver.execute_script("return window.opener === null;")}
    driver.close()
    driver.switch_to.window(map_tab)
    return opened


def test_clicking_the_credit_opens_the_copyright_page_in_a_new_tab(chrome, streets_server, openstreetmap_site):
    flags, requests = openstreetmap_site
    driver = open_map(chrome, streets_server, flags)
    link = one(driver, CREDIT)
    assert link["tag"] == "a", "a link in the accessibility tree"
    assert one(driver, "Map data: Natural Earth")["tag"] == "span"
    wait_idle(driver)
    before_hash = driver.execute_script("return location.hash;")
    img = screenshot(driver, "credit-link-map.png")
    dpr = img.size[0] / driver.execute_script("return innerWidth;")
    x, y, w, h = (v * dpr for v in (link["x"], link["y"], link["width"], link["height"]))
    strip = img.crop((int(x - 140 * dpr), int(y - 4 * dpr), img.size[0], img.size[1]))
    strip.save(artifact("attribution-link.png"))
    text = img.crop((int(x), int(y), int(x + w), int(y + h)))
    assert colour_count(text, LINK_BLUE, tolerance=40) > 20, "the credit is drawn in the link colour"

    before = set(driver.window_handles)
    click_at(driver, *centre(link))
    opened = new_tab(driver, before)
    assert opened == {"url": COPYRIGHT, "opener": True}
    assert "/copyright" in requests
    # The click opened the page and did nothing to the map.
    assert parse_hash(driver.execute_script("return location.hash;")) == parse_hash(before_hash)
    assert severe_logs(driver) == []


def test_enter_on_the_focused_credit_opens_the_copyright_page(chrome, streets_server, openstreetmap_site):
    flags, _ = openstreetmap_site
    driver = open_map(chrome, streets_server, flags)
    one(driver, CREDIT)
    assert tab_to(driver, CREDIT), "Tab reaches the credit"
    screenshot(driver, "credit-link-focused.png")
    before = set(driver.window_handles)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    assert new_tab(driver, before) == {"url": COPYRIGHT, "opener": True}
    assert severe_logs(driver) == []
