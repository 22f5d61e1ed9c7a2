import Testing

@testable import JSONScanning

/// NDJSON and GeoJSON text sequences (RFC 8142, a record separator before
/// each feature) read alike, in pieces cut anywhere.
@Suite struct NDJSONLineReaderTests {
    static let rs = "\u{1E}"

    static func feature(_ id: String) -> String {
        #"{"type":"Feature","id":"\#(id)","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}}"#
    }

    /// The reader after `body` came in pieces of `size` bytes.
    func read(_ body: String, pieces size: Int) -> NDJSONLineReader {
        var reader = NDJSONLineReader(maxFeatures: 1000)
        let bytes = Array(body.utf8)
        var offset = 0
        while offset < bytes.count {
            var piece = Array(bytes[offset..<min(offset + size, bytes.count)])
            // The transport's pieces are followed by a byte that ends a number; so is this one.
            piece.append(0)
            piece.withUnsafeBufferPointer { reader.feed(UnsafeBufferPointer(rebasing: $0[0..<($0.count - 1)])) }
            offset += size
        }
        reader.end()
        return reader
    }

    @Test(arguments: [1, 3, 17, 4096])
    func aSequenceReadsAsNDJSONWherePiecesAreCut(size: Int) {
        let ids = (0..<5).map { "f\($0)" }
        let bodies = [
            // What `fio cat --rs` and GDAL's GeoJSONSeq with RS=YES write.
            ids.map { Self.rs + Self.feature($0) + "\n" }.joined(),
            // A record over several lines, as RFC 7464 allows, and blank lines around.
            "\n\n"
                + ids.map { Self.rs + Self.feature($0).replacingOccurrences(of: ",", with: ",\n  ") + "\n" }.joined(),
            // NDJSON with a separator on some lines.
            ids.enumerated().map { ($0.offset.isMultiple(of: 2) ? "" : Self.rs) + Self.feature($0.element) + "\r\n" }
                .joined(),
            // No newline after the last record.
            ids.map { Self.rs + Self.feature($0) }.joined(),
        ]
        for body in bodies {
            let reader = read(body, pieces: size)
            #expect(reader.failure == nil, "\(reader.failure ?? "")")
            #expect(reader.features.map(\.id) == ids)
        }
    }

    @Test func aRecordsLineIsWhereItStarts() {
        let body =
            "\n" + Self.rs + Self.feature("a") + "\n" + Self.rs + "{\"type\":\"Feature\",\n\"id\":\"b\",\n"
            + "\"geometry\":null}\n" + Self.rs + Self.feature("c") + "\n"
        let reader = read(body, pieces: 5)
        #expect(reader.lines == [2, 3, 6])
        let bad = read(Self.rs + Self.feature("a") + "\n" + Self.rs + "{\"type\":\n\"Feature\",}\n", pieces: 7)
        #expect(bad.failure?.hasPrefix("line 2: invalid JSON") == true, "\(bad.failure ?? "")")
    }

    @Test func emptyRecordsAndBlankLinesAreSkipped() {
        let reader = read(Self.rs + Self.rs + "\n" + Self.rs + " \n" + Self.rs + Self.feature("a") + "\n\n", pieces: 2)
        #expect(reader.failure == nil && reader.features.map(\.id) == ["a"])
        #expect(read("\n \n\t\n", pieces: 1).features.isEmpty)
    }
}
