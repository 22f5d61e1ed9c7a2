"""wire.py (the test-side client) agrees with the golden protocol fixtures
that the Swift encoder and the JavaScript painter are checked against."""

from __future__ import annotations

import json
import os

import wire

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "fixtures", "protocol")

OP_NAMES = {wire.DEF_IMAGE: "DEF_IMAGE", wire.DEF_PATH: "DEF_PATH", wire.DEF_FONT: "DEF_FONT",
            wire.CAMERA: "CAMERA", wire.BACKGROUND: "BACKGROUND", wire.INSERT: "INSERT",
            wire.REMOVE: "REMOVE", wire.MOVE: "MOVE", wire.PATCH: "PATCH", wire.TRANSFORM: "TRANSFORM",
            wire.A11Y: "A11Y", wire.A11Y_NAMES: "A11Y_NAMES", wire.FOCUS: "FOCUS", wire.URL: "URL", wire.CURSOR: "CURSOR",
            wire.EMBED_ORIGINS: "EMBED_ORIGINS", wire.EVENT_SELECT: "EVENT_SELECT",
            wire.EVENT_DESELECT: "EVENT_DESELECT", wire.EVENT_CAMERA: "EVENT_CAMERA",
            wire.EVENT_CALLOUT_ACTION: "EVENT_CALLOUT_ACTION", wire.OPEN_URL: "OPEN_URL"}


def load(name):
    with open(os.path.join(FIXTURES, name), "rb") as f:
        return f.read()


def test_golden_frame_decodes_op_for_op():
    golden = json.loads(load("golden.json"))
    frame = wire.decode_server_message(load("golden.bin"))
    assert isinstance(frame, wire.Frame)
    assert (frame.number, frame.input_seq) == (golden["frame"], golden["inputSeq"])
    assert [OP_NAMES[op[0]] for op in frame.ops] == [op["op"] for op in golden["ops"]]
    for op, expected in zip(frame.ops, golden["ops"]):
        if expected["op"] == "CAMERA":
            assert op[1:] == (expected["centerX"], expected["centerY"], expected["zoom"])
        if expected["op"] in ("INSERT", "PATCH"):
            assert op[1] == expected["item"]
        if expected["op"] == "EMBED_ORIGINS":
            assert op[1] == expected["origins"]
        if expected["op"] in ("EVENT_SELECT", "EVENT_DESELECT"):
            assert op[1] == expected["id"]
        if expected["op"] == "EVENT_CAMERA":
            assert op[1:] == (expected["latitude"], expected["longitude"], expected["zoom"])
        if expected["op"] == "EVENT_CALLOUT_ACTION":
            assert op[1:] == (expected["id"], expected["control"])
    scene = wire.Scene()
    scene.apply(frame)  # applies cleanly: every PATCH/MOVE/REMOVE names a live item


def test_golden_welcome_decodes():
    golden = json.loads(load("golden-welcome.json"))
    welcome = wire.decode_server_message(load("golden-welcome.bin"))
    assert (welcome.version, welcome.session) == (golden["version"], golden["session"])


def test_client_encoders_match_the_fixtures():
    c = json.loads(load("client.json"))
    h, p, w = c["client-hello.bin"], c["client-pointer.bin"], c["client-wheel.bin"]
    k, r, s = c["client-key.bin"], c["client-resize.bin"], c["client-embed-set-camera.bin"]
    encoded = {
        "client-hello.bin": wire.hello(h["width"], h["height"], h["devicePixelRatio"], h["hash"],
                                       color_scheme=h["colorScheme"], style=h["style"]),
        "client-color-scheme.bin": wire.color_scheme(c["client-color-scheme.bin"]["seq"],
                                                     c["client-color-scheme.bin"]["colorScheme"]),
        "client-ack.bin": wire.ack(c["client-ack.bin"]["frame"]),
        "client-pointer.bin": wire.pointer(p["seq"], p["phase"], p["x"], p["y"], buttons=p["buttons"],
                                           pointer_id=p["pointerId"], pointer_type=p["pointerType"],
                                           modifiers=p["modifiers"], time_ms=p["time"]),
        "client-wheel.bin": wire.wheel(w["seq"], w["x"], w["y"], w["deltaX"], w["deltaY"],
                                       modifiers=w["modifiers"], time_ms=w["time"]),
        "client-key.bin": wire.key(k["seq"], k["phase"], k["key"], modifiers=k["modifiers"]),
        "client-resize.bin": wire.resize(r["seq"], r["width"], r["height"], r["devicePixelRatio"]),
        "client-focus.bin": wire.focus(c["client-focus.bin"]["seq"], c["client-focus.bin"]["item"]),
        "client-activate.bin": wire.activate(c["client-activate.bin"]["seq"], c["client-activate.bin"]["item"]),
        "client-navigate.bin": wire.navigate(c["client-navigate.bin"]["seq"], c["client-navigate.bin"]["hash"]),
        "client-embed-set-camera.bin": wire.embed_set_camera(s["seq"], s["latitude"], s["longitude"], s["zoom"],
                                                             animated=s["animated"] == 1),
        "client-embed-select.bin": wire.embed_select(c["client-embed-select.bin"]["seq"],
                                                     c["client-embed-select.bin"]["id"]),
        "client-embed-deselect.bin": wire.embed_deselect(c["client-embed-deselect.bin"]["seq"]),
    }
    assert set(encoded) == set(c), "every client fixture is encoded here"
    for name, data in encoded.items():
        assert data == load(name), name
