"""fixtures/tiles/reference.json.gz is what the reference decoder reads: decode
every committed archive again with mapbox_vector_tile and compare. The Swift
decoder's tests (Tests/VectorTilesTests/ReferenceDecoderTests.swift) hold
their own decoding to the same file, so the two decoders agree through it."""

from __future__ import annotations

import gzip
import importlib.util
import json
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
pytest.importorskip("mapbox_vector_tile", reason="pip install -r tests/requirements.txt")
pytest.importorskip("pmtiles", reason="pip install -r tests/requirements.txt")


def fixtures_script():
    spec = importlib.util.spec_from_file_location("make_tile_fixtures",
                                                  os.path.join(ROOT, "scripts", "make_tile_fixtures.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def committed_reference(script) -> dict:
    with open(script.REFERENCE, "rb") as f:
        return json.loads(gzip.decompress(f.read()))


def test_the_committed_reference_is_the_reference_decoders_reading():
    script = fixtures_script()
    committed = committed_reference(script)
    # Written as the file is and read back (tuples become lists). The inflated
    # JSON is compared, not the gzip bytes: another zlib may deflate the same
    # text differently.
    fresh = json.loads(gzip.decompress(script.encoded_reference(script.reference())))
    assert [(a["path"], a.get("sameTilesAs")) for a in fresh["archives"]] == [
        (a["path"], a.get("sameTilesAs")) for a in committed["archives"]], (
        "the archives in fixtures/tiles/ changed: run scripts/make_tile_fixtures.py --reference")
    for new, old in zip(fresh["archives"], committed["archives"]):
        if "sameTilesAs" in new:
            continue
        assert [(t["z"], t["x"], t["y"]) for t in new["tiles"]] == [(t["z"], t["x"], t["y"]) for t in old["tiles"]]
        for new_tile, old_tile in zip(new["tiles"], old["tiles"]):
            assert new_tile == old_tile, f"{new['path']} {new_tile['z']}/{new_tile['x']}/{new_tile['y']}"
    assert fresh == committed


def test_every_archive_in_the_folder_is_listed():
    script = fixtures_script()
    committed = committed_reference(script)
    archives = sorted(os.path.relpath(os.path.join(script.FOLDER, name), ROOT)
                      for name in os.listdir(script.FOLDER) if name.endswith(script.ARCHIVE_SUFFIXES))
    assert {"fixtures/tiles/helsinki.mbtiles", "fixtures/tiles/karhula.pmtiles"} <= set(archives)
    assert [a["path"] for a in committed["archives"]] == archives, (
        "fixtures/tiles/ holds archives reference.json.gz does not list: "
        "run scripts/make_tile_fixtures.py --reference")
    # A shared tile list is always written out by an archive listed earlier.
    with_tiles = []
    for archive in committed["archives"]:
        if "sameTilesAs" in archive:
            assert archive["sameTilesAs"] in with_tiles and "tiles" not in archive, archive["path"]
        else:
            assert archive["tiles"], archive["path"]
            with_tiles.append(archive["path"])
    assert {a["path"]: a.get("sameTilesAs") for a in committed["archives"]}["fixtures/tiles/karhula.pmtiles"] == (
        "fixtures/tiles/karhula.mbtiles")


def test_the_fixtures_hold_what_the_swift_tests_rely_on():
    """Every geometry kind, holes, every value kind, a leaf directory and a run:
    if the script stops writing one, the comparison would silently cover less."""
    script = fixtures_script()
    committed = committed_reference(script)
    kinds, values = set(), set()
    for archive in committed["archives"]:
        for tile in archive.get("tiles", []):
            for layer in tile["layers"]:
                for feature in layer["features"]:
                    geometry = feature["geometry"]
                    kinds.add(geometry["type"])
                    if geometry["type"] == "Polygon" and len(geometry["coordinates"]) > 1:
                        kinds.add("Polygon with a hole")
                    values.update(next(iter(v)) for v in feature["properties"].values())
    assert kinds >= {"Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon",
                     "Polygon with a hole"}
    assert values == {"bool", "int", "float", "string"}

    from pmtiles.reader import MmapSource, Reader
    from pmtiles.tile import deserialize_directory
    with open(os.path.join(script.FOLDER, "sample.pmtiles"), "rb") as f:
        source = MmapSource(f)
        header = Reader(source).header()
        root = deserialize_directory(source(header["root_offset"], header["root_length"]))
        assert any(entry.run_length == 0 for entry in root), "no leaf directory"
        leaves = [entry for leaf in root if leaf.run_length == 0 for entry in deserialize_directory(
            source(header["leaf_directory_offset"] + leaf.offset, leaf.length))]
        assert any(entry.run_length > 1 for entry in leaves), "no run of identical tiles"
