"""The painter against tests/browser/fake_server.py (a stand-in protocol server):
connection, painting, HiDPI, the accessibility mirror, input messages,
URL handling and reconnection. Runs without the Swift server.
"""

from __future__ import annotations

import os
import re

import pytest
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import (ROOT, click_at, colour_count, drag, mirror_rect, poll, screenshot, severe_logs,
                      wait_painted)

OCEAN = (0xAA, 0xD3, 0xDF)
LAND = (0xF2, 0xEF, 0xE9)
PEOPLE = {101: "Amélie Durand", 102: "Kenji Watanabe", 103: "Wanjiru Kamau",
          104: "Lucía Quispe", 105: "Jack Wilson"}


def inputs(fake, session=1):
    """Input messages (those with a seq) of one session, in order."""
    return [m for m in fake.messages() if m["session"] == session and "seq" in m]


def open_page(driver, fake, hash_="#2/20/0"):
    driver.get(fake.url + "/" + hash_)
    return wait_painted(driver)


def test_connects_paints_and_acks(driver, fake_server):
    stats = open_page(driver, fake_server)
    assert stats["lastFrame"] == 1 and stats["session"] == 1
    assert driver.title == "MapWire"
    assert not driver.execute_script("return !document.getElementById('status').hidden"), \
        "status banner still shown while connected"
    msgs = poll(lambda: [m for m in fake_server.messages() if m["op"] == "ACK"] and fake_server.messages(),
                message="an ACK")
    hello = msgs[0]
    assert hello["op"] == "HELLO" and hello["version"] == 1
    size = driver.execute_script("const c = document.getElementById('map');"
                                 "return [c.clientWidth, c.clientHeight, innerWidth, innerHeight];")
    assert [hello["width"], hello["height"]] == size[:2] == size[2:]
    assert hello["devicePixelRatio"] == 1
    assert hello["hash"] == "#2/20/0"
    assert {"op": "ACK", "frame": 1, "session": 1} in msgs
    # No scrollbars; the canvas fills the window.
    assert driver.execute_script(
        "return document.documentElement.scrollWidth <= innerWidth && "
        "document.documentElement.scrollHeight <= innerHeight;")
    # Wait for the font to be in use (a repaint follows the font load).
    poll(lambda: driver.execute_script("return document.fonts.check('700 15px Inter');"), message="Inter")
    img = screenshot(driver, "painter-demo.png")
    assert colour_count(img) > 200, "canvas looks blank"
    assert colour_count(img, OCEAN) > 50000, "no ocean background"
    assert colour_count(img, LAND) > 20000, "no land fill"
    assert severe_logs(driver) == []


def test_hidpi_backing_store(chrome, fake_server):
    driver = chrome(scale=2)
    open_page(driver, fake_server)
    w, h, bw, bh, dpr = driver.execute_script(
        "const c = document.getElementById('map');"
        "return [c.clientWidth, c.clientHeight, c.width, c.height, devicePixelRatio];")
    assert dpr == 2 and (bw, bh) == (2 * w, 2 * h)
    hello = fake_server.messages()[0]
    assert hello["devicePixelRatio"] == 2 and hello["width"] == w
    # The pin's CSS-px bounds do not depend on the pixel ratio.
    r = mirror_rect(driver, 101)
    assert r["width"] == 24 and r["height"] == 36
    poll(lambda: driver.execute_script("return document.fonts.check('700 15px Inter');"), message="Inter")
    img = screenshot(driver, "painter-demo-dpr2.png")
    assert img.size == (2 * w, 2 * h)
    assert colour_count(img, LAND) > 4 * 20000
    assert severe_logs(driver) == []


def test_accessibility_mirror(driver, fake_server):
    open_page(driver, fake_server)
    buttons = driver.execute_script(
        "return Array.from(document.querySelectorAll('#a11y button'), "
        "b => [Number(b.dataset.item), b.textContent, b.getAttribute('aria-pressed')]);")
    assert {b[0]: b[1] for b in buttons} == PEOPLE
    assert [b[2] for b in buttons if b[0] == 101] == ["true"]
    assert [b[2] for b in buttons if b[0] == 102] == ["false"]
    # Each element sits over its item's painted bounds.
    for item in PEOPLE:
        bounds = driver.execute_script("return window.mapwire.itemBounds(arguments[0]);", item)
        rect = mirror_rect(driver, item)
        for k in ("x", "y", "width", "height"):
            assert rect[k] == pytest.approx(bounds[k], abs=0.02), (item, k)  # layout rounds to 1/64 px
    assert mirror_rect(driver, 102)["width"] == 36  # SCALE 1.5 is applied
    # The dialog holds its heading; the list holds its items; clipped rows shrink.
    assert driver.execute_script(
        "return document.querySelector('#a11y [role=dialog] h2').textContent;") == "Amélie Durand"
    rows = driver.execute_script(
        "return Array.from(document.querySelectorAll('#a11y ul[aria-label=Wishes] > li'), "
        "li => [li.textContent, li.getAttribute('aria-selected'), li.getBoundingClientRect().height]);")
    assert [r[0] for r in rows] == ["A red bicycle", "Piano lessons", "Tea from Kyoto", "A telescope",
                                    "Snow boots"]
    assert rows[1][1] == "true" and rows[0][1] is None
    assert rows[0][2] == pytest.approx(14) and rows[4][2] == 0  # scrolled by 14, clipped at 100
    # Mirror elements are transparent and let the mouse through to the canvas.
    style = driver.execute_script(
        "const s = getComputedStyle(document.querySelector('#a11y button'));"
        "return [s.pointerEvents, s.color, s.backgroundColor];")
    assert style == ["none", "rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]
    # A hidden item's element is hidden too.
    fake_server.get("/_send?frame=hide")
    poll(lambda: driver.execute_script(
        "return document.querySelector('#a11y [data-item=\"20\"]').hidden;"), message="hidden dialog")
    assert driver.execute_script("return window.mapwire.itemBounds(20);") is None


def test_accessibility_names_change_in_place(driver, fake_server):
    """A11Y_NAMES renames elements without rebuilding the mirror: the same
    DOM elements, and the focused one keeps focus."""
    open_page(driver, fake_server)
    driver.execute_script("const b = document.querySelector('#a11y [data-item=\"102\"]');"
                          "window.__renamed = b; b.focus();")
    fake_server.get("/_send?frame=rename")
    poll(lambda: driver.execute_script(
        "return document.querySelector('#a11y [data-item=\"102\"]').textContent;") == "Kenji Watanabe, 3 wishes",
        message="the pin's new name")
    assert driver.execute_script(
        "const b = document.querySelector('#a11y [data-item=\"102\"]');"
        "return b === window.__renamed && document.activeElement === b;")
    rows = driver.execute_script(
        "return Array.from(document.querySelectorAll('#a11y ul[aria-label=Wishes] > li'), li => li.textContent);")
    assert rows == ["A red bicycle", "Piano lessons (booked)", "Tea from Kyoto", "A telescope", "Snow boots"]
    names = {b[0]: b[1] for b in driver.execute_script(
        "return Array.from(document.querySelectorAll('#a11y button'), b => [Number(b.dataset.item), b.textContent]);")}
    assert names == {**PEOPLE, 102: "Kenji Watanabe, 3 wishes"}


def test_pointer_wheel_and_latency(driver, fake_server):
    open_page(driver, fake_server)
    click_at(driver, 300, 500)
    origin = ScrollOrigin.from_viewport(400, 450)
    ActionChains(driver).scroll_from_origin(origin, 0, 120).perform()
    msgs = poll(lambda: (lambda m: m if any(x["op"] == "WHEEL" for x in m) else None)(inputs(fake_server)),
                message="a WHEEL message")
    assert [m["seq"] for m in msgs] == list(range(1, len(msgs) + 1)), "seq must start at 1 and grow by 1"
    pointers = [m for m in msgs if m["op"] == "POINTER"]
    down = next(m for m in pointers if m["phase"] == 0)
    up = next(m for m in pointers if m["phase"] == 2)
    assert (down["x"], down["y"], down["buttons"], down["pointerType"]) == (300, 500, 1, 0)
    assert (up["x"], up["y"], up["buttons"]) == (300, 500, 0)
    assert up["time"] >= down["time"] > 0
    assert down["pointerId"] == up["pointerId"]
    wheel = next(m for m in msgs if m["op"] == "WHEEL")
    assert (wheel["x"], wheel["y"], wheel["deltaX"], wheel["deltaY"]) == (400, 450, 0, 120)
    # The frame that reflects the last input says so; the page measures the latency.
    last = msgs[-1]["seq"]
    stats = poll(lambda: (lambda s: s if s["inputSeq"] >= last else None)(
        driver.execute_script("return Object.assign({}, window.mapwire.stats);")), message="inputSeq")
    assert stats["latencyMs"] is not None and 0 <= stats["latencyMs"] < 1000
    # The frames were acknowledged in order, up to the last one.
    acks = poll(lambda: (lambda a: a if a and a[-1] >= stats["lastFrame"] else None)(
        [m["frame"] for m in fake_server.messages() if m["op"] == "ACK"]), message="the last ACK")
    assert acks == sorted(acks) and acks[-1] == stats["lastFrame"]
    assert severe_logs(driver) == []


def test_drag_pans_and_hash_follows(driver, fake_server):
    open_page(driver, fake_server)
    before = driver.execute_script("return window.mapwire.itemBounds(103);")
    assert driver.execute_script("return location.hash;") == "#2/20/0"
    drag(driver, 640, 560, -200, 50)
    hash_ = poll(lambda: (lambda h: h if h != "#2/20/0" else None)(driver.execute_script("return location.hash;")),
                 message="the hash to follow the camera")
    zoom, lat, lon = (float(x) for x in hash_.lstrip("#").split("/")[:3])
    assert zoom == 2 and lon > 0 and lat > 20  # content moved left and down
    after = poll(lambda: (lambda b: b if b and abs(b["x"] - before["x"] + 200) < 0.5 else None)(
        driver.execute_script("return window.mapwire.itemBounds(103);")), message="the pin to move")
    assert after["y"] == pytest.approx(before["y"] + 50, abs=0.5)
    ops = [m["op"] for m in inputs(fake_server)]
    assert "NAVIGATE" not in ops, "a URL op from the server must not come back as NAVIGATE"
    assert driver.execute_script("return document.getElementById('map').style.cursor;") == "grab"


def test_keyboard_focus_and_activate(driver, fake_server):
    open_page(driver, fake_server)
    body = driver.find_element("tag name", "body")
    ActionChains(driver).send_keys(Keys.ARROW_LEFT).perform()
    msgs = poll(lambda: [m for m in inputs(fake_server) if m["op"] == "KEY"], message="KEY")
    keys = [(m["phase"], m["key"]) for m in poll(
        lambda: (lambda k: k if len(k) >= 2 else None)([m for m in inputs(fake_server) if m["op"] == "KEY"]),
        message="KEY up")]
    assert keys[:2] == [(0, "ArrowLeft"), (1, "ArrowLeft")]
    assert msgs
    # Tab moves into the mirror: the first pin gets focus and the server is told.
    body.send_keys(Keys.TAB)
    focus = poll(lambda: [m for m in inputs(fake_server) if m["op"] == "FOCUS"], message="FOCUS")
    assert focus[0]["item"] == 101
    assert driver.execute_script("return document.activeElement.dataset.item;") == "101"
    # The browser moved focus itself: a KEY Tab would make the server move it too.
    assert not [m for m in inputs(fake_server) if m["op"] == "KEY" and m["key"] == "Tab"]
    # Enter and Space on it activate it, once each, and are not sent as KEY.
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    acts = poll(lambda: (lambda a: a if len(a) >= 2 else None)(
        [m for m in inputs(fake_server) if m["op"] == "ACTIVATE"]), message="two ACTIVATEs")
    # let any duplicate arrive before counting
    driver.execute_script("return new Promise(r => setTimeout(r, 200));")
    acts = [m for m in inputs(fake_server) if m["op"] == "ACTIVATE"]
    assert [a["item"] for a in acts] == [101, 101]
    assert not [m for m in inputs(fake_server) if m["op"] == "KEY" and m["key"] in ("Enter", " ")]
    assert driver.execute_script("return location.hash;") == "#2/20/0", "activating must not navigate"


def test_server_focus_url_and_back(driver, fake_server):
    open_page(driver, fake_server)
    fake_server.get("/_send?frame=focus")
    poll(lambda: driver.execute_script("return document.activeElement.dataset.item === '102';"),
         message="server-driven focus")
    fake_server.get("/_send?frame=url")
    poll(lambda: driver.execute_script("return location.hash;") == "#2.00/20.00000/0.00000/person/1",
         message="pushed hash")
    fake_server.get("/_send?frame=cursor")
    poll(lambda: driver.execute_script("return document.getElementById('map').style.cursor;") == "pointer",
         message="cursor")
    ops = [m["op"] for m in inputs(fake_server)]
    assert "NAVIGATE" not in ops and "FOCUS" not in ops, ops
    driver.back()  # the browser's own Back
    nav = poll(lambda: [m for m in inputs(fake_server) if m["op"] == "NAVIGATE"], message="NAVIGATE")
    assert [m["hash"] for m in nav] == ["#2/20/0"]


def test_reconnects_with_a_fresh_session(driver, fake_server):
    open_page(driver, fake_server)
    fake_server.get("/_drop")
    text = poll(lambda: driver.execute_script(
        "const b = document.getElementById('status'); return b.hidden ? null : b.textContent;"),
        message="the disconnected banner")
    assert text.startswith("Disconnected (dropped by test) — reconnecting in"), text
    stats = poll(lambda: driver.execute_script(
        "const s = window.mapwire.stats; return s.connected && s.session === 2 && s.lastFrame > 0 "
        "? Object.assign({}, s) : null;"), message="a new session")
    assert stats["lastFrame"] == 1

    def acked_on_the_new_session():
        ops = [m["op"] for m in fake_server.messages()]
        second_hello = len(ops) - 1 - ops[::-1].index("HELLO")
        return "ACK" in ops[second_hello:]
    # The painter acknowledges a frame once painted, and the mirror follows the paint.
    poll(acked_on_the_new_session, message="the new session's first frame painted")
    assert driver.execute_script("return document.getElementById('status').hidden;")
    assert driver.execute_script("return document.querySelectorAll('#a11y button').length;") == len(PEOPLE)
    hellos = [m for m in fake_server.messages() if m["op"] == "HELLO"]
    assert [h["session"] for h in hellos] == [1, 2]
    click_at(driver, 300, 500)
    first = poll(lambda: inputs(fake_server, session=2), message="input in session 2")
    assert first[0]["seq"] == 1, "seq restarts at 1 in a new session"
    assert [e for e in severe_logs(driver) if "ws" not in e["message"]] == []


def test_golden_frame_applies_cleanly(driver, fake_golden_server):
    driver.get(fake_golden_server.url + "/")
    stats = wait_painted(driver)
    assert stats["lastFrame"] == 7
    poll(lambda: {"op": "ACK", "frame": 7, "session": 1} in fake_golden_server.messages(), message="ACK 7")
    # FOCUS, URL, CURSOR and A11Y_NAMES ops of the golden frame took effect.
    assert driver.execute_script("return document.activeElement.textContent;") == "Zoë Müller"
    assert driver.execute_script(
        "return document.querySelector('#a11y [data-item=\"14\"]').getAttribute('aria-label');") \
        == "Callout, 12 places"
    assert driver.execute_script("return location.hash;") == "#4.50/20.00000/0.00000/person/7"
    assert driver.execute_script("return document.getElementById('map').style.cursor;") == "pointer"
    # REMOVE took item 15 away; HIDDEN was patched back to 0 on item 11.
    assert driver.execute_script("return window.mapwire.itemBounds(15);") is None
    b11 = driver.execute_script("return window.mapwire.itemBounds(11);")
    assert b11 is not None
    # Item 11 is anchored 1 unit right/up of the camera centre, at x - 12.25 scaled by 0.5 about (12, 40).
    w, h = driver.execute_script("const c = document.getElementById('map'); return [c.clientWidth, c.clientHeight];")
    ppu = 256 * 2 ** 4.5 / 2 ** 30
    ax = w / 2 + (536870913 - 536870912.5) * ppu
    assert b11["x"] == pytest.approx(ax - 12.25 + 12 * 0.5, abs=1e-3)
    assert b11["width"] == pytest.approx(12)
    # The bubble was moved by TRANSFORM.
    b14 = driver.execute_script("return window.mapwire.itemBounds(14);")
    assert (b14["x"], b14["y"], b14["width"], b14["height"]) == (110.5, 0, 200, 60)  # clipped at the top
    screenshot(driver, "painter-golden.png")
    assert severe_logs(driver) == []


def test_resize_context_menu_and_static_page(driver, fake_server):
    open_page(driver, fake_server)
    driver.set_window_size(1000, 700)
    resize = poll(lambda: [m for m in inputs(fake_server) if m["op"] == "RESIZE"], message="RESIZE")[-1]
    w, h, bw = driver.execute_script(
        "const c = document.getElementById('map'); return [c.clientWidth, c.clientHeight, c.width];")
    poll(lambda: [m for m in inputs(fake_server) if m["op"] == "RESIZE"][-1]["width"] == w, message="final RESIZE")
    resize = [m for m in inputs(fake_server) if m["op"] == "RESIZE"][-1]
    assert (resize["width"], resize["height"], resize["devicePixelRatio"]) == (w, h, 1)
    assert bw == w, "the backing store follows the new size"
    # The default context menu is blocked on the canvas.
    assert driver.execute_script(
        "const e = new MouseEvent('contextmenu', {bubbles: true, cancelable: true});"
        "document.getElementById('map').dispatchEvent(e); return e.defaultPrevented;")
    assert driver.execute_script("return getComputedStyle(document.getElementById('map')).touchAction;") == "none"
    # No inline script: the page works under its strict CSP.
    with open(os.path.join(ROOT, "Public", "index.html"), encoding="utf-8") as f:
        html = f.read()
    assert "Content-Security-Policy" in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline script"
    assert not re.search(r"<[^>]*\son[a-z]+\s*=", html), "inline event handler"
    assert severe_logs(driver) == []
