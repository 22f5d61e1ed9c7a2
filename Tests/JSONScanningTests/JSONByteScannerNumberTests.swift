import Foundation
import Testing

@testable import JSONScanning

/// The scanner reads a plain decimal by dividing its digits by a power of
/// ten when both are exact, and everything else with `strtod`: either way
/// to the very double `strtod` gives.
@Suite struct JSONByteScannerNumberTests {
    /// `text` read by the scanner, and by `strtod`.
    private static func read(_ text: String) throws -> (scanned: Double, strtod: Double) {
        var bytes = Array(text.utf8)
        let count = bytes.count
        bytes.append(0)
        let scanned = try bytes.withUnsafeBufferPointer { all in
            var s = JSONByteScanner(UnsafeBufferPointer(rebasing: all[0..<count]))
            let value = try s.number()
            #expect(s.i == count, "\(text) read whole")
            return value
        }
        return (scanned, strtod(text, nil))
    }

    @Test func plainDecimalsReadAsStrtodReadsThem() throws {
        var state: UInt64 = 3
        func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (state >> 11) % bound
        }
        for _ in 0..<50_000 {
            // Up to 20 digits before and after the point: past 2^53 and past 10^22 too, so both ways are read.
            let whole = String(next(UInt64(1) << 40) % [1, 10, 1_000, 1 << 20, 1 << 40][Int(next(5))])
            let decimals = (0..<Int(next(21))).map { _ in String(next(10)) }.joined()
            let sign = next(3) == 0 ? "-" : ""
            let text = sign + whole + (decimals.isEmpty ? "" : "." + decimals)
            let (scanned, reference) = try Self.read(text)
            #expect(scanned.bitPattern == reference.bitPattern, "\(text): \(scanned) against \(reference)")
        }
    }

    @Test func edgesReadAsStrtodReadsThem() throws {
        let texts = [
            "0", "-0", "-0.0", "0.5", "1", "48.1234567", "-179.9999999", "9007199254740991",
            "9007199254740992", "9007199254740993", "900719925474099.3", "0.1", "0.30000000000000004",
            "1.0000000000000000000001", "0.0000000000000000000001", "0.00000000000000000000001",
            "123456789012345678901234567890", "1e5", "-2.5E-3", "1.7976931348623157e308",
        ]
        for text in texts {
            let (scanned, reference) = try Self.read(text)
            #expect(scanned.bitPattern == reference.bitPattern, "\(text): \(scanned) against \(reference)")
        }
    }
}
