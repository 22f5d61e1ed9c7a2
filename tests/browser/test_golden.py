"""The painter's decoder and encoder against the golden protocol fixtures, in
real headless Chromium. Needs no MapWire server: a plain http.server serves
the repository root (the page's WebSocket simply fails to connect).

The fixtures come from scripts/make_golden.py; this test also checks that they
are up to date with it.
"""

from __future__ import annotations

import base64
import json
import os
import sys

import pytest

from conftest import ROOT, poll

FIXTURES = os.path.join(ROOT, "fixtures", "protocol")

DECODE_JS = """
const [url, done] = arguments;
fetch(url).then(r => r.arrayBuffer())
  .then(buf => done({ok: window.mapwire.decode(buf)}))
  .catch(e => done({error: String(e && e.stack || e)}));
"""


def load_json(name: str):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture
def page(driver, static_server):
    driver.get(static_server + "/Public/index.html")
    poll(lambda: driver.execute_script("return !!(window.mapwire && window.mapwire.decode)"),
         message="window.mapwire")
    return driver


def decode_in_browser(driver, base_url: str, name: str):
    result = driver.execute_async_script(DECODE_JS, f"{base_url}/fixtures/protocol/{name}")
    assert "error" not in result, result.get("error")
    return result["ok"]


def test_fixtures_are_up_to_date(tmp_path):
    """Regenerating the fixtures gives exactly the committed files."""
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import make_golden

    make_golden.check_coverage(make_golden.golden_frame())
    assert make_golden.encode_server(make_golden.golden_frame()) == open(
        os.path.join(FIXTURES, "golden.bin"), "rb").read()
    assert load_json("golden.json") == make_golden.golden_frame()
    for name, msg in make_golden.CLIENT.items():
        assert make_golden.encode_client(msg) == open(os.path.join(FIXTURES, name), "rb").read(), name


def test_golden_frame_decodes_exactly(page, static_server):
    decoded = decode_in_browser(page, static_server, "golden.bin")
    expected = load_json("golden.json")
    # Compare op by op first for a readable failure, then the whole message.
    assert decoded["op"] == "FRAME"
    assert len(decoded["ops"]) == len(expected["ops"])
    for got, want in zip(decoded["ops"], expected["ops"]):
        assert got == want
    assert decoded == expected


def test_golden_frame_covers_the_protocol():
    """The fixture really uses every frame opcode, property key and item kind."""
    frame = load_json("golden.json")
    ops = {op["op"] for op in frame["ops"]}
    assert ops == {"DEF_IMAGE", "DEF_PATH", "DEF_FONT", "CAMERA", "BACKGROUND", "INSERT", "REMOVE",
                   "MOVE", "PATCH", "TRANSFORM", "A11Y", "A11Y_NAMES", "FOCUS", "URL", "CURSOR", "OPEN_URL",
                   "EMBED_ORIGINS", "EVENT_SELECT", "EVENT_DESELECT", "EVENT_CAMERA", "EVENT_CALLOUT_ACTION"}
    kinds = {op["kind"] for op in frame["ops"] if op["op"] == "INSERT"}
    assert kinds == {"GROUP", "RECT", "TEXT", "IMAGE", "WORLD_PATH", "BUBBLE", "BADGE", "CURVED_TEXT"}
    keys = {p["key"] for op in frame["ops"] for p in op.get("props", [])}
    assert keys == {"FRAME", "ANCHOR", "CLEAR_ANCHOR", "SCALE", "ALPHA", "FILL", "STROKE", "RADIUS",
                    "TEXT", "FONT", "IMAGE", "PATH", "CLIP", "BUBBLE", "SHADOW", "HIDDEN", "SCROLL",
                    "BASELINE", "EVEN_ODD", "REPEAT", "GLIDE", "LINE", "CLIP_WORLD", "GLYPHS"}


def test_welcome_decodes_exactly(page, static_server):
    assert decode_in_browser(page, static_server, "golden-welcome.bin") == load_json("golden-welcome.json")


def test_client_messages_encode_exactly(page):
    """window.mapwire.encode (what the page sends) gives exactly client-*.bin."""
    for name, msg in load_json("client.json").items():
        got = page.execute_script(
            "return Array.from(new Uint8Array(window.mapwire.encode(arguments[0])));", msg)
        want = list(open(os.path.join(FIXTURES, name), "rb").read())
        assert got == want, name


def test_path_data_decodes_to_rings(page):
    """DEF_PATH data: 2 rings, multi-byte varints, negative deltas continuing across rings."""
    data = load_json("golden.json")["ops"][2]
    assert data["op"] == "DEF_PATH"
    rings = page.execute_script("""
        const bin = atob(arguments[0]);
        const u8 = Uint8Array.from(bin, c => c.charCodeAt(0));
        return window.MapWireWire.decodePathData(u8);""", data["data"])
    assert rings == [[0, 0, 300, 0, 300, -200, 0, -200], [50, -50, 100, -50, 100, -150, 50, -150]]


@pytest.mark.parametrize("hex_bytes", [
    "02070000",                  # FRAME cut inside its header
    "0207000000000000000099",    # unknown frame op 0x99
    "020700000000000000300a00000000000000000000000201ff",  # unknown property key 0xff
    "02070000000000000021ffdf",  # BACKGROUND cut inside its rgba
])
def test_malformed_messages_throw(page, hex_bytes):
    raw = list(bytes.fromhex(hex_bytes))
    error = page.execute_script("""
        try { window.mapwire.decode(new Uint8Array(arguments[0]).buffer); return null; }
        catch (e) { return e.name + ': ' + e.message; }""", raw)
    assert error is not None, f"{hex_bytes} decoded without error"
    assert error.startswith("WireError"), error


def test_base64_in_golden_is_the_tiny_svg():
    svg = base64.b64decode(load_json("golden.json")["ops"][1]["data"])
    assert svg.startswith(b"<svg") and b"</svg>" in svg
