"""The module graph as `Package.swift` declares it: the protocol stays free of
the UI toolkit, every module imports only what it declares, and the drawings
in the README and docs/architecture.md are that graph, not a wish."""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SWIFT = os.environ.get("SWIFT", "swift")
# The executables that measure or fuzz the server are tools, not layers: the drawings leave them out.
TOOLS = {"mapwire-bench", "mapwire-load", "mapwire-fuzz"}


@functools.cache
def package() -> dict:
    result = subprocess.run([SWIFT, "package", "dump-package"], cwd=ROOT, capture_output=True, text=True,
                            check=True, timeout=300)
    return json.loads(result.stdout)


def declared() -> dict[str, set[str]]:
    """Each target's direct dependencies on other targets of this package."""
    targets = {t["name"]: t for t in package()["targets"]}
    out: dict[str, set[str]] = {}
    for name, target in targets.items():
        deps = set()
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in dependency and dependency[kind][0] in targets:
                    deps.add(dependency[kind][0])
        out[name] = deps
    return out


def layers() -> dict[str, set[str]]:
    """The graph the drawings show: Swift library modules and the server executable."""
    targets = {t["name"]: t["type"] for t in package()["targets"]}
    keep = {n for n, kind in targets.items() if kind == "regular" or (kind == "executable" and n not in TOOLS)}
    return {n: deps & keep for n, deps in declared().items() if n in keep}


def closure(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    stack = list(graph.get(start, ()))
    while stack:
        node = stack.pop()
        if node not in seen:
            seen.add(node)
            stack.extend(graph.get(node, ()))
    return seen


def reduction(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """The edges no longer path implies: what a drawing needs to show."""
    edges = set()
    for node, deps in graph.items():
        for dep in deps:
            if not any(dep in closure(graph, other) for other in deps - {dep}):
                edges.add((node, dep))
    return edges


def drawing(path: str) -> dict[str, set[str]]:
    """The first code block after "Modules depend only downward", read as
    `A, B <- C <- D`: C uses A and B, D uses C. Notes in brackets are the
    libraries a module wraps, not modules."""
    with open(os.path.join(ROOT, path)) as f:
        text = f.read()
    block = re.search(r"Modules depend only downward.*?```\n(.*?)```", text, re.S)
    assert block, f"{path}: no module drawing"
    graph: dict[str, set[str]] = {}
    for line in block.group(1).splitlines():
        groups = [[re.sub(r"\(.*?\)", "", n).strip() for n in g.split(",")] for g in line.split("<-")]
        for group in groups:
            for name in group:
                graph.setdefault(name, set())
        for used, users in zip(groups, groups[1:]):
            for user in users:
                graph[user].update(used)
    return graph


def test_wire_does_not_depend_on_the_ui_toolkit():
    graph = declared()
    assert "ViewKit" not in closure(graph, "Wire")
    assert "InputEvents" in graph["Wire"] and "InputEvents" in graph["ViewKit"]
    assert graph["InputEvents"] <= {"MapGeometry"}


def test_the_library_does_not_depend_on_its_samples():
    """The samples are an app plugged in by the executable: nothing the
    `MapWire` library is built from may reach them."""
    graph = declared()
    library = {"MapWire"} | closure(graph, "MapWire")
    assert "SampleApps" not in library
    assert "SampleApps" not in closure(graph, "MapSession")
    users = {name for name, deps in graph.items() if "SampleApps" in deps}
    products = {p["name"]: p for p in package()["products"]}
    assert "library" in products["MapWire"]["type"] and products["MapWire"]["targets"] == ["MapWire"]
    assert users <= {"mapwire"} | TOOLS | {n for n in graph if n.endswith("Tests")}


def test_the_drawings_are_the_declared_graph():
    graph = layers()
    for path in ("README.md", "docs/architecture.md"):
        drawn = drawing(path)
        assert set(drawn) == set(graph), f"{path}: modules drawn differ from Package.swift"
        assert reduction(drawn) == reduction(graph), (
            f"{path}: drawn but not declared {sorted(reduction(drawn) - reduction(graph))}, "
            f"declared but not drawn {sorted(reduction(graph) - reduction(drawn))}")


def test_every_import_of_a_module_here_is_declared():
    # SwiftPM finds a module built for another target even when it is not a
    # dependency, so an undeclared import can build today and break tomorrow.
    graph = declared()
    kinds = {t["name"]: t["type"] for t in package()["targets"]}
    undeclared = []
    for name, deps in graph.items():
        folder = os.path.join(ROOT, "Tests" if kinds[name] == "test" else "Sources", name)
        for directory, _, files in os.walk(folder):
            for file in files:
                if not file.endswith(".swift"):
                    continue
                with open(os.path.join(directory, file)) as f:
                    for module in re.findall(r"^(?:@testable )?import (\w+)$", f.read(), re.M):
                        if module in graph and module != name and module not in deps:
                            undeclared.append(f"{name}/{file} imports {module}")
    assert undeclared == []


def test_every_declared_module_is_imported():
    """The other direction: a dependency nothing imports is a line in the
    drawing that is not true, and a build of a module that is not needed.
    A C module counts as imported by what its Swift imports of it, and a
    library product (GRDB, swift-log) is not checked."""
    graph = declared()
    kinds = {t["name"]: t["type"] for t in package()["targets"]}
    unused = []
    for name, deps in graph.items():
        folder = os.path.join(ROOT, "Tests" if kinds[name] == "test" else "Sources", name)
        imported: set[str] = set()
        for directory, _, files in os.walk(folder):
            for file in files:
                if file.endswith(".swift"):
                    with open(os.path.join(directory, file)) as f:
                        imported.update(re.findall(r"^(?:@testable |@_exported |@preconcurrency )?import "
                                                   r"(?:class |struct |enum |protocol |func |var |typealias )?"
                                                   r"(\w+)", f.read(), re.M))
        if kinds[name] in ("system-target",) or not os.path.isdir(folder):
            continue
        unused += [f"{name} declares {dep} but imports it nowhere" for dep in sorted(deps - imported)]
    assert unused == []


def test_the_transport_does_not_depend_on_the_map():
    """The socket layer knows bytes, connections and routes: not sessions,
    maps or the store."""
    reach = closure(declared(), "MapWireServer")
    assert reach.isdisjoint({"MapSession", "MapCore", "ViewKit", "LiveWorld", "MapHTTPAPI", "Persistence"}), reach
    assert declared()["MapWireServer"] <= {"SessionTransport", "Wire", "CLibWebSockets", "CMalloc"}
