import Testing

@testable import JSONScanning

/// A string that is not UTF-8 is named by its path in the document, for the refusal's message.
@Suite struct InvalidUTF8PathTests {
    @Test func thePathNamesKeysIndexesAndKeysOfKeys() {
        func find(_ body: [UInt8]) -> InvalidUTF8? { InvalidUTF8.find(in: body) }
        #expect(
            find(Array(#"{"a":[1,{"b":""#.utf8) + [0xFF] + Array(#""}]}"#.utf8))
                == InvalidUTF8(path: [.key("a"), .index(1), .key("b")], isKey: false))
        #expect(
            find(Array(#"[{"x":1},{""#.utf8) + [0xFF] + Array(#"":2}]"#.utf8))
                == InvalidUTF8(path: [.index(1)], isKey: true))
        #expect(find(Array(#"{"a":"fine","b":[1.5e3,null,true]}"#.utf8)) == nil)
        #expect(find(Array(#"{"a":"#.utf8) + [0xFF]) == nil, "not a string: not this check's to name")
        #expect(
            InvalidUTF8(path: [.key("a"), .index(1), .key("b")], isKey: false).message(in: "line 2")
                == #"line 2: "a[1].b" is not valid UTF-8"#)
    }
}
