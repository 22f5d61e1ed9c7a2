// swift-tools-version: 6.1
import PackageDescription

// Modules depend only downward (README.md, "Layout", draws this graph):
// MapGeometry <- DisplayList, InputEvents
// DisplayList <- MapStyle: MapLibre style sheets (JSON carried as Swift literals), their expressions, colours
// DisplayList, InputEvents, TextLayout (HarfBuzz) <- ViewKit <- MapCore
// DisplayList, InputEvents <- Wire
// Wire, MapCore, Persistence (GRDB) <- MapSession <- MapWireServer (libwebsockets) <- MapWire
// swift-configuration <- MapWire: settings from flags, MAPWIRE_ variables and a JSON or YAML file
// CSQLiteSetup (SQLite's process-wide settings) <- MapWire
// CJemallocSetup (jemalloc and its options) <- mapwire: the server's allocator, found by MapWireServer at run time
// MapWire <- SampleApps <- mapwire: the samples are an app on the library, as any other.
// GRDB, CZlib (zlib) <- VectorTiles: Mapbox Vector Tiles from MBTiles and PMTiles.
// VectorTiles, MapStyle, MapCore <- StreetTiles <- MapSession: street maps drawn from vector tiles.
let package = Package(
    name: "MapWire",
    platforms: [.macOS(.v15)],
    products: [
        // What another package depends on: `import MapWire` (docs/public-api.md).
        .library(name: "MapWire", targets: ["MapWire"]),
        .executable(name: "mapwire", targets: ["mapwire"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: [.defaults, "YAML"]),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // glibc's malloc.h (mallinfo2), for the memory benchmark only.
        .systemLibrary(name: "CMalloc"),
        // The `mapwire` server's allocator: jemalloc, and the options it starts with (a C global, read before
        // the first allocation). Only the executable links it; the library finds it at run time, if it is there.
        .target(
            name: "CJemallocSetup",
            linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]),
        .target(name: "MapGeometry"),
        .target(name: "DisplayList", dependencies: ["MapGeometry"]),
        // Pointer, wheel and key events: what the browser sends and views handle, below both.
        .target(name: "InputEvents", dependencies: ["MapGeometry"]),
        .target(name: "TextLayout", dependencies: ["CHarfBuzz"]),
        // A MapLibre style sheet subset: layers, filters and expressions, the built-in light and dark styles.
        // Its JSON styles are carried as Swift literals (scripts/embed_styles.py): the binary needs no bundle.
        .target(name: "MapStyle", dependencies: ["DisplayList"], exclude: ["Styles"]),
        .target(name: "ViewKit", dependencies: ["MapGeometry", "DisplayList", "TextLayout", "InputEvents"]),
        .target(name: "MapCore", dependencies: ["MapGeometry", "DisplayList", "ViewKit", "InputEvents"]),
        .target(name: "Wire", dependencies: ["DisplayList", "InputEvents", "MapGeometry"]),
        // SQLite's process-wide options, set by the server at start (sqlite3_config is variadic: C only).
        .target(name: "CSQLiteSetup", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The SQLite file that keeps the world across restarts; knows nothing of maps.
        .target(
            name: "Persistence",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),
        // The seam between the transport and what it serves: sessions, route tables, requests and answers,
        // and how both sides put their counters on /metrics.
        .target(
            name: "SessionTransport",
            dependencies: [
                "Wire", .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]),
        // Byte scanners for JSON, GeoJSON and NDJSON bodies: Foundation only.
        .target(name: "JSONScanning"),
        // The shared world: annotations by id, the change log, the shared clusterings, the store file's writes.
        .target(
            name: "LiveWorld",
            dependencies: [
                "MapCore", "Persistence", "MapGeometry", "DisplayList",
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]),
        // The HTTP API and the producers' feed over the shared world.
        .target(
            name: "MapHTTPAPI",
            dependencies: [
                "SessionTransport", "JSONScanning", "LiveWorld", "MapCore",
                "MapGeometry",
            ]),
        .target(
            name: "MapSession",
            dependencies: [
                "SessionTransport", "MapHTTPAPI", "LiveWorld", "Wire", "MapCore", "ViewKit", "DisplayList",
                "MapGeometry", "StreetTiles", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "MapWireServer",
            dependencies: [
                "CLibWebSockets", "SessionTransport", "Wire",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .target(name: "CMalloc", condition: .when(platforms: [.linux])),
            ]
        ),
        // Standard vector tiles read from MBTiles and PMTiles archives: decoding only, no drawing.
        .target(
            name: "VectorTiles",
            dependencies: ["CZlib", .product(name: "GRDB", package: "GRDB.swift")]),
        // Street maps from vector tile archives: tiles drawn in a style, made once for every map.
        .target(
            name: "StreetTiles",
            dependencies: ["VectorTiles", "MapStyle", "MapCore", "DisplayList", "MapGeometry"]),
        // The library product: re-exports every module an app uses, and starts the server from Swift.
        .target(
            name: "MapWire",
            dependencies: [
                "MapWireServer", "MapSession", "LiveWorld", "MapCore", "ViewKit", "DisplayList",
                "InputEvents", "MapGeometry", "CSQLiteSetup",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .target(name: "CMalloc", condition: .when(platforms: [.linux])),
            ]
        ),
        // The wishlist and MapCallouts samples: an app built on the library like any other.
        .target(name: "SampleApps", dependencies: ["MapWire"]),
        .executableTarget(
            name: "mapwire",
            dependencies: [
                "MapWire", "SampleApps", "MapGeometry",
                .target(name: "CJemallocSetup", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Configuration", package: "swift-configuration"),
            ]
        ),
        .executableTarget(
            name: "mapwire-bench",
            dependencies: [
                "MapSession", "LiveWorld", "MapHTTPAPI", "JSONScanning", "SessionTransport", "Persistence", "Wire",
                "SampleApps", "MapCore", "MapGeometry", "ViewKit", "DisplayList", "InputEvents", "StreetTiles",
                .target(name: "CMalloc", condition: .when(platforms: [.linux])),
            ]
        ),
        .executableTarget(
            name: "mapwire-load",
            dependencies: [
                "MapWireServer", "SessionTransport", "Wire", "InputEvents", "MapGeometry",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Fuzz targets for what strangers send (`make fuzz`); a plain build replays inputs through the same checks.
        .executableTarget(
            name: "mapwire-fuzz",
            dependencies: [
                "Wire", "MapSession", "MapHTTPAPI", "LiveWorld", "SessionTransport", "MapWireServer",
                "SampleApps", "ViewKit", "MapGeometry", "VectorTiles",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "MapGeometryTests", dependencies: ["MapGeometry"]),
        .testTarget(name: "DisplayListTests", dependencies: ["DisplayList", "MapGeometry"]),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout"]),
        .testTarget(name: "MapStyleTests", dependencies: ["MapStyle", "DisplayList"]),
        .testTarget(name: "ViewKitTests", dependencies: ["ViewKit", "DisplayList", "MapGeometry", "InputEvents"]),
        .testTarget(name: "WireTests", dependencies: ["Wire", "DisplayList", "InputEvents", "MapGeometry"]),
        .testTarget(
            name: "MapCoreTests",
            dependencies: [
                "MapCore", "SampleApps", "StreetTiles", "ViewKit", "DisplayList",
                "MapGeometry", "InputEvents",
            ]),
        .testTarget(
            name: "PersistenceTests",
            dependencies: ["Persistence", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "SessionTransportTests", dependencies: ["SessionTransport"]),
        .testTarget(
            name: "VectorTilesTests",
            dependencies: ["VectorTiles", "CZlib", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "StreetTilesTests",
            dependencies: [
                "StreetTiles", "VectorTiles", "MapStyle", "MapCore", "DisplayList", "MapGeometry", "ViewKit",
            ]),
        .testTarget(name: "JSONScanningTests", dependencies: ["JSONScanning"]),
        .testTarget(
            name: "LiveWorldTests",
            dependencies: [
                "LiveWorld", "MapCore", "MapGeometry", "Persistence", "SampleApps",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "MapHTTPAPITests",
            dependencies: [
                "MapHTTPAPI", "LiveWorld", "SessionTransport", "Persistence", "MapGeometry",
                "SampleApps", "Wire", "MapCore", "DisplayList",
            ]),
        .testTarget(
            name: "MapSessionTests",
            dependencies: [
                "MapSession", "LiveWorld", "SessionTransport", "Wire", "DisplayList",
                "MapGeometry", "ViewKit", "InputEvents", "MapCore", "SampleApps", "Persistence", "StreetTiles",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "MapWireServerTests",
            dependencies: [
                "MapWireServer", "SessionTransport", "Wire",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]),
        .testTarget(
            name: "MapWireTests",
            dependencies: [
                "MapWire", "MapSession", "Persistence", "StreetTiles",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]),
        .testTarget(name: "SampleAppsTests", dependencies: ["SampleApps", "MapWire", "ViewKit"]),
        // The command line: flags and their variables as the `mapwire` executable reads them.
        .testTarget(
            name: "MapWireCommandTests",
            dependencies: [
                "mapwire", "MapWire", "SampleApps", "Persistence", "StreetTiles",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Configuration", package: "swift-configuration"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds skip the runtime exclusivity checks: they were a fifth of a
// frame's instructions (see docs/performance.md); debug builds and tests keep
// them. SwiftPM refuses unsafe flags in a versioned dependency, so a checkout
// that another package resolved (under a `checkouts` folder) builds without
// them; as the root package or a path dependency, MapWire keeps them.
let isResolvedDependency = Context.packageDirectory.split(separator: "/").contains("checkouts")
for target in package.targets where !isResolvedDependency && (target.type == .regular || target.type == .executable) {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
        ]
}
