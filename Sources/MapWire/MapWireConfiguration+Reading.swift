import Configuration
import Foundation
import MapCore
import MapSession

extension MapWireConfiguration {
    /// Reads every setting of `MapWireConfiguration.keys` from `reader`; a
    /// setting no source has keeps its default. Relative paths (`data`,
    /// `public`, `store`) are taken from the working directory.
    ///
    /// ```swift
    /// let configuration = try MapWireConfiguration(reading: MapWireConfiguration.reader())
    /// ```
    ///
    /// Throws `MapWireConfigurationError` for a value a setting does not take,
    /// naming the setting and, with a reader from `reader(...)`, its source.
    public init(reading reader: ConfigReader) throws(MapWireConfigurationError) {
        self.init()
        let settings = SettingReader(reader)
        if let host = try settings.text(.host) { self.host = host }
        if let port = try settings.number(.port) { self.port = port }
        if let data = try settings.text(.data) { dataDirectory = Self.folder(data) }
        if let folder = try settings.text(.public) { publicDirectory = Self.folder(folder) }
        if let store = try settings.text(.store) {
            storePath = store == ":memory:" ? store : Self.folder(store).path
        }
        if let sync = try settings.word(.sync, as: StoreSync.self) { storeSync = sync }
        if let token = try settings.text(.apiToken) { apiToken = token.isEmpty ? nil : token }
        if let open = try settings.onOff(.allowOpenWrites) { allowsOpenWrites = open }
        if let origins = try settings.list(.allowedOrigin) { allowedOrigins = origins }
        if let hosts = try settings.list(.allowedHost) { allowedHosts = hosts }
        if let tiles = try settings.list(.tiles) {
            tilePaths = tiles == ["none"] ? [] : tiles.map { Self.folder($0).path }
        }
        if let style = try settings.text(.style), !style.isEmpty {
            let setting = MapStyleSetting(argument: style)
            self.style = setting.path.map { .file(Self.folder($0).path) } ?? setting
        }
        try controls.read(settings)
        try limits.read(settings)
    }

    private static func folder(_ path: String) -> URL {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return URL(fileURLWithPath: path, relativeTo: cwd).standardizedFileURL
    }
}

extension MapControlsOptions {
    fileprivate mutating func read(_ settings: SettingReader) throws(MapWireConfigurationError) {
        func corner(_ key: MapWireConfiguration.Key, _ current: MapControlCorner?) throws(MapWireConfigurationError)
            -> MapControlCorner?
        {
            guard let word = try settings.text(key) else { return current }
            return MapControlCorner(rawValue: word) // `none`, the only other word a corner takes, hides it
        }
        zoom = try corner(.zoomControls, zoom)
        keyboardHelp = try corner(.keyboardHelp, keyboardHelp)
        scaleBar = try corner(.scaleBar, scaleBar)
        attribution = try corner(.attribution, attribution)
    }
}

extension MapWireConfiguration.Limits {
    fileprivate mutating func read(_ settings: SettingReader) throws(MapWireConfigurationError) {
        func number(_ key: MapWireConfiguration.Key, _ value: inout Int) throws(MapWireConfigurationError) {
            if let number = try settings.number(key) { value = number }
        }
        try number(.maxConnections, &maxConnections)
        try number(.maxConnectionsPerPeer, &maxConnectionsPerPeer)
        if let on = try settings.onOff(.limitLoopbackPeers) { limitsLoopbackPeers = on }
        try number(.maxSessions, &maxSessions)
        try number(.requestTimeout, &requestTimeout)
        try number(.firstMessageTimeout, &firstMessageTimeout)
        try number(.feedFirstMessageTimeout, &feedFirstMessageTimeout)
        try number(.feedIdleTimeout, &feedIdleTimeout)
        try number(.feedMaxPendingBatches, &feedMaxPendingBatches)
        try number(.feedMaxPendingMb, &feedMaxPendingMegabytes)
        try number(.maxInputRate, &maxInputRate)
        try number(.inputBurst, &inputBurst)
        try number(.maxImportMb, &maxImportMegabytes)
    }
}
