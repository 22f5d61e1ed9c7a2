#!/usr/bin/env python3
"""Writes fixtures/geojson/: a few places as GDAL and fiona write them, for
the GeoJSON import tests (tests/live/test_live_geojson.py).

GDAL writes through pyogrio (RFC 7946 and legacy GeoJSON, GeoJSONSeq with
and without record separators); fiona's CLI (`fio cat`, `fio cat --rs`,
`fio dump`) reads those files back as it writes features. Lines and areas
come from the test data pyogrio's wheel ships: Natural Earth's low
resolution countries (public domain; South Africa with Lesotho as its
hole, Italy and Japan as MultiPolygons) and the shapes its authors drew
in QGIS (a LineString with Z and M, read as Z; a curve, a curve polygon
and a multisurface, read as LineString, Polygon and MultiPolygon; MIT, as
pyogrio). Needs pyogrio, numpy and fiona, e.g. in a virtual environment:

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
from pyogrio.raw import read, write

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

    shapes(path)

    fio = os.path.join(os.path.dirname(sys.executable), "fio")
    for args, source, target in [
        (["cat"], "gdal-countries.geojson", "fio-cat-countries.geojsonl"),
        (["cat"], "gdal-rfc7946.geojson", "fio-cat.geojsonl"),
        (["cat", "--rs"], "gdal-rfc7946.geojson", "fio-cat-rs.geojsons"),
        (["dump"], "gdal-multipoint.geojson", "fio-dump-multipoint.geojson"),
    ]:
        written = subprocess.run([fio, *args, path(source)], check=True, capture_output=True).stdout
        with open(path(target), "wb") as f:
            f.write(written)
    print(f"wrote {len(os.listdir(OUT))} files to {OUT} with GDAL {pyogrio.__gdal_version_string__}")


def shapes(path) -> None:
    """Countries and QGIS-drawn shapes from pyogrio's test data, as GDAL writes them."""
    data = os.path.join(os.path.dirname(pyogrio.__file__), "tests", "fixtures")
    meta, _, geometries, fields = read(os.path.join(data, "naturalearth_lowres", "naturalearth_lowres.shp"),
                                       columns=["name", "continent"])
    wanted = ["Luxembourg", "South Africa", "Lesotho", "Italy", "Japan"]
    by_name = dict(zip(meta["fields"], fields))
    rows = [list(by_name["name"]).index(name) for name in wanted]
    names = objects([by_name["name"][i] for i in rows])
    continents = objects([by_name["continent"][i] for i in rows])
    # simplestyle's fill: the last is a CSS name, not a hex colour, so the import warns.
    fills = objects(["#ffcc00", None, "#2a9d8f", "#e63946", "green"])
    countries = objects([geometries[i] for i in rows])
    columns, labels = [names, continents, fills], ["name", "continent", "fill"]
    # "Unknown": each feature keeps its own type, Polygon or MultiPolygon.
    write(path("gdal-countries.geojson"), countries, columns, labels, driver="GeoJSON", geometry_type="Unknown",
          crs="EPSG:4326", layer_options={"RFC7946": "YES"})
    write(path("gdal-countries-seq.geojsonl"), countries, columns, labels, driver="GeoJSONSeq",
          geometry_type="Unknown", crs="EPSG:4326")

    drawn = []
    for name in ["line_zm.gpkg", "curve.gpkg", "curvepolygon.gpkg", "multisurface.gpkg"]:
        _, _, geometry, _ = read(os.path.join(data, name))
        drawn.append(geometry[0])
    write(path("gdal-qgis-shapes.geojson"), objects(drawn),
          [objects(["Line with Z", "Curve", "Curve polygon", "Multisurface"]),
           objects([None, "#1d3557", None, None]), np.array([np.nan, 5.0, np.nan, -1.0])],
          ["name", "stroke", "stroke-width"], driver="GeoJSON", geometry_type="Unknown", crs="EPSG:4326",
          layer_options={"RFC7946": "YES"})


if __name__ == "__main__":
    main()
