#!/usr/bin/env python3
"""Check fixtures/people.json: schema, spread, and that Inter can draw every character.

Why: the server lays text out with HarfBuzz on Public/fonts/Inter-Regular.otf and
the browser paints with the same font. A character missing from Inter's cmap
would be measured and drawn with a fallback font, so names, places, bios and
wishes must stay inside what Inter covers (Latin incl. Vietnamese, Greek,
Cyrillic). Also checks the avatars exist once make_avatars.py has run.

Usage: python3 scripts/check_people.py [fixtures/people.json]
Needs fontTools (pip install fonttools).
"""

import json
import re
import sys
import unicodedata
from pathlib import Path

from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
FONT = ROOT / "Public/fonts/Inter-Regular.otf"
CONTINENTS = {"Africa", "Antarctica", "Asia", "Europe", "North America",
              "South America", "Oceania"}
FIELDS = ["id", "name", "place", "continent", "latitude", "longitude", "avatar",
          "bio", "wishes"]
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def font_chars(path):
    return set(TTFont(path).getBestCmap())


def strings_of(person):
    yield "name", person["name"]
    yield "place", person["place"]
    yield "bio", person["bio"]
    for i, wish in enumerate(person["wishes"]):
        yield f"wishes[{i}]", wish


def check_person(p, cmap, errors):
    pid = p.get("id", "?")
    if list(p) != FIELDS:
        errors.append(f"{pid}: fields {list(p)} != {FIELDS}")
        return
    if not SLUG.match(p["id"]):
        errors.append(f"{pid}: id is not a lowercase ASCII slug")
    if p["continent"] not in CONTINENTS:
        errors.append(f"{pid}: unknown continent {p['continent']}")
    if not (-90 <= p["latitude"] <= 90 and -180 <= p["longitude"] <= 180):
        errors.append(f"{pid}: coordinates out of range")
    if p["avatar"] != f"images/avatars/{pid}.svg":
        errors.append(f"{pid}: avatar path {p['avatar']}")
    if not 1 <= len(p["wishes"]) <= 30:
        errors.append(f"{pid}: {len(p['wishes'])} wishes")
    for field, text in strings_of(p):
        if not text.strip() or text != text.strip():
            errors.append(f"{pid}: {field} empty or padded")
        if unicodedata.normalize("NFC", text) != text:
            errors.append(f"{pid}: {field} is not NFC")
        for ch in text:
            if ord(ch) not in cmap:
                errors.append(f"{pid}: {field} has U+{ord(ch):04X} {ch!r}, not in Inter")


def check_set(people, errors):
    ids = [p["id"] for p in people]
    if len(set(ids)) != len(ids):
        errors.append("duplicate ids")
    if len(people) < 24:
        errors.append(f"only {len(people)} people")
    missing = CONTINENTS - {p["continent"] for p in people}
    if missing:
        errors.append(f"no one in {sorted(missing)}")
    counts = [len(p["wishes"]) for p in people]
    if 1 not in counts or 30 not in counts:
        errors.append("need a person with exactly 1 wish and one with 30")


def check_avatars(people, errors):
    public = ROOT / "Public"
    for p in people:
        if not (public / p["avatar"]).is_file():
            errors.append(f"{p['id']}: missing Public/{p['avatar']}")


def main():
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "fixtures/people.json"
    people = json.loads(path.read_text(encoding="utf-8"))["people"]
    cmap = font_chars(FONT)
    errors = []
    for p in people:
        check_person(p, cmap, errors)
    check_set(people, errors)
    check_avatars(people, errors)
    chars = {ch for p in people for _, t in strings_of(p) for ch in t}
    print(f"{len(people)} people, {sum(len(p['wishes']) for p in people)} wishes, "
          f"{len(chars)} distinct characters, all checked against {FONT.name}")
    for e in errors:
        print("ERROR:", e)
    print(f"{len(errors)} errors")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
