/// The first string of a JSON document that is not valid UTF-8 (bytes that
/// are not, or a `\u` escape of half a surrogate pair), and the path to it,
/// so a refusal names the field: `features[3]: "properties.title" is not
/// valid UTF-8`.
///
/// Every body the API reads refuses such a string, wherever it is: a title
/// repaired with U+FFFD would have changed the sender's text without a word.
/// The readers stop at the string but do not know its path; this walks the
/// document again, which only a refused body pays for.
package struct InvalidUTF8: Equatable {
    package enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// From the document's root to the string, or to the object whose key it is.
    package var path: [Step]
    /// Whether it is a key rather than a value.
    var isKey: Bool

    /// The first such string in `document`, or nil when there is none
    /// before the end or before anything else that is not JSON.
    package static func find(in document: [UInt8]) -> InvalidUTF8? {
        var terminated = document
        // strtod stops at this 0 should a number end the document.
        terminated.append(0)
        return terminated.withUnsafeBufferPointer { all in
            find(in: UnsafeBufferPointer(rebasing: all[0..<document.count]))
        }
    }

    /// As `find(in:)` for bytes followed in memory by one that cannot continue a number.
    package static func find(in document: UnsafeBufferPointer<UInt8>) -> InvalidUTF8? {
        var scanner = JSONByteScanner(document)
        var path: [Step] = []
        var found: InvalidUTF8?
        scanner.skipSpace()
        // Any failure ends the walk; `found` says whether it was the string sought.
        try? visit(&scanner, &path, &found)
        return found
    }

    private static func visit(
        _ s: inout JSONByteScanner, _ path: inout [Step],
        _ found: inout InvalidUTF8?
    ) throws(JSONByteScanner.Failure) {
        switch s.peek {
        case UInt8(ascii: "{"):
            do {
                try s.object { (s: inout JSONByteScanner, key: String) throws(JSONByteScanner.Failure) in
                    path.append(.key(key))
                    defer { path.removeLast() }
                    try visit(&s, &path, &found)
                }
            } catch .invalidUTF8(let what) {
                // Not found inside: the object's own key.
                if found == nil { found = InvalidUTF8(path: path, isKey: true) }
                throw .invalidUTF8(what)
            }
        case UInt8(ascii: "["):
            var index = 0
            try s.array { (s: inout JSONByteScanner) throws(JSONByteScanner.Failure) in
                path.append(.index(index))
                defer { path.removeLast() }
                index += 1
                try visit(&s, &path, &found)
            }
        case UInt8(ascii: "\""):
            do {
                _ = try s.string()
            } catch .invalidUTF8(let what) {
                found = InvalidUTF8(path: path, isKey: false)
                throw .invalidUTF8(what)
            }
        default:
            try s.skipValue()
        }
    }

    /// `"properties.title" is not valid UTF-8`, the path without its first
    /// `dropped` steps, after `place: ` when there is one.
    package func message(in place: String? = nil, dropping dropped: Int = 0) -> String {
        var field = ""
        for step in path.dropFirst(dropped) {
            switch step {
            case .key(let key): field += (field.isEmpty ? "" : ".") + key.prefix(80)
            case .index(let i): field += "[\(i)]"
            }
        }
        let subject: String
        switch (isKey, field.isEmpty) {
        case (true, true): subject = "a key"
        case (true, false): subject = "a key in \"\(field)\""
        case (false, true): subject = "the text"
        case (false, false): subject = "\"\(field)\""
        }
        return (place.map { "\($0): " } ?? "") + subject + " is not valid UTF-8"
    }
}
