"""Fixtures for the browser tests (pytest + selenium + headless Chromium).

    pip install -r tests/requirements.txt
    pytest tests/browser                      # test_map.py needs the server binary
    MAPWIRE_BIN=/path/to/mapwire pytest tests/browser/test_map.py

Chromium and chromedriver come from Debian (/usr/bin/chromium,
/usr/bin/chromedriver; override with CHROMIUM_BIN / CHROMEDRIVER_BIN).
Screenshots and the server log go to tests/browser/artifacts/ (gitignored).

- `chrome` / `driver`: headless Chromium with browser console logs captured.
- `static_server`: a plain http.server over the repository root (no WebSocket).
- `fake_server`: tests/browser/fake_server.py, a stand-in protocol server.
- `mapwire_server`: the real Swift binary (MAPWIRE_BIN, else .build/debug/mapwire).
  If it is missing the test FAILS (CI builds it first); it is never skipped.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARTIFACTS = os.path.join(ROOT, "tests", "browser", "artifacts")
CHROMIUM = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, timeout: float = 30.0, proc: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server exited with code {proc.returncode} before {url} answered")
        try:
            with urllib.request.urlopen(url, timeout=1) as r:
                if r.status == 200:
                    return
        except OSError as e:
            last = e
        time.sleep(0.05)
    raise TimeoutError(f"{url} did not answer within {timeout}s: {last}")


# How long a wait may take before the test calls it a hang. It bounds waits for
# what must happen; it is not a speed budget (benchmarks time, tests don't), so
# it is generous enough for a debug build on a machine busy with other builds.
HANG = 30.0


def poll(fn, timeout: float = HANG, interval: float = 0.05, message: str = "condition"):
    """Call fn until it returns something truthy; return that, or fail after timeout."""
    deadline = time.monotonic() + timeout
    while True:
        value = fn()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {message} (last: {value!r})")
        time.sleep(interval)


def artifact(name: str) -> str:
    os.makedirs(ARTIFACTS, exist_ok=True)
    return os.path.join(ARTIFACTS, name)


def severe_logs(driver) -> list:
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


@pytest.fixture
def chrome():
    """A factory: chrome(scale=1) -> a new headless Chromium driver, quit after the test.
    `args`: more Chromium flags (a host resolver rule that serves a site from this machine)."""
    drivers = []

    def make(scale: float = 1, width: int = 1280, height: int = 800, args: tuple[str, ...] = ()):
        opts = webdriver.ChromeOptions()
        opts.binary_location = CHROMIUM
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    f"--window-size={width},{height}", f"--force-device-scale-factor={scale}",
                    "--hide-scrollbars", "--disable-extensions", "--no-first-run", *args):
            opts.add_argument(arg)
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
        d.set_script_timeout(20)
        drivers.append(d)
        return d

    yield make
    for d in drivers:
        with contextlib.suppress(Exception):
            d.quit()


@pytest.fixture
def driver(chrome):
    return chrome()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep pytest output clean
        pass


@pytest.fixture(scope="session")
def static_server():
    """http://127.0.0.1:<port> serving the repository root (page at /Public/index.html)."""
    handler = functools.partial(_QuietHandler, directory=ROOT)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


class FakeServer:
    def __init__(self, url: str, proc: subprocess.Popen):
        self.url = url
        self.proc = proc

    def messages(self) -> list:
        with urllib.request.urlopen(self.url + "/_messages", timeout=30) as r:
            return json.load(r)

    def get(self, path: str) -> None:
        with urllib.request.urlopen(self.url + path, timeout=30) as r:
            r.read()


def _start_fake(scene: str):
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, os.path.join(ROOT, "tests", "browser", "fake_server.py"),
         "--port", str(port), "--scene", scene],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_http(url + "/healthz", proc=proc)
    except Exception:
        proc.kill()
        raise
    return FakeServer(url, proc)


@pytest.fixture
def fake_server():
    """A fresh fake protocol server (demo scene) per test, so message logs don't mix."""
    fs = _start_fake("demo")
    yield fs
    fs.proc.terminate()
    fs.proc.wait(5)


@pytest.fixture
def fake_golden_server():
    """A fake server whose frame 1 is fixtures/protocol/golden.bin's ops."""
    fs = _start_fake("golden")
    yield fs
    fs.proc.terminate()
    fs.proc.wait(5)


def mapwire_binary() -> str:
    return os.environ.get("MAPWIRE_BIN") or os.path.join(ROOT, ".build", "debug", "mapwire")


class ServerURL(str):
    """A running server's URL, with its process (`proc`) for the tests that signal it."""

    def __new__(cls, url: str, proc: subprocess.Popen):
        value = super().__new__(cls, url)
        value.proc = proc
        return value


@contextlib.contextmanager
def running_mapwire(*args: str, log_name: str = "mapwire-server.log"):
    """The real Swift server, `<bin> --port P --host 127.0.0.1 --no-demo` plus
    `args`, cwd = repo root, with a store of its own so runs never see each
    other's world; yields its URL (a `ServerURL`, whose `proc` is the process) and stops it on exit. Its output goes to
    tests/browser/artifacts/`log_name`."""
    binary = mapwire_binary()
    if not os.path.isfile(binary) or not os.access(binary, os.X_OK):
        pytest.fail(f"MapWire server binary not found at {binary}: build it first "
                    f"(swift build) or set MAPWIRE_BIN", pytrace=False)
    port = free_port()
    store = os.path.join(tempfile.mkdtemp(prefix="mapwire-browser-"), "world.sqlite")
    with open(artifact(log_name), "w") as log:
        proc = subprocess.Popen([binary, "--port", str(port), "--host", "127.0.0.1", "--no-demo", "--store", store,
                                 *args], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        try:
            try:
                wait_http(url + "/healthz", timeout=30, proc=proc)
            except Exception as e:
                pytest.fail(f"MapWire server at {binary} did not become healthy: {e} "
                            f"(see {artifact(log_name)})", pytrace=False)
            yield ServerURL(url, proc)
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


@pytest.fixture(scope="session")
def mapwire_server():
    """The real Swift server with the default flags, shared by the session's tests."""
    with running_mapwire() as url:
        yield url


# ---- helpers shared by the tests ----------------------------------------------------

def wait_painted(driver, timeout: float = HANG) -> dict:
    """Wait until the page has painted a server frame; return window.mapwire.stats."""
    return poll(lambda: driver.execute_script(
        "const m = window.mapwire; return m && m.stats.framesPainted > 0 && m.stats.connected "
        "? Object.assign({}, m.stats) : null;"), timeout=timeout, message="a painted frame")


def wait_idle(driver, quiet: float = 0.5, timeout: float = HANG) -> dict:
    """Wait until the page is connected and has painted a frame, and no new frame
    came for `quiet` seconds: the server's animations (fades, slides, glides)
    have played out. Return window.mapwire.stats.

    For screenshots kept as artifacts and for checks that nothing further
    happens; an outcome the test needs is polled for instead (the quiet could
    be a pause on a busy machine, never a reason to fail)."""
    script = ("const m = window.mapwire; return m && m.stats.connected && m.stats.framesPainted > 0 "
              "? Object.assign({}, m.stats) : null;")
    deadline = time.monotonic() + timeout
    last, since = None, time.monotonic()
    while True:
        stats = driver.execute_script(script)
        now = time.monotonic()
        if stats is None or last is None or stats["framesReceived"] != last["framesReceived"]:
            last, since = stats, now
        elif now - since >= quiet:
            return stats
        if now > deadline:
            raise AssertionError(f"the page did not come to rest within {timeout}s (last: {stats!r})")
        time.sleep(0.05)


def at_rest(driver, check, timeout: float = HANG):
    """Run `check` (it asserts, and may return a value) once the page is at rest
    (wait_idle), and return what it returns. A quiet spell on a busy machine
    can look like rest mid-animation, so a failing check is tried again at the
    next rest; only when it still fails at the hang guard is its failure the
    test's."""
    deadline = time.monotonic() + timeout
    while True:
        wait_idle(driver, timeout=timeout)
        try:
            return check()
        except AssertionError:
            if time.monotonic() > deadline:
                raise


def screenshot(driver, name: str):
    """Save a screenshot under tests/browser/artifacts/ and return it as a PIL image (RGB)."""
    from io import BytesIO

    from PIL import Image

    png = driver.get_screenshot_as_png()
    with open(artifact(name), "wb") as f:
        f.write(png)
    return Image.open(BytesIO(png)).convert("RGB")


def colour_count(image, near=None, tolerance: int = 6) -> int:
    """Distinct colours in image, or (with near=(r,g,b)) pixels within tolerance of that colour."""
    colours = image.getcolors(maxcolors=1 << 24)
    if near is None:
        return len(colours)
    return sum(n for n, c in colours if all(abs(a - b) <= tolerance for a, b in zip(c, near)))


def mouse(driver, steps):
    """Real mouse input through WebDriver actions. steps: ("move", x, y) | ("down",) | ("up",)
    with x, y in CSS px of the viewport."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder

    ab = ActionBuilder(driver, duration=16)
    for step in steps:
        if step[0] == "move":
            ab.pointer_action.move_to_location(int(round(step[1])), int(round(step[2])))
        elif step[0] == "down":
            ab.pointer_action.pointer_down()
        elif step[0] == "up":
            ab.pointer_action.pointer_up()
        elif step[0] == "pause":
            ab.pointer_action.pause(step[1])
    ab.perform()


def click_at(driver, x, y):
    mouse(driver, [("move", x, y), ("down",), ("up",)])


def drag(driver, x0, y0, dx, dy, steps: int = 10, hold: float = 0.25):
    """A real mouse drag; holding still for `hold` seconds before the release
    leaves no fling velocity, so inertia does not carry the map further."""
    seq = [("move", x0, y0), ("down",)]
    seq += [("move", x0 + dx * i / steps, y0 + dy * i / steps) for i in range(1, steps + 1)]
    if hold:
        seq += [("pause", hold)]
    seq += [("up",)]
    mouse(driver, seq)


def mirror_rect(driver, item_id):
    return driver.execute_script(
        "const el = document.querySelector(`#a11y [data-item=\"${arguments[0]}\"]`);"
        "if (!el || el.hidden) return null; const r = el.getBoundingClientRect();"
        "return {x: r.x, y: r.y, width: r.width, height: r.height};", item_id)
