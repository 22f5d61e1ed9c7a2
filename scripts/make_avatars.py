#!/usr/bin/env python3
"""Draw a simple, friendly SVG portrait for every person in fixtures/people.json.

Why: the wishlist callout and detail screen show an avatar per person, and we
ship no photos or third-party art. Each portrait is drawn from a few shapes
(round background, shoulders, neck, head, hair, face) whose colours and hair
style are picked deterministically from a hash of the person's id, so running
the script again gives byte-identical files.

Output: Public/images/avatars/<id>.svg, 84x84.
Usage: python3 scripts/make_avatars.py [fixtures/people.json]
"""

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "Public/images/avatars"
SIZE = 84

BACKGROUNDS = ["#F9D5A7", "#BFE3D0", "#C9D7F8", "#F7C6C7", "#E2D4F0", "#FFF1A8",
               "#B9E4EE", "#F4D9C6", "#D4EBB5", "#FBCFE8"]
SKINS = ["#FBE0CB", "#F1C27D", "#E0AC69", "#C68642", "#8D5524", "#5C3A1E"]
HAIRS = ["#1C1C1C", "#3B2A20", "#6B4226", "#A0522D", "#D8B25A", "#E8D9A8",
         "#9E9E9E", "#B5482D"]
SHIRTS = ["#2F6FDE", "#E0533D", "#2E9E6A", "#8A4FD0", "#F2A93B", "#26A3B5",
          "#D64F8A", "#4A5568"]
STYLES = ["short", "long", "bun", "curly", "side", "buzz", "ponytail", "wavy"]


def picker(person_id):
    """A deterministic chooser: each call takes the next byte of the id's hash."""
    digest = hashlib.sha256(person_id.encode("utf-8")).digest()
    state = {"i": 0}

    def pick(options):
        byte = digest[state["i"] % len(digest)]
        state["i"] += 1
        return options[byte % len(options)]

    return pick


def luminance(hex_colour):
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def contrasting_hair(hair, skin):
    """Walk the hair palette until the hair stands out from the skin."""
    start = HAIRS.index(hair)
    for step in range(len(HAIRS)):
        candidate = HAIRS[(start + step) % len(HAIRS)]
        if abs(luminance(candidate) - luminance(skin)) >= 45:
            return candidate
    return hair


def hair_back(style, colour):
    """Hair drawn behind the head (long styles)."""
    if style == "long":
        return f'<path d="M24 38 Q24 18 42 18 Q60 18 60 38 L62 66 L22 66 Z" fill="{colour}"/>'
    if style == "wavy":
        return (f'<path d="M23 40 Q22 18 42 18 Q62 18 61 40 Q64 50 60 58 Q62 62 58 64 '
                f'L26 64 Q22 62 24 58 Q20 50 23 40 Z" fill="{colour}"/>')
    if style == "ponytail":
        return f'<ellipse cx="60" cy="44" rx="6" ry="13" fill="{colour}" transform="rotate(-18 60 44)"/>'
    if style == "bun":
        return f'<circle cx="42" cy="17" r="8" fill="{colour}"/>'
    return ""


def hair_front(style, colour):
    """Hair drawn over the head: the cap, fringe or curls."""
    caps = {
        "short": "M26 36 Q26 19 42 19 Q58 19 58 36 Q52 27 42 27 Q32 27 26 36 Z",
        "long": "M26 38 Q26 19 42 19 Q58 19 58 38 Q55 28 44 26 Q34 30 26 38 Z",
        "bun": "M26 35 Q27 21 42 21 Q57 21 58 35 Q50 27 42 27 Q34 27 26 35 Z",
        "side": "M26 37 Q25 19 42 19 Q60 19 58 34 Q46 32 38 24 Q34 31 26 37 Z",
        "buzz": "M27 33 Q28 22 42 22 Q56 22 57 33 Q50 27 42 27 Q34 27 27 33 Z",
        "ponytail": "M26 36 Q26 20 42 20 Q58 20 58 36 Q50 26 42 26 Q34 26 26 36 Z",
        "wavy": "M25 38 Q25 19 42 19 Q59 19 59 38 Q54 30 48 28 Q42 32 36 28 Q30 31 25 38 Z",
    }
    if style == "curly":
        curls = [(28, 30), (32, 23), (39, 20), (46, 20), (53, 23), (57, 30), (26, 37), (58, 37)]
        return "".join(f'<circle cx="{x}" cy="{y}" r="6" fill="{colour}"/>' for x, y in curls)
    opacity = ' opacity="0.75"' if style == "buzz" else ""
    return f'<path d="{caps[style]}" fill="{colour}"{opacity}/>'


def face(skin, with_glasses):
    parts = [
        '<circle cx="36" cy="39" r="2" fill="#2B2B2B"/>',
        '<circle cx="48" cy="39" r="2" fill="#2B2B2B"/>',
        '<path d="M36.5 46.5 Q42 51 47.5 46.5" fill="none" stroke="#7A3B2E" '
        'stroke-width="2" stroke-linecap="round"/>',
        '<circle cx="32" cy="45" r="3" fill="#F28B82" opacity="0.35"/>',
        '<circle cx="52" cy="45" r="3" fill="#F28B82" opacity="0.35"/>',
    ]
    if with_glasses:
        parts.append('<g fill="none" stroke="#333" stroke-width="1.5">'
                     '<circle cx="36" cy="39" r="5"/><circle cx="48" cy="39" r="5"/>'
                     '<path d="M41 39 H43"/></g>')
    return "".join(parts)


def avatar_svg(person_id):
    pick = picker(person_id)
    bg, skin, hair, shirt, style = (pick(BACKGROUNDS), pick(SKINS), pick(HAIRS),
                                    pick(SHIRTS), pick(STYLES))
    hair = contrasting_hair(hair, skin)
    glasses = pick([False, False, False, True])
    clip = f"clip-{person_id}"
    body = [
        hair_back(style, hair),
        f'<path d="M14 84 Q14 62 42 60 Q70 62 70 84 Z" fill="{shirt}"/>',
        f'<rect x="37" y="50" width="10" height="12" rx="3" fill="{skin}"/>',
        f'<ellipse cx="42" cy="39" rx="16" ry="18" fill="{skin}"/>',
        hair_front(style, hair),
        face(skin, glasses),
    ]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" '
        f'viewBox="0 0 {SIZE} {SIZE}">\n'
        f'<defs><clipPath id="{clip}"><circle cx="42" cy="42" r="42"/></clipPath></defs>\n'
        f'<g clip-path="url(#{clip})">\n'
        f'<circle cx="42" cy="42" r="42" fill="{bg}"/>\n'
        + "\n".join(p for p in body if p)
        + "\n</g>\n</svg>\n"
    )


def main():
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "fixtures/people.json"
    people = json.loads(path.read_text(encoding="utf-8"))["people"]
    OUT.mkdir(parents=True, exist_ok=True)
    for person in people:
        (OUT / f"{person['id']}.svg").write_text(avatar_svg(person["id"]), encoding="utf-8")
    print(f"wrote {len(people)} avatars to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
