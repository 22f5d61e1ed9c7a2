import Dispatch
import Foundation
import MapGeometry
import MapWire
import Synchronization

/// The built-in demo (`--demo`): travellers flying great-circle legs between
/// the base map's largest cities, a live-location annotation each.
/// It feeds positions through the same store API as any producer, a few
/// times a second, so a newcomer sees pins glide at once.
final class DemoFeed: Sendable {
    /// One traveller's current leg, from one city to the next.
    struct Leg: Sendable {
        var from: Coordinate
        var to: Coordinate
        var start: Double
        var duration: Double

        /// Where the traveller is at `time`: along the great circle, clamped to the leg.
        func position(at time: Double) -> Coordinate {
            let t = duration > 0 ? min(max((time - start) / duration, 0), 1) : 1
            return Self.greatCircle(from: from, to: to, fraction: t)
        }

        /// Spherical linear interpolation between two coordinates.
        static func greatCircle(from a: Coordinate, to b: Coordinate, fraction f: Double) -> Coordinate {
            func vector(_ c: Coordinate) -> (Double, Double, Double) {
                let lat = c.latitude * .pi / 180, lon = c.longitude * .pi / 180
                return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
            }
            let p = vector(a), q = vector(b)
            let dot = min(max(p.0 * q.0 + p.1 * q.1 + p.2 * q.2, -1), 1)
            let omega = acos(dot)
            guard omega > 1e-9 else { return a }
            let s = sin(omega)
            let wa = sin((1 - f) * omega) / s, wb = sin(f * omega) / s
            let x = wa * p.0 + wb * q.0, y = wa * p.1 + wb * q.1, z = wa * p.2 + wb * q.2
            let lat = atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi
            let lon = atan2(y, x) * 180 / .pi
            return Coordinate(latitude: lat, longitude: lon)
        }
    }

    struct State {
        var legs: [Leg]
        var random: SplitMix
    }

    let store: AnnotationStore
    let cities: [Coordinate]
    let ids: [String]
    /// Seconds between position updates.
    let interval: Double
    private let state: Mutex<State>
    private let timer: RepeatingTimer

    /// The cities the demo flies between: the base map's 24 most important
    /// (two on the equator when there is no base map).
    static func cities(of baseMap: BaseMap?) -> [Coordinate] {
        let largest = (baseMap?.cities ?? []).prefix(24).map(\.coordinate)
        return largest.count >= 2
            ? Array(largest)
            : [Coordinate(latitude: 0, longitude: -60), Coordinate(latitude: 0, longitude: 60)]
    }

    /// Adds `count` travellers to `store`, starting at cities of `cities`.
    init(
        store: AnnotationStore, cities: [Coordinate], count: Int = 30, interval: Double = 0.25,
        seed: UInt64 = 5, now: Double = AnnotationStore.now()
    ) {
        precondition(cities.count >= 2, "the demo needs at least two cities")
        self.store = store
        self.cities = cities
        self.interval = interval
        timer = RepeatingTimer(label: "mapwire.demo", interval: interval)
        var random = SplitMix(seed: seed)
        var legs: [Leg] = []
        var ids: [String] = []
        for i in 0..<count {
            let from = cities[random.next(below: cities.count)]
            var leg = Self.nextLeg(from: from, cities: cities, start: now, random: &random)
            // Start part-way along, so the travellers are spread out from the first frame.
            let along = random.unit() * leg.duration
            leg.start -= along
            legs.append(leg)
            let id = "traveller-\(i + 1)"
            ids.append(id)
            // Made anew each start, so never written to the store file.
            // Clustered among themselves, so a crowd over one region is one counted marker.
            _ = try? store.add(
                LiveAnnotation(
                    id: id, kind: "traveller", title: "Traveller \(i + 1)",
                    subtitle: "Live location", coordinate: leg.position(at: now),
                    clusteringIdentifier: "travellers"),
                durable: false)
        }
        self.ids = ids
        state = Mutex(State(legs: legs, random: random))
    }

    static func nextLeg(from: Coordinate, cities: [Coordinate], start: Double, random: inout SplitMix) -> Leg {
        var to = cities[random.next(below: cities.count)]
        while to == from { to = cities[random.next(below: cities.count)] }
        // 45 to 120 seconds a leg: fast enough to see move at world zoom, slow enough to follow.
        return Leg(from: from, to: to, start: start, duration: 45 + random.unit() * 75)
    }

    /// The moves for `time`: every traveller's position, a new leg for those who arrived.
    func moves(at time: Double) -> [Move] {
        state.withLock { s in
            var out: [Move] = []
            out.reserveCapacity(s.legs.count)
            for i in s.legs.indices {
                if time >= s.legs[i].start + s.legs[i].duration {
                    s.legs[i] = Self.nextLeg(from: s.legs[i].to, cities: cities, start: time, random: &s.random)
                }
                out.append(Move(id: ids[i], coordinate: s.legs[i].position(at: time), timestamp: time))
            }
            return out
        }
    }

    /// Feeds one update now; travellers removed through the API are skipped.
    func step(at time: Double = AnnotationStore.now()) {
        let moves = moves(at: time).filter { store.record(id: $0.id) != nil }
        _ = try? store.apply(moves, receivedAt: time, whenDurable: nil)
    }

    /// Starts feeding every `interval` seconds.
    func start() {
        timer.start { [weak self] in self?.step() }
    }

    func stop() {
        timer.stop()
    }
}
