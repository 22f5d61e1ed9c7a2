"""What `import MapWire` gives an app is the API docs/public-api.md names:
the re-exports, that page's table and the committed list of public
declarations change together, and no public declaration names a type an
app cannot import."""

from __future__ import annotations

import functools
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

import public_api  # noqa: E402


@functools.cache
def graphs() -> dict:
    return public_api.symbol_graphs(build=True)


def exported() -> set[tuple[str, str]]:
    named, whole = public_api.exports()
    return named | {(m, s["pathComponents"][0]) for m in whole for s in graphs().get(m, {"symbols": []})["symbols"]}


def top_level_types() -> set[str]:
    """The type names an app can write: what is re-exported, and the library's own types."""
    kinds = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"}
    own = {s["pathComponents"][0] for s in graphs()[public_api.LIBRARY]["symbols"]
           if len(s["pathComponents"]) == 1 and s["kind"]["identifier"] in kinds}
    return {name for _, name in exported()} | own


def documented() -> set[str]:
    with open(os.path.join(ROOT, "docs", "public-api.md")) as f:
        text = f.read()
    table = text[text.index("## What is API"):text.index("Outside Swift")]
    rows = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| area")]
    return {name for row in rows for name in re.findall(r"`([A-Z]\w*)`", row)}


def test_every_type_an_app_can_name_is_on_the_page_and_only_those():
    types, page = top_level_types(), documented()
    assert sorted(types - page) == [], "reachable through `import MapWire` but not in docs/public-api.md"
    assert sorted(page - types) == [], "named in docs/public-api.md but not reachable through `import MapWire`"


def test_no_public_declaration_names_a_type_an_app_cannot_import():
    named, whole = public_api.exports()
    named |= exported()
    assert public_api.problems(graphs(), named, whole) == []


def test_the_public_declarations_are_the_committed_list():
    """A change to the public surface shows in the diff of docs/public-api-symbols.txt (`make public-api`)."""
    with open(public_api.SYMBOLS) as f:
        committed = f.read().splitlines()
    now = public_api.surface(graphs(), exported())
    added, removed = sorted(set(now) - set(committed)), sorted(set(committed) - set(now))
    assert (added, removed) == ([], []), "run `make public-api` and say in docs/public-api.md what changed"
