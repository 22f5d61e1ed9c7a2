import DisplayList
import Foundation
import MapCore
import MapStyle
import Synchronization
import VectorTiles

/// The street tiles of the same archives in each style sessions draw with:
/// MapWire's light and dark styles, and a style file of the server's own.
/// Each style in use has its own `StreetTileSet` (made when first asked for),
/// so a tile made for a dark map is never drawn on a light one. A style file
/// read again replaces its set as a whole: the old tiles go with it, and a
/// session that sees `generation` move asks for the new set.
package final class StreetTileStyles: Sendable {
    /// Which of the styles a session draws.
    package enum Key: Hashable, Sendable {
        case light, dark
        /// The style file the server was started with (`--style PATH`).
        case custom
    }

    private struct State {
        var sets: [Key: StreetTileSet] = [:]
        var custom: MapStyle?
        var generation: UInt64 = 0
    }

    private let archives: [any TileArchive]
    private let builtIn: [Key: MapStyle]
    private let byteLimit: Int
    private let state: Mutex<State>

    /// The same archives in the built-in styles, and in `custom` when the server has a style file.
    package init(
        archives: [any TileArchive], custom: MapStyle? = nil, byteLimit: Int = StreetTileSet.defaultByteLimit
    ) throws(StreetTilesError) {
        self.archives = archives
        self.byteLimit = byteLimit
        var builtIn: [Key: MapStyle] = [:]
        for (key, name) in [(Key.light, MapStyle.BuiltIn.light), (.dark, .dark)] {
            do {
                builtIn[key] = try MapStyle.builtIn(name)
            } catch {
                throw .style(error)
            }
        }
        self.builtIn = builtIn
        state = Mutex(State(custom: custom))
    }

    /// Forgets the tiles made so far in every style: the next map to draw one makes it again.
    package func forgetMadeTiles() {
        for set in state.withLock({ Array($0.sets.values) }) { set.forgetMadeTiles() }
    }

    /// Opens the archives at `paths`, and reads the style file at `customStylePath` when there is one; an
    /// archive that cannot be opened, or a style file that cannot be read or parsed, is a `StreetTilesError`
    /// naming it.
    package convenience init(paths: [String], customStylePath: String? = nil) throws(StreetTilesError) {
        let custom = try customStylePath.map { path throws(StreetTilesError) in try Self.readStyle(path: path) }
        try self.init(archives: try StreetTileSet.openArchives(paths: paths), custom: custom)
    }

    /// Reads the style file at `path`; one that cannot be read or parsed is
    /// a `StreetTilesError` naming the file and the place in it.
    package static func readStyle(path: String) throws(StreetTilesError) -> MapStyle {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .styleFile(
                path: path, StyleError(path: "style", reason: "cannot read the file (\(error.localizedDescription))"))
        }
        do {
            return try MapStyle(json: data)
        } catch {
            throw .styleFile(path: path, error)
        }
    }

    /// Reads the style file at `path` again and draws `.custom` in it (`replaceCustom(with:)`);
    /// one that fails to read or parse changes nothing. Returns what the new style asks for and is not drawn.
    @discardableResult
    package func reloadCustom(path: String) throws(StreetTilesError) -> [String] {
        let style = try Self.readStyle(path: path)
        replaceCustom(with: style)
        return style.warnings.map(\.description)
    }

    /// What `key`'s style asks for and is not drawn, one line each.
    package func warnings(_ key: Key) -> [String] {
        style(key)?.warnings.map(\.description) ?? []
    }

    /// Whether `key`'s style draws a dark map (`MapStyle.isDark`).
    package func isDark(_ key: Key) -> Bool {
        style(key)?.isDark ?? (key == .dark)
    }

    /// The colour of `key`'s map where nothing is drawn.
    package func groundColor(_ key: Key) -> Color? {
        style(key)?.groundColor()
    }

    /// Whether any archive was given: without one there is nothing to draw.
    package var hasArchives: Bool { !archives.isEmpty }

    /// Moves each time the style file's style is replaced.
    package var generation: UInt64 { state.withLock { $0.generation } }

    /// The style `key` names; nil for `.custom` on a server without a style file.
    package func style(_ key: Key) -> MapStyle? {
        if let style = builtIn[key] { return style }
        return state.withLock { $0.custom }
    }

    /// The tiles in `key`'s style, made when first asked for; nil for `.custom` without a style file.
    package func tiles(_ key: Key) -> StreetTileSet? {
        state.withLock { state in
            if let set = state.sets[key] { return set }
            guard let style = builtIn[key] ?? state.custom else { return nil }
            let set = StreetTileSet(archives: archives, style: style, byteLimit: byteLimit)
            state.sets[key] = set
            return set
        }
    }

    /// Draws the `.custom` tiles in `style` from now on: the tiles made in the
    /// old one are dropped, and `generation` moves so sessions redraw.
    package func replaceCustom(with style: MapStyle) {
        state.withLock { state in
            state.custom = style
            state.sets[.custom] = nil
            state.generation &+= 1
        }
    }
}
