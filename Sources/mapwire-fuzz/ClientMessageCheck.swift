import Wire

/// Any bytes either decode to a message or throw a `WireError`, never trap;
/// a message that decodes encodes to bytes that decode to the same message.
enum ClientMessageCheck {
    static func check(_ bytes: [UInt8]) {
        let message: ClientMessage
        do {
            message = try ClientMessage.decode(bytes)
        } catch is WireError {
            return
        } catch {
            fatalError("decode threw \(type(of: error)), not a WireError: \(error)")
        }
        let encoded = message.encoded()
        guard let again = try? ClientMessage.decode(encoded) else {
            fatalError("\(message) encodes to bytes that do not decode")
        }
        guard again.encoded() == encoded else {
            fatalError("\(message) does not survive a round trip: \(again)")
        }
    }
}
