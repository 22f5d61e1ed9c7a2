"""Clusters in headless Chromium against the real server: zoomed out, two
wishlist people share a cluster named "2 places" in the accessibility
mirror; a real mouse click on it zooms the map until both show."""

from __future__ import annotations

from conftest import click_at, poll, screenshot, severe_logs, wait_painted
from test_map import mirror, parse_hash

LISBON = "Maria Joana Benedita de Albuquerque Sousa"
DUBLIN = "Seán Ó Briain"


def named(driver, name):
    return [e for e in mirror(driver) if e["name"] == name and e["tag"] == "button" and e["width"] > 0]


def test_click_on_a_cluster_zooms_to_its_members(driver, mapwire_server):
    driver.get(mapwire_server + "/#2/45/-10")
    wait_painted(driver, timeout=20)
    cluster = poll(lambda: named(driver, "2 places"), timeout=10, message="the cluster in the mirror")[0]
    assert not named(driver, LISBON) and not named(driver, DUBLIN)
    screenshot(driver, "cluster-before-click.png")
    zoom0, _, _ = parse_hash(driver.execute_script("return location.hash;"))
    click_at(driver, cluster["x"] + cluster["width"] / 2, cluster["y"] + cluster["height"] / 2)
    poll(lambda: named(driver, LISBON) and named(driver, DUBLIN), timeout=8,
         message="both members shown after the click")
    poll(lambda: parse_hash(driver.execute_script("return location.hash;"))[0] > zoom0 + 0.5, timeout=8,
         message="the URL to follow the zoom")
    assert not named(driver, "2 places")
    screenshot(driver, "cluster-after-click.png")
    assert severe_logs(driver) == []
