"""The docs hold together: every relative link between README.md and
docs/*.md reaches a file, and its #anchor a heading there (computed as GitHub
computes it); every place in the code, the scripts, the tests and the docs
that cites a doc's heading by name (`docs/performance.md, "Heading"`,
`(README, "Heading")`, `protocol.md "Heading"`, `performance.md#anchor`)
names a heading that exists; and the docs speak to users, without in-house
words for periods of work ("this round", "a slow spell", "(d)", "issue 12")."""

from __future__ import annotations

import os
import re
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
THIS = os.path.abspath(__file__)
CITING_FOLDERS = ("Sources", "Tests", "scripts", "tests", "docs", "Public", "Examples")
CITING_SUFFIXES = (".swift", ".py", ".md", ".js", ".sh", ".c", ".h", ".yaml")


def docs() -> list[str]:
    """README.md and docs/*.md, relative to the repository."""
    folder = os.path.join(ROOT, "docs")
    return ["README.md"] + sorted(os.path.join("docs", n) for n in os.listdir(folder) if n.endswith(".md"))


def read(path: str) -> str:
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.S | re.M)
INLINE_CODE = re.compile(r"`[^`\n]*`")


def without_code(text: str) -> str:
    """Markdown with fenced blocks blanked (lines kept, so numbers still match) and inline code removed."""
    text = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return INLINE_CODE.sub("", text)


def heading_texts(markdown: str) -> list[str]:
    """The ATX headings outside fenced code, as written (inline markdown kept)."""
    text = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), markdown)
    return [m.group(2).strip().rstrip("#").strip() for m in re.finditer(r"^(#{1,6})[ \t]+(.+)$", text, re.M)]


def plain(heading: str) -> str:
    """A heading as GitHub renders its text: code, links and emphasis reduced to their words."""
    heading = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    heading = heading.replace("`", "")
    heading = re.sub(r"(\*\*|__|\*)(.+?)\1", r"\2", heading)
    return " ".join(heading.split())


def slug(heading: str) -> str:
    """GitHub's anchor for a heading (github-slugger): lower case, every character
    but letters, digits, marks, `-`, `_` and spaces dropped, each space a `-`."""
    kept = "".join(c for c in plain(heading).lower()
                   if unicodedata.category(c)[0] in "LNM" or c in "-_ ")
    return kept.replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """Every heading's anchor, with GitHub's -1, -2 ... for repeats."""
    seen: dict[str, int] = {}
    out = set()
    for heading in heading_texts(markdown):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def relative_links(path: str) -> list[str]:
    """The targets of a doc's inline links that stay in the repository."""
    return [t for t in LINK.findall(without_code(read(path)))
            if not re.match(r"^[a-z][a-z0-9+.-]*:", t, re.I)]


def test_links_between_the_docs_reach_their_file_and_heading():
    broken = []
    checked = 0
    for doc in docs():
        folder = os.path.dirname(doc)
        for target in relative_links(doc):
            file_part, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(folder, file_part)) if file_part else doc
            checked += 1
            if not os.path.exists(os.path.join(ROOT, resolved)):
                broken.append(f"{doc}: {target} (no file {resolved})")
            elif anchor and resolved.endswith(".md") and anchor not in anchors(read(resolved)):
                broken.append(f"{doc}: {target} (no heading with the anchor #{anchor} in {resolved})")
    assert checked > 20, "the docs' links were not found"
    assert broken == []


def doc_named(name: str) -> str | None:
    """The doc a citation names: README, README.md, docs/x.md or x.md."""
    if name in ("README", "README.md"):
        return "README.md"
    candidate = os.path.join("docs", os.path.basename(name))
    return candidate if os.path.exists(os.path.join(ROOT, candidate)) else None


def citing_files() -> list[str]:
    files = ["README.md"]
    for top in CITING_FOLDERS:
        for folder, dirs, names in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("artifacts", "corpus", "node_modules")]
            for name in names:
                path = os.path.join(folder, name)
                if name.endswith(CITING_SUFFIXES) and os.path.abspath(path) != THIS:
                    files.append(os.path.relpath(path, ROOT))
    return files


def prose(path: str) -> str:
    """A file's text as one line: comment markers at the starts of lines dropped, so
    that a heading cited across a wrapped comment reads whole."""
    lines = []
    for line in read(path).splitlines():
        line = line.strip()
        if not path.endswith(".md"):
            line = re.sub(r"^(///|//|#|\*|/\*\*|/\*)\s?", "", line)
        lines.append(line)
    return " ".join(lines)


def citation_pattern() -> re.Pattern[str]:
    names = sorted({os.path.splitext(os.path.basename(d))[0] for d in docs()} - {"README"})
    doc = rf"(?:README(?:\.md)?|(?:docs/)?(?:{'|'.join(map(re.escape, names))})\.md)"
    return re.compile(rf"(?<![\w/.-])({doc}),?\s+\"([^\"]{{2,160}})\"")


MORE_HEADINGS = re.compile(r"\s*(?:,\s*|and\s+|or\s+)+\"([^\"]{2,160})\"")


def cited_headings(text: str) -> list[tuple[str, str]]:
    """(doc, heading) for every `doc.md, "Heading"` citation, and the headings that
    follow one as `"A" and "B"`."""
    out = []
    for m in citation_pattern().finditer(text):
        out.append((m.group(1), m.group(2)))
        rest = text[m.end():]
        while (more := MORE_HEADINGS.match(rest)):
            out.append((m.group(1), more.group(1)))
            rest = rest[more.end():]
    return out


def cited_anchors(text: str) -> list[tuple[str, str]]:
    names = sorted({os.path.splitext(os.path.basename(d))[0] for d in docs()})
    pattern = re.compile(rf"(?<![\w/.-])((?:docs/|\.\./)?(?:{'|'.join(map(re.escape, names))})\.md)#([\w-]+)")
    return pattern.findall(text)


def test_every_cited_heading_exists():
    headings = {d: {plain(h) for h in heading_texts(read(d))} for d in docs()}
    slugs = {d: anchors(read(d)) for d in docs()}
    missing = []
    performance_citations = 0
    for path in citing_files():
        text = prose(path)
        for name, heading in cited_headings(text):
            doc = doc_named(name)
            if doc is None:
                continue
            performance_citations += doc == "docs/performance.md"
            if plain(heading) not in headings[doc]:
                missing.append(f'{path}: {name}, "{heading}"')
        for name, anchor in cited_anchors(text):
            doc = doc_named(name)
            if doc is not None and anchor not in slugs[doc]:
                missing.append(f"{path}: {name}#{anchor}")
    assert performance_citations >= 8, "the citations of docs/performance.md's headings were not found"
    assert missing == []


# Words for a period of our own work, which a user never saw: "this round",
# "the round before", "Nth round", "a slow spell", "(d)" for a scenario,
# issue and seed numbers. English keeps its rounds: a round number, a round
# trip, the short way round.
IN_HOUSE = [
    re.compile(r"\bround(?:'s|s')?\s+(?:before|after|ago|start|earlier|later)\b", re.I),
    re.compile(r"\b(?:this|that|each|every|next|last|latest|earlier|later|previous|prior|same|current"
               r"|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))"
               r"\s+rounds?\b(?!\s*-?\s*trips?\b)", re.I),
    re.compile(r"\brounds\b(?!\s+(?:up|down|off|to)\b)", re.I),
    re.compile(r"\bturns\s+of\s+rounds?\b", re.I),
    re.compile(r"\bround the world\b", re.I),
    re.compile(r"\bspells?\b", re.I),
    re.compile(r"(?<![\w(])\([a-d]\)(?![\w)])"),
    re.compile(r"\bissues?\s+#?\d+\b", re.I),
    re.compile(r"\bseeds?\s+#?\d+\b", re.I),
]
# The performance notes name no work session either.
IN_HOUSE_PERFORMANCE = [re.compile(r"\bthis session\b", re.I)]


def in_house_words(text: str, extra: list[re.Pattern[str]] = ()) -> list[str]:
    found = []
    for pattern in IN_HOUSE + list(extra):
        found += [m.group(0) for m in pattern.finditer(without_code(text))]
    return found


def test_the_in_house_check_flags_work_periods_and_spares_english():
    for phrase in ["as measured this round", "The round before: what closed the gap",
                   "the round's start", "### Third round: the change log", "two rounds before",
                   "in turns of rounds", "earlier rounds read 100,000", "a slow spell of the machine",
                   "spells of load", "(d) with 100 watchers", "runs (a) and (b)", "see issue 12",
                   "Issue #5: moves", "as in seed 004", "## Round the world", "the 2nd round"]:
        assert in_house_words(phrase), phrase
    for phrase in ["a round 1, 2 or 5 × 10ⁿ m or km", "round avatar", "a round head on a short stem",
                   "survives a round trip", "one round trip", "the short way round", "going round it",
                   "pins around the world", "a correctly rounded division", "it rounds to the nearest metre",
                   "`f(a)` in code", "f(d)", "((d))", "the issue is", "seeded hashing", "a session of the map"]:
        assert in_house_words(phrase) == [], phrase


def test_the_docs_use_no_in_house_words():
    found = []
    for doc in docs():
        extra = IN_HOUSE_PERFORMANCE if doc == "docs/performance.md" else []
        text = read(doc)
        for number, line in enumerate(without_code(text).splitlines(), 1):
            found += [f"{doc}:{number}: {w!r}" for w in in_house_words(line, extra)]
    assert found == []
