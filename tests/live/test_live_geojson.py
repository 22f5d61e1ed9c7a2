"""GeoJSON, GeoJSON text sequence and NDJSON imports, GeoJSON export, boxes,
pages and PATCH, on the real `mapwire` binary: what passes the transport's
gate (content types, the import body limit, query strings, Accept), what
GDAL and fiona write of points, lines and areas (fixtures/geojson, made
by scripts/make_geojson_fixtures.py) and what the store file keeps across a
restart."""

from __future__ import annotations

import json
import os
import socket
import time
import urllib.error
import urllib.request

import geojson

from live_server import ROOT, new_store, start_server


def http(server, path, method="GET", body=None, headers=None, timeout=120):
    if isinstance(body, (dict, list)):
        body = json.dumps(body).encode()
    request = urllib.request.Request(server.http + path, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


GEO = {"Content-Type": "application/geo+json"}
NDJSON = {"Content-Type": "application/x-ndjson"}
SEQ = {"Content-Type": "application/geo+json-seq"}
FIXTURES = os.path.join(ROOT, "fixtures", "geojson")
JSON = {"Content-Type": "application/json"}


def feature(fid, lon, lat, **properties):
    return {"type": "Feature", "id": fid, "geometry": {"type": "Point", "coordinates": [lon, lat]},
            "properties": properties}


def collection(features):
    return {"type": "FeatureCollection", "features": features}


def api_features(server):
    status, headers, body = http(server, "/api/annotations.geojson")
    assert status == 200 and headers["Content-Type"] == "application/geo+json"
    return json.loads(body)["features"]


def test_import_export_delete_import_round_trip(live_server):
    features = [
        feature("paris", 2.35, 48.85, title="Paris", subtitle="FR", **{"marker-color": "#e63946", "marker-symbol": "P"}),
        feature("oslo", 10.75, 59.91, title="Oslo", draggable=True, clusteringIdentifier="north"),
        feature(42, -70.5, -33.25, name="Santiago", **{"marker-color": "#0af"}),
    ]
    status, _, body = http(live_server, "/api/annotations", "POST", json.dumps(collection(features)).encode(), GEO)
    assert status == 201, body
    assert json.loads(body) == {"imported": 3, "ids": ["paris", "oslo", "42"], "warnings": []}
    exported = api_features(live_server)
    assert len(exported) > 3, "the samples' people and landmarks are exported too"
    by_id = {f["id"]: f for f in exported}
    assert by_id["paris"]["geometry"] == {"type": "Point", "coordinates": [2.35, 48.85]}
    assert by_id["paris"]["properties"]["marker-color"] == "#e63946"
    # A numeric id comes back as a number.
    assert by_id[42]["properties"]["title"] == "Santiago"
    # Accept picks the format on the plain list route.
    status, headers, body = http(live_server, "/api/annotations", headers={"Accept": "application/geo+json"})
    assert headers["Content-Type"] == "application/geo+json" and json.loads(body)["type"] == "FeatureCollection"

    # Delete all that can be (the landmarks are fixed), then import the export of those back.
    deleted = [f for f in exported if http(live_server, f"/api/annotations/{f['id']}", "DELETE")[0] == 200]
    assert {"paris", "oslo", 42} <= {f["id"] for f in deleted}
    left = api_features(live_server)
    assert len(left) == len(exported) - len(deleted)
    status, _, body = http(live_server, "/api/annotations", "POST", json.dumps(collection(deleted)).encode(), GEO)
    assert status == 201, body
    assert sorted(api_features(live_server), key=lambda f: str(f["id"])) == sorted(exported, key=lambda f: str(f["id"]))


def test_import_refusals_name_the_feature_and_add_nothing(live_server):
    good = feature("ok", 1, 1, title="OK")
    cases = [
        (collection([good, {"type": "Feature", "id": "line", "properties": {},
                            "geometry": {"type": "LineString", "coordinates": [[0, 0]]}}]),
         400, ["features[1]", "line", "LineString", "1 position"]),
        (collection([good, {"type": "Feature", "id": "ring", "properties": {},
                            "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [0, 0]]]}}]),
         400, ["features[1]", "ring", "a ring of the Polygon", "3 positions"]),
        (collection([good, feature("ok", 2, 2)]), 400, ["features[1]", "features[0]", "unique"]),
        (collection([good, feature("far", 1, 91)]), 400, ["features[1]", "latitude 91"]),
    ]
    for document, status, parts in cases:
        got, headers, body = http(live_server, "/api/annotations", "POST", json.dumps(document).encode(), GEO)
        assert got == status, body
        assert headers["Content-Type"] == "application/json"
        error = json.loads(body)["error"]
        for part in parts:
            assert part in error, error
    assert http(live_server, "/api/annotations/ok")[0] == 404
    # The gate still refuses other types, and names the ones it takes.
    got, _, body = http(live_server, "/api/annotations", "POST", b"{}", {"Content-Type": "text/plain"})
    assert got == 415 and b"application/geo+json" in body


def test_a_title_that_is_not_utf8_is_refused_alike_on_every_path(live_server):
    """The same bad bytes in a title: one clear 400 naming the field on each
    way in, the NDJSON one streamed through the transport; nothing added."""
    def bad_feature(fid):
        text = json.dumps(feature(fid, 1, 1, title="TITLE")).encode()
        return text.replace(b"TITLE", b"Caf\xe9")

    good = json.dumps(feature("fine", 1, 1, title="Caf\u00e9")).encode()
    cases = [
        (b'{"type":"FeatureCollection","features":[' + good + b"," + bad_feature("c") + b"]}", GEO,
         'features[1]: "properties.title" is not valid UTF-8'),
        (bad_feature("f"), GEO, '"properties.title" is not valid UTF-8'),
        (good + b"\n" + bad_feature("n") + b"\n", NDJSON, 'line 2: "properties.title" is not valid UTF-8'),
        (b'{"id":"p","latitude":1,"longitude":1,"title":"Caf\xe9"}', JSON,
         'annotation: "title" is not valid UTF-8'),
    ]
    for body, headers, message in cases:
        status, _, answer = http(live_server, "/api/annotations", "POST", body, headers)
        assert status == 400, answer
        assert json.loads(answer)["error"] == message
    for fid in ["fine", "c", "f", "n", "p"]:
        assert http(live_server, f"/api/annotations/{fid}")[0] == 404


def test_bbox_and_pages_through_the_transport(live_server):
    features = [feature(f"p{i}", 170 + i / 2, -50) for i in range(10)] + [feature("west", -175, -50)]
    assert http(live_server, "/api/annotations", "POST", json.dumps(collection(features)).encode(), GEO)[0] == 201
    for path, key in [("/api/annotations", "annotations"), ("/api/annotations.geojson", "features")]:
        seen, cursor = [], None
        while True:
            query = "?bbox=172%2C-51%2C-170%2C-49&limit=4" + (f"&cursor={cursor}" if cursor else "")
            status, _, body = http(live_server, path + query)
            assert status == 200, body
            page = json.loads(body)
            seen += [item["id"] for item in page[key]]
            cursor = page.get("next")
            if not cursor:
                break
        assert seen == ["p4", "p5", "p6", "p7", "p8", "p9", "west"]
    status, _, body = http(live_server, "/api/annotations?limit=-1")
    assert status == 400 and "limit" in json.loads(body)["error"]
    status, _, body = http(live_server, "/api/annotations.geojson?bbox=1,2")
    assert status == 400 and "bbox" in json.loads(body)["error"]


def test_patch_changes_style_and_survives_a_restart():
    store = new_store()
    server = start_server(store=store)
    try:
        pin = {"id": "van", "title": "Van", "latitude": 1, "longitude": 2, "markerColor": "#abc"}
        assert http(server, "/api/annotations", "POST", pin, JSON)[0] == 201
        status, _, body = http(server, "/api/annotations/van", "PATCH",
                               {"title": "Lorry", "marker-color": "#00ff00", "marker-symbol": "L"}, JSON)
        assert status == 200, body
        assert json.loads(body)["markerColor"] == "#00ff00"
        status, _, body = http(server, "/api/annotations/van", "PATCH", {"marker-symbol": "TOO LONG"}, JSON)
        assert status == 400 and "marker-symbol" in json.loads(body)["error"]
        status, _, body = http(server, "/api/annotations/amelie-fournier", "PATCH", {"title": "x"}, JSON)
        assert status == 409
    finally:
        server.stop()
    server = start_server(store=store)
    try:
        status, _, body = http(server, "/api/annotations/van")
        van = json.loads(body)
        assert (van["title"], van["markerColor"], van["markerSymbol"]) == ("Lorry", "#00ff00", "L")
    finally:
        server.stop()


def test_an_ndjson_import_of_200000_features_adds_them_all(live_server):
    count = 200_000
    lines = []
    for i in range(count):
        lon = -179.5 + (i % 3590) / 10
        lat = -80 + (i // 3590) * 0.25
        props = {"title": f"Pin {i}"}
        if i % 7 == 0:
            props["marker-color"] = "#1d3557"
        lines.append(json.dumps({"type": "Feature", "id": f"n{i}",
                                 "geometry": {"type": "Point", "coordinates": [round(lon, 4), round(lat, 4)]},
                                 "properties": props}, separators=(",", ":")))
    body = ("\n".join(lines) + "\n").encode()
    # Bigger than the 8 MB of other bodies: the import route has its own limit.
    assert len(body) > 8 << 20
    started = time.monotonic()
    status, _, answer = http(live_server, "/api/annotations", "POST", body, NDJSON, timeout=300)
    elapsed = time.monotonic() - started
    assert status == 201, answer
    assert json.loads(answer) == {"imported": count, "ids": [f"n{i}" for i in range(count)], "warnings": []}
    print(f"\nNDJSON import of {count} features ({len(body) >> 20} MB): {elapsed:.2f} s on the debug build")
    ids = set()
    cursor = None
    while True:
        status, _, page = http(live_server, "/api/annotations?limit=100000" + (f"&cursor={cursor}" if cursor else ""))
        assert status == 200
        page = json.loads(page)
        ids.update(a["id"] for a in page["annotations"])
        cursor = page.get("next")
        if not cursor:
            break
    assert all(f"n{i}" in ids for i in range(count))
    status, _, one = http(live_server, "/api/annotations/n700")
    assert json.loads(one)["markerColor"] == "#1d3557" and json.loads(one)["title"] == "Pin 700"
    # An error names the line: nothing of this batch is added.
    bad = b'{"type":"Feature","id":"x1","geometry":{"type":"Point","coordinates":[1,1]},"properties":{}}\n' \
          b'{"type":"Feature","id":"n5","geometry":{"type":"Point","coordinates":[1,1]},"properties":{}}\n'
    status, _, answer = http(live_server, "/api/annotations", "POST", bad, NDJSON)
    assert status == 409 and json.loads(answer)["error"].startswith("line 2")
    assert http(live_server, "/api/annotations/x1")[0] == 404


def test_the_import_limit_is_a_flag():
    """`--max-import-mb 9`: a 10 MB import is refused with 413 before its body is read; 8.5 MB is taken."""
    server = start_server("--max-import-mb", "9", "--samples", "none")
    try:
        line = json.dumps(feature("f-000000", 2.35, 48.85, title="x" * 60)).encode() + b"\n"
        # The head alone: the answer comes before any of the 10 MB is sent.
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            s.sendall(b"POST /api/annotations HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      b"Content-Type: application/x-ndjson\r\nContent-Length: %d\r\n\r\n" % (10 << 20))
            answer = s.recv(4096)
        assert answer.startswith(b"HTTP/1.1 413"), answer
        assert api_features(server) == []
        lines = [json.dumps(feature(f"f-{i:06d}", 2.35, 48.85, title="x" * 60)).encode() + b"\n"
                 for i in range(int(8.5 * 1024 * 1024) // len(line))]
        status, _, body = http(server, "/api/annotations", "POST", b"".join(lines), NDJSON)
        assert status == 201, body
        assert len(api_features(server)) == len(lines)
    finally:
        server.stop()


def fixture(name: str) -> bytes:
    with open(os.path.join(FIXTURES, name), "rb") as f:
        return f.read()


# Each fixture, how it is sent, the names it holds in order, and the warnings' (index, property).
WRITTEN_BY_TOOLS = [
    ("gdal-rfc7946.geojson", GEO, ["Eiffel Tower", "Louvre", "Notre-Dame"], [(2, "marker-color")]),
    ("gdal-legacy-crs84.geojson", GEO, ["Eiffel Tower", "Louvre", "Notre-Dame"], [(2, "marker-color")]),
    ("gdal-seq.geojsonl", SEQ, ["Eiffel Tower", "Louvre", "Notre-Dame"], [(2, "marker-color")]),
    ("gdal-seq.geojsonl", NDJSON, ["Eiffel Tower", "Louvre", "Notre-Dame"], [(2, "marker-color")]),
    ("gdal-seq-rs.geojsons", SEQ, ["Eiffel Tower", "Louvre", "Notre-Dame"], [(2, "marker-color")]),
    ("gdal-seq-rs.geojsons", NDJSON, ["Eiffel Tower", "Louvre", "Notre-Dame"], [(2, "marker-color")]),
    ("gdal-multipoint.geojson", GEO, ["Stops", "Stops"], []),
    ("gdal-null-geometry.geojsonl", SEQ, ["Paris"], [(1, "geometry")]),
    ("fio-cat.geojsonl", NDJSON, ["Eiffel Tower", "Louvre", "Notre-Dame"], [(2, "marker-color")]),
    ("fio-cat-rs.geojsons", SEQ, ["Eiffel Tower", "Louvre", "Notre-Dame"], [(2, "marker-color")]),
    ("fio-dump-multipoint.geojson", GEO, ["Stops", "Stops"], []),
]


def test_what_gdal_and_fiona_write_is_imported():
    """Each file is imported on a server of its own (fiona's files number their
    features from "0", so two of them would share ids), and the export gives
    back its places, heights and styles."""
    server = start_server("--samples", "none")
    try:
        for name, headers, titles, warned in WRITTEN_BY_TOOLS:
            status, _, body = http(server, "/api/annotations", "POST", fixture(name), headers)
            assert status == 201, (name, body)
            answer = json.loads(body)
            assert answer["imported"] == len(titles) == len(answer["ids"]), (name, answer)
            assert [(w["index"], w["property"]) for w in answer["warnings"]] == warned, (name, answer)
            if headers is not GEO:
                assert all("line" in w for w in answer["warnings"]), (name, answer)
            _, _, document = http(server, "/api/annotations.geojson")
            # What a GeoJSON validator from outside the project makes of the export.
            collection = geojson.loads(document)
            assert collection.is_valid, (name, collection.errors())
            exported = {f["id"]: f for f in api_features(server)}
            assert [exported[i]["properties"]["title"] for i in answer["ids"]] == titles, name
            if titles[0] == "Eiffel Tower":
                eiffel, louvre, notre_dame = (exported[i] for i in answer["ids"])
                assert eiffel["geometry"]["coordinates"] == [2.2945, 48.8584, 330.0], name
                assert eiffel["properties"]["marker-size"] == "large", name
                assert louvre["properties"]["marker-color"] == "1d3557", name
                assert louvre["properties"]["marker-symbol"] == "museum", name
                assert "marker-color" not in notre_dame["properties"], name
            for fid in answer["ids"]:
                assert http(server, f"/api/annotations/{fid}", "DELETE")[0] == 200
    finally:
        server.stop()


# Lines and areas: each file, how it is sent, how many shapes, the ids when the file gives them, the warnings.
SHAPES_WRITTEN_BY_TOOLS = [
    ("gdal-countries.geojson", GEO, 5, None, [(4, "fill")]),
    ("gdal-countries-seq.geojsonl", SEQ, 5, None, [(4, "fill")]),
    ("gdal-countries-seq.geojsonl", NDJSON, 5, None, [(4, "fill")]),
    ("fio-cat-countries.geojsonl", NDJSON, 5, ["0", "1", "2", "3", "4"], [(4, "fill")]),
    ("gdal-qgis-shapes.geojson", GEO, 4, None, [(3, "stroke-width")]),
]


def test_lines_and_areas_that_gdal_and_fiona_write_are_imported():
    """Natural Earth's countries (a hole, MultiPolygons) and lines drawn in QGIS
    (one with altitudes), as GDAL and fiona write them: every feature is one
    shape, its id given or new, and a style value simplestyle has no word for
    is a warning. The same ids again refuse the whole import."""
    server = start_server("--samples", "none")
    try:
        seen = set()
        for name, headers, count, ids, warned in SHAPES_WRITTEN_BY_TOOLS:
            status, _, body = http(server, "/api/annotations", "POST", fixture(name), headers)
            assert status == 201, (name, body)
            answer = json.loads(body)
            assert answer["imported"] == count == len(answer["ids"]) == len(set(answer["ids"])), (name, answer)
            if ids is not None:
                assert answer["ids"] == ids, (name, answer)
            assert not seen & set(answer["ids"]), (name, answer)
            seen |= set(answer["ids"])
            assert [(w["index"], w["property"]) for w in answer["warnings"]] == warned, (name, answer)
            assert all(w.get("id") in answer["ids"] for w in answer["warnings"]), (name, answer)
        status, _, body = http(server, "/api/annotations", "POST", fixture("fio-cat-countries.geojsonl"), NDJSON)
        assert status == 409, body
        assert json.loads(body)["error"].startswith("line 1: ") and "nothing was imported" in json.loads(body)["error"]
    finally:
        server.stop()


def test_a_crs_other_than_longitude_and_latitude_is_refused_naming_it(live_server):
    status, _, body = http(live_server, "/api/annotations", "POST", fixture("gdal-web-mercator.geojson"), GEO)
    assert status == 400, body
    error = json.loads(body)["error"]
    assert "urn:ogc:def:crs:EPSG::3857" in error and "CRS84" in error, error


def test_style_problems_are_warnings_and_the_rest_is_kept(live_server):
    features = [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 1]},
         "properties": {"name": "No id", "marker-color": "f00", "marker-symbol": "cafe", "marker-size": "small"}},
        feature("long", 2, 2, **{"marker-symbol": "WXYZ", "marker-color": "blue"}),
        feature("size", 3, 3, **{"marker-size": 3, "description": "Shown as the subtitle"}),
        {"type": "Feature", "id": "nowhere", "geometry": None, "properties": {}},
    ]
    status, _, body = http(live_server, "/api/annotations", "POST", json.dumps(collection(features)).encode(), GEO)
    assert status == 201, body
    answer = json.loads(body)
    new_id, *rest = answer["ids"]
    assert rest == ["long", "size"] and new_id not in ("long", "size", "nowhere")
    assert [(w["index"], w.get("id"), w["property"]) for w in answer["warnings"]] == [
        (1, "long", "marker-color"), (1, "long", "marker-symbol"), (2, "size", "marker-size"),
        (3, "nowhere", "geometry")]
    assert "unknown icon" in answer["warnings"][1]["why"]
    first = json.loads(http(live_server, f"/api/annotations/{new_id}")[2])
    assert (first["markerColor"], first["markerSymbol"], first["markerSize"]) == ("f00", "cafe", "small")
    long = json.loads(http(live_server, "/api/annotations/long")[2])
    assert long["markerSymbol"] == "WXYZ" and "markerColor" not in long
    assert json.loads(http(live_server, "/api/annotations/size")[2])["subtitle"] == "Shown as the subtitle"
    assert http(live_server, "/api/annotations/nowhere")[0] == 404
    # PATCH is one explicit edit: a bad value there is refused.
    status, _, body = http(live_server, "/api/annotations/long", "PATCH", {"marker-symbol": "not-an-icon"}, JSON)
    assert status == 400 and "unknown icon name" in json.loads(body)["error"]
    status, _, body = http(live_server, "/api/annotations/long", "PATCH",
                           {"marker-symbol": "bus", "marker-color": "0af", "marker-size": "large"}, JSON)
    assert status == 200, body
    assert json.loads(body)["markerSize"] == "large"


def test_a_text_sequence_is_streamed_through_the_transport(live_server):
    count = 20_000
    records = b"".join(
        b"\x1e" + json.dumps(feature(f"q{i}", -170 + i % 340, -60 + (i // 340) % 120, title=f"Q{i}")).encode()
        + b"\n" for i in range(count))
    status, _, body = http(live_server, "/api/annotations", "POST", records, SEQ)
    assert status == 201, body
    answer = json.loads(body)
    assert answer["imported"] == count and answer["ids"][-1] == f"q{count - 1}"
    assert json.loads(http(live_server, "/api/annotations/q19999")[2])["title"] == "Q19999"
    bad = b"\x1e" + json.dumps(feature("r1", 1, 1)).encode() + b"\n\x1e{\"type\": \n \"Feature\",}\n"
    status, _, body = http(live_server, "/api/annotations", "POST", bad, SEQ)
    assert status == 400 and json.loads(body)["error"].startswith("line 2: invalid JSON"), body
    assert http(live_server, "/api/annotations/r1")[0] == 404


def test_new_ids_numeric_ids_altitudes_and_sizes_survive_a_restart():
    store = new_store()
    server = start_server("--samples", "none", store=store)
    try:
        features = [
            {"type": "Feature", "id": 7, "geometry": {"type": "Point", "coordinates": [2.35, 48.85, 35.5]},
             "properties": {"name": "Seven", "marker-size": "large"}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [13.4, 52.5]},
             "properties": {"name": "No id"}},
            {"type": "Feature", "id": "m", "geometry": {"type": "MultiPoint", "coordinates": [[1, 1], [2, 2, 5]]},
             "properties": {"name": "Multi"}},
        ]
        status, _, body = http(server, "/api/annotations", "POST", json.dumps(collection(features)).encode(), GEO)
        assert status == 201, body
        ids = json.loads(body)["ids"]
        assert ids[0] == "7" and ids[2:] == ["m:0", "m:1"]
        before = api_features(server)
    finally:
        server.stop()
    server = start_server("--samples", "none", store=store)
    try:
        after = api_features(server)
        assert after == before
        by_id = {f["id"]: f for f in after}
        assert by_id[7]["geometry"]["coordinates"] == [2.35, 48.85, 35.5]
        assert by_id[7]["properties"]["marker-size"] == "large"
        assert by_id[ids[1]]["properties"]["title"] == "No id"
        assert by_id["m:1"]["geometry"]["coordinates"] == [2, 2, 5]
        # The JSON API keeps ids as strings, and has the altitude too.
        seven = json.loads(http(server, "/api/annotations/7")[2])
        assert seven["id"] == "7" and seven["altitude"] == 35.5 and seven["markerSize"] == "large"
    finally:
        server.stop()
