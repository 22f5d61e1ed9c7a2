import Configuration
import MapWire
import SampleApps

/// Everything `mapwire` runs with, read from one reader: the library's
/// configuration, then the executable's own settings.
struct ServerSettings {
    var configuration: MapWireConfiguration
    var samples = SampleSelection(samples: Set(SampleMapApp.Sample.allCases))
    var demo = true
    var log = LogSettings()

    init(reading reader: ConfigReader) throws(MapWireConfigurationError) {
        configuration = try MapWireConfiguration(reading: reader)
        let settings = SettingReader(reader)
        if let names = try settings.list(.samples) {
            guard let selection = SampleSelection(names: names) else {
                throw MapWireConfigurationError(key: .samples, source: nil, value: names.joined(separator: ","))
            }
            samples = selection
        }
        if let demo = try settings.onOff(.demo) { self.demo = demo }
        log = try LogSettings(reading: settings)
    }
}
