"""Checks that hold for the whole test run, whichever folder a test is in."""

from __future__ import annotations

import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_STORE = os.path.join(ROOT, "mapwire.sqlite")


@pytest.fixture(scope="session", autouse=True)
def no_server_writes_the_default_store():
    """Every server a test starts gets a store of its own (`--store`), so runs
    never see each other's world; one started without it would write
    ./mapwire.sqlite in the repository, where the next run would find it."""
    existed = os.path.exists(DEFAULT_STORE)
    yield
    if not existed and os.path.exists(DEFAULT_STORE):
        os.remove(DEFAULT_STORE)
        for suffix in ("-wal", "-shm"):
            if os.path.exists(DEFAULT_STORE + suffix):
                os.remove(DEFAULT_STORE + suffix)
        pytest.fail("a test started mapwire without --store: it wrote ./mapwire.sqlite in the repository")
