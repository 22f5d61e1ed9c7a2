import Foundation

/// The page and its files, served from the public folder: `index.html` for a
/// folder, a content type by suffix, an `ETag` from the file's size and
/// modification time, and `304 Not Modified` when the browser already has it.
/// A file is read when asked for (off the service thread), so an edited
/// painter is served at the next reload.
struct StaticFiles: Sendable {
    let root: URL

    /// A reload revalidates (a 304 costs a few bytes), yet a changed file is
    /// never served stale for more than a second.
    static let cacheControl = "must-revalidate, private, max-age=1"

    /// The answer for `GET`/`HEAD` `path` (percent-decoded), given the
    /// request's `If-None-Match` values.
    func answer(path: String, query: String, ifNoneMatch: [String]) -> HTTPAnswer {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        // Hidden files and parent references never name something under the root.
        guard !segments.contains(where: { $0.hasPrefix(".") || $0.contains("\\") }) else {
            return HTTPAnswer(Refusal(404, "not found: \(path.prefix(200))"))
        }
        var url = root
        for segment in segments { url.appendPathComponent(String(segment)) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return HTTPAnswer(Refusal(404, "not found: \(path.prefix(200))"))
        }
        if isDirectory.boolValue {
            guard path.hasSuffix("/") else {
                // As web servers do: a folder's files are relative to the folder.
                var answer = HTTPAnswer(Refusal(301, "moved to \(path)/"))
                answer.fields.append(
                    (
                        name: "Location",
                        value: Self.encodedPath(path + "/")
                            + (query.isEmpty ? "" : "?\(query)")
                    ))
                return answer
            }
            url.appendPathComponent("index.html")
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            (attributes[.type] as? FileAttributeType) == .typeRegular,
            let data = FileManager.default.contents(atPath: url.path)
        else {
            return HTTPAnswer(Refusal(404, "not found: \(path.prefix(200))"))
        }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let tag = "\"\(String(data.count, radix: 16))-\(String(Int64(modified * 1000), radix: 16))\""
        let type = MimeTypes.type(forPath: url.path) ?? "application/octet-stream"
        if Self.matches(ifNoneMatch, tag: tag) {
            var answer = HTTPAnswer(status: 304, contentType: nil, body: [])
            answer.cacheControl = Self.cacheControl
            answer.fields.append((name: "ETag", value: tag))
            return answer
        }
        var answer = HTTPAnswer(status: 200, contentType: type, body: [UInt8](data))
        answer.cacheControl = Self.cacheControl
        answer.fields.append((name: "ETag", value: tag))
        return answer
    }

    /// `If-None-Match` by RFC 9110's weak comparison: `*`, or any listed tag
    /// equal to ours once a `W/` prefix is dropped.
    static func matches(_ ifNoneMatch: [String], tag: String) -> Bool {
        let listed = ifNoneMatch.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces() }
        return listed.contains { candidate in
            candidate == "*" || (candidate.hasPrefix("W/") ? String(candidate.dropFirst(2)) : candidate) == tag
        }
    }

    /// A path fit for `Location`: every byte outside RFC 3986's path characters escaped.
    static func encodedPath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "%")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? "/"
    }
}
