import Testing

@testable import MapGeometry

@Suite struct GreatCircleTests {
    let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
    let newYork = Coordinate(latitude: 40.7128, longitude: -74.0060)

    @Test func parisToNewYorkIsAbout5840Kilometres() {
        let d = GreatCircle.distance(from: paris, to: newYork)
        #expect(abs(d - 5_843_000) < 15_000)
    }

    @Test func aWalkOutAndTheDistanceBackAgree() {
        for bearing in stride(from: 0.0, to: 360, by: 45) {
            let end = GreatCircle.destination(from: paris, bearing: bearing, distance: 250_000)
            #expect(abs(GreatCircle.distance(from: paris, to: end) - 250_000) < 1)
        }
        let north = GreatCircle.destination(from: paris, bearing: 0, distance: 111_319.5)
        #expect(abs(north.latitude - (paris.latitude + 1)) < 0.01)
        #expect(abs(north.longitude - paris.longitude) < 1e-9)
    }

    @Test func aFlightTrackBendsTowardThePoleAndStepsAtMost100Kilometres() {
        let track = GreatCircle.path(from: paris, to: newYork)
        #expect(track.first == paris)
        #expect(track.last == newYork)
        for (a, b) in zip(track, track.dropFirst()) { #expect(GreatCircle.distance(from: a, to: b) <= 100_001) }
        // The great circle runs north of both ends: over the North Atlantic near 52°N.
        #expect(track.map(\.latitude).max()! > 51.5)
    }

    @Test func aTrackAcross180KeepsItsLongitudesContinuous() {
        let tokyo = Coordinate(latitude: 35.68, longitude: 139.69)
        let sanFrancisco = Coordinate(latitude: 37.77, longitude: -122.42)
        let track = GreatCircle.path(from: tokyo, to: sanFrancisco)
        for (a, b) in zip(track, track.dropFirst()) { #expect(abs(b.longitude - a.longitude) < 10) }
        // It ends at -122.42 + 360: east of 180°, the short way over the Pacific.
        #expect(abs(track.last!.longitude - 237.58) < 1e-9)
        #expect(track.map(\.latitude).max()! > 45)
    }
}
