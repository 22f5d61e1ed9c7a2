/// Splits NDJSON into lines as its bytes come, in pieces of any size, and
/// reads each complete line as a feature with `GeoJSONLineScanner`. A line
/// split between two pieces is joined first. The first problem is kept and
/// the rest of the body skipped, so a refused import costs no more parsing.
package struct NDJSONLineReader {
    package private(set) var features: [GeoJSONFeature] = []
    /// The line number of each feature.
    package private(set) var lines: [Int] = []
    /// Why the first line that could not be read was refused, naming the line.
    package private(set) var failure: String?
    /// The most features one body may hold.
    package let maxFeatures: Int
    /// The unfinished line at the end of the last piece.
    private var pending: [UInt8] = []
    private var lineNumber = 0

    /// A reader that refuses a body of more than `maxFeatures` features.
    package init(maxFeatures: Int) {
        self.maxFeatures = maxFeatures
    }

    /// Reads the complete lines of `piece`, keeping an unfinished one for the next.
    package mutating func feed(_ piece: UnsafeBufferPointer<UInt8>) {
        guard failure == nil else { return }
        var start = 0
        for i in 0..<piece.count where piece[i] == 0x0A {
            if pending.isEmpty {
                // In place: the newline after the line stops strtod.
                read(UnsafeBufferPointer(rebasing: piece[start..<i]))
            } else {
                pending.append(contentsOf: piece[start..<i])
                readPending()
            }
            start = i + 1
            if failure != nil { return }
        }
        pending.append(contentsOf: piece[start...])
    }

    /// The body ended: reads a last line without a newline.
    package mutating func end() {
        guard failure == nil, !pending.isEmpty else { return }
        readPending()
    }

    private mutating func readPending() {
        pending.append(0)
        pending.withUnsafeBufferPointer { all in read(UnsafeBufferPointer(rebasing: all[0..<(all.count - 1)])) }
        pending.removeAll(keepingCapacity: true)
    }

    private mutating func read(_ line: UnsafeBufferPointer<UInt8>) {
        lineNumber += 1
        var first = 0
        var end = line.count
        while first < end, line[first] == 0x20 || line[first] == 0x09 || line[first] == 0x0D { first += 1 }
        while end > first, line[end - 1] == 0x20 || line[end - 1] == 0x09 || line[end - 1] == 0x0D { end -= 1 }
        guard first < end else { return }
        guard features.count < maxFeatures else {
            failure = "line \(lineNumber): more than \(maxFeatures) features; one import takes at most \(maxFeatures)"
            return
        }
        let text = UnsafeBufferPointer(rebasing: line[first..<end])
        do throws(GeoJSONLineScanner.Failure) {
            features.append(try GeoJSONLineScanner.feature(text))
            lines.append(lineNumber)
        } catch {
            switch error {
            case .invalidJSON(let what): failure = "line \(lineNumber): invalid JSON: \(what)"
            case .invalidUTF8(let what):
                failure =
                    InvalidUTF8.find(in: text)?.message(in: "line \(lineNumber)")
                    ?? "line \(lineNumber): invalid JSON: \(what)"
            case .problem(let p): failure = p.place("line \(lineNumber)") + p.message
            }
        }
    }
}
