#!/usr/bin/env python3
"""End-to-end input latency in a real browser: pointer event sent by the page
to the frame that reflects it received by the page, over loopback.

Starts the release server on a free port, opens headless Chromium, presses on
the map and drags it with synthetic pointer events one at a time, each waiting
for the frame that echoes its sequence number (protocol.md: FRAME inputSeq),
and prints p50/p99. The number goes into docs/performance.md.

    swift build -c release && python3 scripts/bench_latency.py [--events 500]
"""
import argparse
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MEASURE_JS = """
const [count, done] = [arguments[0], arguments[arguments.length - 1]];
const canvas = document.querySelector('canvas');
const stats = window.mapwire.stats;
const latencies = [];
let x = 400, dx = 3;
function fire(type) {
  canvas.dispatchEvent(new PointerEvent(type, {pointerId: 1, pointerType: 'mouse', buttons: 1,
    clientX: x, clientY: 300, bubbles: true}));
}
fire('pointerdown');
x += 10; fire('pointermove'); // past the drag slop, so every later move pans
let i = 0;
function step() {
  if (i++ >= count) { fire('pointerup'); done(latencies); return; }
  x += dx; if (x > 900 || x < 300) dx = -dx;
  const before = stats.inputSeq;
  fire('pointermove');
  const t0 = performance.now();
  (function wait() {
    if (stats.latencyMs !== null && stats.inputSeq > before) {
      latencies.push(stats.latencyMs); setTimeout(step, 4); return;
    }
    if (performance.now() - t0 > 1000) { latencies.push(1000); setTimeout(step, 4); return; }
    setTimeout(wait, 0);
  })();
}
setTimeout(step, 100);
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=500)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/mapwire"))
    args = parser.parse_args()
    port = free_port()
    server = subprocess.Popen([args.binary, "--port", str(port), "--no-demo", "--store", ":memory:"], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        options = webdriver.ChromeOptions()
        for flag in ("--headless=new", "--no-sandbox", "--window-size=1280,800"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            driver.set_script_timeout(600)
            driver.get(f"http://127.0.0.1:{port}/#4/20/0")
            for _ in range(100):
                if driver.execute_script("return window.mapwire && window.mapwire.stats.framesPainted > 0"):
                    break
                time.sleep(0.1)
            latencies = sorted(driver.execute_async_script(MEASURE_JS, args.events))
        finally:
            driver.quit()
    finally:
        server.terminate()
        server.wait(timeout=10)
    p = lambda q: latencies[min(len(latencies) - 1, int(q * (len(latencies) - 1)))]
    print(f"events {len(latencies)}: p50 {p(0.5):.2f} ms, p99 {p(0.99):.2f} ms, "
          f"mean {statistics.mean(latencies):.2f} ms, max {latencies[-1]:.2f} ms")


if __name__ == "__main__":
    sys.exit(main())
