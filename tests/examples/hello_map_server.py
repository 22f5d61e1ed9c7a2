"""HelloMap's server and the browser fixtures for its tests (Examples/HelloMap).

    pytest tests/examples                              # builds Examples/HelloMap if needed
    HELLOMAP_BIN=/path/to/HelloMap pytest tests/examples

A test module imports its fixtures from here (`from hello_map_server import
chrome, hello_map`). This is not a conftest.py on purpose: the browser tests
`from conftest import ...`, which finds whichever conftest pytest loaded last,
so a second conftest beside theirs breaks `pytest tests/browser tests/examples`.
The Chromium fixtures and helpers are tests/browser/conftest.py's, loaded
under a name of their own; screenshots go to tests/browser/artifacts/.

- `chrome`, `driver`: headless Chromium (tests/browser/conftest.py).
- `hello_map`: Examples/HelloMap running on a free port, in a new temporary
  folder as its working directory; yields (url, that folder). Without
  HELLOMAP_BIN it runs `swift build` in Examples/HelloMap first (a no-op when
  `make test` built it; a first build takes many minutes).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "Examples", "HelloMap")


def _browser_helpers():
    name = "mapwire_browser_conftest"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "tests", "browser", "conftest.py"))
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


browser = _browser_helpers()
# The browser tests' fixtures, for the test modules here to import.
chrome = browser.chrome
driver = browser.driver
# Their helpers.
artifact = browser.artifact
at_rest = browser.at_rest
click_at = browser.click_at
free_port = browser.free_port
poll = browser.poll
screenshot = browser.screenshot
severe_logs = browser.severe_logs
wait_http = browser.wait_http
wait_painted = browser.wait_painted

MIRROR_JS = """
return Array.from(document.querySelectorAll('#a11y [data-item]'), el => {
  const r = el.getBoundingClientRect();
  return {item: Number(el.dataset.item), tag: el.tagName.toLowerCase(), hidden: el.hidden,
          role: el.getAttribute('role'),
          name: (el.getAttribute('aria-label') || el.textContent || '').trim(),
          x: r.x, y: r.y, width: r.width, height: r.height};
});
"""


def mirror(driver) -> list:
    """The accessibility mirror's shown elements, each with its screen rectangle (CSS px)."""
    return [e for e in driver.execute_script(MIRROR_JS) if not e["hidden"]]


def hello_map_binary() -> str:
    binary = os.environ.get("HELLOMAP_BIN")
    if binary:
        return binary
    try:
        subprocess.run(["swift", "build"], cwd=EXAMPLE, check=True, timeout=3600,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    except subprocess.CalledProcessError as e:
        pytest.fail(f"swift build in {EXAMPLE} failed:\n{e.stdout[-4000:]}", pytrace=False)
    return os.path.join(EXAMPLE, ".build", "debug", "HelloMap")


@pytest.fixture(scope="session")
def hello_map():
    """(url, working folder) of a running HelloMap; stopped with SIGTERM after the tests."""
    binary = hello_map_binary()
    if not os.path.isfile(binary) or not os.access(binary, os.X_OK):
        pytest.fail(f"HelloMap binary not found at {binary}: build Examples/HelloMap "
                    f"(swift build) or set HELLOMAP_BIN", pytrace=False)
    port = free_port()
    workdir = tempfile.mkdtemp(prefix="hellomap-")
    log_path = artifact("hellomap-server.log")
    log = open(log_path, "w")
    # PORT in the environment must lose to --port.
    env = dict(os.environ, PORT="1")
    proc = subprocess.Popen([binary, "--port", str(port)], cwd=workdir, env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_http(url + "/healthz", timeout=30, proc=proc)
    except Exception as e:
        proc.kill()
        log.close()
        pytest.fail(f"HelloMap at {binary} did not become healthy: {e} (see {log_path})", pytrace=False)
    yield url, workdir
    proc.terminate()
    try:
        assert proc.wait(10) == 0, f"HelloMap exited with {proc.returncode} on SIGTERM (see {log_path})"
    finally:
        if proc.poll() is None:
            proc.kill()
        log.close()
