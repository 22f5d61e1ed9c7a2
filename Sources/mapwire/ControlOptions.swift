import ArgumentParser
import Configuration
import MapWire

/// The flags that place the map's own controls (docs/map.md, "Map controls").
struct ControlOptions: ParsableArguments {
    @Option(
        name: .setting(.zoomControls),
        help: .setting(
            .zoomControls, "Corner of the zoom buttons, or none.", default: CornerChoice(defaults.zoom),
            valueName: "corner"))
    var zoomControls: CornerChoice?

    @Option(
        name: .setting(.keyboardHelp),
        help: .setting(
            .keyboardHelp, "Corner of the keyboard shortcuts button, or none (? opens the list anyway).",
            default: CornerChoice(defaults.keyboardHelp), valueName: "corner"))
    var keyboardHelp: CornerChoice?

    @Option(
        name: .setting(.scaleBar),
        help: .setting(
            .scaleBar, "Corner of the metric scale bar, or none.", default: CornerChoice(defaults.scaleBar),
            valueName: "corner"))
    var scaleBar: CornerChoice?

    @Option(
        name: .setting(.attribution),
        help: .setting(
            .attribution, "Corner of the data attribution (the base map's sources), or none.",
            default: CornerChoice(defaults.attribution), valueName: "corner"))
    var attribution: CornerChoice?

    private static let defaults = MapControlsOptions()

    /// The flags given, as settings.
    var given: [MapWireConfiguration.Key: ConfigContent?] {
        [
            .zoomControls: zoomControls.map { .string($0.description) },
            .keyboardHelp: keyboardHelp.map { .string($0.description) },
            .scaleBar: scaleBar.map { .string($0.description) },
            .attribution: attribution.map { .string($0.description) },
        ]
    }
}

/// A corner of the map, or `none` to hide the control.
struct CornerChoice: ExpressibleByArgument, CustomStringConvertible {
    let corner: MapControlCorner?

    init(_ corner: MapControlCorner?) { self.corner = corner }

    init?(argument: String) {
        if argument == "none" {
            corner = nil
        } else if let c = MapControlCorner(rawValue: argument) {
            corner = c
        } else {
            return nil
        }
    }

    var description: String { corner?.rawValue ?? "none" }
    static var allValueStrings: [String] { MapWireConfiguration.Key.cornerNames }
}
