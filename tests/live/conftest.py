"""Fixtures for the live-server tests (helpers in live_server.py).

The binary is MAPWIRE_BIN if set, else .build/debug/mapwire (`make test`
builds it first). If it is missing the tests fail; they are never skipped.
"""

import os
import sys

import pytest

# Unique module names (wire, live_server) so tests/browser's conftest and
# helpers never shadow ours.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from live_server import start_server  # noqa: E402


@pytest.fixture
def live_server():
    server = start_server()
    yield server
    server.stop()
