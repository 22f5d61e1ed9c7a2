#!/usr/bin/env python3
"""Build fixtures/basemap.bin, MapWire's base map, from Natural Earth shapefiles.

Why: the server streams base-map geometry to the browser as DEF_PATH resources
(docs/protocol.md, "Paths"). Converting the shapefiles once, offline, keeps the
server free of GIS libraries and lets it ship tiles to the browser verbatim.

What: land polygons and country border lines are projected to MapWire world
units (Web Mercator, world 2^30 units wide, y down), simplified per zoom band,
clipped into square tiles, quantised and delta-encoded exactly like DEF_PATH
data. Populated places are appended as a city list. The file layout is
described in fixtures/README.md.

Usage: python3 scripts/build_basemap.py [--ne DIR] [--out fixtures/basemap.bin]
Needs pyshp and shapely (Debian: python3-pyshp python3-shapely, or pip).
"""

import argparse
import logging
import math
import struct
import sys
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import shapefile
from shapely.geometry import LineString, MultiPolygon, Polygon, box, shape
from shapely.strtree import STRtree

try:
    from shapely.validation import make_valid
except ImportError:  # shapely < 1.8
    make_valid = None

WORLD = 1 << 30
MAX_LAT = 85.0511287798
NE_ROOT = Path("/usr/share/magics")
LAYER_LAND = 0
LAYER_BORDERS = 1
# pyshp warns about a few tiny 10m islets stored as orphaned holes; it keeps
# them as exterior rings, which is what we want, so keep the build log quiet.
logging.getLogger("shapefile").setLevel(logging.ERROR)
TILE_OVERLAP = 0.01  # fraction of the tile size added on each side when clipping


@dataclass
class Band:
    """One zoom band: which data, how much simplification, how many tiles."""

    min_zoom: float
    max_zoom: float
    scale: str  # Natural Earth scale folder: "110m" or "10m"
    grid_log2: int
    tolerance_zoom: int  # simplify so lines look smooth at this zoom
    precision_zoom: int  # quantise finer than 1/4 CSS px at this zoom


BANDS = [
    Band(0, 3, "110m", 0, tolerance_zoom=3, precision_zoom=3),
    Band(3, 6, "10m", 2, tolerance_zoom=6, precision_zoom=6),
    Band(6, 19, "10m", 4, tolerance_zoom=9, precision_zoom=12),
]
TOLERANCE_PX = 0.6  # simplification tolerance in CSS px at the band's tolerance zoom
CITY_MAX_SCALERANK = 7


# ---------------------------------------------------------------- projection

def css_px(zoom):
    """World units per CSS pixel at a zoom level."""
    return WORLD / (256 * 2 ** zoom)


def project(lon, lat):
    """Longitude/latitude in degrees to (x, y) world units, floats."""
    lat = max(-MAX_LAT, min(MAX_LAT, lat))
    x = (lon + 180.0) / 360.0 * WORLD
    s = math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
    y = (0.5 - s / (2 * math.pi)) * WORLD
    return x, y


def project_coords(coords):
    return [project(c[0], c[1]) for c in coords]


# ---------------------------------------------------------------- reading

def ne_path(scale, name):
    return str(NE_ROOT / scale / f"ne_{scale}_{name}")


def shapes(reader):
    """Every shape, read through the .shx index.

    Sequential reading (iterShapes) breaks on Debian's 10m border file, whose
    .shp has bytes between records that only the index skips.
    """
    for i in range(len(reader)):
        shp = reader.shape(i)
        if shp.shapeType != shapefile.NULL:
            yield shp


def fix_text(s):
    """Natural Earth .dbf text is Windows-1252 (a Latin-1 superset): re-decode.

    pyshp reads it as Latin-1, which maps 0x80-0x9F to control characters
    (e.g. "St. John\\x92s"); cp1252 gives the intended "St. John’s".
    """
    raw = s.encode("latin-1")
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        return s


def polygons_of(geom):
    """The non-empty polygons of any geometry."""
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    if hasattr(geom, "geoms"):
        return [p for g in geom.geoms for p in polygons_of(g)]
    return []


def lines_of(geom):
    """The non-empty line strings of any geometry."""
    if geom.is_empty:
        return []
    if isinstance(geom, LineString):
        return [geom]
    if hasattr(geom, "geoms"):
        return [line for g in geom.geoms for line in lines_of(g)]
    return []


def repair(geom):
    """Make a polygon valid (self-touching rings, collapsed clamped edges)."""
    if geom.is_valid:
        return geom
    if make_valid is not None:
        return make_valid(geom)
    return geom.buffer(0)


def project_polygon(poly):
    rings = [project_coords(poly.exterior.coords)]
    rings += [project_coords(r.coords) for r in poly.interiors]
    return Polygon(rings[0], rings[1:])


def read_land(scale):
    """Projected, repaired land polygons of one Natural Earth scale."""
    reader = shapefile.Reader(ne_path(scale, "land"), encoding="latin-1")
    out = []
    for shp in shapes(reader):
        geom = shape(shp.__geo_interface__)
        for poly in polygons_of(geom):
            out += polygons_of(repair(project_polygon(poly)))
    return out


def read_borders(scale):
    """Projected country border lines (admin_0_boundary_lines_land)."""
    reader = shapefile.Reader(ne_path(scale, "admin_0_boundary_lines_land"),
                              encoding="latin-1")
    out = []
    for shp in shapes(reader):
        for line in lines_of(shape(shp.__geo_interface__)):
            if len(line.coords) >= 2:
                out.append(LineString(project_coords(line.coords)))
    return out


# ---------------------------------------------------------------- simplifying

def simplify_land(polys, tol):
    """Simplify polygons, drop the ones too small to see, repair the rest."""
    min_area = tol * tol
    out = []
    for poly in polys:
        if poly.area < min_area:
            continue
        simple = repair(poly.simplify(tol, preserve_topology=True))
        out += [p for p in polygons_of(simple) if p.area >= min_area]
    return out


def simplify_lines(lines, tol):
    out = []
    for line in lines:
        simple = line.simplify(tol, preserve_topology=False)
        out += [s for s in lines_of(simple) if s.length > 0]
    return out


# ---------------------------------------------------------------- encoding

def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def zigzag(n):
    return ((n << 1) ^ (n >> 31)) & 0xFFFFFFFF


def quantise_ring(coords, origin, shift, closed):
    """World coords -> local integer points, without repeats (or closing point)."""
    ox, oy = origin
    step = float(1 << shift)
    pts = []
    for x, y in coords:
        p = (round((x - ox) / step), round((y - oy) / step))
        if not pts or p != pts[-1]:
            pts.append(p)
    if closed:
        while len(pts) > 1 and pts[-1] == pts[0]:
            pts.pop()
        return pts if len(pts) >= 3 else []
    return pts if len(pts) >= 2 else []


def encode_path(rings):
    """DEF_PATH data: varint ring count, per ring varint count + zigzag deltas."""
    out = bytearray(varint(len(rings)))
    px = py = 0
    for ring in rings:
        out += varint(len(ring))
        for x, y in ring:
            out += varint(zigzag(x - px))
            out += varint(zigzag(y - py))
            px, py = x, y
    return bytes(out)


def polygon_rings(polys):
    for poly in polys:
        yield poly.exterior.coords
        for interior in poly.interiors:
            yield interior.coords


# ---------------------------------------------------------------- tiling

def tile_shift(band):
    """Largest shift that keeps quantisation under 1/4 CSS px at precision_zoom."""
    shift = int(math.floor(math.log2(css_px(band.precision_zoom) / 4)))
    tile_size = WORLD >> band.grid_log2
    if tile_size >> shift > 1 << 20:
        shift = tile_size.bit_length() - 1 - 20
    return shift


def clip_box(band, tx, ty):
    """The tile's square grown by TILE_OVERLAP, kept inside the world square."""
    size = WORLD >> band.grid_log2
    pad = size * TILE_OVERLAP
    x0 = max(0.0, tx * size - pad)
    y0 = max(0.0, ty * size - pad)
    x1 = min(float(WORLD), (tx + 1) * size + pad)
    y1 = min(float(WORLD), (ty + 1) * size + pad)
    return box(x0, y0, x1, y1)


def clip_all(tree, geoms, rect, extract):
    """Intersect every geometry touching rect with it; flatten by extract."""
    out = []
    for i in tree.query(rect):
        g = geoms[i]
        if rect.contains(g):
            out += extract(g)
        else:
            out += extract(g.intersection(rect))
    return out


def encode_tile(layer, geoms, origin, shift):
    """Path bytes for one tile of one layer, or None if nothing survives."""
    closed = layer == LAYER_LAND
    if closed:
        coord_lists = polygon_rings(geoms)
    else:
        coord_lists = (g.coords for g in geoms)
    rings = [r for r in (quantise_ring(c, origin, shift, closed) for c in coord_lists) if r]
    return encode_path(rings) if rings else None


def tile_record(layer, tx, ty, origin, shift, data):
    head = struct.pack("<BHHiiBI", layer, tx, ty, origin[0], origin[1], shift, len(data))
    return head + data


def build_band(band, land, borders):
    """All non-empty tile records of a band, land tiles first."""
    shift = tile_shift(band)
    size = WORLD >> band.grid_log2
    n = 1 << band.grid_log2
    layers = [(LAYER_LAND, land, polygons_of), (LAYER_BORDERS, borders, lines_of)]
    records = []
    for layer, geoms, extract in layers:
        tree = STRtree(geoms)
        for ty in range(n):
            for tx in range(n):
                origin = (tx * size, ty * size)
                clipped = clip_all(tree, geoms, clip_box(band, tx, ty), extract)
                data = encode_tile(layer, clipped, origin, shift)
                if data:
                    records.append(tile_record(layer, tx, ty, origin, shift, data))
    return records


def band_bytes(band, records):
    head = struct.pack("<ffBI", band.min_zoom, band.max_zoom, band.grid_log2, len(records))
    return head + b"".join(records)


# ---------------------------------------------------------------- cities

def ascii_fold(s):
    decomposed = unicodedata.normalize("NFKD", s)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def city_name(rec):
    """The `name` field, with accents restored from `namealt` when NE dropped them.

    Natural Earth 3.x stores some names ASCII-only ("Sao Paulo") and keeps the
    accented spelling in namealt ("Sao Paulo|São Paulo"). Use that spelling only
    when it folds back to exactly the plain name.
    """
    name = fix_text(rec["name"]).strip()
    if name.isascii():
        for alt in fix_text(rec["namealt"]).split("|"):
            alt = alt.strip()
            if alt and not alt.isascii() and ascii_fold(alt) == name:
                return alt
    return name


def read_cities():
    reader = shapefile.Reader(ne_path("10m", "populated_places_simple"), encoding="latin-1")
    cities = []
    for rec in reader.iterRecords():
        rank = int(rec["scalerank"])
        if rank > CITY_MAX_SCALERANK:
            continue
        capital = rec["featurecla"] == "Admin-0 capital" or float(rec["adm0cap"] or 0) >= 1
        cities.append((city_name(rec), float(rec["latitude"]), float(rec["longitude"]),
                       rank, max(0, int(rec["pop_max"] or 0)), 1 if capital else 0))
    cities.sort(key=lambda c: (c[3], -c[4], c[0]))
    return cities


def cities_bytes(cities):
    out = bytearray(struct.pack("<I", len(cities)))
    for name, lat, lon, rank, pop, flags in cities:
        raw = name.encode("utf-8")
        out += struct.pack("<H", len(raw)) + raw
        out += struct.pack("<ddBIB", lat, lon, rank, pop, flags)
    return bytes(out)


# ---------------------------------------------------------------- main

def build(out_path):
    chunks = [b"MWBM", struct.pack("<HH", 1, len(BANDS))]
    cache = {}
    for i, band in enumerate(BANDS):
        started = time.time()
        if band.scale not in cache:
            cache[band.scale] = (read_land(band.scale), read_borders(band.scale))
        land, borders = cache[band.scale]
        tol = TOLERANCE_PX * css_px(band.tolerance_zoom)
        records = build_band(band, simplify_land(land, tol), simplify_lines(borders, tol))
        data = band_bytes(band, records)
        chunks.append(data)
        print(f"band {i}: zoom [{band.min_zoom:g},{band.max_zoom:g}) {band.scale} "
              f"tol {tol:.0f} shift {tile_shift(band)} tiles {len(records)} "
              f"{len(data):,} bytes ({time.time() - started:.1f}s)", file=sys.stderr)
    cities = read_cities()
    chunks.append(cities_bytes(cities))
    print(f"cities: {len(cities)} {len(chunks[-1]):,} bytes", file=sys.stderr)
    blob = b"".join(chunks)
    Path(out_path).parent.mkdir(parents=True, exist_ok=True)
    Path(out_path).write_bytes(blob)
    print(f"wrote {out_path}: {len(blob):,} bytes", file=sys.stderr)


def main():
    global NE_ROOT
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ne", default=str(NE_ROOT), help="Natural Earth root folder")
    parser.add_argument("--out", default="fixtures/basemap.bin", help="output file")
    args = parser.parse_args()
    NE_ROOT = Path(args.ne)
    build(args.out)


if __name__ == "__main__":
    main()
