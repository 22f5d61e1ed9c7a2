import Foundation
import Testing

@testable import JSONScanning

/// The feed's batch scanner reads what the object-tree way reads, and leaves
/// everything else to it.
@Suite struct MoveBatchScannerTests {
    func scan(_ body: String) -> [MoveBatchScanner.ScannedMove]? {
        batch(body)?.moves
    }

    func batch(_ body: String) -> (moves: [MoveBatchScanner.ScannedMove], echo: Bool)? {
        var bytes = Array(body.utf8)
        let count = bytes.count
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { MoveBatchScanner.batch(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }

    /// `"echo"` is read as the slow way reads it: true, false or null (true);
    /// anything else is left to the slow way, which names it.
    @Test func readsWhetherTheAnswerEchoesTheMoves() {
        #expect(batch(#"{"moves":[],"echo":false}"#)?.echo == false)
        #expect(batch(#"{"echo" : true , "moves":[]}"#)?.echo == true)
        #expect(batch(#"{"echo":null,"moves":[]}"#)?.echo == true)
        #expect(batch(#"{"moves":[]}"#)?.echo == true && batch("[]")?.echo == true)
        for wrong in [
            #"{"moves":[],"echo":0}"#, #"{"moves":[],"echo":"false"}"#, #"{"moves":[],"echo":fals}"#,
            #"{"echo":false}"#,
        ] {
            #expect(batch(wrong) == nil, "\(wrong)")
        }
    }

    /// What `JSONSerialization` makes of a well-formed batch, as scanned moves.
    func reference(_ body: String) throws -> [MoveBatchScanner.ScannedMove] {
        let parsed = try JSONSerialization.jsonObject(with: Data(body.utf8))
        let list = try #require((parsed as? [Any]) ?? ((parsed as? [String: Any])?["moves"] as? [Any]))
        return try list.map { item in
            let o = try #require(item as? [String: Any])
            return MoveBatchScanner.ScannedMove(
                id: try #require(o["id"] as? String),
                latitude: try #require((o["latitude"] as? NSNumber)?.doubleValue),
                longitude: try #require((o["longitude"] as? NSNumber)?.doubleValue),
                timestamp: (o["timestamp"] as? NSNumber)?.doubleValue)
        }
    }

    @Test func readsWellFormedBatchesAsJSONSerializationDoes() throws {
        let bodies = [
            #"[]"#,
            #" { "moves" : [ ] } "#,
            #"[{"id":"a","latitude":1,"longitude":-2}]"#,
            #"{"source":"gps","moves":[{"id":"b","latitude":-1.25,"longitude":179.5,"timestamp":3.5}],"#
                + #""n":[1,{"x":null}]}"#,
            "[\n {\"longitude\": 1e1, \"id\": \"c\\u0041\\n\", \"timestamp\": null, \"latitude\": -0.5E-1},\r\n"
                + " {\"speed\":{\"kmh\":[3,true,false]},\"id\":\"d\\\"q\",\"latitude\":0,\"longitude\":0.000001}\t]",
        ]
        for body in bodies {
            let scanned = try #require(scan(body), "\(body)")
            #expect(scanned == (try reference(body)), "\(body)")
        }
    }

    @Test func randomBatchesReadBackTheValuesWritten() throws {
        // Against the values themselves: Swift prints a Double so that it reads back exactly, and strtod rounds
        // correctly, where JSONSerialization may be an ulp off.
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var written: [MoveBatchScanner.ScannedMove] = []
            let moves = (0..<Int.random(in: 0...20, using: &rng)).map { i in
                let move = MoveBatchScanner.ScannedMove(
                    id: "v\(i)-\(Int.random(in: 0...999_999, using: &rng))",
                    latitude: Double.random(in: -90...90, using: &rng),
                    longitude: Double.random(in: -180...180, using: &rng),
                    timestamp: Bool.random(using: &rng) ? Double.random(in: 0...2e9, using: &rng) : nil)
                written.append(move)
                var fields = [
                    #""id":"\#(move.id)""#, #""latitude":\#(move.latitude)"#,
                    #""longitude":\#(move.longitude)"#,
                ]
                if let t = move.timestamp { fields.append(#""timestamp":\#(t)"#) }
                if Bool.random(using: &rng) {
                    fields.append(#""heading":[\#(Int.random(in: -5...5, using: &rng)),"n"]"#)
                }
                fields.shuffle(using: &rng)
                return "{" + fields.joined(separator: ",") + "}"
            }
            let list = "[" + moves.joined(separator: ", ") + "]"
            let body = Bool.random(using: &rng) ? list : #"{"moves":\#(list)}"#
            let scanned = try #require(scan(body), "\(body)")
            #expect(scanned == written, "\(body)")
        }
    }

    @Test func leavesAnythingElseToTheSlowWay() {
        let bodies = [
            "", "   ", "5", #""moves""#, #"{"moves":{}}"#, #"{"move":[]}"#, #"{"moves":[1]}"#, "[null]",
            #"[{"id":7,"latitude":1,"longitude":1}]"#,
            #"[{"id":"a","latitude":"1","longitude":1}]"#,
            #"[{"id":"a","latitude":1}]"#,
            #"[{"latitude":1,"longitude":1}]"#,
            #"[{"id":"a","latitude":1,"longitude":1,"timestamp":"now"}]"#,
            #"[{"id":"a","latitude":1e999,"longitude":1}]"#,
            #"[{"id":"a","latitude":01,"longitude":1}]"#,
            #"[{"id":"a","latitude":1,"longitude":1}] x"#,
            #"[{"id":"a","latitude":1,"longitude":1},]"#,
            #"[{"id":"a","latitude":1,"longitude":1}"#,
        ]
        for body in bodies { #expect(scan(body) == nil, "\(body)") }
    }

    /// The scanner refuses a string that is not UTF-8 as the slow way does,
    /// so an id that is not ASCII is read here, as sent.
    @Test func anIdThatIsNotASCIIIsReadAsSent() {
        #expect(
            scan(#"[{"id":"caf\#u{E9} \u65e5","latitude":1,"longitude":2}]"#)
                == [MoveBatchScanner.ScannedMove(id: "café 日", latitude: 1, longitude: 2, timestamp: nil)])
    }

    /// Reading recurses into what it skips: nesting past 512 is refused,
    /// as JSONSerialization refuses it, rather than run the thread out of stack.
    @Test func deepNestingIsRefusedNotFollowed() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(scan(#"[{"id":"a","latitude":1,"longitude":2,"x":"# + deep + "}]") == nil)
        // With the batch's array and the move's object, 510 arrays make 512 levels: still read.
        let nested = String(repeating: "[", count: 510) + String(repeating: "]", count: 510)
        #expect(scan(#"[{"id":"a","latitude":1,"longitude":2,"x":"# + nested + "}]")?.count == 1)
    }
}
