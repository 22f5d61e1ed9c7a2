"""Clusters in headless Chromium against the real server: zoomed out, two
wishlist people share a cluster named "2 places" in the accessibility
mirror; a real mouse click on it zooms the map until both show."""

from __future__ import annotations

from conftest import at_rest, click_at, poll, screenshot, severe_logs, wait_painted
from test_map import mirror, parse_hash
from test_styled_pins import pixels_near, rgb

LISBON = "Maria Joana Benedita de Albuquerque Sousa"
DUBLIN = "Seán Ó Briain"


def named(driver, name):
    return [e for e in mirror(driver) if e["name"] == name and e["tag"] == "button" and e["width"] > 0]


def test_click_on_a_cluster_zooms_to_its_members(driver, mapwire_server):
    driver.get(mapwire_server + "/#3/45/-10")
    wait_painted(driver)
    cluster = poll(lambda: named(driver, "2 places"), message="the cluster in the mirror")[0]
    assert not named(driver, LISBON) and not named(driver, DUBLIN)
    img = screenshot(driver, "cluster-before-click.png")
    # The badge is blue with its count in white, centred: the count's pixels
    # sit in the middle of the badge and balance left and right of its centre.
    cx, cy = cluster["x"] + cluster["width"] / 2, cluster["y"] + cluster["height"] / 2
    middle = {"x": cx - 9, "y": cy - 9, "width": 18, "height": 18}
    assert pixels_near(img, cluster, rgb("#3478f6"), tolerance=24) > 400
    white_left = pixels_near(img, {**middle, "width": 9}, (255, 255, 255), tolerance=40)
    white_right = pixels_near(img, {**middle, "x": cx, "width": 9}, (255, 255, 255), tolerance=40)
    assert white_left > 4 and white_right > 4, (white_left, white_right)
    zoom0, _, _ = parse_hash(driver.execute_script("return location.hash;"))
    click_at(driver, cluster["x"] + cluster["width"] / 2, cluster["y"] + cluster["height"] / 2)
    poll(lambda: named(driver, LISBON) and named(driver, DUBLIN),
         message="both members shown after the click")
    poll(lambda: parse_hash(driver.execute_script("return location.hash;"))[0] > zoom0 + 0.5,
         message="the URL to follow the zoom")
    assert not named(driver, "2 places")
    screenshot(driver, "cluster-after-click.png")
    assert severe_logs(driver) == []


def test_two_pages_watch_a_shared_cluster_follow_its_moving_members(chrome, mapwire_server):
    """API pins with a clustering identifier are clustered once, in the store:
    two pages watching the same cluster both see its count follow moves, and
    a click on it still zooms to its members."""
    from test_browser_live_moves import post
    base = {"latitude": -30.0, "longitude": -120.0}
    vans = [{"id": f"fleet-van-{i}", "title": f"Van {i}", "clusteringIdentifier": "fleet",
             "latitude": base["latitude"] + 0.02 * (i % 3), "longitude": base["longitude"] + 0.02 * (i // 3)}
            for i in range(6)]
    for van in vans:
        post(mapwire_server, "/api/annotations", van)
    pages = [chrome(), chrome()]
    for page in pages:
        page.get(mapwire_server + "/#6/-30/-120")
        wait_painted(page)
    for page in pages:
        poll(lambda p=page: named(p, "6 places"), message="the fleet's cluster in both pages")
        assert not named(page, "Van 0")
    screenshot(pages[0], "shared-cluster-six.png")
    # Two vans drive 4 degrees east (178 px at zoom 6): the cluster keeps four, they show on their own.
    post(mapwire_server, "/api/moves", {"moves": [{"id": "fleet-van-4", "latitude": -30.0, "longitude": -116.0},
                                                  {"id": "fleet-van-5", "latitude": -33.0, "longitude": -116.0}]})
    for page in pages:
        poll(lambda p=page: named(p, "4 places"), message="the cluster's count follows the moves")
        poll(lambda p=page: named(p, "Van 4") and named(p, "Van 5"), message="the movers on their own")
        assert not named(page, "6 places")
    screenshot(pages[1], "shared-cluster-four.png")
    cluster = named(pages[0], "4 places")[0]
    zoom0, _, _ = parse_hash(pages[0].execute_script("return location.hash;"))
    click_at(pages[0], cluster["x"] + cluster["width"] / 2, cluster["y"] + cluster["height"] / 2)
    poll(lambda: all(named(pages[0], f"Van {i}") for i in range(4)),
         message="the four members apart after the click")
    poll(lambda: parse_hash(pages[0].execute_script("return location.hash;"))[0] > zoom0 + 0.5,
         message="the URL to follow the zoom (it is set once the camera settles)")
    screenshot(pages[0], "shared-cluster-after-click.png")
    # Framed clear of the toolbar over the map's bottom: each van and the title under it above the bar.
    bar_top = min(b["y"] for b in named(pages[0], "City"))
    for i in range(4):
        van = named(pages[0], f"Van {i}")[0]
        assert van["y"] >= 0 and van["y"] + van["height"] + 16 <= bar_top, (i, van, bar_top)
    for page in pages:
        assert severe_logs(page) == []


# Each animation frame until window.stopScaleSamples: the scale bar's label
# and width, which follow the zoom.
SAMPLE_SCALE_JS = """
window.scaleSamples = [];
window.stopScaleSamples = false;
function sample() {
  const bar = [...document.querySelectorAll('#a11y [data-item]')].find((e) => /^Scale: /.test(e.textContent));
  if (bar) window.scaleSamples.push(bar.textContent + ' ' + bar.getBoundingClientRect().width.toFixed(1));
  if (!window.stopScaleSamples) requestAnimationFrame(sample);
}
requestAnimationFrame(sample);
"""


def test_a_click_on_a_cluster_zooms_in_steps_and_keeps_members_clear_of_the_edges(driver, mapwire_server):
    driver.get(mapwire_server + "/#3/45/-10")
    wait_painted(driver)
    cluster = poll(lambda: named(driver, "2 places"), message="the cluster in the mirror")[0]
    driver.execute_script(SAMPLE_SCALE_JS)
    click_at(driver, cluster["x"] + cluster["width"] / 2, cluster["y"] + cluster["height"] / 2)
    poll(lambda: named(driver, LISBON) and named(driver, DUBLIN), message="both members shown")
    w, h = driver.execute_script("return [innerWidth, innerHeight];")

    def framed():
        bar_top = min(b["y"] for b in named(driver, "City"))
        for name in (LISBON, DUBLIN):
            pin = named(driver, name)[0]
            # Framed as showAnnotations frames: 20 px clear of the edges and of the toolbar.
            assert pin["y"] >= 20 - 0.5 and pin["x"] >= 20 - 0.5 and pin["x"] + pin["width"] <= w - 20 + 0.5, pin
            assert pin["y"] + pin["height"] <= bar_top - 20 + 0.5, (pin, bar_top)

    at_rest(driver, framed)
    samples = driver.execute_script("window.stopScaleSamples = true; return window.scaleSamples;")
    states = list(dict.fromkeys(samples))
    # Animated: the scale passes through a zoom between the first and the last (how many
    # frames the page gets depends on the machine's speed).
    assert len(states) >= 3, f"the zoom jumped: {states}"
    screenshot(driver, "cluster-after-animated-click.png")
    assert severe_logs(driver) == []
