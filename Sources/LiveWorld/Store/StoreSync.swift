/// When a commit to the store file counts as written: what a crash of the
/// server's process, or of the whole machine, can still take from the world.
public enum StoreSync: String, Sendable, CaseIterable {
    /// Every acknowledged change survives a crash of the server's process
    /// (`kill -9`); a power cut or a crash of the operating system may lose
    /// the last ones, never half a batch. SQLite's `synchronous = NORMAL`:
    /// the disk is synced at checkpoints, not at every commit.
    case normal
    /// Every acknowledged change also survives a power cut or a crash of
    /// the operating system: the log is synced to the disk at every commit
    /// before the answer leaves (SQLite's `synchronous = FULL`).
    case full

    /// Whether the store syncs the disk at every commit.
    package var syncsEveryCommit: Bool { self == .full }
}
