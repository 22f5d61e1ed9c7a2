"""The Docker image, proved without a Docker engine: its runtime stage's
packages provide every shared library the server loads, it runs as a
non-root user with the store on a volume and a health check, and the setup
step it runs works on this machine."""

from __future__ import annotations

import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("MAPWIRE_BIN", os.path.join(ROOT, ".build", "debug", "mapwire"))
# Linked statically into the image's binary (--static-swift-stdlib), so not needed at run time.
SWIFT_RUNTIME = re.compile(r"^lib(swift|_?Foundation|dispatch|BlocksRuntime|_FoundationICU)")
# In every Debian image, slim included.
BASE = {"libc6", "libgcc-s1", "libstdc++6"}


def stages() -> list[list[str]]:
    """The Dockerfile's instructions (continuation lines joined), split into stages."""
    with open(os.path.join(ROOT, "Dockerfile")) as f:
        text = re.sub(r"\\\n\s*", " ", f.read())
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    out: list[list[str]] = []
    for line in lines:
        if line.startswith("FROM "):
            out.append([])
        if out:
            out[-1].append(line)
    return out


def runtime_packages() -> set[str]:
    result = subprocess.run([os.path.join(ROOT, "scripts", "setup.sh"), "--runtime", "--print"],
                            capture_output=True, text=True, check=True)
    return set(result.stdout.split())


def owner(library_path: str) -> str:
    # Debian's merged /usr: a package may list the file under /lib or /usr/lib, by a symlink's name or not.
    candidates = []
    for path in (library_path, os.path.realpath(library_path)):
        candidates += [path, re.sub(r"^/usr/lib/", "/lib/", path), re.sub(r"^/lib/", "/usr/lib/", path)]
    for candidate in dict.fromkeys(candidates):
        result = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        if result.returncode == 0:
            return result.stdout.split(":")[0]
    raise AssertionError(f"no package owns {library_path}")


def test_the_image_is_built_in_one_stage_and_runs_slim_as_a_non_root_user():
    build, runtime = stages()
    assert build[0].startswith("FROM swift:") and " AS build" in build[0]
    assert any("scripts/setup.sh" in line for line in build if line.startswith("RUN"))
    assert any("--static-swift-stdlib" in line for line in build)
    assert re.match(r"FROM debian:\w+-slim$", runtime[0]), runtime[0]
    assert any("setup.sh --runtime" in line for line in runtime if line.startswith("RUN"))
    users = [line.split()[1] for line in runtime if line.startswith("USER ")]
    assert users and users[-1] not in ("root", "0"), users
    cmd = next(line for line in runtime if line.startswith("CMD "))
    volume = next(line for line in runtime if line.startswith("VOLUME "))
    store = re.search(r'"--store", "([^"]+)"', cmd).group(1)
    assert any(store.startswith(v.strip('[]" ') + "/") for v in volume.split()[1:]), (store, volume)
    health = next(line for line in runtime if line.startswith("HEALTHCHECK "))
    assert "/healthz" in health
    # The token comes from the environment, never baked into the image.
    assert not any("MAPWIRE_API_TOKEN=" in line for line in runtime if line.startswith("ENV"))


def test_the_runtime_packages_provide_every_library_the_server_loads():
    assert os.path.exists(BINARY), f"{BINARY} is missing: run `swift build` first"
    packages = runtime_packages()
    needed = subprocess.run(["readelf", "-d", BINARY], capture_output=True, text=True, check=True).stdout
    names = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", needed)
    paths = {}
    for line in subprocess.run(["ldd", BINARY], capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split("=>")
        if len(parts) == 2 and parts[1].strip().startswith("/"):
            paths[parts[0].strip()] = parts[1].split()[0]
    missing = []
    for name in names:
        if SWIFT_RUNTIME.match(name) or name.startswith("ld-linux"):
            continue
        package = owner(paths[name])
        if package not in packages and package not in BASE:
            missing.append(f"{name} ({package})")
    assert not missing, f"not installed by setup.sh --runtime: {missing}"
    # lws loads its event-loop plugin at run time, so no NEEDED entry names it.
    assert "libwebsockets-evlib-ev" in packages
    assert "curl" in packages, "the HEALTHCHECK runs curl"


def test_the_runtime_setup_step_runs_here():
    result = subprocess.run([os.path.join(ROOT, "scripts", "setup.sh"), "--runtime"],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert "runtime libraries" in result.stdout
