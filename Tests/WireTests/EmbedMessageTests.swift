import DisplayList
import Testing

@testable import Wire

/// The embedding messages both ways (docs/protocol.md): exact bytes, round
/// trips, and the values the server refuses.
@Suite struct EmbedMessageTests {
    @Test(arguments: [
        ClientMessage.embed(seq: 3, .setCamera(latitude: -33.8688, longitude: 151.2093, zoom: 12.25, animated: true)),
        ClientMessage.embed(seq: 4, .setCamera(latitude: 90, longitude: -180, zoom: 0, animated: false)),
        ClientMessage.embed(seq: 5, .select(id: "golden-gate-bridge")),
        ClientMessage.embed(seq: 6, .select(id: "Tab Café")),
        ClientMessage.embed(seq: 7, .deselect),
    ])
    func commandsRoundTrip(_ message: ClientMessage) throws {
        #expect(try ClientMessage.decode(message.encoded()) == message)
        #expect(message.seq != nil, "commands are input: they count in seq")
    }

    @Test func selectIsOpcodeSeqAndString() {
        let bytes = ClientMessage.embed(seq: 2, .select(id: "ab")).encoded()
        #expect(bytes == [0x21, 2, 0, 0, 0, 2, 0, 0x61, 0x62])
        #expect(ClientMessage.embed(seq: 1, .deselect).encoded() == [0x22, 1, 0, 0, 0])
    }

    private func setCamera(
        latitude: Double = 0, longitude: Double = 0, zoom: Double = 3,
        animated: UInt8 = 0
    ) -> [UInt8] {
        var w = ByteWriter(capacity: 32)
        w.u8(0x20)
        w.u32(1)
        w.f64(latitude)
        w.f64(longitude)
        w.f64(zoom)
        w.u8(animated)
        return w.bytes
    }

    @Test func setCameraRefusesWhatIsNotACamera() {
        #expect(throws: WireError.invalidValue("EMBED_SET_CAMERA latitude")) {
            try ClientMessage.decode(setCamera(latitude: 90.5))
        }
        #expect(throws: WireError.invalidValue("EMBED_SET_CAMERA latitude")) {
            try ClientMessage.decode(setCamera(latitude: .nan))
        }
        #expect(throws: WireError.invalidValue("EMBED_SET_CAMERA longitude")) {
            try ClientMessage.decode(setCamera(longitude: -181))
        }
        #expect(throws: WireError.invalidValue("EMBED_SET_CAMERA zoom")) {
            try ClientMessage.decode(setCamera(zoom: .infinity))
        }
        #expect(throws: WireError.invalidValue("EMBED_SET_CAMERA zoom")) {
            try ClientMessage.decode(setCamera(zoom: -1))
        }
        #expect(throws: WireError.invalidValue("EMBED_SET_CAMERA animated")) {
            try ClientMessage.decode(setCamera(animated: 2))
        }
        #expect(throws: WireError.truncated("EMBED_SET_CAMERA animated")) {
            try ClientMessage.decode(Array(setCamera().dropLast()))
        }
        #expect(throws: WireError.trailingBytes(opcode: 0x22, count: 1)) {
            try ClientMessage.decode([0x22, 1, 0, 0, 0, 9])
        }
    }

    @Test(arguments: [
        FrameOp.embedOrigins([]),
        FrameOp.embedOrigins(["https://news.example", "http://localhost:8081"]),
        FrameOp.embedEvent(.select(id: "amelie-fournier")),
        FrameOp.embedEvent(.deselect(id: "Tab Café")),
        FrameOp.embedEvent(.camera(latitude: 48.8566, longitude: 2.3522, zoom: 11.5)),
        FrameOp.embedEvent(.calloutAction(id: "golden-gate-bridge", control: "More Info")),
    ])
    func eventsRoundTrip(_ op: FrameOp) throws {
        let bytes = FrameEncoder.frame(number: 4, inputSeq: 9, ops: [op])
        #expect(try FrameDecoder.decode(bytes) == .frame(number: 4, inputSeq: 9, ops: [op]))
    }

    @Test func selectEventIsOpcodeAndString() {
        let bytes = FrameEncoder.frame(number: 1, inputSeq: 0, ops: [.embedEvent(.select(id: "x"))])
        #expect(Array(bytes.dropFirst(9)) == [0x51, 1, 0, 0x78])
        let origins = FrameEncoder.frame(number: 1, inputSeq: 0, ops: [.embedOrigins(["a"])])
        #expect(Array(origins.dropFirst(9)) == [0x50, 1, 0, 1, 0, 0x61])
    }
}
