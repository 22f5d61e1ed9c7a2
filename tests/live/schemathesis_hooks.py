"""Schemathesis hooks for docs/openapi.yaml (loaded through SCHEMATHESIS_HOOKS
by test_schemathesis.py).

The document describes an NDJSON import as the list of its features; on the
wire each feature is one line. Schemathesis has no serializer for
`application/x-ndjson`, so this is it: a list becomes one JSON value a line,
anything else (negative cases) a single line of its JSON.
"""

import json

import schemathesis


@schemathesis.serializer("application/x-ndjson")
def ndjson(_context, value):
    items = value if isinstance(value, list) else [value]
    return "".join(json.dumps(item) + "\n" for item in items).encode()
