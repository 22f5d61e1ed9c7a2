#!/usr/bin/env bash
# Installs what MapWire needs on Debian bookworm, and nothing twice.
#
#   scripts/setup.sh           build and run: libwebsockets (and the libev loop it runs on), HarfBuzz,
#                              SQLite, zlib, jemalloc (the server's allocator), pkg-config
#   scripts/setup.sh --test    + headless Chromium, chromedriver, the Python test packages
#   scripts/setup.sh --data    + Natural Earth shapefiles and Python GIS packages, only
#                                needed to regenerate fixtures/tiles/world.mbtiles; tilemaker and
#                                pip's osmium, pmtiles, mapbox-vector-tile, only needed to
#                                regenerate fixtures/tiles (scripts/build_city_tiles.py);
#                                pip's shapely 2 and pyshp for scripts/build_world_tiles.py
#   scripts/setup.sh --runtime only the shared libraries a built `mapwire` (linked with
#                              --static-swift-stdlib) loads, and curl for the health check:
#                              the Docker image's slim runtime stage; no Swift needed
#   add --print to list the packages instead of installing them
#
# Runs as root or through sudo. apt-get update runs only when a package is missing.
set -euo pipefail

cd "$(dirname "$0")/.."

want_test=0
want_data=0
want_runtime=0
want_print=0
for arg in "$@"; do
    case "$arg" in
        --test) want_test=1 ;;
        --data) want_data=1 ;;
        --runtime) want_runtime=1 ;;
        --print) want_print=1 ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *) echo "setup.sh: unknown option $arg" >&2; exit 2 ;;
    esac
done

packages=(libwebsockets-dev libwebsockets-evlib-ev libev-dev libharfbuzz-dev libsqlite3-dev zlib1g-dev libjemalloc-dev pkg-config)
if [ "$want_test" = 1 ]; then
    packages+=(chromium chromium-driver python3-pip)
fi
if [ "$want_data" = 1 ]; then
    packages+=(libmagics++-data python3-shapely python3-pyshp tilemaker python3-pip)
fi
if [ "$want_runtime" = 1 ]; then
    packages=(libwebsockets17 libwebsockets-evlib-ev libev4 libcap2 libharfbuzz0b libsqlite3-0 zlib1g libjemalloc2 curl ca-certificates)
fi
if [ "$want_print" = 1 ]; then
    printf '%s\n' "${packages[@]}"
    exit 0
fi

if [ "$(id -u)" = 0 ]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    as_root=(false)
fi

installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

missing=()
for package in "${packages[@]}"; do
    installed "$package" || missing+=("$package")
done

if [ "${#missing[@]}" -gt 0 ]; then
    if [ "${as_root[0]:-}" = false ]; then
        echo "setup.sh: need root or sudo to install: ${missing[*]}" >&2
        exit 1
    fi
    echo "setup.sh: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${as_root[@]}" apt-get update -q
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends "${missing[@]}"
else
    echo "setup.sh: system packages present (${packages[*]})"
fi

if [ "$want_runtime" = 1 ]; then
    echo "setup.sh: done (runtime libraries)"
    exit 0
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "setup.sh: no 'swift' on PATH; install the Swift 6 toolchain from swift.org" >&2
    exit 1
fi

if [ "$want_test" = 1 ]; then
    requirements=()
    for file in tests/requirements.txt tests/live/requirements.txt; do
        [ -f "$file" ] && requirements+=(-r "$file")
    done
    if [ "${#requirements[@]}" -gt 0 ]; then
        pip_args=(-q)
        [ "$(id -u)" = 0 ] && pip_args+=(--root-user-action=ignore)
        # Debian's Python refuses pip installs outside a venv (PEP 668) unless told.
        if python3 -c 'import os, sys, sysconfig; sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")) else 1)'; then
            pip_args+=(--break-system-packages)
        fi
        # pip itself skips what is already satisfied, so this is cheap on re-runs.
        python3 -m pip install "${pip_args[@]}" "${requirements[@]}"
    fi
fi

if [ "$want_data" = 1 ]; then
    data_pip_args=(-q)
    [ "$(id -u)" = 0 ] && data_pip_args+=(--root-user-action=ignore)
    if python3 -c 'import os, sys, sysconfig; sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")) else 1)'; then
        data_pip_args+=(--break-system-packages)
    fi
    # From PyPI rather than Debian (python3-pyosmium) so that they install for whichever python3 is on PATH;
    # build_world_tiles.py needs shapely 2's API, newer than bookworm's python3-shapely (1.8).
    python3 -m pip install "${data_pip_args[@]}" osmium pmtiles mapbox-vector-tile 'shapely>=2' pyshp
fi

echo "setup.sh: done"
