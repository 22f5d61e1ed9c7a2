import MapCore
import Synchronization

/// The street tiles made so far, shared by every session and bounded in
/// memory: the least recently drawn go first. A tile is made outside the
/// lock; when two maps make the same one at once, the first stored wins, so
/// every map draws the same paths.
final class StreetTileCache: Sendable {
    /// A tile as one zoom level draws it.
    struct Key: Hashable, Sendable {
        var archive: Int
        var z: Int, x: Int, y: Int
        var level: Int
    }

    private struct State {
        var tiles: [Key: (tile: StreetTile, lastUse: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The most bytes of paths kept.
    let byteLimit: Int
    private let state = Mutex(State())

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    /// The tiles kept, and the bytes their paths take.
    var usage: (count: Int, bytes: Int) { state.withLock { ($0.tiles.count, $0.bytes) } }

    /// The tile kept for `key`, made by `make` if there is none.
    func tile(_ key: Key, make: () -> StreetTile) -> StreetTile {
        if let kept = lookUp(key) { return kept }
        let made = make()
        return state.withLock { state in
            state.clock += 1
            if let first = state.tiles[key] {
                state.tiles[key]?.lastUse = state.clock
                return first.tile
            }
            state.tiles[key] = (made, state.clock)
            state.bytes += made.byteCount
            evict(&state, keeping: key)
            return made
        }
    }

    /// Forgets every tile kept; maps still drawing one keep it alive.
    func removeAll() {
        state.withLock { state in
            state.tiles.removeAll()
            state.bytes = 0
        }
    }

    private func lookUp(_ key: Key) -> StreetTile? {
        state.withLock { state in
            guard let kept = state.tiles[key] else { return nil }
            state.clock += 1
            state.tiles[key]?.lastUse = state.clock
            return kept.tile
        }
    }

    /// Drops the least recently used tiles until the paths fit, never the one just stored. A map still
    /// drawing a dropped tile keeps it alive; the next map near it makes it again.
    private func evict(_ state: inout State, keeping kept: Key) {
        while state.bytes > byteLimit, state.tiles.count > 1 {
            var oldest: (key: Key, lastUse: UInt64)?
            for (key, entry) in state.tiles where key != kept && entry.lastUse < oldest?.lastUse ?? .max {
                oldest = (key, entry.lastUse)
            }
            guard let oldest, let dropped = state.tiles.removeValue(forKey: oldest.key) else { return }
            state.bytes -= dropped.tile.byteCount
        }
    }
}
