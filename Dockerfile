# MapWire in a container: built with the same setup script CI runs, then run
# from a slim image as a non-root user, its world kept on a volume.
#
#   docker build -t mapwire .
#   docker run --rm -p 8080:8080 -v mapwire-data:/data -e MAPWIRE_API_TOKEN=change-me mapwire
#
# The server binds every interface inside the container, so it refuses to
# start without a write token (MAPWIRE_API_TOKEN), unless --allow-open-writes
# is added to the command on purpose.
#
# The project is developed with Swift 6.3 on Debian bookworm; any official
# Swift 6 bookworm image should do (--build-arg SWIFT_VERSION=...).
ARG SWIFT_VERSION=6.3

# --- build: the toolchain, the -dev packages, a release binary ---
FROM swift:${SWIFT_VERSION}-bookworm AS build
WORKDIR /src
# System packages first, so this layer is reused while the code changes.
COPY scripts/setup.sh scripts/setup.sh
RUN scripts/setup.sh && rm -rf /var/lib/apt/lists/*
COPY . .
# The Swift runtime goes into the binary, so the runtime image needs no toolchain.
RUN swift build -c release --product mapwire --static-swift-stdlib \
    && install -D -m 755 "$(swift build -c release --show-bin-path)/mapwire" /out/bin/mapwire \
    && cp -r Public fixtures /out/

# --- runtime: the shared libraries only, a user of its own, the store on a volume ---
FROM debian:bookworm-slim
COPY scripts/setup.sh /tmp/setup.sh
RUN /tmp/setup.sh --runtime && rm -rf /var/lib/apt/lists/* /tmp/setup.sh \
    && useradd --system --home-dir /data --shell /usr/sbin/nologin mapwire \
    && mkdir -p /data && chown mapwire:mapwire /data
COPY --from=build /out/bin/mapwire /usr/local/bin/mapwire
COPY --from=build /out/Public /opt/mapwire/Public
COPY --from=build /out/fixtures /opt/mapwire/fixtures
VOLUME ["/data"]
USER mapwire
WORKDIR /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s \
    CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
CMD ["mapwire", "--host", "0.0.0.0", "--port", "8080", "--store", "/data/mapwire.sqlite", \
     "--data", "/opt/mapwire/fixtures", "--public", "/opt/mapwire/Public"]
