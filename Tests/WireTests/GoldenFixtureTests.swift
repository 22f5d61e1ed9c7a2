import DisplayList
import Foundation
import InputEvents
import MapGeometry
import Testing

@testable import Wire

/// The golden fixture (fixtures/protocol, written from docs/protocol.md by
/// scripts/make_golden.py) is what both sides are held to: the Swift encoder
/// must produce golden.bin from the ops golden.json describes, and the
/// browser test decodes the same bytes back to golden.json.
@Suite struct GoldenFixtureTests {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/protocol")

    func load(_ name: String) throws -> Data { try Data(contentsOf: Self.dir.appendingPathComponent(name)) }

    @Test func encoderReproducesTheGoldenFrame() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: load("golden.json")) as? [String: Any])
        let ops = try (json["ops"] as? [[String: Any]] ?? []).map(GoldenJSON.op)
        let bytes = FrameEncoder.frame(
            number: UInt32(json["frame"] as! Int), inputSeq: UInt32(json["inputSeq"] as! Int), ops: ops)
        #expect(bytes == [UInt8](try load("golden.bin")))
    }

    @Test func decoderReadsTheGoldenFrameBack() throws {
        let golden = [UInt8](try load("golden.bin"))
        guard case let .frame(number, seq, ops) = try FrameDecoder.decode(golden) else {
            Issue.record("not a frame")
            return
        }
        #expect(number == 7 && seq == 42)
        #expect(FrameEncoder.frame(number: number, inputSeq: seq, ops: ops) == golden)
    }

    @Test func theGoldenWorldPathRepeatsInEveryCopyOfTheWorld() throws {
        guard case let .frame(_, _, ops) = try FrameDecoder.decode([UInt8](try load("golden.bin"))) else {
            Issue.record("not a frame")
            return
        }
        let path = ops.first { if case .insert(1, _, _, .worldPath, _) = $0 { true } else { false } }
        guard case let .insert(_, _, _, _, properties)? = path else {
            Issue.record("no world path inserted as item 1")
            return
        }
        #expect(properties.contains(.repeatsWorld(true)))
        let line = ItemLineStyle(
            cap: .round, join: .bevel, dashPattern: [6, 3], dashPhase: 1.5, strokeStart: 0.25, strokeEnd: 0.75)
        #expect(properties.contains(.line(line)))
        #expect(properties.contains(.evenOdd(true)))
    }

    @Test func welcomeMatches() throws {
        #expect(FrameEncoder.welcome(session: try welcomeSession()) == [UInt8](try load("golden-welcome.bin")))
    }

    private func welcomeSession() throws -> UInt32 {
        let json = try #require(try JSONSerialization.jsonObject(with: load("golden-welcome.json")) as? [String: Any])
        return UInt32(json["session"] as! Int)
    }

    @Test func clientMessagesDecodeAsDescribed() throws {
        let all = try #require(try JSONSerialization.jsonObject(with: load("client.json")) as? [String: [String: Any]])
        #expect(all.count == 13)
        for (file, fields) in all {
            let bytes = [UInt8](try load(file))
            let message = try ClientMessage.decode(bytes)
            #expect(message == GoldenJSON.clientMessage(fields), "\(file)")
            // Times travel in ms and live in seconds, so compare after a round trip, not bytes.
            #expect(try ClientMessage.decode(message.encoded()) == message, "\(file) round-trips")
        }
    }
}
