"""The page shows why the server closed it: one tab over `--max-sessions`
gets close 1013 "server full: N sessions" and the banner says so."""

from __future__ import annotations

import os
import subprocess

import websocket

from conftest import ROOT, artifact, free_port, mapwire_binary, poll, wait_http


def test_banner_shows_the_server_full_reason(driver):
    port = free_port()
    with open(artifact("mapwire-server-full.log"), "w") as log:
        proc = subprocess.Popen([mapwire_binary(), "--port", str(port), "--no-demo", "--max-sessions", "1",
                                 "--store", ":memory:", "--public", os.path.join(ROOT, "Public"),
                                 "--data", os.path.join(ROOT, "fixtures")],
                                cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        try:
            url = f"http://127.0.0.1:{port}"
            wait_http(url + "/healthz", timeout=30, proc=proc)
            # Another tab holds the only session.
            holder = websocket.create_connection(f"ws://127.0.0.1:{port}/ws", subprotocols=["mapwire.v1"],
                                                 timeout=30)
            driver.get(url + "/#2/20/0")
            text = poll(lambda: driver.execute_script(
                "const b = document.getElementById('status'); "
                "return !b.hidden && b.textContent.includes('server full') ? b.textContent : null;"),
                message="the server-full banner")
            assert text.startswith("Disconnected (server full: 1 session) — reconnecting in"), text
            assert driver.execute_script("return window.mapwire.stats.closeCode;") == 1013
            # Once the other tab leaves, the page gets in by itself.
            holder.close()
            poll(lambda: driver.execute_script(
                "const s = window.mapwire.stats; return s.connected && s.framesPainted > 0;"),
                message="a session once a slot is free")
        finally:
            proc.terminate()
            proc.wait(10)
