"""The MapCallouts screen in headless Chromium against the real
server: a real mouse clicks the bridge marker, then its detail-disclosure
button found through the accessibility mirror, and the detail card opens;
Done closes it. Screenshots go to tests/browser/artifacts/."""

from __future__ import annotations

from conftest import at_rest, click_at, poll, screenshot, severe_logs, wait_painted
from test_map import mirror

SAN_FRANCISCO = "/#13/37.795/-122.43"


def named(driver, name, tag=None):
    return [e for e in mirror(driver) if e["name"] == name and e["width"] > 0 and (tag is None or e["tag"] == tag)]


def centre(e):
    return e["x"] + e["width"] / 2, e["y"] + e["height"] / 2


def test_bridge_disclosure_button_opens_detail_with_done(driver, mapwire_server):
    driver.get(mapwire_server + SAN_FRANCISCO)
    wait_painted(driver)
    bridge = poll(lambda: named(driver, "Golden Gate Bridge", "button"),
                  message="the bridge marker in the mirror")[0]
    click_at(driver, *centre(bridge))
    poll(lambda: named(driver, "More Info", "button"), message="the callout's More Info button")
    # The callout shows once any scroll to fit has ended; then it bounces
    # (its width passes 24 px mid-bounce too): the size that counts is at rest.

    def at_full_size():
        info = named(driver, "More Info", "button")[0]
        assert abs(info["width"] - 24) < 0.5, f"the callout at rest after its bounce: {info}"
        return info

    info = at_rest(driver, at_full_size)
    screenshot(driver, "mapcallouts-bridge-callout.png")
    before = {e["item"] for e in mirror(driver)}
    click_at(driver, *centre(info))
    done = poll(lambda: named(driver, "Done", "button"), message="the detail card's Done button")[0]
    dialogs = [e for e in mirror(driver) if e["name"] == "Golden Gate Bridge" and e["item"] not in before]
    assert dialogs, "the detail card is a new element named by the landmark"
    w, h = driver.execute_script("return [innerWidth, innerHeight];")

    def white_in_the_middle():
        img = screenshot(driver, "mapcallouts-bridge-detail.png")
        # The card is white and centred: the pixel at the centre of the view is white.
        assert img.getpixel((w // 2, h // 2 - 20)) == (255, 255, 255)

    at_rest(driver, white_in_the_middle)
    click_at(driver, *centre(done))
    poll(lambda: not named(driver, "Done"), message="Done to close the detail card")
    screenshot(driver, "mapcallouts-detail-closed.png")
    assert severe_logs(driver) == []


def test_toolbar_shows_only_the_chosen_landmark(driver, mapwire_server):
    driver.get(mapwire_server + SAN_FRANCISCO)
    wait_painted(driver)
    ferry_button = poll(lambda: named(driver, "Ferry", "button"), message="the toolbar")[0]
    click_at(driver, *centre(ferry_button))
    poll(lambda: named(driver, "Ferry Building", "button") and not named(driver, "Golden Gate Bridge"),
         message="only the ferry building after pressing Ferry")
    screenshot(driver, "mapcallouts-toolbar-ferry.png")
    assert severe_logs(driver) == []


def test_a_selected_markers_subtitle_is_not_printed_over_the_city_flag(driver, mapwire_server):
    """Selected, the Ferry Building's title and subtitle print under its marker where the San Francisco flag
    stands at #12/37.795/-122.42: the flag gives way while the marker is selected, and comes back after."""
    driver.get(mapwire_server + "/#12/37.795/-122.42")
    wait_painted(driver)
    flag = poll(lambda: named(driver, "San Francisco", "button"), message="the city flag")[0]
    ferry = poll(lambda: named(driver, "Ferry Building", "button"), message="the ferry marker")[0]
    click_at(driver, *centre(ferry))
    poll(lambda: not named(driver, "San Francisco", "button"),
         message="the flag to give way to the selected marker's subtitle")
    screenshot(driver, "mapcallouts-ferry-selected.png")
    driver.find_element("tag name", "body").send_keys("\ue00c")  # Escape
    poll(lambda: named(driver, "San Francisco", "button"), message="the flag back once deselected")
    assert flag["width"] > 0
