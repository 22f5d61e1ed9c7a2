"""The committed city tiles (fixtures/tiles, made by scripts/build_city_tiles.py) are what a street map needs.

Opens the MBTiles files with sqlite3 and decodes tiles with mapbox_vector_tile, the reference Python decoder, so a
broken rebuild or a decoder disagreement shows here before the Swift decoder is blamed.
"""

from __future__ import annotations

import gzip
import json
import math
import sqlite3
from pathlib import Path
from typing import Any

import mapbox_vector_tile
import pytest

ROOT = Path(__file__).resolve().parents[2]
TILES = ROOT / "fixtures" / "tiles"
TRAMS = ROOT / "fixtures" / "helsinki-trams.json"

# Helsinki central railway station.
STATION = (24.9414, 60.1710)


def tile_at(lon: float, lat: float, zoom: int) -> tuple[int, int]:
    """The XYZ column and row of the tile holding a point."""
    n = 1 << zoom
    x = int((lon + 180) / 360 * n)
    y = int((1 - math.asinh(math.tan(math.radians(lat))) / math.pi) / 2 * n)
    return x, y


def metadata(path: Path) -> dict[str, str]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return dict(db.execute("SELECT name, value FROM metadata"))


def decoded_tile(path: Path, zoom: int, x: int, y: int) -> dict[str, Any]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        # MBTiles rows count from the south (TMS).
        row = db.execute("SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?",
                         (zoom, x, (1 << zoom) - 1 - y)).fetchone()
    assert row is not None, f"no tile {zoom}/{x}/{y} in {path.name}"
    data = row[0]
    assert data[:2] == b"\x1f\x8b", "tiles are stored gzip-compressed"
    return mapbox_vector_tile.decode(gzip.decompress(data))


@pytest.mark.parametrize("city", ["helsinki", "karhula"])
def test_metadata(city: str) -> None:
    path = TILES / f"{city}.mbtiles"
    meta = metadata(path)
    assert meta["name"] == city.capitalize()
    assert meta["format"] == "pbf"
    assert "OpenStreetMap" in meta["attribution"] and "openstreetmap.org/copyright" in meta["attribution"]
    assert (int(meta["minzoom"]), int(meta["maxzoom"])) == (0, 14)
    west, south, east, north = map(float, meta["bounds"].split(","))
    assert west < east and south < north
    lon, lat, zoom = map(float, meta["center"].split(","))
    assert west <= lon <= east and south <= lat <= north and zoom == 14
    layers = {layer["id"]: layer for layer in json.loads(meta["json"])["vector_layers"]}
    for name in ("transportation", "transportation_name", "building", "landuse", "landcover", "place", "poi"):
        assert name in layers, name
    assert {"class", "brunnel"} <= set(layers["transportation"]["fields"])
    assert "name" in layers["transportation_name"]["fields"]
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        zooms = [z for (z,) in db.execute("SELECT DISTINCT zoom_level FROM tiles ORDER BY 1")]
    assert zooms == list(range(15))
    if city == "helsinki":
        assert west <= STATION[0] <= east and south <= STATION[1] <= north


def test_helsinki_station_tile_has_a_street_map() -> None:
    x, y = tile_at(*STATION, 14)
    tile = decoded_tile(TILES / "helsinki.mbtiles", 14, x, y)
    for layer in tile.values():
        assert layer["extent"] == 4096

    roads = tile["transportation"]["features"]
    assert len(roads) > 100
    classes = {road["properties"].get("class") for road in roads}
    assert None not in classes, "every transportation feature has a class"
    assert {"primary", "secondary", "minor", "rail", "tram"} <= classes
    assert any(road["properties"].get("brunnel") == "tunnel" for road in roads)
    assert all(road["geometry"]["type"] in ("LineString", "MultiLineString", "Polygon", "MultiPolygon")
               for road in roads)

    buildings = tile["building"]["features"]
    assert len(buildings) > 100
    assert all(building["geometry"]["type"] in ("Polygon", "MultiPolygon") for building in buildings)

    names = {feature["properties"].get("name") for feature in tile["transportation_name"]["features"]}
    assert "Mannerheimintie" in names
    assert {"landuse", "poi", "place"} <= set(tile)


def test_karhula_has_streets_and_buildings() -> None:
    path = TILES / "karhula.mbtiles"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        keys = db.execute("SELECT tile_column, tile_row FROM tiles WHERE zoom_level = 14").fetchall()
    roads = buildings = named = 0
    for x, row in keys:
        tile = decoded_tile(path, 14, x, (1 << 14) - 1 - row)
        roads += len(tile.get("transportation", {"features": []})["features"])
        buildings += len(tile.get("building", {"features": []})["features"])
        names = tile.get("transportation_name", {"features": []})["features"]
        named += sum(1 for feature in names if feature["properties"].get("name"))
    assert roads > 100 and buildings > 1000 and named > 10


def test_karhula_pmtiles_copy() -> None:
    data = (TILES / "karhula.pmtiles").read_bytes()
    assert data[:7] == b"PMTiles" and data[7] == 3


def test_helsinki_trams() -> None:
    trams = json.loads(TRAMS.read_text())
    assert "OpenStreetMap" in trams["attribution"]
    west, south, east, north = map(float, metadata(TILES / "helsinki.mbtiles")["bounds"].split(","))
    refs = {line["ref"] for line in trams["lines"]}
    assert {"1", "2", "3", "4", "5", "6", "7", "9", "10"} <= refs
    for line in trams["lines"]:
        assert line["name"] and line["polylines"]
        for polyline in line["polylines"]:
            assert len(polyline) >= 2
            for lon, lat in polyline:
                assert west - 1e-6 <= lon <= east + 1e-6 and south - 1e-6 <= lat <= north + 1e-6
        for stop in line["stops"]:
            lon, lat = stop["lonlat"]
            assert west - 1e-6 <= lon <= east + 1e-6 and south - 1e-6 <= lat <= north + 1e-6
    stops = {stop["name"] for line in trams["lines"] for stop in line["stops"]}
    assert "Rautatieasema (M)" in stops
