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
    let store: AnnotationStore
    let network: TramNetwork
    /// Seconds between position updates: a tram covers 6 m in one, a few pixels at street zoom.
    let interval: Double
    /// The subtitle last written per tram, so only a change of stop restyles.
    private let subtitles: Mutex<[String: String]>
    private let queue = DispatchQueue(label: "mapwire.trams")
    private let timer = Mutex<DispatchSourceTimer?>(nil)

    /// Adds every tram of `network` to `store`, where it is at `now`.
    init(store: AnnotationStore, network: TramNetwork, interval: Double = 1, now: Double = AnnotationStore.now()) {
        self.store = store
        self.network = network
        self.interval = interval
        var subtitles: [String: String] = [:]
        for tram in network.trams {
            let line = network.line(of: tram)
            let state = network.state(of: tram, at: now)
            subtitles[tram.id] = state.subtitle
            // Made anew each start, as the travellers are: never written to the store file.
            // Line number and colour also on the annotation, so the API and a bare map show them too.
            _ = try? store.add(
                LiveAnnotation(
                    id: tram.id, kind: TramNetwork.kind, title: line.title, subtitle: state.subtitle,
                    coordinate: state.coordinate, markerColor: Self.hex(line.color), markerSymbol: line.ref),
                durable: false)
        }
        self.subtitles = Mutex(subtitles)
    }

    /// `#rrggbb`, as the API takes a marker colour.
    static func hex(_ color: Color) -> String {
        let digits = String(color.rgba >> 8, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// Every tram's move to where it is at `time`.
    func moves(at time: Double) -> [Move] {
        network.trams.map { Move(id: $0.id, coordinate: network.state(of: $0, at: time).coordinate, timestamp: time) }
    }

    /// Feeds one update at `time`: the moves, then the callouts of trams
    /// whose next stop changed. Trams removed through the API are skipped.
    func step(at time: Double = AnnotationStore.now()) {
        var moves: [Move] = []
        var restyles: [(id: String, subtitle: String)] = []
        subtitles.withLock { last in
            for tram in network.trams where store.record(id: tram.id) != nil {
                let state = network.state(of: tram, at: time)
                moves.append(Move(id: tram.id, coordinate: state.coordinate, timestamp: time))
                if last[tram.id] != state.subtitle {
                    last[tram.id] = state.subtitle
                    restyles.append((tram.id, state.subtitle))
                }
            }
        }
        _ = try? store.apply(moves, receivedAt: time, whenDurable: nil)
        for restyle in restyles {
            _ = try? store.update(id: restyle.id, receivedAt: time) { $0.subtitle = restyle.subtitle }
        }
    }

    /// Starts feeding every `interval` seconds.
    func start() {
        timer.withLock { timer in
            guard timer == nil else { return }
            let t = DispatchSource.makeTimerSource(queue: queue)
            t.schedule(deadline: .now(), repeating: interval, leeway: .milliseconds(20))
            t.setEventHandler { [weak self] in self?.step() }
            t.resume()
            timer = t
        }
    }

    func stop() {
        timer.withLock {
            $0?.cancel()
            $0 = nil
        }
    }
}
