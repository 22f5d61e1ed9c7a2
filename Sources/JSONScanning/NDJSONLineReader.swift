/// Splits NDJSON, or a GeoJSON text sequence (RFC 8142: each feature after
/// an ASCII record separator, `0x1E`), into features as its bytes come, in
/// pieces of any size, and reads each with `GeoJSONLineScanner`.
///
/// A body whose first text starts with a record separator is read as a
/// sequence: a record runs to the next separator, so it may span lines.
/// Otherwise each line is a feature, and a separator at the start of a line
/// is skipped. A line or record split between two pieces is joined first.
/// The first problem is kept and the rest of the body skipped, so a refused
/// import costs no more parsing.
package struct NDJSONLineReader {
    package private(set) var features: [GeoJSONFeature] = []
    /// The line number of each feature (where its record starts, in a sequence).
    package private(set) var lines: [Int] = []
    /// Why the first line that could not be read was refused, naming the line.
    package private(set) var failure: String?
    /// The most features one body may hold.
    package let maxFeatures: Int
    /// The unfinished line or record at the end of the last piece.
    private var pending: [UInt8] = []
    /// Lines started so far: the number of the line being read.
    private var lineNumber = 0
    private var framing = Framing.undecided
    /// The line the record in `pending` started on; nil before the first separator.
    private var recordLine: Int?

    private enum Framing {
        /// Only whitespace so far.
        case undecided
        /// One feature a line (NDJSON).
        case lines
        /// Records after separators (RFC 8142).
        case records
    }

    static let recordSeparator: UInt8 = 0x1E

    /// A reader that refuses a body of more than `maxFeatures` features.
    package init(maxFeatures: Int) {
        self.maxFeatures = maxFeatures
    }

    /// Reads the complete lines or records of `piece`, keeping an unfinished one for the next.
    package mutating func feed(_ piece: UnsafeBufferPointer<UInt8>) {
        guard failure == nil else { return }
        if framing == .undecided {
            guard let first = piece.firstIndex(where: { !Self.isSpace($0) }) else {
                // Blank lines only: counted, nothing to read.
                lineNumber += piece.count(where: { $0 == 0x0A })
                return
            }
            framing = piece[first] == Self.recordSeparator ? .records : .lines
        }
        if framing == .records {
            feedRecords(piece)
        } else {
            feedLines(piece)
        }
    }

    /// The body ended: reads a last line without a newline, or the last record.
    package mutating func end() {
        guard failure == nil else { return }
        switch framing {
        case .undecided: return
        case .lines:
            guard !pending.isEmpty else { return }
            lineNumber += 1
            readPending(line: lineNumber)
        case .records:
            guard let line = recordLine else { return }
            readPending(line: line)
        }
    }

    private mutating func feedLines(_ piece: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for i in 0..<piece.count where piece[i] == 0x0A {
            lineNumber += 1
            if pending.isEmpty {
                // In place: the newline after the line stops strtod.
                read(UnsafeBufferPointer(rebasing: piece[start..<i]), line: lineNumber)
            } else {
                pending.append(contentsOf: piece[start..<i])
                readPending(line: lineNumber)
            }
            start = i + 1
            if failure != nil { return }
        }
        pending.append(contentsOf: piece[start...])
    }

    private mutating func feedRecords(_ piece: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for i in 0..<piece.count {
            switch piece[i] {
            case 0x0A: lineNumber += 1
            case Self.recordSeparator:
                if let line = recordLine {
                    if pending.isEmpty {
                        // In place: the separator after the record stops strtod.
                        read(UnsafeBufferPointer(rebasing: piece[start..<i]), line: line)
                    } else {
                        pending.append(contentsOf: piece[start..<i])
                        readPending(line: line)
                    }
                    if failure != nil { return }
                } else {
                    // What came before the first separator is whitespace.
                    pending.removeAll(keepingCapacity: true)
                }
                recordLine = lineNumber + 1
                start = i + 1
            default: break
            }
        }
        pending.append(contentsOf: piece[start...])
    }

    private mutating func readPending(line: Int) {
        pending.append(0)
        pending.withUnsafeBufferPointer { all in
            read(UnsafeBufferPointer(rebasing: all[0..<(all.count - 1)]), line: line)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// JSON's whitespace: space, tab, CR and LF.
    private static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A
    }

    private mutating func read(_ text: UnsafeBufferPointer<UInt8>, line: Int) {
        var first = 0
        var end = text.count
        while first < end, Self.isSpace(text[first]) || text[first] == Self.recordSeparator { first += 1 }
        while end > first, Self.isSpace(text[end - 1]) { end -= 1 }
        guard first < end else { return }
        guard features.count < maxFeatures else {
            failure = "line \(line): more than \(maxFeatures) features; one import takes at most \(maxFeatures)"
            return
        }
        let feature = UnsafeBufferPointer(rebasing: text[first..<end])
        do throws(GeoJSONLineScanner.Failure) {
            features.append(try GeoJSONLineScanner.feature(feature))
            lines.append(line)
        } catch {
            switch error {
            case .invalidJSON(let what): failure = "line \(line): invalid JSON: \(what)"
            case .invalidUTF8(let what):
                failure =
                    InvalidUTF8.find(in: feature)?.message(in: "line \(line)")
                    ?? "line \(line): invalid JSON: \(what)"
            case .problem(let p): failure = p.place("line \(line)") + p.message
            }
        }
    }
}
