import Testing

@testable import VectorTiles

@Suite struct GzipTests {
    private let text = Array("a tile's bytes, a tile's bytes, a tile's bytes".utf8)

    @Test func aMemberInflatesToWhatWasCompressed() throws {
        let member = GzipWriter.compress(text)
        #expect(Gzip.isGzip(member) && !Gzip.isGzip(text))
        #expect(try Gzip.inflate(member) == text)
    }

    @Test func concatenatedMembersInflateToTheirConcatenation() throws {
        let twice = GzipWriter.compress(text) + GzipWriter.compress(Array("more".utf8))
        #expect(try Gzip.inflate(twice) == text + Array("more".utf8))
    }

    @Test func outputLargerThanTheCapIsRefused() throws {
        // 64 MiB of zeros compress to about 64 KB: a bomb by ratio, refused long before it is all inflated.
        let bomb = GzipWriter.compress([UInt8](repeating: 0, count: 64 << 20))
        #expect(bomb.count < 100_000)
        #expect(throws: GzipError.outputTooLarge(limit: 1 << 20)) { try Gzip.inflate(bomb, outputLimit: 1 << 20) }
        #expect(try Gzip.inflate(bomb, outputLimit: 64 << 20).count == 64 << 20)
    }

    @Test func aCutMemberIsTruncated() {
        let member = GzipWriter.compress(text)
        #expect(throws: GzipError.truncated) { try Gzip.inflate(Array(member.dropLast(4))) }
        #expect(throws: GzipError.truncated) { try Gzip.inflate(Array(member.prefix(5))) }
    }

    @Test func aDamagedMemberIsCorrupt() {
        var member = GzipWriter.compress(text)
        member[member.count - 6] ^= 0xff // the CRC-32 in the trailer
        #expect {
            try Gzip.inflate(member)
        } throws: { error in
            if case .corrupt = error as? GzipError { return true }
            return false
        }
    }
}
