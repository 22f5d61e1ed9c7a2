"""Live moves: a move fed through the HTTP API shows up in two browsers at once
(real server, two headless Chromium pages). Screenshots go to
tests/browser/artifacts/live-*.png."""

from __future__ import annotations

import json
import urllib.request

from conftest import poll, screenshot, severe_logs, wait_painted
from test_map import mirror

# Open ocean in the Pacific: nothing else is drawn near the centre.
OCEAN = "#6/0/-150"


def post(base_url: str, path: str, body) -> dict:
    request = urllib.request.Request(base_url + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def pin(driver, name):
    found = [e for e in mirror(driver) if e["tag"] == "button" and e["name"] == name and e["width"] > 0]
    return found[0] if found else None


def darkest_column(img, y0, y1):
    """The x with the most non-ocean pixels between rows y0 and y1 (where the pin is drawn)."""
    ocean = img.getpixel((5, 5))
    px = img.load()
    counts = {}
    for y in range(y0, y1):
        for x in range(img.size[0]):
            if max(abs(a - b) for a, b in zip(px[x, y][:3], ocean[:3])) > 40:
                counts[x] = counts.get(x, 0) + 1
    return max(counts, key=counts.get) if counts else None


def test_an_api_move_shows_up_in_two_browsers(chrome, mapwire_server):
    pages = [chrome(), chrome()]
    for page in pages:
        page.get(mapwire_server + "/" + OCEAN)
        wait_painted(page)
    post(mapwire_server, "/api/annotations", {"id": "browser-ship", "title": "Ship",
                                              "latitude": 0, "longitude": -150})
    starts = [poll(lambda p=p: pin(p, "Ship"), message="the ship's pin") for p in pages]
    before = [screenshot(p, f"live-before-{i}.png") for i, p in enumerate(pages)]

    answer = post(mapwire_server, "/api/moves", {"moves": [{"id": "browser-ship", "latitude": 0, "longitude": -148}]})
    assert answer["applied"] == 1
    # Two degrees of longitude at zoom 6 are 91 px to the right, in both pages.
    for page, start in zip(pages, starts):
        poll(lambda p=page, s=start: abs(pin(p, "Ship")["x"] - s["x"] - 91) < 2,
             message="the pin glided 91 px to the right")
    after = [screenshot(p, f"live-after-{i}.png") for i, p in enumerate(pages)]

    for start, img0, img1 in zip(starts, before, after):
        y0, y1 = int(start["y"]), int(start["y"] + start["height"])
        x0, x1 = darkest_column(img0, y0, y1), darkest_column(img1, y0, y1)
        assert x0 is not None and x1 is not None, "no pin pixels in the screenshots"
        assert abs(x1 - x0 - 91) < 4, (x0, x1)
    for page in pages:
        assert severe_logs(page) == []
