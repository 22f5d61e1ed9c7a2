"""docs/getting-started.md shows Examples/HelloMap's code: every code block
marked `<!-- HelloMap: <path> -->` must appear, verbatim, in that file of the
example, and every Swift file of the example must be shown somewhere. Edit
the example and the guide together."""

from __future__ import annotations

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GUIDE = os.path.join(ROOT, "docs", "getting-started.md")
EXAMPLE = os.path.join(ROOT, "Examples", "HelloMap")
BLOCK = re.compile(r"<!-- HelloMap: (?P<path>\S+) -->\n```\w*\n(?P<code>.*?)```\n", re.S)


def marked_blocks():
    with open(GUIDE, encoding="utf-8") as f:
        return [(m["path"], m["code"]) for m in BLOCK.finditer(f.read())]


def test_every_marked_block_is_in_the_example():
    blocks = marked_blocks()
    assert len(blocks) >= 8, "the guide's code blocks lost their <!-- HelloMap: path --> markers"
    for path, code in blocks:
        with open(os.path.join(EXAMPLE, path), encoding="utf-8") as f:
            source = f.read()
        assert code in source, f"a block of docs/getting-started.md is not in Examples/HelloMap/{path}:\n{code}"


def test_every_source_file_is_in_the_guide():
    shown = {path for path, _ in marked_blocks()}
    sources = {os.path.relpath(os.path.join(folder, name), EXAMPLE)
               for folder, _, names in os.walk(os.path.join(EXAMPLE, "Sources")) for name in names}
    sources.add("Package.swift")
    assert sources - shown == set(), "files of the example the guide never shows"
