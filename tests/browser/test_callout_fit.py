"""Callouts that always fit, in headless Chromium against the real server:
a card opened from the keyboard on a pin cut by the top edge, the bridge's
standard callout near the top edge, and a card that would open under the
MapCallouts toolbar. Every element of the open callout or card (read from
the accessibility mirror) must end inside the viewport and clear of the
toolbar, and its button must take a real click. Screenshots go to
tests/browser/artifacts/."""

from __future__ import annotations

import math

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import at_rest, click_at, poll, screenshot, severe_logs, wait_painted
from test_map import mirror, viewport

TOOLBAR_BUTTONS = ("City", "Bridge", "Flower", "Ferry", "All")
BRIDGE = (37.819929, -122.478255)
CHICAGO = (41.8781, -87.6298)


# In one script, so both come from the same mirror update: whether an open
# card (a dialog) is in the mirror, whether focus is inside it, and on what.
CARD_AND_FOCUS_JS = """
const card = [...document.querySelectorAll('#a11y [role=dialog]')].find((el) => !el.hidden);
if (!card) return null;
const active = document.activeElement;
return {focusInCard: card.contains(active), focused: active && active.dataset ? Number(active.dataset.item) : 0};
"""

# Records CARD_AND_FOCUS_JS's answer at every change of the mirror and of focus,
# in order, into window.cardAndFocus: what the page showed, however slowly the
# test looks.
RECORD_CARD_AND_FOCUS_JS = """
window.cardAndFocus = [];
const note = () => {
  const state = (function () {""" + CARD_AND_FOCUS_JS + """})();
  if (state) window.cardAndFocus.push(state);
};
new MutationObserver(note).observe(document.getElementById('a11y'), {subtree: true, childList: true, attributes: true});
document.addEventListener('focusin', note, true);
"""


def named(driver, name, tag=None):
    return [e for e in mirror(driver) if e["name"] == name and e["width"] > 0 and (tag is None or e["tag"] == tag)]


def centre(e):
    return e["x"] + e["width"] / 2, e["y"] + e["height"] / 2


def toolbar_rect(driver):
    """The toolbar's box: its buttons and the bar's 6 px padding around them."""
    buttons = [b for name in TOOLBAR_BUTTONS for b in named(driver, name, "button")]
    assert len(buttons) == len(TOOLBAR_BUTTONS), "the MapCallouts toolbar in the mirror"
    x0 = min(b["x"] for b in buttons) - 6
    y0 = min(b["y"] for b in buttons) - 6
    x1 = max(b["x"] + b["width"] for b in buttons) + 6
    y1 = max(b["y"] + b["height"] for b in buttons) + 6
    return x0, y0, x1, y1


def overlaps(e, rect):
    x0, y0, x1, y1 = rect
    return e["x"] < x1 and x0 < e["x"] + e["width"] and e["y"] < y1 and y0 < e["y"] + e["height"]


def assert_fits(driver, opened, what):
    """Every element in `opened` is inside the viewport and clear of the toolbar."""
    w, h = viewport(driver)
    bar = toolbar_rect(driver)
    assert opened, f"{what}: nothing opened"
    for e in opened:
        assert e["x"] >= -0.5 and e["y"] >= -0.5 and e["x"] + e["width"] <= w + 0.5 \
            and e["y"] + e["height"] <= h + 0.5, f"{what}: {e['name']!r} at {e} is cut off ({w}x{h})"
        assert not overlaps(e, bar), f"{what}: {e['name']!r} at {e} is under the toolbar {bar}"


def opened_elements(driver, before, exclude=()):
    return [e for e in mirror(driver) if e["item"] not in before and e["item"] not in exclude and e["width"] > 0]


def hash_with_point_at(lat, lon, zoom, x, y, w, h):
    """The #zoom/lat/lon hash that shows (lat, lon) at screen point (x, y) of a w x h map."""
    size = 256 * 2 ** zoom
    px = (lon + 180) / 360 * size
    s = math.sin(math.radians(lat))
    py = (0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)) * size
    cx, cy = px + (w / 2 - x), py + (h / 2 - y)
    clon = cx / size * 360 - 180
    clat = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * cy / size))))
    return f"/#{zoom}/{clat:.6f}/{clon:.6f}"


def test_a_card_the_keyboard_opens_across_the_top_fits(driver, mapwire_server):
    # Chicago's pin cut in two by the top edge: Tab reaches it (some of it shows), and its card needs a scroll.
    w, h = driver.execute_script("return [innerWidth, innerHeight];")
    driver.get(mapwire_server + hash_with_point_at(*CHICAGO, 4, w / 2, 20, w, h))
    wait_painted(driver)
    poll(lambda: named(driver, "Marcus Bell", "button"), message="the pin in the mirror")
    focused = None
    for _ in range(80):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        focused = driver.execute_script(
            "const el = document.activeElement;"
            "if (!el || !el.closest('#a11y') || el.tagName !== 'BUTTON') return null;"
            "const r = el.getBoundingClientRect();"
            "return {item: Number(el.dataset.item), name: el.textContent, top: r.top, height: r.height};")
        if focused and focused["name"] == "Marcus Bell":
            break
        focused = None
    assert focused, "Tab reaches the pin across the top edge"
    assert focused["top"] == 0 and 0 < focused["height"] < 40, f"the pin is cut by the top edge: {focused}"
    before = {e["item"] for e in mirror(driver)}
    driver.execute_script(RECORD_CARD_AND_FOCUS_JS)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    # The card joins the mirror at once but shows only once the map has
    # scrolled to fit it: the focus ring waits for it, on the pin meanwhile.
    poll(lambda: (driver.execute_script(CARD_AND_FOCUS_JS) or {}).get("focusInCard"),
         message="focus in the card once it shows")
    first = driver.execute_script("return window.cardAndFocus[0];")
    assert not first["focusInCard"] and first["focused"] == focused["item"], first
    poll(lambda: named(driver, "See details", "button"), message="the card after Enter")

    def fits():
        opened = opened_elements(driver, before)
        assert_fits(driver, opened, f"{focused['name']}'s card")
        pin = [e for e in mirror(driver) if e["item"] == focused["item"]][0]
        assert pin["y"] >= 0, "the pin itself scrolled into view"

    at_rest(driver, fits)
    screenshot(driver, "callout-fit-keyboard-card.png")
    click_at(driver, *centre(named(driver, "See details", "button")[0]))
    poll(lambda: named(driver, "Back", "button"), message="the details screen after the click")
    assert severe_logs(driver) == []


def test_the_bridge_callout_near_the_top_fits(driver, mapwire_server):
    w, h = driver.execute_script("return [innerWidth, innerHeight];")
    driver.get(mapwire_server + hash_with_point_at(*BRIDGE, 13, w / 2, 40, w, h))
    wait_painted(driver)
    bridge = poll(lambda: named(driver, "Golden Gate Bridge", "button"),
                  message="the bridge marker in the mirror")[0]
    assert bridge["y"] < 60, f"the bridge is near the top edge: {bridge}"
    before = {e["item"] for e in mirror(driver)}
    click_at(driver, *centre(bridge))
    poll(lambda: named(driver, "More Info", "button"), message="the bridge's callout")

    def fits():
        opened = opened_elements(driver, before, exclude={bridge["item"]})
        assert_fits(driver, opened, "the bridge's callout")
        # As MKMapView: the map scrolled so the callout fits above the marker; it did not flip onto the
        # marker's title and subtitle below it.
        marker = named(driver, "Golden Gate Bridge", "button")[0]
        assert marker["y"] > bridge["y"] + 20, f"the map scrolled the marker down: {bridge} -> {marker}"
        for e in opened:
            assert e["y"] + e["height"] <= marker["y"] + 0.5, f"{e['name']!r} at {e} is not above the marker {marker}"

    at_rest(driver, fits)
    screenshot(driver, "callout-fit-bridge.png")
    click_at(driver, *centre(named(driver, "More Info", "button")[0]))
    done = poll(lambda: named(driver, "Done", "button"), message="the detail card after More Info")[0]
    click_at(driver, *centre(done))
    assert severe_logs(driver) == []


def test_see_details_is_clear_of_the_toolbar(driver, mapwire_server):
    driver.get(mapwire_server + "/#5/42.3/-87.63")
    wait_painted(driver)
    # The default headless window: a 1280x657 map, where the card flips below Chicago.
    assert viewport(driver) == [1280, 657]
    marcus = poll(lambda: named(driver, "Marcus Bell", "button"), message="Marcus Bell's pin")[0]
    before = {e["item"] for e in mirror(driver)}
    click_at(driver, *centre(marcus))
    poll(lambda: named(driver, "See details", "button"), message="Marcus Bell's card")
    at_rest(driver, lambda: assert_fits(driver, opened_elements(driver, before, exclude={marcus["item"]}),
                                        "Marcus Bell's card"))
    screenshot(driver, "callout-fit-toolbar-card.png")
    click_at(driver, *centre(named(driver, "See details", "button")[0]))
    poll(lambda: named(driver, "Back", "button"), message="the details screen after the click")
    screenshot(driver, "callout-fit-toolbar-details.png")
    assert severe_logs(driver) == []


def test_on_a_phone_a_card_near_the_top_scrolls_the_map_and_opens_above(chrome, mapwire_server):
    """Jordan Whitehorse's pin (Winnipeg) 220 px from the top of a 390x844 phone: too near the top for
    his card above it, so the map scrolls down; the card no longer flips below the pin."""
    driver = chrome(width=500, height=900)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    driver.get(mapwire_server + "/#4/40/-90")
    wait_painted(driver)
    pin = poll(lambda: named(driver, "Jordan Whitehorse", "button"), message="Jordan's pin")[0]
    assert pin["y"] < 280 + 20 + 10, f"no room above for the card: {pin}"
    before = {e["item"] for e in mirror(driver)}
    click_at(driver, *centre(pin))
    poll(lambda: named(driver, "See details", "button"), message="Jordan's card")

    def fits():
        opened = opened_elements(driver, before, exclude={pin["item"]})
        assert_fits(driver, opened, "Jordan's card")
        after = named(driver, "Jordan Whitehorse", "button")[0]
        assert after["y"] > pin["y"], "the map scrolled down"
        for e in opened:
            assert e["y"] + e["height"] <= after["y"] + 0.5, f"{e['name']!r} at {e} hangs below the pin {after}"

    at_rest(driver, fits)
    screenshot(driver, "callout-fit-phone-card-near-top.png")
    assert severe_logs(driver) == []
