"""axe-core over the three screens a person meets: the world map, an open
wishlist card and a person's detail screen. Zero violations, at every
impact, including the rules that need a page to be zoomable and to have a
main landmark and a first-level heading."""

from __future__ import annotations

from axe_selenium_python import Axe

from conftest import click_at, poll, screenshot, wait_idle, wait_painted
from test_wishlist import PERSON, START, centre, element


def violations(driver) -> list[str]:
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    return [f"{v['id']} ({v['impact']}): {v['help']} -> {[n['target'] for n in v['nodes']][:3]}"
            for v in results["violations"]]


def test_the_map_the_card_and_the_detail_screen_have_no_violations(driver, mapwire_server):
    driver.get(mapwire_server + "/" + START)
    wait_painted(driver)
    pin = poll(lambda: element(driver, PERSON, "button"), message=f"{PERSON}'s pin in the mirror")
    assert violations(driver) == [], "the world map"

    click_at(driver, *centre(pin))
    button = poll(lambda: element(driver, "See details", "button"), message="the wishlist card")
    wait_idle(driver)  # the card's fade-in played out
    screenshot(driver, "audit-card.png")
    assert violations(driver) == [], "an open card"

    click_at(driver, *centre(button))
    poll(lambda: element(driver, "Back", "button"), message="the detail screen")
    wait_idle(driver)  # the slide played out
    screenshot(driver, "audit-detail.png")
    assert violations(driver) == [], "the detail screen"


def test_the_page_can_be_zoomed_and_names_itself(driver, mapwire_server):
    driver.get(mapwire_server + "/" + START)
    wait_painted(driver)
    viewport = driver.execute_script("return document.querySelector('meta[name=viewport]').content")
    assert "user-scalable=no" not in viewport and "maximum-scale" not in viewport
    assert driver.execute_script("return document.querySelectorAll('main').length") == 1
    heading = driver.execute_script("return document.querySelector('h1') && document.querySelector('h1').textContent")
    assert heading and "MapWire" in heading
