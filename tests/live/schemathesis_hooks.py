"""Schemathesis hooks for docs/openapi.yaml (loaded through SCHEMATHESIS_HOOKS
by test_schemathesis.py).

The document describes an NDJSON import and a GeoJSON text sequence as the
list of their features; on the wire each feature is one line (after a record
separator, in a sequence). Schemathesis has no serializer for
`application/x-ndjson` or `application/geo+json-seq`, so these are them: a
list becomes one JSON value a line, anything else (negative cases) a single
line of its JSON.
"""

import json

import schemathesis


@schemathesis.serializer("application/x-ndjson")
def ndjson(_context, value):
    items = value if isinstance(value, list) else [value]
    return "".join(json.dumps(item) + "\n" for item in items).encode()


@schemathesis.serializer("application/geo+json-seq")
def geojson_seq(_context, value):
    items = value if isinstance(value, list) else [value]
    return "".join("\x1e" + json.dumps(item) + "\n" for item in items).encode()
