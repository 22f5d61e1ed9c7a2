# MapWire in a container: the same setup script CI runs, a release build,
# and the server listening on every interface.
#
#   docker build -t mapwire .
#   docker run --rm -p 8080:8080 mapwire
#
# The project is developed with Swift 6.3 on Debian bookworm; any official
# Swift 6 bookworm image should do (--build-arg SWIFT_VERSION=...).
ARG SWIFT_VERSION=6.3
FROM swift:${SWIFT_VERSION}-bookworm

WORKDIR /mapwire

# System packages first, so this layer is reused while the code changes.
COPY scripts/setup.sh scripts/setup.sh
RUN scripts/setup.sh && rm -rf /var/lib/apt/lists/*

COPY . .
RUN swift build -c release --product mapwire \
    && install -m 755 "$(swift build -c release --show-bin-path)/mapwire" /usr/local/bin/mapwire

EXPOSE 8080
CMD ["mapwire", "--host", "0.0.0.0", "--port", "8080", "--data", "/mapwire/fixtures", "--public", "/mapwire/Public"]
