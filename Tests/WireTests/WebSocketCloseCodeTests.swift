import Testing
import Wire

@Suite struct WebSocketCloseCodeTests {
    /// The numbers RFC 6455 (7.4.1) and the IANA registry give these names; browsers and
    /// docs/protocol.md speak in numbers, so a renamed or renumbered code must fail here.
    @Test func namedCodesAreTheRegisteredNumbers() {
        let expected: [(WebSocketCloseCode, UInt16)] = [
            (.normalClosure, 1000), (.goingAway, 1001), (.protocolError, 1002), (.unsupportedData, 1003),
            (.policyViolation, 1008), (.messageTooBig, 1009), (.internalError, 1011),
            (.tryAgainLater, 1013),
        ]
        for (code, number) in expected {
            #expect(code.rawValue == number)
            #expect(code.description == "\(number)")
        }
        #expect(Set(expected.map(\.0)).count == expected.count)
    }

    @Test func aNumberReadOffTheWireIsTheNamedCode() {
        // One spelling per number: a peer's 1008 matches the name in a switch.
        let read = WebSocketCloseCode(rawValue: 1008)
        #expect(read == .policyViolation)
        switch read {
        case .policyViolation: break
        default: Issue.record("1008 did not match .policyViolation")
        }
        #expect(WebSocketCloseCode(rawValue: 4000).rawValue == 4000)
        #expect(WebSocketCloseCode(rawValue: 4000) != .normalClosure)
    }

    @Test func malformedInputIsAProtocolErrorAndAnUnknownVersionUnsupportedData() {
        #expect(WireError.unsupportedVersion(2).closeCode == .unsupportedData)
        #expect(WireError.unsupportedVersion(2).closeCode.rawValue == 1003)
        for error in [
            WireError.empty, .unknownOpcode(1), .truncated("x"), .trailingBytes(opcode: 2, count: 1),
            .invalidUTF8("x"), .invalidValue("x"), .helloExpected, .unexpectedHello,
        ] {
            #expect(error.closeCode == .protocolError)
            #expect(error.closeCode.rawValue == 1002)
        }
    }
}
