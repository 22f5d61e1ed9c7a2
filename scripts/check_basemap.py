#!/usr/bin/env python3
"""Validate fixtures/basemap.bin and optionally render a PNG preview of one band.

Why: the Swift server and the browser painter trust this file blindly, so this
reader (written from the format in fixtures/README.md, independent of the
builder) decodes every tile and checks counts, lengths and bounds. The preview
lets a human look at the land: even-odd fill, seams, Antarctica, holes.

Usage:
  python3 scripts/check_basemap.py [fixtures/basemap.bin]
  python3 scripts/check_basemap.py --png out/band0.png --band 0
  python3 scripts/check_basemap.py --png out/europe.png --band 2 --region -12,34,32,62
Rendering needs Pillow and numpy (pip install pillow numpy).
"""

import argparse
import math
import struct
import sys

WORLD = 1 << 30
MAX_LAT = 85.0511287798


class Reader:
    """A little-endian cursor over bytes."""

    def __init__(self, data, pos=0, end=None):
        self.data, self.pos = data, pos
        self.end = len(data) if end is None else end

    def take(self, fmt):
        size = struct.calcsize("<" + fmt)
        if self.pos + size > self.end:
            raise ValueError(f"truncated at byte {self.pos}")
        values = struct.unpack_from("<" + fmt, self.data, self.pos)
        self.pos += size
        return values if len(values) > 1 else values[0]

    def raw(self, n):
        if self.pos + n > self.end:
            raise ValueError(f"truncated at byte {self.pos}")
        self.pos += n
        return self.data[self.pos - n:self.pos]

    def varint(self):
        value, bit = 0, 0
        while True:
            b = self.take("B")
            value |= (b & 0x7F) << bit
            bit += 7
            if not b & 0x80:
                break
            if bit > 35:
                raise ValueError(f"varint too long at byte {self.pos}")
        return value

    def zigzag(self):
        n = self.varint()
        return (n >> 1) ^ -(n & 1)


def decode_path(data, origin, shift):
    """Path bytes -> list of rings of world (x, y) integer points."""
    r = Reader(data)
    rings, x, y = [], 0, 0
    for _ in range(r.varint()):
        ring = []
        for _ in range(r.varint()):
            x += r.zigzag()
            y += r.zigzag()
            ring.append((origin[0] + (x << shift), origin[1] + (y << shift)))
        rings.append(ring)
    if r.pos != len(data):
        raise ValueError(f"{len(data) - r.pos} bytes left over in path")
    return rings


def read_tile(r):
    layer, tx, ty, ox, oy, shift, length = r.take("BHHiiBI")
    data = r.raw(length)
    return {"layer": layer, "tx": tx, "ty": ty, "origin": (ox, oy), "shift": shift,
            "bytes": length, "rings": decode_path(data, (ox, oy), shift)}


def read_band(r):
    start = r.pos
    min_zoom, max_zoom, grid_log2, count = r.take("ffBI")
    tiles = [read_tile(r) for _ in range(count)]
    return {"minZoom": min_zoom, "maxZoom": max_zoom, "gridLog2": grid_log2,
            "tiles": tiles, "bytes": r.pos - start}


def read_cities(r):
    cities = []
    for _ in range(r.take("I")):
        name = r.raw(r.take("H")).decode("utf-8")
        lat, lon, rank, pop, flags = r.take("ddBIB")
        cities.append({"name": name, "lat": lat, "lon": lon, "rank": rank,
                       "pop": pop, "flags": flags})
    return cities


def read_file(path):
    data = open(path, "rb").read()
    r = Reader(data)
    if r.raw(4) != b"MWBM":
        raise ValueError("bad magic")
    version, band_count = r.take("HH")
    if version != 1:
        raise ValueError(f"unknown version {version}")
    bands = [read_band(r) for _ in range(band_count)]
    cities = read_cities(r)
    if r.pos != len(data):
        raise ValueError(f"{len(data) - r.pos} trailing bytes")
    return {"size": len(data), "bands": bands, "cities": cities}


# ---------------------------------------------------------------- checks

def check_tile(band, tile, errors):
    where = f"band z{band['minZoom']:g} tile L{tile['layer']} {tile['tx']},{tile['ty']}"
    n = 1 << band["gridLog2"]
    size = WORLD >> band["gridLog2"]
    if tile["layer"] not in (0, 1) or tile["tx"] >= n or tile["ty"] >= n:
        errors.append(f"{where}: bad layer or tile index")
    if (size >> tile["shift"]) > 1 << 20:
        errors.append(f"{where}: shift {tile['shift']} too small")
    if not tile["rings"]:
        errors.append(f"{where}: no rings")
    least = 3 if tile["layer"] == 0 else 2
    pad = size * 0.02
    lo_x, lo_y = tile["tx"] * size - pad, tile["ty"] * size - pad
    for ring in tile["rings"]:
        if len(ring) < least:
            errors.append(f"{where}: ring of {len(ring)} points")
        for x, y in ring:
            if not (0 <= x <= WORLD and 0 <= y <= WORLD):
                errors.append(f"{where}: point {x},{y} outside the world")
                break
            if not (lo_x <= x <= lo_x + size + 2 * pad and lo_y <= y <= lo_y + size + 2 * pad):
                errors.append(f"{where}: point {x},{y} outside its tile")
                break


def check_cities(cities, errors):
    for a, b in zip(cities, cities[1:]):
        if (a["rank"], -a["pop"]) > (b["rank"], -b["pop"]):
            errors.append(f"cities not sorted at {b['name']}")
            break
    for c in cities:
        if not c["name"] or not (-90 <= c["lat"] <= 90 and -180 <= c["lon"] <= 180):
            errors.append(f"bad city {c}")
        if any(0x80 <= ord(ch) < 0xA0 for ch in c["name"]):
            errors.append(f"control character in city name {c['name']!r}")


def report(basemap):
    for i, band in enumerate(basemap["bands"]):
        tiles = band["tiles"]
        rings = sum(len(t["rings"]) for t in tiles)
        points = sum(len(ring) for t in tiles for ring in t["rings"])
        print(f"band {i}: zoom [{band['minZoom']:g},{band['maxZoom']:g}) grid 2^{band['gridLog2']} "
              f"tiles {len(tiles)} (land {sum(t['layer'] == 0 for t in tiles)}) rings {rings} "
              f"points {points} bytes {band['bytes']:,}")
    cities = basemap["cities"]
    capitals = sum(c["flags"] & 1 for c in cities)
    print(f"cities: {len(cities)} ({capitals} national capitals); first: "
          + ", ".join(c["name"] for c in cities[:5]))
    print(f"total {basemap['size']:,} bytes")


# ---------------------------------------------------------------- preview

def project(lon, lat):
    lat = max(-MAX_LAT, min(MAX_LAT, lat))
    y = 0.5 - math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)) / (2 * math.pi)
    return (lon + 180) / 360 * WORLD, y * WORLD


def xor_ring(mask, ring, view):
    """Toggle the pixels inside one ring: even-odd fill, one ring at a time."""
    import numpy as np
    from PIL import Image, ImageDraw
    pts = [view(x, y) for x, y in ring]
    x0 = max(0, int(min(p[0] for p in pts)))
    y0 = max(0, int(min(p[1] for p in pts)))
    x1 = min(mask.shape[1], int(max(p[0] for p in pts)) + 2)
    y1 = min(mask.shape[0], int(max(p[1] for p in pts)) + 2)
    if x1 <= x0 or y1 <= y0:
        return
    img = Image.new("1", (x1 - x0, y1 - y0), 0)
    ImageDraw.Draw(img).polygon([(px - x0, py - y0) for px, py in pts], fill=1)
    mask[y0:y1, x0:x1] ^= np.array(img, dtype=bool)


def render(basemap, band_index, region, width, out):
    import numpy as np
    from PIL import Image, ImageDraw
    band = basemap["bands"][band_index]
    (wx0, wy0), (wx1, wy1) = project(region[0], region[3]), project(region[2], region[1])
    scale = width / (wx1 - wx0)
    height = max(1, int(round((wy1 - wy0) * scale)))

    def view(x, y):
        return ((x - wx0) * scale, (y - wy0) * scale)

    for tile in band["tiles"]:
        if tile["layer"] == 0:
            mask = np.zeros((height, width), dtype=bool)
            for ring in tile["rings"]:
                xor_ring(mask, ring, view)
            tile["mask"] = mask
    land = np.zeros((height, width), dtype=bool)
    for tile in band["tiles"]:
        if "mask" in tile:
            land |= tile.pop("mask")
    pixels = np.zeros((height, width, 3), dtype=np.uint8)
    pixels[:] = (170, 205, 235)
    pixels[land] = (236, 232, 218)
    img = Image.fromarray(pixels, "RGB")
    draw = ImageDraw.Draw(img)
    for tile in band["tiles"]:
        if tile["layer"] == 1:
            for ring in tile["rings"]:
                draw.line([view(x, y) for x, y in ring], fill=(150, 110, 160), width=1)
    for c in basemap["cities"]:
        if c["rank"] <= max(1, band_index * 3):
            x, y = view(*project(c["lon"], c["lat"]))
            draw.ellipse((x - 2, y - 2, x + 2, y + 2), fill=(60, 60, 60))
    img.save(out)
    print(f"wrote {out} ({width}x{height})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default="fixtures/basemap.bin")
    parser.add_argument("--png", help="write a preview PNG here")
    parser.add_argument("--band", type=int, default=0)
    parser.add_argument("--region", default="-180,-85.05,180,85.05",
                        help="lon0,lat0,lon1,lat1 of the preview")
    parser.add_argument("--width", type=int, default=1400)
    args = parser.parse_args()
    basemap = read_file(args.path)
    errors = []
    for band in basemap["bands"]:
        for tile in band["tiles"]:
            check_tile(band, tile, errors)
    check_cities(basemap["cities"], errors)
    report(basemap)
    if args.png:
        region = [float(v) for v in args.region.split(",")]
        render(basemap, args.band, region, args.width, args.png)
    for e in errors[:30]:
        print("ERROR:", e)
    print(f"{len(errors)} errors")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
