#!/usr/bin/env python3
"""MapWire's public surface as `import MapWire` gives it to an app.

Reads the symbol graphs `swift package dump-symbol-graph` writes and the
re-exports in Sources/MapWire/MapWire.swift, and prints (or, with --write,
stores in docs/public-api-symbols.txt) one line per public declaration an
app can reach: its module, its path and its declaration. With --check it
also lists the problems tests/packaging/test_public_api.py fails on: a
public declaration whose signature names a type of ours that an app cannot
import, a public declaration without a `///` comment (what an app reaches,
and the sample apps' code), and a name re-exported that is not public. A
module re-exported whole (the geometry, whose every public declaration is
API) counts as all its top-level names re-exported.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXPORTS = os.path.join(ROOT, "Sources", "MapWire", "MapWire.swift")
SYMBOLS = os.path.join(ROOT, "docs", "public-api-symbols.txt")
LIBRARY = "MapWire"


def exports() -> tuple[set[tuple[str, str]], list[str]]:
    """The names MapWire.swift re-exports, as (module, top-level name), and any whole modules it re-exports."""
    with open(EXPORTS) as f:
        text = f.read()
    named = set(re.findall(r"^@_exported import (?:class|struct|enum|protocol|typealias|func|var|let) "
                           r"(\w+)\.(\S+)$", text, re.M))
    whole = re.findall(r"^@_exported import (\w+)$", text, re.M)
    return named, whole


def symbol_graphs(build: bool) -> dict[str, dict]:
    if build:
        subprocess.run([os.environ.get("SWIFT", "swift"), "package", "dump-symbol-graph",
                        "--minimum-access-level", "public"], cwd=ROOT, check=True, capture_output=True, timeout=1800)
    found = glob.glob(os.path.join(ROOT, ".build", "*", "symbolgraph", "*.symbols.json"))
    graphs = {}
    for path in found:
        name = os.path.basename(path)[:-len(".symbols.json")]
        if "@" in name or name.endswith("Tests"):
            continue
        with open(path) as f:
            graphs[name] = json.load(f)
    return graphs


def declaration(symbol: dict) -> str:
    fragments = symbol.get("declarationFragments", [])
    text = "".join(f["spelling"] for f in fragments)
    return re.sub(r"\s+", " ", text).strip()


def reachable(graphs: dict[str, dict], named: set[tuple[str, str]]) -> list[tuple[str, dict]]:
    """Every public symbol an app reaches: the library's own, and the members of what it re-exports by name."""
    out = []
    for module, graph in graphs.items():
        for symbol in graph["symbols"]:
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            path = symbol["pathComponents"]
            if module == LIBRARY or (module, path[0]) in named:
                out.append((module, symbol))
    return out


def surface(graphs: dict[str, dict], named: set[tuple[str, str]]) -> list[str]:
    lines = {f"{module} {'.'.join(symbol['pathComponents'])}: {declaration(symbol)}"
             for module, symbol in reachable(graphs, named)}
    return sorted(lines)


def problems(graphs: dict[str, dict], named: set[tuple[str, str]], whole: list[str]) -> list[str]:
    found = [f"MapWire.swift re-exports {module}, which has no symbol graph" for module in whole if module not in graphs]
    # Where each of our types lives: its USR -> (module, top-level name).
    owners: dict[str, tuple[str, str]] = {}
    for module, graph in graphs.items():
        for symbol in graph["symbols"]:
            owners[symbol["identifier"]["precise"]] = (module, symbol["pathComponents"][0])
    for module, symbol in reachable(graphs, named):
        for fragment in symbol.get("declarationFragments", []):
            usr = fragment.get("preciseIdentifier")
            if fragment.get("kind") != "typeIdentifier" or usr not in owners:
                continue
            owner = owners[usr]
            if owner[0] != LIBRARY and owner not in named:
                found.append(f"{module} {'.'.join(symbol['pathComponents'])} names {owner[0]}.{fragment['spelling']}, "
                             "which an app cannot import")
    # What an app can reach is documented, and so is the samples' public code, which apps read to learn from.
    for module, symbol in reachable(graphs, named) + [("SampleApps", s) for s in graphs.get("SampleApps", {})
                                                      .get("symbols", [])
                                                      if "::SYNTHESIZED::" not in s["identifier"]["precise"]]:
        if "docComment" not in symbol:
            found.append(f"{module} {'.'.join(symbol['pathComponents'])} has no /// comment")
    # An unreachable owner module's symbols are skipped above only when not public: a
    # named export that no symbol graph has is a typo.
    known = {(m, s["pathComponents"][0]) for m, g in graphs.items() for s in g["symbols"]}
    found += [f"MapWire.swift names {m}.{n}, which is not a public declaration" for m, n in sorted(named - known)]
    return sorted(set(found))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-build", action="store_true", help="read the symbol graphs already in .build")
    parser.add_argument("--write", action="store_true", help=f"store the list in {os.path.relpath(SYMBOLS, ROOT)}")
    parser.add_argument("--check", action="store_true", help="print the problems and exit 1 if there are any")
    args = parser.parse_args()
    named, whole = exports()
    graphs = symbol_graphs(build=not args.no_build)
    named |= {(m, s["pathComponents"][0]) for m in whole for s in graphs.get(m, {"symbols": []})["symbols"]}
    lines = surface(graphs, named)
    if args.write:
        with open(SYMBOLS, "w") as f:
            f.write("\n".join(lines) + "\n")
    if args.check:
        found = problems(graphs, named, whole)
        print("\n".join(found))
        return 1 if found else 0
    if not args.write:
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
