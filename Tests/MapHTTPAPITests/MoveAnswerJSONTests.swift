import Foundation
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

/// The feed's hand-written answer is the encoder's answer.
@Suite struct MoveAnswerJSONTests {
    static func answer(
        _ moves: [(String, Double, Double)], stale: [String] = [], version: UInt64 = 7,
        echoesMoves: Bool = true
    ) -> MoveAnswer {
        var result = MoveResult(version: version)
        result.applied = moves.map { Move(id: $0.0, coordinate: Coordinate(latitude: $0.1, longitude: $0.2)) }
        result.stale = stale
        return MoveAnswer(result, echoesMoves: echoesMoves)
    }

    static func grid(_ i: Int) -> (String, Double, Double) {
        let n = Double(i)
        return ("load-\(i)", 36 + n * 0.048123, -10 + n * 0.081)
    }

    @Test func typicalAnswersAreByteForByteTheEncoders() throws {
        let cases: [MoveAnswer] = [
            Self.answer([]),
            Self.answer([("bus-7", 48.85, 2.35), ("amelie-fournier", 10, -20), ("x", -89.999999, 179.5)]),
            Self.answer([("a/b é 🚌", 0.1 + 0.2, -0.0001), ("q\"uote\\back", 45, 4.8)], stale: ["old", "é"]),
            Self.answer((0..<500).map(Self.grid), version: 1_234_567_890_123),
            Self.answer([("bus-7", 48.85, 2.35)], stale: ["old"], echoesMoves: false),
            Self.answer([], echoesMoves: false),
        ]
        for answer in cases {
            let encoded = RouteJSON.encode(answer) ?? []
            #expect(String(decoding: answer.feedJSON(), as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
        }
    }

    @Test func anAnswerWithoutEchoCountsTheMovesAndListsTheStale() {
        let answer = Self.answer((0..<3).map(Self.grid), stale: ["old"], version: 9, echoesMoves: false)
        #expect(String(decoding: answer.feedJSON(), as: UTF8.self) == #"{"applied":3,"stale":["old"],"version":9}"#)
    }

    @Test func controlCharactersAndOddNumbersDecodeToTheSameValues() throws {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let id = String((0..<8).map { _ in Character(UnicodeScalar(UInt8.random(in: 1...126, using: &rng))) })
            let lat = [0.0, -0.0, 1e-7, -90, 90, 12.5e-5, Double.random(in: -90...90, using: &rng)].randomElement()!
            let lon = Double.random(in: -180...180, using: &rng)
            let answer = Self.answer([(id, lat, lon)], stale: [id])
            let mine = try JSONSerialization.jsonObject(with: Data(answer.feedJSON())) as? NSDictionary
            let theirs =
                try JSONSerialization.jsonObject(with: Data(try #require(RouteJSON.encode(answer))))
                as? NSDictionary
            #expect(mine != nil && mine == theirs, "\(id) \(lat) \(lon)")
        }
    }
}
