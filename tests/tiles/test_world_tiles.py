"""The committed world tiles (fixtures/tiles/world.mbtiles, made by scripts/build_world_tiles.py) are a base map the
built-in styles can draw: OpenMapTiles layers and fields, ocean where the sea is, borders, labelled places, and a
first frame within budget.

Opens the MBTiles file with sqlite3 and decodes tiles with mapbox_vector_tile, the reference Python decoder.
"""

from __future__ import annotations

import gzip
import json
import math
import sqlite3
from pathlib import Path
from typing import Any

import pytest

mapbox_vector_tile = pytest.importorskip("mapbox_vector_tile", reason="pip install -r tests/requirements.txt")
shapely_geometry = pytest.importorskip("shapely.geometry", reason="pip install shapely")

ROOT = Path(__file__).resolve().parents[2]
WORLD = ROOT / "fixtures" / "tiles" / "world.mbtiles"
EXTENT = 4096
# MapWire's first frame at z4 may send 150 KB in all; the base map's share is about 100 KB.
BASE_MAP_BUDGET = 100_000


def tile_at(lon: float, lat: float, zoom: int) -> tuple[int, int]:
    """The XYZ column and row of the tile holding a point."""
    n = 1 << zoom
    x = int((lon + 180) / 360 * n)
    y = int((1 - math.asinh(math.tan(math.radians(lat))) / math.pi) / 2 * n)
    return x, y


def metadata() -> dict[str, str]:
    with sqlite3.connect(f"file:{WORLD}?mode=ro", uri=True) as db:
        return dict(db.execute("SELECT name, value FROM metadata"))


def raw_tile(zoom: int, x: int, y: int) -> bytes | None:
    with sqlite3.connect(f"file:{WORLD}?mode=ro", uri=True) as db:
        # MBTiles rows count from the south (TMS).
        row = db.execute("SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?",
                         (zoom, x, (1 << zoom) - 1 - y)).fetchone()
    if row is None:
        return None
    assert row[0][:2] == b"\x1f\x8b", "tiles are stored gzip-compressed"
    return gzip.decompress(row[0])


def decoded_tile(zoom: int, x: int, y: int) -> dict[str, Any]:
    data = raw_tile(zoom, x, y)
    assert data is not None, f"no tile {zoom}/{x}/{y} in world.mbtiles"
    tile = mapbox_vector_tile.decode(data, default_options={"y_coord_down": True})
    for name, layer in tile.items():
        assert layer["extent"] == EXTENT, name
    return tile


def features(tile: dict[str, Any], layer: str) -> list[dict[str, Any]]:
    return tile.get(layer, {"features": []})["features"]


def test_metadata() -> None:
    meta = metadata()
    assert meta["format"] == "pbf"
    assert meta["name"]
    assert meta["attribution"] == "Natural Earth"
    assert "Natural Earth" in meta["description"] and "public domain" in meta["description"]
    assert [float(v) for v in meta["bounds"].split(",")] == [-180, -85.0511, 180, 85.0511]
    lon, lat, zoom = map(float, meta["center"].split(","))
    assert -180 <= lon <= 180 and -85.0511 <= lat <= 85.0511
    min_zoom, max_zoom = int(meta["minzoom"]), int(meta["maxzoom"])
    assert min_zoom == 0 and 6 <= max_zoom <= 10 and min_zoom <= zoom <= max_zoom
    layers = {layer["id"]: layer for layer in json.loads(meta["json"])["vector_layers"]}
    assert set(layers) == {"water", "boundary", "place", "waterway"}
    assert "class" in layers["water"]["fields"]
    assert {"admin_level", "maritime", "disputed"} <= set(layers["boundary"]["fields"])
    assert {"class", "name", "name:latin", "rank", "capital"} <= set(layers["place"]["fields"])
    assert {"class", "name"} <= set(layers["waterway"]["fields"])
    with sqlite3.connect(f"file:{WORLD}?mode=ro", uri=True) as db:
        zooms = [z for (z,) in db.execute("SELECT DISTINCT zoom_level FROM tiles ORDER BY 1")]
        assert db.execute("SELECT COUNT(*) FROM tiles WHERE zoom_level = 0").fetchone() == (1,)
    assert zooms == list(range(max_zoom + 1))


@pytest.mark.parametrize("zoom", [5, 6, 8])
def test_open_sea_tiles_are_covered_by_ocean(zoom: int) -> None:
    """The styles paint a land-coloured background, so a tile at sea must hold water covering all of it."""
    tile = decoded_tile(zoom, *tile_at(-35.0, 35.0, zoom))  # mid-Atlantic, west of the Azores
    water = features(tile, "water")
    assert [f["properties"] for f in water] == [{"class": "ocean"}]
    covered = shapely_geometry.shape(water[0]["geometry"])
    assert covered.covers(shapely_geometry.box(0, 0, EXTENT, EXTENT))


def test_lakes() -> None:
    zoom = 5
    classes = {f["properties"]["class"] for f in features(decoded_tile(zoom, *tile_at(31.5, 61.0, zoom)), "water")}
    assert classes == {"ocean", "lake"}, "the Gulf of Finland and Lake Ladoga"


def test_a_coast_tile_has_land_and_sea() -> None:
    # Brittany's west coast at z6: ocean on part of the tile only.
    tile = decoded_tile(6, *tile_at(-4.5, 48.4, 6))
    water = shapely_geometry.shape(features(tile, "water")[0]["geometry"])
    square = shapely_geometry.box(0, 0, EXTENT, EXTENT)
    assert 0.1 < water.intersection(square).area / square.area < 0.9


def test_the_franco_german_border_at_z6() -> None:
    tile = decoded_tile(6, *tile_at(7.75, 48.58, 6))  # Strasbourg, on the Rhine
    borders = [f for f in features(tile, "boundary") if f["properties"]["admin_level"] == 2]
    assert borders and all(f["properties"]["maritime"] == 0 for f in borders)
    assert all(f["geometry"]["type"] in ("LineString", "MultiLineString") for f in borders)
    states = [f for f in features(tile, "boundary") if f["properties"]["admin_level"] == 4]
    assert states, "state and province lines from z4"


def test_states_start_at_z4() -> None:
    def levels(zoom: int) -> set[int]:
        x, y = tile_at(-98.0, 39.0, zoom)  # Kansas
        return {f["properties"]["admin_level"] for f in features(decoded_tile(zoom, x, y), "boundary")}
    assert 4 not in levels(3)
    assert 4 in levels(4)


@pytest.mark.parametrize("zoom", [4, 6, 8])
@pytest.mark.parametrize("name, lon, lat", [("Paris", 2.35, 48.86), ("Helsinki", 24.94, 60.17)])
def test_capitals_are_ranked_places(zoom: int, name: str, lon: float, lat: float) -> None:
    places = [f for f in features(decoded_tile(zoom, *tile_at(lon, lat, zoom)), "place")
              if f["properties"]["name"] == name]
    assert len(places) == 1, f"{name} at z{zoom}"
    properties = places[0]["properties"]
    assert properties["class"] == "city" and properties["name:latin"] == name
    assert properties["capital"] == 2
    assert isinstance(properties["rank"], int) and 1 <= properties["rank"] <= 3


def test_countries_are_labelled() -> None:
    zoom = 4
    places = features(decoded_tile(zoom, *tile_at(2.0, 46.5, zoom)), "place")  # central France
    countries = {f["properties"]["name"]: f["properties"] for f in places if f["properties"]["class"] == "country"}
    assert "France" in countries and countries["France"]["rank"] <= 3
    assert countries["France"].get("iso_a2") == "FR"


def test_rivers() -> None:
    zoom = 6
    rivers = features(decoded_tile(zoom, *tile_at(7.75, 48.58, zoom)), "waterway")
    assert any(f["properties"]["class"] == "river" and f["properties"].get("name") == "Rhine" for f in rivers)
    assert not features(decoded_tile(4, *tile_at(7.75, 48.58, 4)), "waterway"), "rivers from z5"


def view_tiles(zoom: int, lon: float, lat: float, width: int = 1280, height: int = 800) -> list[tuple[int, int]]:
    """The tiles a view needs when tile z is drawn as 512 points at zoom z (OpenMapTiles' convention)."""
    size = 512 * (1 << zoom)
    x = (lon + 180) / 360 * size
    y = (1 - math.asinh(math.tan(math.radians(lat))) / math.pi) / 2 * size
    left, top = x - width / 2, max(0.0, y - height / 2)
    columns = range(math.floor(left / 512), math.floor((left + width - 1) / 512) + 1)
    rows = range(math.floor(top / 512), min(math.floor((top + height - 1) / 512), (1 << zoom) - 1) + 1)
    return [(column % (1 << zoom), row) for column in columns for row in rows]


@pytest.mark.parametrize("zoom, lon, lat", [(4, 15.0, 50.0), (2, 0.0, 20.0), (4, -95.0, 40.0)])
def test_a_first_frame_fits_the_budget(zoom: int, lon: float, lat: float) -> None:
    """Uncompressed MVT bytes of every tile a 1280x800 view needs."""
    total = sum(len(raw_tile(zoom, x, y) or b"") for x, y in view_tiles(zoom, lon, lat))
    assert 0 < total <= BASE_MAP_BUDGET
