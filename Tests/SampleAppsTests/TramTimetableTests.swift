import Foundation
import MapWire
import Testing

@testable import SampleApps

/// How a tram runs along a track: steady between stops, standing at each,
/// starting again at the end. A made-up line: 1 km with stops at 300 m and 700 m.
@Suite struct TramTimetableTests {
    static let timetable = TramTimetable(length: 1000, stopDistances: [700, 300], speed: 5, dwell: 20)

    @Test func betweenStopsATramAdvancesAtTheSetSpeed() {
        let t = Self.timetable
        #expect(t.stopDistances == [300, 700], "stops in the order along the track")
        #expect(t.position(after: 10) == .init(distance: 50, nextStop: 0, standingAt: nil))
        #expect(t.position(after: 30).distance - t.position(after: 10).distance == 20 * 5)
        // Past the first stop (60 s of running, 20 s standing), on at the same speed.
        #expect(t.position(after: 90) == .init(distance: 350, nextStop: 1, standingAt: nil))
    }

    @Test func itStandsAtAStopForTheDwell() {
        let t = Self.timetable
        // It reaches 300 m at 60 s and stays there until 80 s, its next stop the one after.
        for time in [60.0, 65, 79.9] {
            #expect(t.position(after: time) == .init(distance: 300, nextStop: 1, standingAt: 0), "at \(time) s")
        }
        #expect(t.position(after: 81).distance > 300)
        // At the last stop on the map, none is next.
        #expect(t.position(after: 165) == .init(distance: 700, nextStop: nil, standingAt: 1))
    }

    @Test func pastTheLastStopItRunsToTheEndAndStartsAgain() {
        let t = Self.timetable
        #expect(t.tripDuration == 1000 / 5 + 2 * 20)
        #expect(t.position(after: 230) == .init(distance: 950, nextStop: nil, standingAt: nil))
        #expect(t.position(after: t.tripDuration + 10) == t.position(after: 10))
        #expect(t.position(after: -t.tripDuration + 10) == t.position(after: 10), "before time 0 too")
    }

    @Test func aTrackWithoutStopsIsRunThrough() {
        let t = TramTimetable(length: 100, stopDistances: [], speed: 10, dwell: 20)
        #expect(t.tripDuration == 10)
        #expect(t.position(after: 5) == .init(distance: 50, nextStop: nil, standingAt: nil))
    }

    @Test func aTrackIsMeasuredInMetresAndAPointFoundAlongIt() {
        // Two pieces 1/1000 of a degree of latitude long, with a gap as long between them.
        let track = TramTrack(pieces: [
            [Coordinate(latitude: 60, longitude: 25), Coordinate(latitude: 60.001, longitude: 25)],
            [Coordinate(latitude: 60.002, longitude: 25), Coordinate(latitude: 60.003, longitude: 25)],
        ])
        let degree = TramTrack.metresPerDegree
        #expect(abs(track.length - 3 * degree / 1000) < 1e-6, "the gap is crossed straight")
        let middle = track.coordinate(at: track.length / 2)
        #expect(abs(middle.latitude - 60.0015) < 1e-9 && middle.longitude == 25)
        #expect(track.coordinate(at: -5) == track.points[0] && track.coordinate(at: 1e9) == track.points[3])
        // A platform 10 m east of the rails is 1/3 of the way along.
        let beside = Coordinate(latitude: 60.001, longitude: 25 + 10 / (degree * cos(60.001 * .pi / 180)))
        #expect(abs(track.distance(nearestTo: beside) - degree / 1000) < 1e-6)
    }
}
