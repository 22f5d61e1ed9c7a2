// swift-tools-version: 6.0
import PackageDescription

// Modules depend only downward:
// MapGeometry <- DisplayList <- TextLayout/ViewKit <- MapCore <- SampleApps
//   <- Wire <- MapSession <- MapWireServer <- mapwire
// Persistence (GRDB) <- MapSession
let package = Package(
    name: "MapWire",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "mapwire", targets: ["mapwire"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
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
        // glibc's malloc.h (mallinfo2), for the memory benchmark only.
        .systemLibrary(name: "CMalloc"),
        .target(name: "MapGeometry"),
        .target(name: "DisplayList", dependencies: ["MapGeometry"]),
        .target(name: "TextLayout", dependencies: ["CHarfBuzz"]),
        .target(name: "ViewKit", dependencies: ["MapGeometry", "DisplayList", "TextLayout"]),
        .target(name: "MapCore", dependencies: ["MapGeometry", "DisplayList", "ViewKit", "TextLayout"]),
        .target(name: "SampleApps", dependencies: ["MapCore", "ViewKit", "MapGeometry", "DisplayList"]),
        .target(name: "Wire", dependencies: ["DisplayList", "ViewKit", "MapGeometry"]),
        // The SQLite file that keeps the world across restarts; knows nothing of maps.
        .target(name: "Persistence", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
        .target(
            name: "MapSession",
            dependencies: ["Wire", "MapCore", "SampleApps", "Persistence", "ViewKit", "TextLayout", "DisplayList",
                           "MapGeometry",
                           .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "MapWireServer",
            dependencies: ["CLibWebSockets", "MapSession",
                           .product(name: "Logging", package: "swift-log")]
        ),
        .executableTarget(
            name: "mapwire",
            dependencies: ["MapWireServer", "MapSession",
                           .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Logging", package: "swift-log")]
        ),
        .executableTarget(
            name: "mapwire-bench",
            dependencies: ["MapSession", "Persistence", "Wire", "SampleApps", "MapCore", "MapGeometry", "ViewKit",
                           "DisplayList", "CMalloc"]
        ),
        .executableTarget(
            name: "mapwire-load",
            dependencies: ["MapWireServer", "MapSession", "Wire", "ViewKit", "MapGeometry",
                           .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Logging", package: "swift-log")]
        ),
        // Fuzz targets for what strangers send (`make fuzz`); a plain build replays inputs through the same checks.
        .executableTarget(
            name: "mapwire-fuzz",
            dependencies: ["Wire", "MapSession", "ViewKit", "MapGeometry", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "MapGeometryTests", dependencies: ["MapGeometry"]),
        .testTarget(name: "DisplayListTests", dependencies: ["DisplayList"]),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout"]),
        .testTarget(name: "ViewKitTests", dependencies: ["ViewKit", "DisplayList", "MapGeometry"]),
        .testTarget(name: "WireTests", dependencies: ["Wire", "DisplayList", "ViewKit", "MapGeometry"]),
        .testTarget(name: "MapCoreTests", dependencies: ["MapCore", "SampleApps", "ViewKit", "DisplayList", "MapGeometry"]),
        .testTarget(name: "PersistenceTests", dependencies: ["Persistence", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "MapSessionTests", dependencies: ["MapSession", "Wire", "DisplayList", "MapGeometry", "ViewKit",
                                                   "Persistence", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "MapWireServerTests", dependencies: ["MapWireServer", "MapSession"]),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds skip the runtime exclusivity checks: they were a fifth of a
// frame's instructions (see docs/performance.md); debug builds and tests keep them.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
    ]
}
