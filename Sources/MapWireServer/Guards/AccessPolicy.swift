import SessionTransport

/// Who may write: a request that changes the world (`POST`, `PUT`, `PATCH`,
/// `DELETE` under `/api/`, and the `/feed` socket) needs the bearer token when
/// one is configured; without one, only loopback peers may write unless open
/// writes were asked for. Reads are never checked here. Decided from the
/// request head alone, before a byte of the body is read.
struct AccessPolicy: Sendable {
    /// The configured token's bytes; nil when none is configured.
    let token: [UInt8]?
    /// `--allow-open-writes`: with no token, accept writes from any peer.
    let allowsOpenWrites: Bool

    init(token: String?, allowsOpenWrites: Bool) {
        self.token = token.map { Array($0.utf8) }
        self.allowsOpenWrites = allowsOpenWrites
    }

    /// Whether the request head may write; nil when it may, else the refusal.
    /// `peerIsLoopback` must already be false for a request a proxy forwarded.
    func checkWrite(authorization: String?, peerIsLoopback: Bool) -> Refusal? {
        guard let token else {
            if peerIsLoopback || allowsOpenWrites { return nil }
            return Refusal(
                403,
                "writes are accepted only from this machine while no API token is configured; "
                    + "start mapwire with --api-token (or MAPWIRE_API_TOKEN) and send "
                    + "\"Authorization: Bearer <token>\"")
        }
        guard let presented = Self.bearerToken(authorization) else {
            var refusal = Refusal(401, "this write needs \"Authorization: Bearer <token>\"")
            refusal.headers.append(("WWW-Authenticate", "Bearer realm=\"mapwire\""))
            return refusal
        }
        guard Self.constantTimeEquals(Array(presented.utf8), token) else {
            return Refusal(403, "the bearer token is not valid")
        }
        return nil
    }

    /// The token of `Bearer <token>` (the scheme is case-insensitive), or nil.
    static func bearerToken(_ authorization: String?) -> String? {
        guard let authorization else { return nil }
        let value = authorization.trimmingSpaces()
        guard value.count > 7, value.prefix(7).lowercased() == "bearer " else { return nil }
        let token = value.dropFirst(7).trimmingSpaces()
        return token.isEmpty ? nil : token
    }

    /// Compares in time that depends only on the expected token's length, so
    /// response times do not tell how much of a guess was right.
    static func constantTimeEquals(_ presented: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference: UInt8 = presented.count == expected.count ? 0 : 1
        for index in expected.indices {
            let byte = index < presented.count ? presented[index] : 0
            difference |= byte ^ expected[index]
        }
        return difference == 0
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
