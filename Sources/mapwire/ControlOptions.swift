import ArgumentParser
import MapWire

/// The flags that place the map's own controls (docs/map.md, "Map controls").
struct ControlOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Corner of the zoom buttons, or none.", valueName: "corner"))
    var zoomControls = CornerChoice(MapControlsOptions().zoom)

    @Option(help: ArgumentHelp("Corner of the keyboard shortcuts button, or none (? opens the list anyway).",
                               valueName: "corner"))
    var keyboardHelp = CornerChoice(MapControlsOptions().keyboardHelp)

    @Option(help: ArgumentHelp("Corner of the metric scale bar, or none.", valueName: "corner"))
    var scaleBar = CornerChoice(MapControlsOptions().scaleBar)

    @Option(help: ArgumentHelp("Corner of the data attribution (the base map's sources), or none.",
                               valueName: "corner"))
    var attribution = CornerChoice(MapControlsOptions().attribution)

    /// The flags as the library's options.
    var options: MapControlsOptions {
        var o = MapControlsOptions()
        o.zoom = zoomControls.corner
        o.keyboardHelp = keyboardHelp.corner
        o.scaleBar = scaleBar.corner
        o.attribution = attribution.corner
        return o
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
    var defaultValueDescription: String { description }
    static var allValueStrings: [String] { MapControlCorner.allCases.map(\.rawValue) + ["none"] }
}
