"""Phones and small embeds in headless Chromium against the real server: the
MapCallouts toolbar and the map's controls take their fair share of the map
at every size down to 320x200 (whole, inside it, apart, out of its middle,
a quarter of it at most), the toolbar folds into a "Show" menu on a short
map, the example page gives its embedded map room on a phone, and the
wishlist card opens above its pin on a phone and stays whole, its pin in
view, on a landscape phone and after a resize. Screenshots go to
tests/browser/artifacts/small-*.png."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput

from conftest import at_rest, poll, screenshot, severe_logs, wait_painted
from test_map import mirror

SAN_FRANCISCO = "/#13/37.795/-122.43"
# Marcus Bell (Chicago) a little above the middle of a phone, Winnipeg and Houston around him.
CHICAGO = "/#4/40/-90"
TOOLBAR = ("City", "Bridge", "Flower", "Ferry", "All")
CONTROLS = ("Zoom in", "Zoom out", "Keyboard shortcuts", "Map data: Natural Earth")
# The person pin's pennant (Public/images/pin-person.svg).
PENNANT = (0x1E, 0x6F, 0xE8)


def device(chrome, width, height, scale=1, phone=False):
    """A page exactly width x height CSS px; a phone has its pixel ratio, a touch screen and mobile layout."""
    driver = chrome(width=max(width, 500), height=max(height, 500))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": phone})
    if phone:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return driver


def tap(driver, x, y, touch=False):
    """A real tap (a finger on a touch screen, else the mouse) at CSS px (x, y) of the viewport."""
    pointer = PointerInput(interaction.POINTER_TOUCH if touch else interaction.POINTER_MOUSE, "finger")
    actions = ActionBuilder(driver, mouse=pointer, duration=16)
    actions.pointer_action.move_to_location(int(round(x)), int(round(y))).pointer_down().pointer_up()
    actions.perform()


def named(driver, name, tag=None):
    return [e for e in mirror(driver) if e["name"] == name and e["width"] > 0 and e["height"] > 0
            and (tag is None or e["tag"] == tag)]


def centre(e):
    return e["x"] + e["width"] / 2, e["y"] + e["height"] / 2


def rect(e):
    return (e["x"], e["y"], e["x"] + e["width"], e["y"] + e["height"])


def overlap(a, b):
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def area(r):
    return (r[2] - r[0]) * (r[3] - r[1])


def inside(r, w, h):
    return r[0] >= -0.5 and r[1] >= -0.5 and r[2] <= w + 0.5 and r[3] <= h + 0.5


def floating(driver):
    """What floats over the map, by name: the controls, the scale bar, and the toolbar's buttons (or its
    folded "Show" button)."""
    found = {}
    for e in mirror(driver):
        if e["width"] <= 0 or e["height"] <= 0:
            continue
        if e["name"] in CONTROLS or e["name"].startswith("Scale: ") or e["name"].startswith("Show: ") \
                or (e["name"] in TOOLBAR and e["tag"] == "button"):
            found[e["name"]] = rect(e)
    return found


def pennant_pixels(img, box, viewport_width):
    """Pixels of the person pin's blue pennant inside box (CSS px) of a screenshot taken at any pixel ratio."""
    s = img.size[0] / viewport_width
    x0, y0 = max(0, int(box[0] * s)), max(0, int(box[1] * s))
    x1, y1 = min(img.size[0], int(box[2] * s)), min(img.size[1], int(box[3] * s))
    px = img.load()
    return sum(1 for y in range(y0, y1) for x in range(x0, x1)
               if all(abs(a - b) <= 40 for a, b in zip(px[x, y][:3], PENNANT)))


@pytest.mark.parametrize("size", [(320, 200), (390, 844), (844, 390), (480, 360), (320, 480), (1280, 800)])
def test_controls_and_toolbar_take_a_fair_share_at_every_size(chrome, mapwire_server, size):
    w, h = size
    driver = device(chrome, w, h)
    driver.get(mapwire_server + SAN_FRANCISCO)
    wait_painted(driver)
    poll(lambda: named(driver, "Zoom in"), message="the controls")
    assert driver.execute_script("return [innerWidth, innerHeight];") == [w, h]

    def fair_shares():
        shown = floating(driver)
        toolbar = [n for n in shown if n in TOOLBAR or n.startswith("Show: ")]
        assert toolbar, "the toolbar, as a row or folded"
        assert all(n in shown for n in CONTROLS) and any(n.startswith("Scale: ") for n in shown), shown
        # The map's middle, where a person looks and callouts open: nothing floats there.
        middle = (w / 4, h / 4, 3 * w / 4, 3 * h / 4)
        names = list(shown)
        for i, a in enumerate(names):
            assert inside(shown[a], w, h), f"{a} {shown[a]} is cut off at {w}x{h}"
            assert not overlap(shown[a], middle), f"{a} {shown[a]} covers the middle {middle} at {w}x{h}"
            for b in names[i + 1:]:
                if {a, b} <= set(TOOLBAR):
                    continue
                assert not overlap(shown[a], shown[b]), f"{a} {shown[a]} overlaps {b} {shown[b]} at {w}x{h}"
        # Each corner's controls keep to their half of the map's height.
        for n, r in shown.items():
            if n in ("Zoom in", "Zoom out", "Keyboard shortcuts"):
                assert r[3] <= h / 2 + 0.5, f"{n} {r} passes the middle of a {w}x{h} map"
            if n.startswith("Scale: ") or n == "Map data: Natural Earth":
                assert r[1] >= h / 2 - 0.5, f"{n} {r} passes the middle of a {w}x{h} map"
        # A quarter of the map at most, the toolbar counted as its buttons' bar.
        bar = [shown[n] for n in toolbar]
        bar_box = (min(r[0] for r in bar) - 6, min(r[1] for r in bar) - 6, max(r[2] for r in bar) + 6,
                   max(r[3] for r in bar) + 6)
        covered = area(bar_box) + sum(area(r) for n, r in shown.items() if n not in toolbar)
        assert covered <= 0.25 * w * h, f"{covered / (w * h):.0%} of a {w}x{h} map is covered"
        if w * h < 100_000:
            assert [n for n in toolbar if n.startswith("Show: ")], "a short map folds the toolbar into a menu"

    # At rest: the landmarks' framing moves the scale bar's label.
    at_rest(driver, fair_shares)
    img = screenshot(driver, f"small-controls-{w}x{h}.png")
    assert img.size[0] >= w
    assert severe_logs(driver) == []


def test_the_phone_toolbar_fits_and_the_folded_one_opens_as_a_menu(chrome, mapwire_server):
    driver = device(chrome, 390, 844, scale=3, phone=True)
    driver.get(mapwire_server + SAN_FRANCISCO)
    wait_painted(driver)
    buttons = [poll(lambda n=n: named(driver, n, "button"), message=n)[0] for n in TOOLBAR]
    screenshot(driver, "small-phone-toolbar.png")
    for b in buttons:
        assert inside(rect(b), 390, 844) and b["x"] >= 10 and b["x"] + b["width"] <= 380, f"{b['name']} cut: {b}"
    tap(driver, *centre(named(driver, "Ferry", "button")[0]), touch=True)
    poll(lambda: named(driver, "Ferry Building", "button") and not named(driver, "Golden Gate Bridge"),
         message="only the ferry building after a tap on Ferry")

    # A map 320x200: one "Show" button, whose menu offers the five filters above it.
    small = device(chrome, 320, 200)
    small.get(mapwire_server + SAN_FRANCISCO)
    wait_painted(small)
    show = poll(lambda: named(small, "Show: All", "button"), message="the folded toolbar")[0]
    assert not named(small, "Ferry", "button"), "the filters wait in the closed menu"
    tap(small, *centre(show))
    ferry = poll(lambda: named(small, "Ferry", "button"), message="the open menu")[0]
    opened = [named(small, n, "button")[0] for n in TOOLBAR]
    screenshot(small, "small-menu-open.png")
    for b in opened:
        assert inside(rect(b), 320, 200) and b["y"] + b["height"] <= show["y"], f"{b['name']} at {b}"
    tap(small, *centre(ferry))
    poll(lambda: named(small, "Show: Ferry", "button") and not named(small, "Ferry", "button"),
         message="the menu closed and the choice shown on its button")
    poll(lambda: named(small, "Ferry Building", "button"), message="the ferry building")
    screenshot(small, "small-menu-ferry.png")
    assert severe_logs(driver) == [] and severe_logs(small) == []


def test_the_example_page_gives_its_map_room_on_a_phone(chrome, mapwire_server):
    driver = device(chrome, 390, 844, scale=3, phone=True)
    driver.get(mapwire_server + "/examples/embed.html")
    frame = driver.find_element("id", "map")
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height];", frame)
    assert box[1] >= 240, f"the map frame is {box[0]}x{box[1]}"
    driver.switch_to.frame(frame)
    wait_painted(driver)
    poll(lambda: named(driver, "Zoom in"), message="the controls in the frame")
    w, h = driver.execute_script("return [innerWidth, innerHeight];")

    def controls_inside():
        shown = floating(driver)
        for n in CONTROLS:
            assert n in shown and inside(shown[n], w, h), f"{n} cut off in a {w}x{h} frame: {shown.get(n)}"
        toolbar = [r for n, r in shown.items() if n in TOOLBAR or n.startswith("Show: ")]
        assert toolbar and all(inside(r, w, h) for r in toolbar)

    at_rest(driver, controls_inside)
    driver.switch_to.default_content()
    screenshot(driver, "small-embed-phone.png")
    assert severe_logs(driver) == []


def card_rect(driver):
    return driver.execute_script(
        "const c = [...document.querySelectorAll('#a11y [role=dialog]')].find((el) => !el.hidden);"
        "if (!c) return null; const r = c.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];")


def toolbar_box(driver):
    """The toolbar's bar: its buttons' and 6 px round them, or its folded "Show" button."""
    folded = [rect(e) for e in mirror(driver) if e["name"].startswith("Show: ") and e["width"] > 0]
    if folded:
        return folded[0]
    buttons = [rect(b) for n in TOOLBAR for b in named(driver, n, "button")]
    return (min(r[0] for r in buttons) - 6, min(r[1] for r in buttons) - 6, max(r[2] for r in buttons) + 6,
            max(r[3] for r in buttons) + 6)


def open_card(driver, name, touch=False):
    pin = poll(lambda: named(driver, name, "button"), message=f"{name}'s pin")[0]
    tap(driver, *centre(pin), touch=touch)
    poll(lambda: named(driver, "See details", "button"), message=f"{name}'s card")
    return pin


def test_on_a_phone_a_card_with_room_above_its_pin_opens_there(chrome, mapwire_server):
    driver = device(chrome, 390, 844, scale=3, phone=True)
    driver.get(mapwire_server + CHICAGO)
    wait_painted(driver)
    pin = poll(lambda: named(driver, "Marcus Bell", "button"), message="Marcus Bell's pin")[0]
    # Above the middle, with room above for the 300 px of card and arrow: under the zoom buttons' level.
    assert 330 < pin["y"] < 420, pin
    open_card(driver, "Marcus Bell", touch=True)

    def above_its_pin():
        card = card_rect(driver)
        after = named(driver, "Marcus Bell", "button")[0]
        img = screenshot(driver, "small-phone-card.png")
        assert card and inside(card, 390, 844), card
        assert card[3] <= after["y"] + 0.5, f"the card {card} hangs below the pin {after}"
        assert abs(after["y"] - pin["y"]) < 1, "nothing needed a scroll"
        assert pennant_pixels(img, rect(after), 390) > 50, "the pin shows"

    at_rest(driver, above_its_pin)
    assert severe_logs(driver) == []


def test_on_a_landscape_phone_the_card_is_whole_and_its_pin_in_view_also_after_resizes(chrome, mapwire_server):
    driver = device(chrome, 844, 390, scale=3, phone=True)
    driver.get(mapwire_server + CHICAGO)
    wait_painted(driver)
    open_card(driver, "Marcus Bell", touch=True)
    sizes = [(844, 390, "small-landscape-card.png"), (480, 360, "small-resized-card.png"),
             (320, 200, "small-tiny-card.png")]
    for w, h, shot in sizes:
        if (w, h) != (844, 390):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": w, "height": h, "deviceScaleFactor": 3, "mobile": True})
            poll(lambda: driver.execute_script("return innerWidth;") == w, message="the resize")

        def whole_and_in_view():
            card = card_rect(driver)
            pin = named(driver, "Marcus Bell", "button")[0]
            bar = toolbar_box(driver)
            img = screenshot(driver, shot)
            assert card and inside(card, w, h), f"the card {card} is cut off at {w}x{h}"
            assert card[3] <= pin["y"] + 0.5, f"the card {card} is not above its pin {pin}"
            assert named(driver, "See details", "button"), "the card's button"
            assert pennant_pixels(img, rect(pin), w) > 50, f"no pennant in view at {w}x{h}"
            if w * h < 100_000:
                # Too small for card and pin: the card, cut down to the person and its button, wins, and the
                # pin's head still shows under it.
                assert not named(driver, "Wishlist of Marcus Bell"), "no room for a wish"
                return
            assert not overlap(card, bar), f"the card {card} is under the toolbar {bar} at {w}x{h}"
            # The pin's head, its pennant, shows: on the map and clear of the toolbar.
            assert pin["y"] + 18 <= bar[1] and pin["y"] >= 0, f"the pin {pin} is hidden (toolbar {bar}) at {w}x{h}"

        # At rest: the card's fade and any scroll to fit it played out.
        at_rest(driver, whole_and_in_view)
    assert severe_logs(driver) == []
