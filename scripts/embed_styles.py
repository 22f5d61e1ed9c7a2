#!/usr/bin/env python3
"""Writes the built-in MapLibre styles (Sources/MapStyle/Styles/*.json) into
Swift sources as string literals, so the `mapwire` binary carries them and
needs no resource bundle beside it (the container image copies the binary
alone). Run it after editing a style; MapStyleTests fails while the Swift
copy and the JSON file differ.

    python3 scripts/embed_styles.py
"""

from __future__ import annotations

import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STYLES = os.path.join(ROOT, "Sources", "MapStyle", "Styles")
CHUNK = 96


def swift_source(name: str, text: str) -> str:
    compact = json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=False)
    chunks = [compact[i:i + CHUNK] for i in range(0, len(compact), CHUNK)]
    assert all('"##' not in c and "\n" not in c for c in chunks)
    lines = [
        f"// Written by scripts/embed_styles.py from Styles/{name}.json, minified: edit the JSON and run it again.",
        "",
        "extension MapStyle.BuiltIn {",
        f"    /// `Styles/{name}.json`, carried in the binary.",
        f"    static let {name}JSON = [",
    ]
    lines += [f'        ##"{c}"##,' for c in chunks]
    lines += ["    ].joined()", "}", ""]
    return "\n".join(lines)


def main() -> None:
    for file in sorted(os.listdir(STYLES)):
        if not file.endswith(".json"):
            continue
        name = file[:-len(".json")]
        with open(os.path.join(STYLES, file), encoding="utf-8") as f:
            source = swift_source(name, f.read())
        out = os.path.join(ROOT, "Sources", "MapStyle", f"MapStyle+BuiltIn{name.capitalize()}.swift")
        with open(out, "w", encoding="utf-8") as f:
            f.write(source)
        print(f"wrote {os.path.relpath(out, ROOT)}")


if __name__ == "__main__":
    main()
