import Foundation
import MapGeometry
import StreetTiles
import ViewKit

@testable import MapCore

let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let testFonts: FontBook = {
    do { return try FontBook.load(publicDirectory: repoRoot.appendingPathComponent("Public")) } catch {
        fatalError("fonts: \(error)")
    }
}()

/// MapWire's own base map: the world's tiles (Natural Earth, z0-z8).
let testBaseMap: BaseMap = {
    do {
        return try StreetTileSet(paths: [repoRoot.appendingPathComponent("fixtures/tiles/world.mbtiles").path])
            .baseMap()
    } catch { fatalError("base map: \(error)") }
}()

/// A window with a full-size map and no base map, for map behaviour alone.
func makeMap(size: Size = Size(width: 1280, height: 800), camera: Camera, baseMap: BaseMap? = nil) -> (Window, MapView)
{
    let window = Window(size: size, clock: ManualClock())
    let map = MapView(frame: window.bounds, fonts: testFonts, baseMap: baseMap, camera: camera)
    window.addSubview(map)
    window.worldToScreen = { [unowned map] in map.screenPoint(forWorld: $0) }
    return (window, map)
}

/// A deterministic scatter of point annotations.
func scatter(_ count: Int, lat: ClosedRange<Double>, lon: ClosedRange<Double>, seed: UInt64 = 1) -> [PointAnnotation] {
    var state = seed
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    return (0..<count).map { i in
        PointAnnotation(
            coordinate: Coordinate(
                latitude: lat.lowerBound + (lat.upperBound - lat.lowerBound) * next(),
                longitude: lon.lowerBound + (lon.upperBound - lon.lowerBound) * next()),
            title: "P\(i)")
    }
}
