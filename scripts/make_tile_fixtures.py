#!/usr/bin/env python3
"""Writes the vector tile fixtures under fixtures/tiles/ and what the reference
decoder reads from them.

  scripts/make_tile_fixtures.py              build sample.mbtiles and sample.pmtiles, then write reference.json.gz
  scripts/make_tile_fixtures.py --reference  only write reference.json.gz, from the archives already there

The archives hold every geometry type (points, multipoints, lines,
multilines, polygons with holes, multipolygons), every value type, feature
ids, gzipped tiles, a PMTiles run of identical tiles and a PMTiles leaf
directory. reference.json.gz is mapbox_vector_tile's decoding of every tile
(of a big archive, a sample) of every archive in fixtures/tiles/ (an archive
someone adds there is covered by running this again with --reference); the
Swift decoder's tests compare their own decoding with it feature by feature,
and tests/tiles checks that the committed reference is still what
mapbox_vector_tile reads.

An archive of more than SAMPLE_ABOVE tiles (world.mbtiles, the Natural Earth base
map, has about 68 000) is sampled, so the reference stays under 1 MB: every
tile at z0-z2 and the tiles in SAMPLE_TILES that it has; its entry says so in
"sample". The Swift tests compare the tiles an entry lists, so they follow.

The city tiles decode to megabytes of coordinates, so the file is compact JSON,
gzipped (level 9, no timestamp, so a rerun writes the same bytes with the same
zlib). An archive whose tiles are byte for byte those of an archive listed
before it (karhula.pmtiles and karhula.mbtiles, the two samples) says so with
"sameTilesAs" instead of repeating them; both are still decoded and compared.

Needs `pip install mapbox-vector-tile pmtiles` (tests/requirements.txt).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sqlite3

import mapbox_vector_tile
import pmtiles.writer
from mapbox_vector_tile.Mapbox import vector_tile_pb2
from pmtiles.reader import MmapSource, Reader, all_tiles
from pmtiles.tile import Compression, TileType, zxy_to_tileid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, "fixtures", "tiles")
REFERENCE = os.path.join(FOLDER, "reference.json.gz")
ARCHIVE_SUFFIXES = (".mbtiles", ".pmtiles")
SAMPLE_ABOVE = 2000
SAMPLE_FULL_ZOOMS = 2
# z/x/y (XYZ) of the other tiles a sampled archive contributes: the places tests/tiles/test_world_tiles.py checks.
SAMPLE_TILES = {
    (3, 4, 2),  # Europe, the biggest z3 tile (all of z3 would double the reference)
    (4, 8, 5), (5, 16, 11), (6, 32, 22), (7, 64, 44), (8, 129, 88),  # Paris
    (4, 9, 4), (5, 18, 9), (6, 36, 18), (7, 72, 37), (8, 145, 74),  # Helsinki
    (6, 33, 22),  # Strasbourg: the Franco-German border, the Rhine
    (6, 31, 22),  # Brittany's coast
    (5, 12, 12), (8, 103, 101),  # mid-Atlantic: one ocean polygon covering the tile
    (4, 3, 6),  # Kansas: state lines
}
SAMPLE_NOTE = f"every tile at z0-z{SAMPLE_FULL_ZOOMS} and a fixed list of others (scripts/make_tile_fixtures.py)"
VECTOR_LAYERS = [
    {"id": "roads", "fields": {"name": "String", "lanes": "Number", "oneway": "Boolean"}, "minzoom": 0, "maxzoom": 2},
    {"id": "buildings", "fields": {"height": "Number"}, "minzoom": 0, "maxzoom": 2},
    {"id": "pois", "fields": {"name": "String"}, "minzoom": 0, "maxzoom": 2},
    {"id": "values", "fields": {}, "minzoom": 0, "maxzoom": 2},
]


def encoded_layers(shift: int) -> list[dict]:
    """Features in tile coordinates (y down), moved by `shift` so tiles differ."""
    s = shift
    square = [(100 + s, 100), (900 + s, 100), (900 + s, 900), (100 + s, 900), (100 + s, 100)]
    hole = [(300 + s, 300), (300 + s, 600), (600 + s, 600), (600 + s, 300), (300 + s, 300)]
    return [
        {"name": "roads", "features": [
            {"geometry": f"LINESTRING ({10 + s} 20, {400 + s} 20, {400 + s} 3000)",
             "properties": {"name": "Rue de Rivoli", "lanes": 4, "oneway": True}, "id": 1},
            {"geometry": f"MULTILINESTRING (({s} 0, {100 + s} 100), ({200 + s} 200, {300 + s} 250, {-50 + s} 4200))",
             "properties": {"name": "Périphérique ✓", "lanes": -2, "oneway": False}, "id": 2},
        ]},
        {"name": "buildings", "features": [
            {"geometry": "POLYGON ((" + ", ".join(f"{x} {y}" for x, y in square) + "), ("
             + ", ".join(f"{x} {y}" for x, y in hole) + "))",
             "properties": {"height": 12.5}, "id": 10},
            {"geometry": f"MULTIPOLYGON ((({1000 + s} 1000, {1500 + s} 1000, {1500 + s} 1500, {1000 + s} 1000)), "
             f"(({2000 + s} 2000, {2600 + s} 2000, {2600 + s} 2700, {2000 + s} 2700, {2000 + s} 2000)))",
             "properties": {"height": 3}, "id": 11},
        ]},
        {"name": "pois", "features": [
            {"geometry": f"POINT ({2048 + s} 2048)", "properties": {"name": "Café"}, "id": 20},
            {"geometry": f"MULTIPOINT ({5 + s} 5, {4000 + s} 4090, {-10 + s} 4200)", "properties": {}, "id": 21},
        ]},
    ]


def value_layer(shift: int) -> vector_tile_pb2.tile.layer:
    """The value kinds mapbox_vector_tile's encoder never writes (float, uint,
    sint), a feature without an id and a 512 extent, written through its protobuf classes."""
    layer = vector_tile_pb2.tile.layer()
    layer.version = 2
    layer.name = "values"
    layer.extent = 512
    layer.keys.extend(["float", "uint", "sint", "double", "big", "flag", "text"])
    for field, value in (("float_value", 1.1), ("uint_value", 7), ("sint_value", -shift - 3),
                         ("double_value", 2.5e-7), ("uint_value", 2**64 - 1), ("bool_value", True),
                         ("string_value", "")):
        setattr(layer.values.add(), field, value)
    with_id = layer.features.add()
    with_id.id = 2**53 + 1
    with_id.type = vector_tile_pb2.tile.Point
    with_id.tags.extend([0, 0, 1, 1, 2, 2, 3, 3])
    with_id.geometry.extend([9, 2 * (shift + 1), 2 * 17])  # MoveTo(1) to (shift + 1, 17)
    without_id = layer.features.add()
    without_id.type = vector_tile_pb2.tile.LineString
    without_id.tags.extend([4, 4, 5, 5, 6, 6])
    # MoveTo (3, 6), LineTo (8, 12) and (5, 0): cursor deltas, zigzagged.
    without_id.geometry.extend([9, 6, 12, 18, 10, 12, 5, 23])
    return layer


def tile(shift: int) -> bytes:
    data = mapbox_vector_tile.encode(encoded_layers(shift), default_options={"y_coord_down": True})
    message = vector_tile_pb2.tile()
    message.ParseFromString(data)
    message.layers.append(value_layer(shift))
    return message.SerializeToString()


def sea_tile() -> bytes:
    """One polygon covering the tile: the tile a run of identical tiles repeats."""
    return mapbox_vector_tile.encode([{"name": "water", "features": [
        {"geometry": "POLYGON ((0 0, 4096 0, 4096 4096, 0 4096, 0 0))", "properties": {"class": "sea"}}]}],
        default_options={"y_coord_down": True})


def tiles() -> dict[tuple[int, int, int], bytes]:
    """z/x/y (XYZ, row 0 at the north) to uncompressed tile bytes."""
    out = {(0, 0, 0): tile(0), (1, 0, 0): tile(1), (1, 1, 0): tile(2), (1, 0, 1): tile(3)}
    for x in range(4):
        for y in range(4):
            out.setdefault((2, x, y), sea_tile())
    out[(2, 1, 2)] = tile(4)
    return out


def write_mbtiles(path: str) -> None:
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
    db.execute("CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
    db.execute("CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row)")
    metadata = {"name": "MapWire sample", "format": "pbf", "bounds": "-180,-85.05113,180,85.05113",
                "center": "2.35,48.85,1", "minzoom": "0", "maxzoom": "2",
                "attribution": "MapWire test data", "json": json.dumps({"vector_layers": VECTOR_LAYERS})}
    db.executemany("INSERT INTO metadata VALUES (?, ?)", metadata.items())
    for (z, x, y), data in sorted(tiles().items()):
        # One tile stays uncompressed, as some writers leave them, so both paths are read.
        blob = data if (z, x, y) == (1, 1, 0) else gzip.compress(data, mtime=0)
        db.execute("INSERT INTO tiles VALUES (?, ?, ?, ?)", (z, x, (1 << z) - 1 - y, blob))
    db.commit()
    db.execute("VACUUM")
    db.close()


def write_pmtiles(path: str) -> None:
    """Tiles gzipped; identical sea tiles in a row become runs. The writer only
    makes leaf directories past 16 KB of root, so its own leaf builder is
    called with two entries a leaf, giving these few tiles a root and leaves."""
    original = pmtiles.writer.optimize_directories
    pmtiles.writer.optimize_directories = lambda entries, _: pmtiles.writer.build_roots_leaves(entries, 2)
    try:
        with pmtiles.writer.write(path) as writer:
            by_id = sorted((zxy_to_tileid(*zxy), gzip.compress(data, mtime=0)) for zxy, data in tiles().items())
            for tile_id, data in by_id:
                writer.write_tile(tile_id, data)
            writer.finalize(
                {"tile_type": TileType.MVT, "tile_compression": Compression.GZIP,
                 "min_lon_e7": -1800000000, "min_lat_e7": -850511300, "max_lon_e7": 1800000000,
                 "max_lat_e7": 850511300, "center_zoom": 1, "center_lon_e7": 23500000, "center_lat_e7": 488500000},
                {"name": "MapWire sample", "attribution": "MapWire test data", "vector_layers": VECTOR_LAYERS})
    finally:
        pmtiles.writer.optimize_directories = original


def archive_tiles(path: str):
    """(z, x, y, uncompressed bytes) of every tile in an archive, sorted."""
    out = []
    if path.endswith(".mbtiles"):
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        for z, x, row, blob in db.execute("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles"):
            out.append((z, x, (1 << z) - 1 - row, bytes(blob)))
        db.close()
    else:
        with open(path, "rb") as f:
            source = MmapSource(f)
            Reader(source).header()
            out = [(z, x, y, bytes(data)) for (z, x, y), data in all_tiles(source)]
    return sorted((z, x, y, gzip.decompress(d) if d[:2] == b"\x1f\x8b" else d) for z, x, y, d in out)


def typed(value) -> dict:
    """A property value tagged with its Python type, so JSON keeps 1.0 apart from 1 and 2^64 - 1 exact."""
    if isinstance(value, bool):
        return {"bool": value}
    if isinstance(value, int):
        return {"int": str(value)}
    if isinstance(value, float):
        return {"float": value}
    if isinstance(value, str):
        return {"string": value}
    raise TypeError(f"unexpected property value {value!r}")


def decoded(data: bytes) -> list[dict]:
    layers = mapbox_vector_tile.decode(data, default_options={"y_coord_down": True, "geojson": False})
    return [{"name": name, "extent": layer["extent"], "version": layer["version"],
             "features": [{"id": f["id"], "type": f["type"],
                           "properties": {k: typed(v) for k, v in f["properties"].items()},
                           "geometry": f["geometry"]} for f in layer["features"]]}
            for name, layer in layers.items()]


def reference() -> dict:
    """mapbox_vector_tile's reading of every archive in fixtures/tiles/, each
    archive's tiles written once: a later archive holding the same tile bytes
    names the first with "sameTilesAs". Big archives are sampled (SAMPLE_ABOVE)."""
    archives, first_with = [], {}
    for name in sorted(os.listdir(FOLDER)):
        if name.endswith(ARCHIVE_SUFFIXES):
            path = os.path.join(FOLDER, name)
            relative = os.path.relpath(path, ROOT)
            contents = tuple(archive_tiles(path))
            if contents in first_with:
                archives.append({"path": relative, "sameTilesAs": first_with[contents]})
                continue
            first_with[contents] = relative
            entry: dict = {"path": relative}
            if len(contents) > SAMPLE_ABOVE:
                entry["sample"] = SAMPLE_NOTE
                contents = tuple(t for t in contents if t[0] <= SAMPLE_FULL_ZOOMS or t[:3] in SAMPLE_TILES)
            entry["tiles"] = [{"z": z, "x": x, "y": y, "layers": decoded(data)} for z, x, y, data in contents]
            archives.append(entry)
    return {"decoder": "mapbox_vector_tile, y_coord_down=True, geojson=False", "archives": archives}


def encoded_reference(value: dict) -> bytes:
    """The bytes of reference.json.gz: compact JSON, gzip level 9 with no timestamp."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def write_reference() -> None:
    with open(REFERENCE, "wb") as f:
        f.write(encoded_reference(reference()))
    print(f"{REFERENCE}: written")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reference", action="store_true", help="only write reference.json.gz")
    args = parser.parse_args()
    os.makedirs(FOLDER, exist_ok=True)
    if not args.reference:
        write_mbtiles(os.path.join(FOLDER, "sample.mbtiles"))
        write_pmtiles(os.path.join(FOLDER, "sample.pmtiles"))
    write_reference()


if __name__ == "__main__":
    main()
