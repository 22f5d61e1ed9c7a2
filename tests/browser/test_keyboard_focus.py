"""Keyboard focus and closing things, in headless Chromium against the real
server, as a newcomer meets them: Escape closes what is in front (a dialog
before the callout under it) and a press outside a dialog or the keyboard
shortcuts closes it without reaching the map; Tab skips pins past the map's
edge and keeps its order while pins move; Enter on a pin moves focus into
its callout and Escape gives it back; focus rings show for the keyboard
only, whole. Screenshots go to tests/browser/artifacts/focus-*.png."""

from __future__ import annotations

import json
import urllib.request
import uuid

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import at_rest, click_at, poll, screenshot, severe_logs, wait_idle, wait_painted
from test_map import mirror

GOLDEN_GATE = "/#12/37.795/-122.44"
CHICAGO = "/#5/45/-87.63"
# A pin at CHICAGO left of the centred keyboard shortcuts panel.
OUTSIDE_PANEL = "Jordan Whitehorse"
BRIDGE = "Golden Gate Bridge"
# The focus ring's colour (style.css) and how far a screenshot's pixel may be from it.
RING = (10, 132, 255)
RING_TOLERANCE = 40

FOCUSED_JS = """
const el = document.activeElement;
if (!el || !el.closest('#a11y')) return null;
const r = el.getBoundingClientRect();
return {item: Number(el.dataset.item), tag: el.tagName.toLowerCase(), role: el.getAttribute('role'),
        name: (el.getAttribute('aria-label') || el.textContent || '').trim(),
        x: r.x, y: r.y, width: r.width, height: r.height};
"""


def focused(driver):
    return driver.execute_script(FOCUSED_JS)


def focused_name(driver):
    f = focused(driver)
    return f["name"] if f else None


def named(driver, name, tag=None):
    return [e for e in mirror(driver) if e["name"] == name and e["width"] > 0 and (tag is None or e["tag"] == tag)]


def centre(e):
    return e["x"] + e["width"] / 2, e["y"] + e["height"] / 2


def press(driver, key):
    ActionChains(driver).send_keys(key).perform()


def tab_to(driver, name, limit=60):
    """Presses Tab until the mirror element `name` has focus; False if it never does."""
    for _ in range(limit):
        press(driver, Keys.TAB)
        if focused_name(driver) == name:
            return True
    return False


def location_hash(driver):
    return driver.execute_script("return location.hash;")


def ring_pixels(img, box):
    """How many pixels of `img` inside `box` (x0, y0, x1, y1) have the focus ring's colour."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    px = img.load()
    return sum(1 for y in range(max(0, y0), min(img.size[1], y1)) for x in range(max(0, x0), min(img.size[0], x1))
               if all(abs(a - b) <= RING_TOLERANCE for a, b in zip(px[x, y][:3], RING)))


def ring_around(img, e, inside=0):
    """Ring pixels along each side of element `e`'s box: in a band from just
    outside it (the ring's 2 px offset plus 3 px width) to `inside` px in."""
    x0, y0, x1, y1 = e["x"], e["y"], e["x"] + e["width"], e["y"] + e["height"]
    a, b = -6, inside
    return {"left": ring_pixels(img, (x0 + a, y0 + 6, x0 + b, y1 - 6)),
            "right": ring_pixels(img, (x1 - b, y0 + 6, x1 - a, y1 - 6)),
            "top": ring_pixels(img, (x0 + 6, y0 + a, x1 - 6, y0 + b)),
            "bottom": ring_pixels(img, (x0 + 6, y1 - b, x1 - 6, y1 - a))}


def open_bridge_callout(driver, url):
    driver.get(url + GOLDEN_GATE)
    wait_painted(driver)
    bridge = poll(lambda: named(driver, BRIDGE, "button"), message="the bridge marker")[0]
    click_at(driver, *centre(bridge))
    poll(lambda: named(driver, "More Info", "button"), message="the callout's More Info button")
    wait_idle(driver)  # the scroll to fit and the bounce played out


def open_bridge_detail(driver, url):
    """The bridge's callout, then its "More Info" dialog, both with the mouse."""
    open_bridge_callout(driver, url)
    click_at(driver, *centre(named(driver, "More Info", "button")[0]))
    return poll(lambda: named(driver, "Done", "button"), message="the detail dialog's Done")[0]


def test_escape_closes_the_dialog_first_then_the_callout(driver, mapwire_server):
    open_bridge_detail(driver, mapwire_server)
    screenshot(driver, "focus-detail-open.png")
    press(driver, Keys.ESCAPE)
    poll(lambda: not named(driver, "Done"), message="Escape to close the dialog")
    wait_idle(driver)
    assert named(driver, "More Info", "button"), "the callout behind the dialog stays open"
    screenshot(driver, "focus-detail-escaped.png")
    press(driver, Keys.ESCAPE)
    poll(lambda: not named(driver, "More Info"), message="a second Escape to close the callout")
    assert severe_logs(driver) == []


def test_a_press_outside_the_dialog_closes_it_and_not_the_callout(driver, mapwire_server):
    open_bridge_detail(driver, mapwire_server)
    start = location_hash(driver)
    w, h = driver.execute_script("return [innerWidth, innerHeight];")
    # The dimmed map right of the card, clear of the card, the controls and the toolbar.
    click_at(driver, w - 60, h / 2)
    poll(lambda: not named(driver, "Done"), message="a press outside to close the dialog")
    wait_idle(driver)
    # Had the press reached the map too, it would have closed the callout (a tap on empty map deselects).
    assert named(driver, "More Info", "button"), "the callout stays open"
    assert location_hash(driver) == start, "the map did not move"
    screenshot(driver, "focus-detail-pressed-outside.png")
    assert severe_logs(driver) == []


def test_the_keyboard_goes_into_the_callout_and_the_dialog_and_back(driver, mapwire_server):
    driver.get(mapwire_server + GOLDEN_GATE)
    wait_painted(driver)
    poll(lambda: named(driver, BRIDGE, "button"), message="the bridge marker")
    assert tab_to(driver, BRIDGE), "Tab reaches the bridge"
    pin = focused(driver)
    press(driver, Keys.ENTER)
    # Focus goes into the callout once it shows: the dialog named by the title.
    callout = poll(lambda: (lambda f: f if f and f["role"] == "dialog" else None)(focused(driver)),
                   message="focus in the callout")
    assert callout["name"] == BRIDGE and callout["item"] != pin["item"]
    wait_idle(driver)  # the scroll to fit and the bounce played out
    # The callout's ⓘ is the next Tab stop, not one after every other pin.
    press(driver, Keys.TAB)
    assert focused_name(driver) == "More Info"
    img = screenshot(driver, "focus-callout-more-info.png")
    assert min(ring_around(img, focused(driver)).values()) > 0, "a whole ring around the ⓘ"
    press(driver, Keys.ENTER)
    poll(lambda: focused_name(driver) == "Done", message="focus on the dialog's Done")

    def ring_on_done():
        img = screenshot(driver, "focus-detail-keyboard.png")
        assert min(ring_around(img, focused(driver)).values()) > 0, "a ring on Done after the keyboard opened it"

    at_rest(driver, ring_on_done)
    # Escape closes the dialog and gives focus back to the ⓘ; the next closes the callout, back to the pin.
    press(driver, Keys.ESCAPE)
    poll(lambda: not named(driver, "Done") and focused_name(driver) == "More Info",
         message="focus back on More Info")
    press(driver, Keys.ESCAPE)
    poll(lambda: not named(driver, "More Info") and (focused(driver) or {}).get("item") == pin["item"],
         message="the callout closed and focus back on the bridge")
    screenshot(driver, "focus-back-on-the-pin.png")
    assert severe_logs(driver) == []


def test_no_ring_after_a_press_on_done_or_back(driver, mapwire_server):
    open_bridge_detail(driver, mapwire_server)
    poll(lambda: focused_name(driver) == "Done", message="the server's focus on Done")
    wait_idle(driver)
    done = focused(driver)
    img = screenshot(driver, "focus-detail-mouse.png")
    assert max(ring_around(img, done).values()) == 0, "no ring on Done after a mouse press opened the dialog"
    # A key afterwards shows where focus is, as :focus-visible does.
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    press(driver, Keys.TAB)
    poll(lambda: focused_name(driver) == "Done", message="focus back on Done")
    img = screenshot(driver, "focus-detail-mouse-then-tab.png")
    assert min(ring_around(img, focused(driver)).values()) > 0

    # The wishlist card's "See details" pressed with the mouse: the detail screen's Back gets focus, no ring.
    driver.get("about:blank")  # a new page and session, not a new hash for this one
    driver.get(mapwire_server + CHICAGO)
    wait_painted(driver)
    click_at(driver, *centre(poll(lambda: named(driver, "Marcus Bell", "button"), message="the pin")[0]))
    poll(lambda: named(driver, "See details", "button"), message="the card")
    wait_idle(driver)  # the card's fade-in played out
    click_at(driver, *centre(named(driver, "See details", "button")[0]))
    poll(lambda: focused_name(driver) == "Back", message="focus on Back")
    wait_idle(driver)  # the slide played out
    back = focused(driver)
    img = screenshot(driver, "focus-back-button-mouse.png")
    assert max(ring_around(img, back).values()) == 0, "no ring on Back after a mouse press"
    assert severe_logs(driver) == []


def test_wishlist_rows_have_a_whole_ring(driver, mapwire_server):
    driver.get(mapwire_server + CHICAGO)
    wait_painted(driver)
    poll(lambda: named(driver, "Marcus Bell", "button"), message="the pin")
    assert tab_to(driver, "Marcus Bell")
    press(driver, Keys.ENTER)
    poll(lambda: (focused(driver) or {}).get("role") == "dialog", message="focus in the card")
    wait_idle(driver)  # the card's fade-in played out
    for _ in range(3):
        press(driver, Keys.TAB)
    assert focused(driver)["tag"] == "li", focused(driver)

    def whole_ring():
        row = focused(driver)
        img = screenshot(driver, "focus-wishlist-row.png")
        # Wherever the ring is drawn, in or around the row, each side shows.
        sides = ring_around(img, row, inside=4)
        assert min(sides.values()) > 10, f"the ring has all four sides: {sides}"

    at_rest(driver, whole_ring)
    assert severe_logs(driver) == []


def test_tab_skips_pins_past_the_edge_of_the_map(driver, mapwire_server):
    driver.get(mapwire_server + CHICAGO)
    wait_painted(driver)
    poll(lambda: named(driver, "Marcus Bell", "button"), message="the pins")
    start = location_hash(driver)
    seen = []
    for _ in range(40):
        press(driver, Keys.TAB)
        f = focused(driver)
        if f:
            seen.append(f["name"])
            assert f["width"] > 0 and f["height"] > 0, f"a Tab stop with nothing on screen: {f}"
    assert "Marcus Bell" in seen and "Zoom in" in seen, seen
    assert "San Francisco" not in seen
    wait_idle(driver)
    assert location_hash(driver) == start, "Tab does not move the map"
    # San Francisco's flag is laid out in the margin west of the map: in the list, hidden, as nothing of it shows.
    flags = driver.execute_script(
        "return [...document.querySelectorAll('#a11y button')].filter(b => b.textContent === 'San Francisco')"
        ".map(b => b.hidden);")
    assert flags == [True], f"the flag past the edge is in the mirror, hidden: {flags}"
    assert severe_logs(driver) == []


def api(base_url, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base_url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def tab_cycle(driver, names):
    """The cyclic order in which Tab reaches the mirror elements `names`,
    written from the first of `names`: the browser starts a Tab where focus
    last was, so only the order around the cycle is the same from pass to pass."""
    order = []
    for _ in range(60):
        press(driver, Keys.TAB)
        name = focused_name(driver)
        if name in names and name not in order:
            order.append(name)
        if len(order) == len(names):
            break
    assert len(order) == len(names), f"Tab reached only {order}"
    start = order.index(names[0])
    return order[start:] + order[:start]


def test_tab_order_stays_while_pins_move_and_follows_them_once_the_map_rests(driver, mapwire_server):
    # Three pins in a row on open ocean, west to east: A, B, C.
    tag = uuid.uuid4().hex[:8]
    names = ["Order A", "Order B", "Order C"]
    ids = {name: f"order-{name[-1].lower()}-{tag}" for name in names}
    for name, lon in zip(names, (-142, -140, -138)):
        api(mapwire_server, "POST", "/api/annotations", {"id": ids[name], "title": name, "latitude": -30,
                                                           "longitude": lon})
    try:
        driver.get(mapwire_server + "/#6/-30/-140")
        wait_painted(driver)
        poll(lambda: all(named(driver, n, "button") for n in names), message="the three pins")
        assert tab_cycle(driver, names) == ["Order A", "Order B", "Order C"]
        # A moves between B and C (a glide of at most a second), while the map stays where it is.
        api(mapwire_server, "POST", "/api/moves", {"moves": [{"id": ids["Order A"], "latitude": -30,
                                                              "longitude": -139}]})
        poll(lambda: named(driver, "Order A", "button")[0]["x"] > named(driver, "Order B", "button")[0]["x"] + 20,
             message="A to glide east of B")
        wait_idle(driver)  # the glide played out
        screenshot(driver, "focus-order-after-move.png")
        assert tab_cycle(driver, names) == ["Order A", "Order B", "Order C"], "Tab keeps its order while pins move"
        assert tab_cycle(driver, names) == ["Order A", "Order B", "Order C"], "pass after pass"
        # The map moves and comes to rest: the order is by where the pins are now, B, A, C.
        driver.execute_script("document.activeElement && document.activeElement.blur();")
        before = location_hash(driver)
        press(driver, Keys.ARROW_LEFT)
        # The server sends the URL as the camera settles.
        poll(lambda: location_hash(driver) != before, message="the map to pan and come to rest")

        def ordered_by_place():
            order = tab_cycle(driver, names)
            assert order == ["Order A", "Order C", "Order B"], order

        at_rest(driver, ordered_by_place)
    finally:
        for pin_id in ids.values():
            api(mapwire_server, "DELETE", f"/api/annotations/{pin_id}")
    assert severe_logs(driver) == []


def test_a_press_outside_the_keyboard_shortcuts_closes_them(driver, mapwire_server):
    driver.get(mapwire_server + CHICAGO)
    wait_painted(driver)
    pin = poll(lambda: named(driver, OUTSIDE_PANEL, "button"), message="the pin")[0]
    press(driver, "?")
    poll(lambda: named(driver, "Arrow keys: Pan the map"), message="the shortcuts panel")
    screenshot(driver, "focus-shortcuts-open.png")
    # A press on a pin beside the panel closes the panel, and only that: the pin is not selected.
    click_at(driver, *centre(pin))
    poll(lambda: not named(driver, "Arrow keys: Pan the map"), message="the press to close the panel")
    wait_idle(driver)
    assert not named(driver, "See details"), "the press did not open the pin's card"
    assert named(driver, OUTSIDE_PANEL, "button")[0]["pressed"] != "true"
    screenshot(driver, "focus-shortcuts-pressed-outside.png")
    # The next press on the pin is the map's again.
    click_at(driver, *centre(named(driver, OUTSIDE_PANEL, "button")[0]))
    poll(lambda: named(driver, "See details", "button"), message="the card on a second press")
    assert severe_logs(driver) == []
