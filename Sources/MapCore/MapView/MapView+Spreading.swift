import Foundation
import MapGeometry
import ViewKit

extension MapView {
    /// Past the deepest clustering level, clustered annotations that sit on
    /// the same spot (a building, a shared address) would stay one pile
    /// however far the map zooms. Spread them on a circle around the spot so
    /// each can be seen and clicked, as map libraries "spiderfy" a cluster.
    func spreadCoincidentMembers() {
        let source = shared.source
        guard !clustering.groups.isEmpty || source?.clusterEpoch ?? 0 > 0,
            Int(camera.zoom.rounded(.down)) > ClusterIndex.maxZoom
        else { return }
        var piles: [Int64: [AnnotationView]] = [:]
        for case let view as AnnotationView in annotationContainer.subviews {
            guard let annotation = view.annotation, let anchor = view.worldAnchor,
                isClusteredMember(AnnotationKey(annotation)) || isGatheredBySource(annotation)
            else { continue }
            let s = screenPoint(forWorld: anchor)
            let key =
                Int64((s.x / Self.pileTolerance).rounded()) << 32
                | Int64(Int32(truncatingIfNeeded: Int((s.y / Self.pileTolerance).rounded())))
            piles[key, default: []].append(view)
        }
        for pile in piles.values {
            let ordered = pile.sorted { $0.id < $1.id }
            let radius = max(28, Double(ordered.count) * 9)
            for (i, view) in ordered.enumerated() {
                let base = Point(
                    x: (-view.frame.width / 2 + view.centerOffset.x).rounded(),
                    y: (-view.frame.height / 2 + view.centerOffset.y).rounded())
                guard ordered.count > 1 else {
                    view.frame.origin = base
                    continue
                }
                let angle = 2 * Double.pi * Double(i) / Double(ordered.count) - Double.pi / 2
                view.frame.origin = base + Point(x: (cos(angle) * radius).rounded(), y: (sin(angle) * radius).rounded())
            }
        }
    }

    /// Views whose points are closer than this on screen count as one pile, px.
    static let pileTolerance = 4.0
}
