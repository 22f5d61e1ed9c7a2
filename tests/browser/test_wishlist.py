"""The wishlist app end to end: the real Swift server and the painter
in headless Chromium, driven by a real mouse and wheel through WebDriver
actions. A person's pin opens their card, the wheel scrolls its list (and not
the map), "See details" opens the detail screen and a history entry, and the
browser's Back returns to the map with the card open again.

Screenshots go to tests/browser/artifacts/wishlist-*.png.
"""

from __future__ import annotations

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin

from conftest import at_rest, click_at, drag, poll, screenshot, severe_logs, wait_idle, wait_painted
from test_map import mirror

# Chicago low in the middle with room above for Marcus Bell's card (30 wishes).
START = "#5/45/-87.63"
PERSON = "Marcus Bell"


def element(driver, name, tag=None):
    found = [e for e in mirror(driver) if e["name"] == name and (tag is None or e["tag"] == tag)
             and e["width"] > 0]
    return found[0] if found else None


def centre(e):
    return e["x"] + e["width"] / 2, e["y"] + e["height"] / 2


def rows(driver):
    return [e["name"] for e in mirror(driver) if e["tag"] == "li"]


def location_hash(driver):
    return driver.execute_script("return location.hash;")


def test_card_list_details_and_browser_back(driver, mapwire_server):
    driver.get(mapwire_server + "/" + START)
    wait_painted(driver)
    pin = poll(lambda: element(driver, PERSON, "button"), message=f"{PERSON}'s pin in the mirror")
    start_hash = location_hash(driver)

    click_at(driver, *centre(pin))
    card = poll(lambda: element(driver, PERSON, "div") or element(driver, PERSON, "dialog")
                or element(driver, "See details", "button"), message="the wishlist card")
    assert card
    listbox = poll(lambda: element(driver, f"Wishlist of {PERSON}"), message="the card's list")
    first_rows = rows(driver)
    assert "Model train track, HO scale" in first_rows, first_rows
    wait_idle(driver)  # the fade-in played out
    listbox = element(driver, f"Wishlist of {PERSON}")
    screenshot(driver, "wishlist-card.png")

    # The wheel over the list scrolls it; the map keeps its camera.
    x, y = centre(listbox)
    ActionChains(driver).scroll_from_origin(ScrollOrigin.from_viewport(int(x), int(y)), 0, 150).perform()
    scrolled = poll(lambda: (lambda r: r if r and r[0] != first_rows[0] else None)(rows(driver)),
                    message="the list to scroll")
    assert "Model train track, HO scale" not in scrolled
    wait_idle(driver)  # a wheel that reached the map would have settled and changed the URL
    assert location_hash(driver) == start_hash, "the wheel over the card must not move the map"
    screenshot(driver, "wishlist-card-scrolled.png")

    # A drag inside the list scrolls it further (and keeps gliding); the map stays put.
    drag(driver, x, y + 30, 0, -90, steps=9)
    poll(lambda: (lambda r: r if r and r[0] != scrolled[0] else None)(rows(driver)),
         message="the list to scroll with a drag")
    wait_idle(driver)  # momentum and settle
    assert location_hash(driver) == start_hash, "a drag in the list must not pan the map"
    assert element(driver, "See details", "button"), "the card stays open"

    # "See details", found by its accessible name, clicked with the mouse at its rectangle.
    button = poll(lambda: element(driver, "See details", "button"), message="See details")
    click_at(driver, *centre(button))
    poll(lambda: element(driver, "Back", "button"), message="the detail screen's Back button")
    poll(lambda: location_hash(driver).endswith("/person/marcus-bell"),
         message="the URL to name the detail screen")
    assert location_hash(driver).startswith(start_hash)

    def detail_screen():
        assert element(driver, "Chicago, United States"), "the detail screen shows the place"
        assert element(driver, "Wishlist (30)"), "and the whole wishlist's heading"
        assert element(driver, PERSON, "button") is None, "the map's pins are covered"

    at_rest(driver, detail_screen)  # the slide played out
    screenshot(driver, "wishlist-detail.png")

    # The browser's own Back returns to the map with the same camera and the card open.
    driver.back()
    poll(lambda: element(driver, "Back", "button") is None, message="the detail screen to close")
    poll(lambda: element(driver, "See details", "button"), message="the card again")
    assert location_hash(driver) == start_hash
    assert element(driver, PERSON, "button") is not None
    wait_idle(driver)
    screenshot(driver, "wishlist-after-back.png")
    assert severe_logs(driver) == []


def test_card_lays_out_a_non_latin_name(driver, mapwire_server):
    """Greek name and place, measured by HarfBuzz on the server, drawn by the page."""
    name = "Δήμητρα Παπαδοπούλου"
    driver.get(mapwire_server + "/#5/45/23")
    wait_painted(driver)
    pin = poll(lambda: element(driver, name, "button"), message=f"{name}'s pin")
    click_at(driver, *centre(pin))
    poll(lambda: element(driver, "See details", "button"), message="the card")
    heading = poll(lambda: next((e for e in mirror(driver) if e["name"] == name and e["tag"] != "button"
                                 and e["tag"] != "div"), None), message="the card's name heading")
    place = element(driver, "Θεσσαλονίκη, Ελλάδα")
    assert place, "the place line"
    # The name fits the card's text column (240 wide card, 66 px for the avatar).
    assert heading["width"] <= 240 - 66 - 14 + 1
    wait_idle(driver)
    screenshot(driver, "wishlist-card-greek.png")
    assert severe_logs(driver) == []
