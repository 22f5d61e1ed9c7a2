"""Examples/HelloMap end to end: the example's own binary and the page in
headless Chromium, driven by a real mouse. A café's pin opens its callout,
the callout's Like button counts likes in the callout and turns the pin from
blue to pink, and another tab keeps likes of its own. A pin added through the
HTTP API shows too, as the default marker (the delegate returns nil for it).

Screenshots go to tests/browser/artifacts/hellomap-*.png.
"""

from __future__ import annotations

import json
import os
import urllib.request

from hello_map_server import chrome, hello_map  # noqa: F401 (fixtures)
from hello_map_server import at_rest, click_at, mirror, poll, screenshot, severe_logs, wait_painted

PLACE = "Caffè Florian"
SUBTITLE = "Venice, since 1720"
BLUE = (0x00, 0x7A, 0xFF)
PINK = (0xFF, 0x2D, 0x55)


def element(driver, name, tag=None):
    found = [e for e in mirror(driver) if e["name"] == name and e["width"] > 0
             and (tag is None or e["tag"] == tag)]
    return found[0] if found else None


def centre(e):
    return e["x"] + e["width"] / 2, e["y"] + e["height"] / 2


def near(rgb, expected, tolerance=12):
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, expected))


def head_colour(image, pin):
    """The colour in the middle of the pin's round head (24 px, at the top of the view)."""
    return image.getpixel((int(pin["x"] + pin["width"] / 2), int(pin["y"] + 12)))


def open_callout(driver, url):
    driver.get(url)
    wait_painted(driver)
    pin = poll(lambda: element(driver, PLACE, "button"), message=f"{PLACE}'s pin in the mirror")
    click_at(driver, *centre(pin))
    poll(lambda: element(driver, PLACE, "h2"), message="the callout's title")
    # Wait for the open bounce to finish, so the button is where the mirror says
    # (its width passes 64 px mid-bounce too).

    def like_at_full_size():
        like = element(driver, "Like", "button")
        assert like and abs(like["width"] - 64) < 0.5, f"the callout's Like button at full size: {like}"

    at_rest(driver, like_at_full_size)
    return pin


def test_pin_callout_and_like_button(chrome, hello_map):
    url, workdir = hello_map
    driver = chrome()
    pin = open_callout(driver, url)
    names = [e["name"] for e in mirror(driver)]
    assert SUBTITLE in names and "No likes yet" in names, names
    callout = poll(lambda: element(driver, PLACE, "div"), message="the callout dialog")
    like = element(driver, "Like", "button")
    # The whole callout is on screen, its button inside it, and it leaves the pin in view.
    width, height = driver.execute_script("return [innerWidth, innerHeight];")
    assert callout["x"] >= 0 and callout["y"] >= 0
    assert callout["x"] + callout["width"] <= width and callout["y"] + callout["height"] <= height
    assert callout["x"] < like["x"] and like["x"] + like["width"] < callout["x"] + callout["width"]
    assert callout["y"] + callout["height"] <= pin["y"] + 2 or callout["y"] >= pin["y"] + pin["height"] - 2
    before = screenshot(driver, "hellomap-callout.png")
    assert near(head_colour(before, pin), BLUE), head_colour(before, pin)

    click_at(driver, *centre(like))
    poll(lambda: element(driver, "♥ 1 like"), message="the callout to count one like")
    assert not element(driver, "No likes yet")
    assert element(driver, PLACE, "h2"), "the callout stays open"
    after = poll(lambda: (lambda img: img if near(head_colour(img, pin), PINK) else None)(
        screenshot(driver, "hellomap-liked.png")), message="the pin to turn pink")
    assert near(head_colour(after, pin), PINK)

    like = element(driver, "Like", "button")
    click_at(driver, *centre(like))
    poll(lambda: element(driver, "♥ 2 likes"), message="the callout to count two likes")
    screenshot(driver, "hellomap-liked-twice.png")

    # Likes belong to the tab: a second tab starts with none.
    other = chrome()
    open_callout(other, url)
    assert element(other, "No likes yet"), [e["name"] for e in mirror(other)]
    screenshot(other, "hellomap-second-tab.png")

    assert severe_logs(driver) == [] and severe_logs(other) == []
    assert os.listdir(workdir) == [], "HelloMap keeps its world in memory and writes nothing where it runs"


def test_pin_from_the_http_api_shows_in_an_open_tab_as_the_default_marker(chrome, hello_map):
    url, _ = hello_map
    driver = chrome()
    driver.get(url)
    wait_painted(driver)
    poll(lambda: element(driver, PLACE, "button"), message="the app's own places")
    # The command docs/getting-started.md gives, in "Where to go next".
    body = {"id": "cafe-gijon", "title": "Café Gijón", "latitude": 40.4195, "longitude": -3.6925}
    request = urllib.request.Request(url + "/api/annotations", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status == 201
    poll(lambda: element(driver, "Café Gijón", "button"), message="the API's pin in the open tab")
    screenshot(driver, "hellomap-api-pin.png")
    assert severe_logs(driver) == []


def test_the_opening_view_leaves_room_around_every_cafe(chrome, hello_map):
    """A fresh tab frames every café with room to spare: no pin near an edge,
    so the city name printed beside it is not cut, at a desktop and a small size."""
    url, _ = hello_map
    for width, height in [(1280, 800), (800, 600)]:
        driver = chrome(width=width, height=height)
        driver.get(url)
        wait_painted(driver)
        inner = driver.execute_script("return [innerWidth, innerHeight];")
        pins = poll(lambda: [e for e in mirror(driver) if e["tag"] == "button" and e["width"] > 0
                             and e["name"] not in ("Zoom in", "Zoom out", "Keyboard shortcuts")] or None,
                    message="the cafés' pins")
        screenshot(driver, f"hellomap-opening-{width}x{height}.png")
        for pin in pins:
            assert pin["x"] >= 60 and pin["y"] >= 60, (width, height, pin)
            assert pin["x"] + pin["width"] <= inner[0] - 60 and pin["y"] + pin["height"] <= inner[1] - 60, (
                width, height, pin)



ROUTE = (0x7B, 0x3F, 0x00)
ZONE_LINE = (0x2E, 0x8B, 0x57)
LAND = (0xF2, 0xEF, 0xE6)
# A quarter of the zone's green over the land.
ZONE_FILL = tuple(round(0.75 * land + 0.25 * green) for land, green in zip(LAND, ZONE_LINE))


def mercator_y(lat):
    import math
    return math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))


def project(box, lon, lat, west, east, north, south):
    """A coordinate's place in a screen box that spans west..east and north..south (Mercator)."""
    x = box["x"] + (lon - west) / (east - west) * box["width"]
    y = box["y"] + (mercator_y(north) - mercator_y(lat)) / (mercator_y(north) - mercator_y(south)) * box["height"]
    return x, y


def great_circle(a, b, t):
    """The point a fraction t of the way from a to b (lon, lat) along the great circle."""
    import math
    def vector(lon, lat):
        lon, lat = math.radians(lon), math.radians(lat)
        return (math.cos(lat) * math.cos(lon), math.cos(lat) * math.sin(lon), math.sin(lat))
    u, v = vector(*a), vector(*b)
    angle = math.acos(sum(p * q for p, q in zip(u, v)))
    ka, kb = math.sin((1 - t) * angle) / math.sin(angle), math.sin(t * angle) / math.sin(angle)
    x, y, z = (ka * p + kb * q for p, q in zip(u, v))
    return math.degrees(math.atan2(y, x)), math.degrees(math.atan2(z, math.hypot(x, y)))


def pixels_near(image, x, y, colour, radius=3, tolerance=14):
    return sum(near(image.getpixel((int(x) + dx, int(y) + dy)), colour, tolerance)
               for dx in range(-radius, radius + 1) for dy in range(-radius, radius + 1))


def test_route_and_zone_overlays_draw_under_the_pins(chrome, hello_map):
    """The example's café tour (a dashed geodesic line) and its coffee-house
    triangle (a lightly filled polygon) draw where their coordinates are, in
    their renderers' colours, and each is in the mirror by its title."""
    url, _ = hello_map
    driver = chrome()
    driver.get(url)
    wait_painted(driver)
    zone = poll(lambda: element(driver, "Coffee-house triangle"), message="the zone in the mirror")
    route = poll(lambda: element(driver, "Café tour"), message="the route in the mirror")
    image = screenshot(driver, "hellomap-overlays.png")
    # The triangle's corners: Venice (west, south), Vienna (east), Prague (north).
    west, east, north, south = 12.3385, 16.3655, 50.0819, 45.4336
    inside = project(zone, 14.37, 48.0, west, east, north, south)
    assert pixels_near(image, *inside, ZONE_FILL, radius=4) > 40, image.getpixel(tuple(map(int, inside)))
    # Its outline, halfway along the edge from Venice to Vienna.
    edge = project(zone, (12.3385 + 16.3655) / 2, (45.4336 + 48.2104) / 2 - 0.02, west, east, north, south)
    assert pixels_near(image, *edge, ZONE_LINE, radius=4, tolerance=40) > 0
    # The route's first leg, Lisbon to Paris: dashes of its brown along the middle of the great circle,
    # which bows north of the straight line on the map.
    west, east, north, south = -9.1425, 16.3655, 50.0819, 38.7107
    found = 0
    for i in range(20):
        lon, lat = great_circle((-9.1425, 38.7107), (2.3326, 48.8540), 0.4 + 0.2 * i / 19)
        found += pixels_near(image, *project(route, lon, lat, west, east, north, south), ROUTE, radius=2, tolerance=30)
    assert found > 20, "the route's brown along Lisbon to Paris"
    # Not along the straight line: the geodesic bows 20 points north of it there.
    x, y = project(route, -3.4, 43.78, west, east, north, south)
    assert pixels_near(image, x, y, ROUTE, radius=3, tolerance=30) == 0
    assert not severe_logs(driver)
