import Wire

/// Any bytes either decode to a message or throw (a `WireError`, as its
/// signature says), never trap; a message that decodes encodes to bytes that
/// decode to the same message.
enum ClientMessageCheck {
    static func check(_ bytes: [UInt8]) {
        guard let message = try? ClientMessage.decode(bytes) else { return }
        let encoded = message.encoded()
        guard let again = try? ClientMessage.decode(encoded) else {
            fatalError("\(message) encodes to bytes that do not decode")
        }
        guard again.encoded() == encoded else {
            fatalError("\(message) does not survive a round trip: \(again)")
        }
    }
}
