#!/usr/bin/env python3
"""Writes fixtures/geojson/: a few places as GDAL and fiona write them, for
the GeoJSON import tests (tests/live/test_live_geojson.py).

GDAL writes through pyogrio (RFC 7946 and legacy GeoJSON, GeoJSONSeq with
and without record separators); fiona's CLI (`fio cat`, `fio cat --rs`,
`fio dump`) reads those files back as it writes features. Needs pyogrio,
numpy and fiona, e.g. in a virtual environment:

    python3 -m venv /tmp/geo && /tmp/geo/bin/pip install pyogrio numpy fiona
    /tmp/geo/bin/python scripts/make_geojson_fixtures.py
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys

import numpy as np
import pyogrio
from pyogrio.raw import write

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fixtures", "geojson")


def point(lon, lat, z=None):
    """A WKB point (ISO WKB for one with an altitude)."""
    if z is None:
        return struct.pack("<BIdd", 1, 1, lon, lat)
    return struct.pack("<BIddd", 1, 1001, lon, lat, z)


def multipoint(points):
    return struct.pack("<BII", 1, 4, len(points)) + b"".join(point(lon, lat) for lon, lat in points)


def objects(values):
    return np.array(values, dtype=object)


def main() -> None:
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        os.remove(os.path.join(OUT, name))
    # Three Paris landmarks with their heights; the last one's colour is a CSS name, not simplestyle's hex.
    geometries = objects([point(2.2945, 48.8584, 330.0), point(2.3376, 48.8606, 35.0),
                          point(2.3499, 48.8530, 69.0)])
    fields = [objects(["Eiffel Tower", "Louvre", "Notre-Dame"]), objects(["#e63946", "1d3557", "red"]),
              objects(["E", "museum", "religious-christian"]), objects(["large", "small", "medium"])]
    names = ["name", "marker-color", "marker-symbol", "marker-size"]
    paris = dict(geometry_type="Point", crs="EPSG:4326")

    def path(name):
        return os.path.join(OUT, name)

    write(path("gdal-rfc7946.geojson"), geometries, fields, names, driver="GeoJSON",
          layer_options={"RFC7946": "YES"}, **paris)
    write(path("gdal-legacy-crs84.geojson"), geometries, fields, names, driver="GeoJSON", **paris)
    write(path("gdal-seq.geojsonl"), geometries, fields, names, driver="GeoJSONSeq", **paris)
    write(path("gdal-seq-rs.geojsons"), geometries, fields, names, driver="GeoJSONSeq",
          layer_options={"RS": "YES"}, **paris)
    write(path("gdal-multipoint.geojson"), objects([multipoint([(13.37, 52.51), (13.41, 52.52)])]),
          [objects(["Stops"])], ["name"], driver="GeoJSON", geometry_type="MultiPoint", crs="EPSG:4326",
          layer_options={"RFC7946": "YES"})
    write(path("gdal-web-mercator.geojson"), objects([point(261845.7, 6250564.3)]), [objects(["Eiffel Tower"])],
          ["name"], driver="GeoJSON", geometry_type="Point", crs="EPSG:3857")
    write(path("gdal-null-geometry.geojsonl"), objects([point(2.35, 48.85), None]),
          [objects(["Paris", "Nowhere"])], ["name"], driver="GeoJSONSeq", geometry_type="Point", crs="EPSG:4326")

    fio = os.path.join(os.path.dirname(sys.executable), "fio")
    for args, source, target in [
        (["cat"], "gdal-rfc7946.geojson", "fio-cat.geojsonl"),
        (["cat", "--rs"], "gdal-rfc7946.geojson", "fio-cat-rs.geojsons"),
        (["dump"], "gdal-multipoint.geojson", "fio-dump-multipoint.geojson"),
    ]:
        written = subprocess.run([fio, *args, path(source)], check=True, capture_output=True).stdout
        with open(path(target), "wb") as f:
            f.write(written)
    print(f"wrote {len(os.listdir(OUT))} files to {OUT} with GDAL {pyogrio.__gdal_version_string__}")


if __name__ == "__main__":
    main()
