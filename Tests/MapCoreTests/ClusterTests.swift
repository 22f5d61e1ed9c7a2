import DisplayList
import InputEvents
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

@Suite struct ClusterTests {
    @Test func everyLevelPartitionsTheAnnotationsAndCentresOnTheirMean() {
        let points = scatter(5_000, lat: -60...60, lon: -170...170)
        let index = ClusterIndex(annotations: points)
        let world = Rect(x: 0, y: 0, width: Mercator.worldSize, height: Mercator.worldSize)
        var previous = 0
        for zoom in 0...6 {
            let cells = index.cells(in: world, zoom: zoom)
            #expect(cells.reduce(0) { $0 + $1.count } == 5_000, "zoom \(zoom)")
            #expect(cells.count >= previous, "deeper levels never merge more")
            previous = cells.count
        }
        let cells = index.cells(in: world, zoom: 2)
        let cell = cells.max { $0.count < $1.count }!
        let members = index.sorted[cell.range].map { Mercator.project($0.coordinate) }
        let meanX = members.map(\.x).reduce(0, +) / Double(members.count)
        #expect(abs(cell.center.x - meanX) < 1)
        // A cell is a `cellPixels` square at its zoom: its members are within one.
        let b = index.bounds(of: cell.range), side = ClusterIndex.cellPixels
        #expect(b.width * Mercator.pixelsPerUnit(zoom: 2) <= side && b.height * Mercator.pixelsPerUnit(zoom: 2) <= side)
    }

    final class Grouping: MapViewDelegate {
        func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String? {
            annotation.title == "Alone" ? nil : "dots"
        }
    }

    /// 40 annotations within a few km near (10, 10), one unclustered nearby.
    private func clusteredMap() -> (Window, MapView, Grouping, [PointAnnotation], PointAnnotation) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 10, longitude: 10), zoom: 5))
        let delegate = Grouping()
        map.delegate = delegate
        let dots = scatter(40, lat: 10.00...10.04, lon: 10.00...10.04)
        let alone = PointAnnotation(coordinate: Coordinate(latitude: 10.6, longitude: 10.6), title: "Alone")
        map.addAnnotations(dots + [alone])
        _ = window.renderScene()
        return (window, map, delegate, dots, alone)
    }

    @Test func annotationsThatWouldCollideMergeIntoOneClusterWithTheirCount() throws {
        let (window, map, _, dots, alone) = clusteredMap()
        let scene = window.renderScene()
        #expect(scene.accessibility.filter { $0.name == "40 places" && $0.role == .button }.count == 1)
        #expect(dots.allSatisfy { map.view(for: $0) == nil })
        #expect(map.view(for: alone) != nil, "annotations without an identifier never cluster")
        let clusterView = try #require(
            map.annotationContainer.subviews.compactMap { $0 as? ClusterAnnotationView }.first)
        let cluster = try #require(clusterView.annotation as? ClusterAnnotation)
        #expect(cluster.count == 40 && cluster.memberAnnotations.count == 40)
        #expect(Set(cluster.memberAnnotations.map(AnnotationKey.init)) == Set(dots.map(AnnotationKey.init)))
        // The badge and its count are one item: no label under it.
        let badge = try #require(scene.items.first { $0.id == clusterView.id })
        #expect(badge.kind == .badge && badge.properties.text == "40")
        #expect(!scene.items.contains { $0.parent == clusterView.id })
        #expect(badge.properties.stroke.color == .white && badge.properties.baseline != nil)
        #expect(map.annotations.count == 41)
    }

    @Test func aClusterKeepsItsViewWhilePanning() throws {
        let (window, map, _, _, _) = clusteredMap()
        let before = try #require(map.annotationContainer.subviews.first { $0 is ClusterAnnotationView })
        for _ in 0..<30 {
            map.camera = map.camera.panned(byScreen: Point(x: 25, y: -10))
            _ = window.renderScene()
        }
        let after = try #require(map.annotationContainer.subviews.first { $0 is ClusterAnnotationView })
        #expect(after === before)
    }

    @Test func tappingAClusterZoomsToFitItsMembersAndPastTheDeepestLevelEachShows() throws {
        let (window, map, _, dots, _) = clusteredMap()
        let clock = try #require(window.clock as? ManualClock)
        let clusterView = try #require(map.annotationContainer.subviews.first { $0 is ClusterAnnotationView })
        let zoomBefore = map.camera.zoom
        let centre = clusterView.frameInWindow().center
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: centre, time: 1))
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: centre, time: 1.05))
        for _ in 0..<40 {
            clock.advance(by: 1.0 / 60)
            window.animator.tick()
        }
        _ = window.renderScene()
        #expect(map.camera.zoom > zoomBefore + 5, "a tap on a cluster zooms to its members")
        #expect(map.selectedAnnotations.isEmpty, "a cluster is not selected")
        // Every member is on screen, shown alone or in a smaller cluster.
        for d in dots { #expect(map.bounds.contains(map.convert(d.coordinate))) }
        let views = map.annotationContainer.subviews.compactMap { $0 as? AnnotationView }
        let shown = views.reduce(0) { n, v in
            n + ((v.annotation as? ClusterAnnotation)?.count ?? (dots.contains { $0 === v.annotation } ? 1 : 0))
        }
        #expect(shown == 40)
        #expect(views.count > 2)
        // Past the deepest clustering level nothing clusters.
        map.camera = Camera(center: map.camera.center, zoom: Double(ClusterIndex.maxZoom + 1))
        _ = window.renderScene()
        #expect(!map.annotationContainer.subviews.contains { $0 is ClusterAnnotationView })
    }

    @Test func removingAndMovingClusteredAnnotationsRegroups() {
        let (window, map, _, dots, _) = clusteredMap()
        map.removeAnnotations(Array(dots.prefix(10)))
        var scene = window.renderScene()
        #expect(scene.accessibility.contains { $0.name == "30 places" })
        // One moves far away: it leaves the cluster and shows alone.
        dots[20].coordinate = Coordinate(latitude: 12, longitude: 12)
        map.annotationDidMove(dots[20])
        scene = window.renderScene()
        #expect(scene.accessibility.contains { $0.name == "29 places" })
        #expect(map.view(for: dots[20]) != nil)
        // Members stay selectable when shown alone.
        map.selectAnnotation(dots[20], animated: false)
        #expect(map.selectedAnnotations.first === dots[20])
    }
}

extension ClusterTests {
    @Test func atTheDeepestZoomAClusterOfOneSpotSpreadsSoEachCanBeClicked() throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 10, longitude: 10), zoom: 16.5))
        let delegate = Grouping()
        map.delegate = delegate
        let spot = Coordinate(latitude: 10, longitude: 10)
        let pile = (0..<5).map { PointAnnotation(coordinate: spot, title: "Flat \($0)") }
        map.addAnnotations(pile)
        _ = window.renderScene()
        let cluster = try #require(map.annotationContainer.subviews.first { $0 is ClusterAnnotationView })
        let clock = try #require(window.clock as? ManualClock)
        let c = cluster.frameInWindow().center
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: c, time: 1))
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: c, time: 1.05))
        for _ in 0..<40 {
            clock.advance(by: 1.0 / 60)
            window.animator.tick()
        }
        _ = window.renderScene()
        #expect(map.camera.zoom > Double(ClusterIndex.maxZoom))
        let centres = try pile.map { try #require(map.view(for: $0)).frameInWindow().center }
        for i in centres.indices {
            for j in centres.indices where j != i { #expect(centres[i].distance(to: centres[j]) > 20) }
        }
        // Each one is reachable: a click on it selects it.
        for (i, (a, p)) in zip(pile, centres).enumerated() {
            window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: p, time: 10 + Double(i)))
            window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: p, time: 10.05 + Double(i)))
            _ = window.renderScene()
            #expect(map.selectedAnnotations.first === a)
            clock.advance(by: 1)
        }
    }
}

extension ClusterTests {
    @Test func movesOnTopOfTheIndexGiveTheCellsOfAFreshBuild() {
        let points = scatter(3_000, lat: -50...50, lon: -100...100, seed: 5)
        let index = ClusterIndex(annotations: points)
        var moves = ClusterMoves()
        var state: UInt64 = 11
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for i in stride(from: 0, to: 3_000, by: 7) {
            points[i].coordinate = Coordinate(latitude: -50 + 100 * next(), longitude: -100 + 200 * next())
            let accepted = moves.move(points[i], in: index)
            #expect(accepted)
        }
        let fresh = ClusterIndex(annotations: points)
        let world = Rect(x: 0, y: 0, width: Mercator.worldSize, height: Mercator.worldSize)
        let window = Rect(
            origin: Mercator.project(Coordinate(latitude: 20, longitude: -30)), size: Size(width: 4e7, height: 3e7))
        for zoom in [1, 3, 5, 8] {
            for rect in [world, window] {
                let got = moves.cells(of: index, in: rect, zoom: zoom)
                let want = fresh.cells(in: rect, zoom: zoom)
                #expect(
                    Dictionary(uniqueKeysWithValues: got.map { ($0.key, $0.count) })
                        == Dictionary(uniqueKeysWithValues: want.map { ($0.key, $0.count) }), "zoom \(zoom)")
                let centres = Dictionary(uniqueKeysWithValues: want.map { ($0.key, $0.center) })
                for cell in got {
                    guard let c = centres[cell.key] else { continue }
                    #expect(cell.center.distance(to: c) < 1e-3 * Mercator.worldSize / 1e6)
                }
                // Members add up to the count and are the right annotations.
                for cell in got.prefix(20) {
                    let members = cell.stayingPositions().map { index.sorted[$0] } + cell.movedIn
                    #expect(members.count == cell.count)
                    #expect(
                        members.allSatisfy {
                            index.cellKey(of: Mercator.project($0.coordinate), zoom: zoom) == cell.key
                        })
                }
            }
        }
    }

    @Test func aLiveMoveInAMapDoesNotRebuildTheIndex() {
        let (window, map, _, dots, _) = clusteredMap()
        let built = map.clusterIndex(for: "dots")
        dots[3].coordinate = Coordinate(latitude: 13, longitude: 13)
        map.annotationDidMove(dots[3])
        let scene = window.renderScene()
        #expect(map.clusterIndex(for: "dots") === built)
        #expect(scene.accessibility.contains { $0.name == "39 places" })
        #expect(map.view(for: dots[3]) != nil)
    }
}
