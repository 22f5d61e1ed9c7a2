import Foundation
import MapWire
import Testing
import ViewKit

@testable import SampleApps

/// The Helsinki sample with OpenStreetMap's tram routes from `fixtures/helsinki-trams.json`.
@Suite struct HelsinkiTramsTests {
    static var network: TramNetwork { SampleMapAppTests.content.trams }

    static func line(_ ref: String, to destination: String) throws -> TramLine {
        try #require(network.lines.first { $0.ref == ref && $0.destination == destination })
    }

    /// Seconds from the start of `line`'s trip until its tram leaves stop `index`.
    static func departure(from index: Int, on line: TramLine) -> Double {
        let t = line.timetable
        return t.stopDistances[index] / t.speed + t.dwell * Double(index + 1)
    }

    @Test func everyRouteLoadsWithATrackAndStops() {
        let lines = Self.network.lines
        #expect(lines.count == 20)
        #expect(Set(lines.map(\.ref)) == ["1", "2", "3", "4", "5", "6", "6T", "7", "9", "10"])
        for line in lines {
            #expect(line.track.length > 800, "\(line.name): \(line.track.length) m")
            #expect(line.stops.count >= 3, "\(line.name)")
            #expect(line.stops.map(\.distance) == line.stops.map(\.distance).sorted())
            // A platform is beside its rails, not a street away, or (Hakaniemi) just past where the extract cuts them.
            for stop in line.stops {
                let onTrack = line.track.coordinate(at: stop.distance)
                let gap = TramTrack.metres(from: onTrack, to: stop.coordinate)
                let atAnEnd = stop.distance == 0 || stop.distance == line.track.length
                #expect(gap < 40 || (atAnEnd && gap < 80), "\(line.name) \(stop.name)")
            }
        }
        #expect(Self.network.attribution?.contains("OpenStreetMap") == true)
    }

    @Test func tramsRunAtATramsPaceStopsIncluded() {
        for line in Self.network.lines {
            let kmh = line.timetable.averageSpeed * 3.6
            #expect(kmh >= 15 && kmh <= 20, "\(line.name): \(kmh) km/h")
        }
        #expect(Self.network.trams.count == 20 * TramNetwork.tramsPerRoute)
        #expect(Set(Self.network.trams.map(\.id)).count == Self.network.trams.count)
    }

    @Test func aTramIsOnItsTrackAndAdvancesAtTheSetSpeed() throws {
        let network = Self.network
        let tram = try #require(network.trams.first { network.line(of: $0).ref == "6T" })
        let line = network.line(of: tram)
        for time in stride(from: 0.0, to: 600, by: 7) {
            let state = network.state(of: tram, at: time)
            let along = line.track.coordinate(at: line.track.distance(nearestTo: state.coordinate))
            #expect(TramTrack.metres(from: along, to: state.coordinate) < 0.01, "at \(time) s")
        }
        // Just after leaving its first stop it runs 5 s at the cruising speed.
        let leaving = Self.departure(from: 0, on: line) - tram.start + 1
        let a = network.state(of: tram, at: leaving), b = network.state(of: tram, at: leaving + 5)
        #expect(abs(b.position.distance - a.position.distance - 5 * TramTimetable.cruisingSpeed) < 1e-6)
        #expect(abs(TramTrack.metres(from: a.coordinate, to: b.coordinate) - 5 * TramTimetable.cruisingSpeed) < 0.5)
    }

    @Test func aTramStandsAtAStopAndNamesTheNextOne() throws {
        let network = Self.network
        let line = try Self.line("6", to: "Hietalahti")
        let tram = try #require(network.trams.first { network.line(of: $0).id == line.id })
        let station = try #require(line.stops.firstIndex { $0.name == "Rautatieasema (M)" })
        #expect(line.stops[station + 1].name == "Ylioppilastalo")
        let leaving = Self.departure(from: station, on: line) - tram.start
        let standing = network.state(of: tram, at: leaving - 10)
        let stillStanding = network.state(of: tram, at: leaving - 1)
        #expect(standing.position.standingAt == station && standing.coordinate == stillStanding.coordinate)
        let running = network.state(of: tram, at: leaving + 1)
        #expect(running.position.standingAt == nil && running.position.nextStop == station + 1)
        #expect(running.subtitle == "Next stop: Ylioppilastalo")
        #expect(line.title == "Line 6 to Hietalahti")
        let before = network.state(of: tram, at: leaving - 20 - 1)
        #expect(before.subtitle == "Next stop: Rautatieasema (M)", "on its way to the station")
    }

    @Test func theSampleSeedsNothingTheTramsAreLive() {
        #expect(SampleMapApp(content: SampleMapAppTests.content, samples: [.helsinki]).seeds.isEmpty)
        #expect(SampleMapApp.Sample(rawValue: "helsinki") == .helsinki)
    }
}
