import Dispatch
import Foundation
import MapWire
import SampleApps
import Synchronization

/// The Helsinki sample's trams, fed through the shared world as the demo's
/// travellers are (`DemoFeed`): a live annotation each, moved along its
/// line's track once a second through the same store API as any producer,
/// and restyled when its next stop changes, so every open map's callout
/// says the stop it runs to. Where a tram is comes from the network's
/// timetable at the moment; the feed only writes it.
final class TramFeed: Sendable {
    /// What the feed last wrote for one tram.
    struct Written {
        var subtitle: String
        var distance: Double
    }

    let store: AnnotationStore
    let network: TramNetwork
    /// Seconds between position updates: a tram covers 7 m in one, a few pixels at street zoom.
    let interval: Double
    /// What was last written per tram, so only a change of stop restyles and a wrap is seen.
    private let written: Mutex<[String: Written]>
    private let timer: RepeatingTimer

    /// Adds every tram of `network` to `store`, where it is at `now`.
    init(store: AnnotationStore, network: TramNetwork, interval: Double = 1, now: Double = AnnotationStore.now()) {
        self.store = store
        self.network = network
        self.interval = interval
        timer = RepeatingTimer(label: "mapwire.trams", interval: interval, leeway: .milliseconds(20))
        var written: [String: Written] = [:]
        for tram in network.trams {
            let state = network.state(of: tram, at: now)
            written[tram.id] = Written(subtitle: state.subtitle, distance: state.position.distance)
            _ = try? store.add(Self.annotation(of: tram, in: network, state), durable: false)
        }
        self.written = Mutex(written)
    }

    /// The live annotation of `tram` in `state`. Made anew each start, as the travellers are: never
    /// written to the store file. Line number and colour are on it too, so the API and a bare map show them.
    static func annotation(
        of tram: TramNetwork.Tram, in network: TramNetwork, _ state: TramNetwork.TramState
    ) -> LiveAnnotation {
        let line = network.line(of: tram)
        return LiveAnnotation(
            id: tram.id, kind: TramNetwork.kind, title: line.title, subtitle: state.subtitle,
            coordinate: state.coordinate, markerColor: hex(line.color), markerSymbol: line.ref)
    }

    /// `#rrggbb`, as the API takes a marker colour.
    static func hex(_ color: Color) -> String {
        let digits = String(color.rgba >> 8, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// Feeds one update at `time`: the moves; the callouts of trams whose
    /// next stop changed; and trams that ran off the end of their track,
    /// taken away and put back at its start, so no map glides them across
    /// the city. Trams removed through the API are skipped.
    func step(at time: Double = AnnotationStore.now()) {
        var moves: [Move] = []
        var restyles: [(id: String, subtitle: String)] = []
        var wrapped: [(TramNetwork.Tram, TramNetwork.TramState)] = []
        written.withLock { last in
            for tram in network.trams where store.record(id: tram.id) != nil {
                let state = network.state(of: tram, at: time)
                let before = last[tram.id]
                last[tram.id] = Written(subtitle: state.subtitle, distance: state.position.distance)
                if let before, state.position.distance < before.distance {
                    wrapped.append((tram, state))
                    continue
                }
                moves.append(Move(id: tram.id, coordinate: state.coordinate, timestamp: time))
                if before?.subtitle != state.subtitle { restyles.append((tram.id, state.subtitle)) }
            }
        }
        _ = try? store.apply(moves, receivedAt: time, whenDurable: nil)
        for restyle in restyles {
            _ = try? store.update(id: restyle.id, receivedAt: time) { $0.subtitle = restyle.subtitle }
        }
        for (tram, state) in wrapped {
            _ = try? store.remove(id: tram.id, receivedAt: time)
            _ = try? store.add(Self.annotation(of: tram, in: network, state), durable: false, receivedAt: time)
        }
    }

    /// Starts feeding every `interval` seconds.
    func start() {
        timer.start { [weak self] in self?.step() }
    }

    func stop() {
        timer.stop()
    }
}
