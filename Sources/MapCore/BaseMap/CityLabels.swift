import DisplayList
import MapGeometry
import Synchronization
import ViewKit

/// A base map's city names measured once in one typeface and size, shared
/// by every map that draws them: the label widths (HarfBuzz shaping is the
/// expensive part of a label), each city's dot and name ready to append to a
/// scene, and, because the cities are sorted by rank, where each rank ends,
/// so a zoom's candidates are a prefix of the list.
///
/// Immutable once built, so a thousand sessions read it without a lock;
/// `BaseMap.cityLabels(typeface:size:)` builds it on first use.
package final class CityLabels: Sendable {
    /// Width of each city's name, by index into `BaseMap.cities`, rounded up to whole points.
    let widths: [Double]
    /// World point of each city, by index (a compact copy for the per-frame scan).
    let points: [Point]
    /// `rankEnds[r]`: how many cities have rank `r` or lower.
    let rankEnds: [Int]
    /// Each city's dot and name as scene items, and their item ids, by index.
    let dots: [ItemProperties]
    let names: [ItemProperties]
    let itemIDs: [(dot: UInt32, name: UInt32)]
    /// Names placed per zoom level, keyed by level and rank (CityLabelPlacement.swift).
    let levels = Mutex<[Int: CityLabelLevel]>([:])

    init(cities: [BaseMap.City], typeface: Typeface, size: Double) {
        let widths = cities.map { typeface.font.width(of: $0.name, size: size).rounded(.up) }
        self.widths = widths
        points = cities.map(\.world)
        itemIDs = cities.map { ($0.dotItemID, $0.labelItemID) }
        var dot = ItemProperties()
        dot.frame = Rect32(x: -2.5, y: -2.5, width: 5, height: 5)
        dot.radius = 2.5
        dot.fill = BaseMapView.cityColor
        dot.stroke = ItemStroke(color: .white, width: 1)
        dots = cities.map { city in
            var p = dot
            p.anchor = WorldAnchor(city.world)
            return p
        }
        var name = ItemProperties()
        name.font = ItemFont(font: typeface.descriptor.id, size: Float(size))
        name.fill = BaseMapView.cityColor
        name.baseline = 13
        names = cities.indices.map { i in
            var p = name
            p.anchor = WorldAnchor(cities[i].world)
            p.frame = Rect32(x: 6, y: -9, width: Float(widths[i]), height: 18)
            p.text = cities[i].name
            return p
        }
        let maxRank = cities.map(\.rank).max() ?? 0
        var ends = [Int](repeating: 0, count: maxRank + 1)
        for city in cities { ends[city.rank] += 1 }
        for r in ends.indices.dropFirst() { ends[r] += ends[r - 1] }
        rankEnds = ends
    }

    /// The number of leading cities with rank `rank` or lower.
    func count(upToRank rank: Int) -> Int {
        guard !rankEnds.isEmpty else { return 0 }
        return rank < 0 ? 0 : rankEnds[min(rank, rankEnds.count - 1)]
    }
}

extension BaseMap {
    /// The shared label table for `typeface` at `size`, built on first use.
    package func cityLabels(typeface: Typeface, size: Double) -> CityLabels {
        builtOnce(in: labelTables, key: CityLabelsKey(font: typeface.descriptor.id, size: size)) {
            CityLabels(cities: cities, typeface: typeface, size: size)
        }
    }
}

/// The value `table` holds for `key`, built and kept on first use. Built
/// outside the lock, which measuring or placing thousands of names must not
/// hold: two first users may both build, and the first to store wins.
func builtOnce<Key: Hashable & Sendable, Value: Sendable>(
    in table: borrowing Mutex<[Key: Value]>, key: Key,
    build: () -> Value
) -> Value {
    if let built = table.withLock({ $0[key] }) { return built }
    let built = build()
    return table.withLock { values in
        if let existing = values[key] { return existing }
        values[key] = built
        return built
    }
}

struct CityLabelsKey: Hashable, Sendable {
    let font: UInt16
    let size: Double
}
