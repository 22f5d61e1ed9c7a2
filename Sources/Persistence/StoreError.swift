/// Why the store file cannot be used or written. Start-up stops on all
/// but the last rather than resetting a world someone fed.
package enum StoreError: Error, CustomStringConvertible, Sendable {
    /// The file is not a SQLite database, or SQLite found it damaged.
    case corrupt(path: String, reason: String)
    /// The file was written by a newer MapWire (migrations this one does not know).
    case newerSchema(path: String, unknown: [String])
    /// The file is a SQLite database of something else (tables, but no MapWire schema).
    case unknownSchema(path: String)
    /// The file cannot be opened or created (permissions, missing folder).
    case cannotOpen(path: String, reason: String)
    /// The file or its folder is read-only; the store writes every change.
    case readOnly(path: String, reason: String)
    /// A write failed after the store opened (disk full, I/O error).
    case writeFailed(reason: String)

    package var description: String {
        switch self {
        case .corrupt(let path, let reason):
            return "the store \(path) is damaged or not a MapWire store (\(reason)); "
                + "move it away to start with an empty world, or restore a backup"
        case .newerSchema(let path, let unknown):
            return "the store \(path) was written by a newer MapWire (unknown migrations: "
                + "\(unknown.joined(separator: ", "))); run that version or restore a backup"
        case .unknownSchema(let path):
            return "the store \(path) is a SQLite database but not a MapWire store; "
                + "give --store another path"
        case .cannotOpen(let path, let reason):
            return "cannot open the store \(path): \(reason)"
        case .readOnly(let path, let reason):
            return "the store \(path) cannot be written: \(reason); MapWire writes every change to it, "
                + "so make it writable or give --store another path"
        case .writeFailed(let reason):
            return "the store could not write: \(reason)"
        }
    }
}
