#!/usr/bin/env python3
"""Build fixtures/tiles/world.mbtiles: the world base map as OpenMapTiles-schema vector tiles from Natural Earth.

Why: MapWire draws street maps from OpenMapTiles-schema vector tiles with one MapLibre-style stylesheet
(Sources/MapStyle/Styles/light.json, dark.json). Drawing the world from tiles of the same schema lets the same
renderer and stylesheet draw both, with no seam in colour or labels where the street tiles begin.

What: the Natural Earth shapefiles Debian's libmagics++-data installs under /usr/share/magics become four
OpenMapTiles layers, z0 to z8 (--max-zoom; 512-px tiles, extent 4096, buffer 64):

  water     class=ocean and class=lake polygons (ne_*_ocean, which also holds the lakes). The built-in styles
            paint a land-coloured background and water on top, so a tile entirely at sea holds the tile square
            as one ocean polygon; a tile entirely on land with nothing else in it is left out (the background
            is the right colour there).
  boundary  admin_level=2 country borders (ne_*_admin_0_boundary_lines_land), admin_level=4 state and province
            lines from z4 (ne_10m_admin_1_states_provinces_lines, by their own min_zoom); maritime=0, disputed.
  place     class=country|city|town points with name, name:latin, rank (1 = most important) and capital
            (2 = national, 4 = state capital); countries also carry iso_a2.
  waterway  class=river lines with name from z5 (ne_*_rivers_lake_centerlines, rivers only).

Natural Earth scale per zoom: 110m for z0-2, 50m for z3-5, 10m from z6. Each zoom's geometry is simplified to
about one tile unit, then cut into tiles by a quadtree (each level clips its parent's pieces, so big polygons are
not clipped 65536 times) to the tile square grown by the buffer. Tiles are gzip-compressed (no timestamp), each
distinct tile stored once (`tiles` is a view, see write_mbtiles). At the end it prints the bytes a 1280x800 view
at z4 over Europe and at z2 over the world needs.

Run from the repository root (about 3 minutes of one core):

    python3 scripts/build_world_tiles.py [--ne /usr/share/magics] [--out fixtures/tiles/world.mbtiles]
                                         [--max-zoom 8]

Needs (scripts/setup.sh --data): libmagics++-data, shapely 2, pyshp and mapbox-vector-tile. Natural Earth is in
the public domain.
"""

from __future__ import annotations

import argparse
import gzip
import json
import logging
import math
import os
import sqlite3
import statistics
import sys
import time
import unicodedata
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mapbox_vector_tile
import numpy as np
import shapefile
import shapely
from mapbox_vector_tile.encoder import on_invalid_geometry_make_valid
from shapely.geometry import LineString, MultiLineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

NE_ROOT = Path("/usr/share/magics")
EXTENT = 4096
BUFFER = 64  # tile units each side; lines and fills run past the edge so neighbours join without gaps
MAX_LAT = 85.0511287798
DEFAULT_MAX_ZOOM = 8
TOLERANCE_UNITS = 1.0  # simplification tolerance in tile units at each zoom
RIVERS_FROM = 5
STATES_FROM = 4
COUNTRIES_UNTIL = 8  # the styles stop drawing country labels at z8
# pyshp warns about a few tiny 10m islets stored as orphaned holes; it keeps them as exterior rings.
logging.getLogger("shapefile").setLevel(logging.ERROR)

Feature = tuple[BaseGeometry, dict[str, Any]]
TileKey = tuple[int, int, int]


def scale_for(zoom: int) -> str:
    """Natural Earth scale drawn at a zoom: coarser data where finer would be simplified away anyway."""
    return "110m" if zoom <= 2 else "50m" if zoom <= 5 else "10m"


# ---------------------------------------------------------------- reading and projecting

def ne_reader(ne: Path, scale: str, name: str) -> shapefile.Reader:
    # The .dbf files have no .cpg; Natural Earth 2.x/3.x text is Latin-1 (build_basemap.py reads it the same way).
    return shapefile.Reader(str(ne / scale / f"ne_{scale}_{name}"), encoding="latin-1")


def to_world(geometry: BaseGeometry) -> BaseGeometry:
    """Longitude/latitude to world units: Web Mercator over [0, 1] x [0, 1], y down (tile order)."""
    def project(coords: np.ndarray) -> np.ndarray:
        lon = coords[:, 0]
        lat = np.radians(np.clip(coords[:, 1], -MAX_LAT, MAX_LAT))
        return np.column_stack(((lon + 180.0) / 360.0, (1.0 - np.arcsinh(np.tan(lat)) / math.pi) / 2.0))
    return shapely.transform(geometry, project)


WORLD_LONLAT = box(-180.0, -MAX_LAT, 180.0, MAX_LAT)


def read_shapes(ne: Path, scale: str, name: str) -> Iterator[tuple[BaseGeometry, dict[str, Any]]]:
    """Each record's geometry, cut to the Mercator latitudes before projecting (so polar parts do not collapse
    onto the clamp latitude), and its attributes."""
    reader = ne_reader(ne, scale, name)
    for index in range(len(reader)):
        # By index, through the .shx offsets: pyshp 3 reading ne_10m_admin_0_boundary_lines_land.shp in sequence
        # loses its place in the file.
        shape = reader.shape(index)
        if shape.shapeType == shapefile.NULL:
            continue
        geometry = shapely.geometry.shape(shape.__geo_interface__)
        if not geometry.is_valid:
            geometry = shapely.make_valid(geometry)
        geometry = geometry.intersection(WORLD_LONLAT)
        if geometry.is_empty:
            continue
        yield to_world(geometry), reader.record(index).as_dict()


def polygonal(geometry: BaseGeometry) -> list[Polygon]:
    """The polygons in a geometry, dropping the points and lines clipping can leave on box edges."""
    if isinstance(geometry, Polygon):
        return [] if geometry.is_empty else [geometry]
    if hasattr(geometry, "geoms"):
        return [p for g in geometry.geoms for p in polygonal(g)]
    return []


def lineal(geometry: BaseGeometry) -> list[LineString]:
    if isinstance(geometry, LineString):
        return [] if geometry.is_empty else [geometry]
    if hasattr(geometry, "geoms"):
        return [line for g in geometry.geoms for line in lineal(g)]
    return []


@dataclass
class Sources:
    """Everything read from the shapefiles, in world units, by scale."""

    water: dict[str, list[Feature]] = field(default_factory=dict)  # polygons with {"class": "ocean" or "lake"}
    borders: dict[str, list[Feature]] = field(default_factory=dict)
    rivers: dict[str, list[tuple[BaseGeometry, dict[str, Any], float]]] = field(default_factory=dict)
    states: list[tuple[BaseGeometry, float]] = field(default_factory=list)  # (line, NE min_zoom)
    cities: list[tuple[Point, dict[str, Any], int]] = field(default_factory=list)  # (point, properties, scalerank)
    countries: list[tuple[Point, dict[str, Any]]] = field(default_factory=list)


DISPUTED = ("Disputed", "Indefinite", "Line of control", "Indeterminant")


def water_polygons(ne: Path, scale: str) -> list[Feature]:
    """Debian's ne_*_ocean holds the lakes and reservoirs too (featurec_2), and the Caspian Sea as a second
    featurecla "Ocean" polygon: OpenMapTiles calls the Caspian a lake, so only the biggest "Ocean" is the ocean."""
    shapes = list(read_shapes(ne, scale, "ocean"))
    ocean = max((g for g, record in shapes if record.get("featurecla") == "Ocean"), key=lambda g: g.area)
    return [(g, {"class": "ocean" if g is ocean else "lake"}) for g, _ in shapes]


def read_sources(ne: Path) -> Sources:
    sources = Sources()
    for scale in ("110m", "50m", "10m"):
        sources.water[scale] = water_polygons(ne, scale)
        borders = []
        for geometry, record in read_shapes(ne, scale, "admin_0_boundary_lines_land"):
            kind = str(record.get("featurecla", ""))
            # Magics' own additions to its copy (featurecla "ForgetMagics") are not borders.
            if "Magics" in kind and "International" not in kind:
                continue
            disputed = int(any(kind.startswith(word) for word in DISPUTED))
            borders.append((geometry, {"admin_level": 2, "maritime": 0, "disputed": disputed}))
        sources.borders[scale] = borders
        rivers = []
        for geometry, record in read_shapes(ne, scale, "rivers_lake_centerlines"):
            # Lake centre lines would draw a river across lakes this map has no polygons for.
            if record.get("featurecla") != "River":
                continue
            properties: dict[str, Any] = {"class": "river"}
            if record.get("name"):
                properties["name"] = properties["name:latin"] = fix_text(record["name"])
            rivers.append((geometry, properties, float(record.get("scalerank") or 0)))
        sources.rivers[scale] = rivers
    for geometry, record in read_shapes(ne, "10m", "admin_1_states_provinces_lines"):
        if record.get("featurecla") in ("Admin-1 boundary", "Admin-1 region boundary"):
            sources.states.append((geometry, float(record.get("min_zoom") or 0)))
    read_places(ne, sources)
    return sources


def fix_text(text: str) -> str:
    """Natural Earth .dbf text is Windows-1252, a Latin-1 superset: pyshp's Latin-1 reading turns "St. John’s"
    into "St. John\\x92s", so re-decode (as build_basemap.py does)."""
    try:
        return text.encode("latin-1").decode("cp1252")
    except UnicodeDecodeError:
        return text


def place_name(record: dict[str, Any]) -> str:
    """The `name` field, with the accents Natural Earth keeps in `namealt` ("Sao Paulo|São Paulo") when that
    spelling folds back to exactly the plain name; the same names basemap.bin carries."""
    name = fix_text(record["name"]).strip()
    if name.isascii():
        for alt in fix_text(record["namealt"] or "").split("|"):
            alt = alt.strip()
            folded = "".join(c for c in unicodedata.normalize("NFKD", alt) if not unicodedata.combining(c))
            if alt and not alt.isascii() and folded == name:
                return alt
    return name


def city_rank(scalerank: int) -> int:
    """OpenMapTiles' place rank: 1 is the most important. Natural Earth's scalerank counts from 0 the same way."""
    return max(1, min(scalerank + 1, 11))


def read_places(ne: Path, sources: Sources) -> None:
    """Cities and towns from ne_10m_populated_places_simple; one label point per country derived from them.

    Debian's copy has no admin-0 country polygons or label points, so a country's label goes at the median
    longitude and latitude of its places, moved to its nearest place when that median is at sea (a curved or
    island country). Its rank comes from how many places Natural Earth lists there, which follows area and
    importance closely enough for label sizes."""
    reader = ne_reader(ne, "10m", "populated_places_simple")
    by_country: dict[str, list[tuple[float, float, str]]] = defaultdict(list)
    for record in reader.iterRecords():
        lon, lat = float(record["longitude"]), float(record["latitude"])
        if abs(lat) > MAX_LAT:
            continue
        scalerank = int(record["scalerank"])
        national = record["featurecla"] == "Admin-0 capital" or float(record["adm0cap"] or 0) >= 1
        capital = 2 if national else 4 if "Admin-1" in record["featurecla"] else 0
        population = int(record["pop_max"] or 0)
        kind = "city" if capital == 2 or population >= 100_000 or scalerank <= 3 else "town"
        name = place_name(record)
        properties: dict[str, Any] = {"class": kind, "name": name, "name:latin": name,
                                      "rank": city_rank(scalerank)}
        if capital:
            properties["capital"] = capital
        sources.cities.append((to_world(Point(lon, lat)), properties, scalerank))
        if record["adm0name"] and record["featurecla"] != "Scientific station":
            by_country[fix_text(record["adm0name"])].append((lon, lat, record["iso_a2"] or ""))
    land = shapely.union_all([g for g, _ in read_shapes(ne, "50m", "land")])
    shapely.prepare(land)
    for name, places in sorted(by_country.items()):
        lon = statistics.median(p[0] for p in places)
        lat = statistics.median(p[1] for p in places)
        point = to_world(Point(lon, lat))
        if not land.contains(point):
            lon, lat, _ = min(places, key=lambda p: (p[0] - lon) ** 2 + (p[1] - lat) ** 2)
            point = to_world(Point(lon, lat))
        count = len(places)
        rank = 1 if count >= 150 else 2 if count >= 60 else 3 if count >= 25 else 4 if count >= 10 else 5 \
            if count >= 4 else 6
        iso = statistics.mode(p[2] for p in places)
        properties = {"class": "country", "name": name, "name:latin": name, "rank": rank}
        if iso and iso != "-99":
            properties["iso_a2"] = iso
        sources.countries.append((point, properties))


# ---------------------------------------------------------------- cutting into tiles

def tile_box(z: int, x: int, y: int, buffer_units: float = BUFFER) -> Polygon:
    size = 1.0 / (1 << z)
    pad = size * buffer_units / EXTENT
    return box(x * size - pad, y * size - pad, (x + 1) * size + pad, (y + 1) * size + pad)


def quadtree(geometries: list[BaseGeometry], zoom: int, keep: type) -> Iterator[tuple[TileKey, list[BaseGeometry]]]:
    """Cut geometries into the tiles of `zoom`, each grown by the buffer, clipping level by level from z0.

    A node whose only piece is a polygon filling its buffered box fills every tile below it: those tiles get
    their own box without more clipping (most of the ocean)."""
    pick = polygonal if keep is Polygon else lineal
    stack: list[tuple[int, int, int, list[BaseGeometry], bool]] = [(0, 0, 0, geometries, False)]
    while stack:
        z, x, y, pieces, full = stack.pop()
        if full:
            if z == zoom:
                yield (z, x, y), [tile_box(z, x, y)]
            else:
                for cx in (2 * x, 2 * x + 1):
                    for cy in (2 * y, 2 * y + 1):
                        stack.append((z + 1, cx, cy, [], True))
            continue
        area = tile_box(z, x, y)
        clipped: list[BaseGeometry] = []
        candidates = np.array(pieces, dtype=object)
        hits = candidates[shapely.intersects(candidates, area)] if len(candidates) else candidates
        for geometry in hits:
            if keep is Polygon and shapely.covers(geometry, area):
                clipped = [area]
                break
            clipped.extend(pick(shapely.intersection(geometry, area)))
        if not clipped:
            continue
        is_full = keep is Polygon and len(clipped) == 1 and clipped[0].equals(area)
        if z == zoom:
            yield (z, x, y), clipped
        else:
            for cx in (2 * x, 2 * x + 1):
                for cy in (2 * y, 2 * y + 1):
                    stack.append((z + 1, cx, cy, clipped, is_full))


def simplified(geometries: list[BaseGeometry], zoom: int) -> list[BaseGeometry]:
    tolerance = TOLERANCE_UNITS / ((1 << zoom) * EXTENT)
    out = []
    for geometry in shapely.simplify(np.array(geometries, dtype=object), tolerance, preserve_topology=True):
        if not geometry.is_empty:
            out.append(geometry if geometry.is_valid else shapely.make_valid(geometry))
    return out


def zoom_layers(sources: Sources, zoom: int) -> dict[TileKey, dict[str, list[Feature]]]:
    """Every tile of one zoom: layer name to features, geometry still in world units."""
    scale = scale_for(zoom)
    tiles: dict[TileKey, dict[str, list[Feature]]] = defaultdict(lambda: defaultdict(list))

    for kind in ("ocean", "lake"):
        polygons = [g for g, properties in sources.water[scale] if properties["class"] == kind]
        for key, pieces in quadtree(simplified(polygons, zoom), zoom, Polygon):
            merged = shapely.union_all(pieces) if len(pieces) > 1 else pieces[0]
            tiles[key]["water"].append((merged, {"class": kind}))

    def add_lines(layer: str, features: list[Feature]) -> None:
        # Features sharing properties are cut together, so a tile holds one MultiLineString per kind.
        groups: dict[str, tuple[dict[str, Any], list[BaseGeometry]]] = {}
        for geometry, properties in features:
            groups.setdefault(json.dumps(properties, sort_keys=True), (properties, []))[1].append(geometry)
        for _, (properties, geometries) in sorted(groups.items()):
            for key, pieces in quadtree(simplified(geometries, zoom), zoom, LineString):
                tiles[key][layer].append((shapely.line_merge(MultiLineString(pieces)), properties))

    boundaries = list(sources.borders[scale])
    if zoom >= STATES_FROM:
        # Natural Earth's min_zoom is for 256-px tiles; these are 512-px tiles, one zoom further in.
        boundaries += [(g, {"admin_level": 4, "maritime": 0, "disputed": 0})
                       for g, min_zoom in sources.states if min_zoom <= zoom + 1]
    add_lines("boundary", boundaries)
    if zoom >= RIVERS_FROM:
        add_lines("waterway", [(g, p) for g, p, rank in sources.rivers[scale] if rank <= zoom + 1])

    n = 1 << zoom
    def tile_of(point: Point) -> TileKey:
        return zoom, min(int(point.x * n), n - 1), min(int(point.y * n), n - 1)
    if zoom <= COUNTRIES_UNTIL:
        limit = {0: 2, 1: 3, 2: 4, 3: 5}.get(zoom, 6)
        for point, properties in sources.countries:
            if properties["rank"] <= limit:
                tiles[tile_of(point)]["place"].append((point, properties))
    # Natural Earth's scalerank says from which zoom a place is worth a label. The styles draw cities from z4 and
    # towns from z7, so below z4 only the few biggest are kept (for other styles); then one scalerank per zoom.
    city_limit = 1 if zoom <= 2 else 10 if zoom >= 9 else zoom - 1
    for point, properties, scalerank in sources.cities:
        if scalerank <= city_limit:
            tiles[tile_of(point)]["place"].append((point, properties))
    return tiles


LAYER_ORDER = ("water", "waterway", "boundary", "place")


def encode_tile(key: TileKey, layers: dict[str, list[Feature]]) -> bytes:
    z, x, y = key
    n = 1 << z

    def to_tile(coords: np.ndarray) -> np.ndarray:
        return np.column_stack(((coords[:, 0] * n - x) * EXTENT, (coords[:, 1] * n - y) * EXTENT))

    out = []
    for name in LAYER_ORDER:
        features = layers.get(name)
        if not features:
            continue
        if name == "place":
            # Most important first: renderers that place labels in order keep the big names.
            features = sorted(features, key=lambda f: (f[1]["class"] != "country", f[1]["rank"], f[1]["name"]))
        encoded = []
        for geometry, properties in features:
            # Snapped to whole tile units here, with shapely keeping the result valid: left to the encoder's own
            # rounding, a few thousand-vertex ocean polygons turned invalid and its make_valid dropped them.
            geometry = shapely.set_precision(shapely.transform(geometry, to_tile), 1.0)
            if not geometry.is_empty:
                encoded.append({"geometry": geometry, "properties": properties})
        if encoded:
            out.append({"name": name, "features": encoded})
    return mapbox_vector_tile.encode(out, default_options={
        "y_coord_down": True, "extents": EXTENT, "on_invalid_geometry": on_invalid_geometry_make_valid})


# ---------------------------------------------------------------- writing

VECTOR_LAYERS = [
    {"id": "water", "fields": {"class": "String"},
     "description": "Ocean and lake polygons (class ocean, lake); a tile entirely at sea holds the tile square"},
    {"id": "waterway", "fields": {"class": "String", "name": "String", "name:latin": "String"},
     "description": "Rivers (class river)"},
    {"id": "boundary", "fields": {"admin_level": "Number", "maritime": "Number", "disputed": "Number"},
     "description": "Country (admin_level 2) and state/province (admin_level 4) lines on land"},
    {"id": "place", "fields": {"class": "String", "name": "String", "name:latin": "String", "rank": "Number",
                               "capital": "Number", "iso_a2": "String"},
     "description": "Country, city and town labels; rank 1 is the most important, capital 2 national, 4 state"},
]


def write_mbtiles(path: Path, tiles: dict[TileKey, bytes], max_zoom: int) -> None:
    """MBTiles with its tiles table as a view over a map of tile keys and a table of distinct tiles, the layout
    MBTiles 1.3 allows and mbutil writes (Planetiler's is alike): two thirds of the tiles are open sea, byte for
    byte the same, and storing that tile once keeps z8 in budget. Readers only ever SELECT from `tiles`."""
    if path.exists():
        path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
    # WITHOUT ROWID: the key is the table, so 68 000 small rows need no second index.
    db.execute("CREATE TABLE map (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_id INTEGER, "
               "PRIMARY KEY (zoom_level, tile_column, tile_row)) WITHOUT ROWID")
    db.execute("CREATE TABLE images (tile_id INTEGER PRIMARY KEY, tile_data BLOB)")
    db.execute("CREATE VIEW tiles AS SELECT map.zoom_level AS zoom_level, map.tile_column AS tile_column, "
               "map.tile_row AS tile_row, images.tile_data AS tile_data "
               "FROM map JOIN images ON images.tile_id = map.tile_id")
    layers = [dict(layer, minzoom=RIVERS_FROM if layer["id"] == "waterway" else 0, maxzoom=max_zoom)
              for layer in VECTOR_LAYERS]
    metadata = {
        "name": "MapWire world",
        "description": "The world base map (ocean, country and state borders, places, rivers) in the OpenMapTiles "
                       "schema, made from Natural Earth (public domain) by scripts/build_world_tiles.py",
        "version": "1",
        "type": "baselayer",
        "format": "pbf",
        "bounds": "-180,-85.0511,180,85.0511",
        "center": "10,50,4",
        "minzoom": "0",
        "maxzoom": str(max_zoom),
        "attribution": "Natural Earth",
        "json": json.dumps({"vector_layers": layers}),
    }
    db.executemany("INSERT INTO metadata VALUES (?, ?)", metadata.items())
    ids: dict[bytes, int] = {}
    for (z, x, y), data in sorted(tiles.items()):
        tile_id = ids.get(data)
        if tile_id is None:
            tile_id = ids[data] = len(ids) + 1
            db.execute("INSERT INTO images VALUES (?, ?)", (tile_id, gzip.compress(data, mtime=0)))
        # MBTiles rows count from the south (TMS).
        db.execute("INSERT INTO map VALUES (?, ?, ?, ?)", (z, x, (1 << z) - 1 - y, tile_id))
    db.commit()
    db.execute("VACUUM")
    db.close()
    print(f"{len(tiles)} tiles, {len(ids)} distinct", file=sys.stderr)


def view_tiles(zoom: int, lon: float, lat: float, width: int = 1280, height: int = 800) -> list[TileKey]:
    """The tiles a width x height view centred on lon/lat needs when tile z is drawn as 512 points at zoom z."""
    (x, y), = shapely.get_coordinates(to_world(Point(lon, lat)))
    size = 512 * (1 << zoom)
    left, top = x * size - width / 2, max(0.0, y * size - height / 2)
    columns = range(math.floor(left / 512), math.floor((left + width - 1) / 512) + 1)
    rows = range(math.floor(top / 512), min(math.floor((top + height - 1) / 512), (1 << zoom) - 1) + 1)
    return [(zoom, column % (1 << zoom), row) for column in columns for row in rows]


VIEWS = {"z4 Europe (15E 50N)": (4, 15.0, 50.0), "z2 world (0E 20N)": (2, 0.0, 20.0)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ne", type=Path, default=NE_ROOT, help="Natural Earth folder (with 10m, 50m, 110m)")
    parser.add_argument("--out", type=Path, default=Path("fixtures/tiles/world.mbtiles"))
    parser.add_argument("--max-zoom", type=int, default=DEFAULT_MAX_ZOOM)
    args = parser.parse_args()

    started = time.time()
    sources = read_sources(args.ne)
    print(f"read Natural Earth in {time.time() - started:.1f} s: {len(sources.cities)} places, "
          f"{len(sources.countries)} countries", file=sys.stderr)
    tiles: dict[TileKey, bytes] = {}
    for zoom in range(args.max_zoom + 1):
        t0 = time.time()
        layers = zoom_layers(sources, zoom)
        encoded = {key: encode_tile(key, content) for key, content in layers.items()}
        tiles.update({key: data for key, data in encoded.items() if data})
        sizes = [len(data) for data in encoded.values()]
        print(f"z{zoom}: {len(sizes)} tiles, {sum(sizes)} bytes MVT, largest {max(sizes)}, "
              f"{time.time() - t0:.1f} s", file=sys.stderr)
    write_mbtiles(args.out, tiles, args.max_zoom)
    for label, (zoom, lon, lat) in VIEWS.items():
        keys = view_tiles(zoom, lon, lat)
        raw = sum(len(tiles.get(key, b"")) for key in keys)
        packed = sum(len(gzip.compress(tiles[key], mtime=0)) for key in keys if key in tiles)
        print(f"{label} 1280x800 view: {len(keys)} tiles, {raw} bytes MVT, {packed} gzipped", file=sys.stderr)
    print(f"{args.out}: {os.path.getsize(args.out)} bytes, {len(tiles)} tiles, {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()
