// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HelloMap",
    platforms: [.macOS(.v15)],
    dependencies: [
        // MapWire's own checkout, two folders up. From your own repository:
        // .package(url: "https://github.com/<you>/MapWire", branch: "main")
        .package(name: "MapWire", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "HelloMap",
            dependencies: [.product(name: "MapWire", package: "MapWire")],
            resources: [.copy("places.json")]
        )
    ],
    swiftLanguageModes: [.v6]
)
