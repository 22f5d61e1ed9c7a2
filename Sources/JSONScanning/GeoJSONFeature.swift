/// One RFC 7946 `Feature` as an import reads it: its points, lines and
/// areas and the fields of an annotation or a shape, read by `GeoJSONLineScanner`.
///
/// The geometry is a `Point` (`[longitude, latitude]`, an altitude after
/// them kept), a `MultiPoint`, a `LineString`, `MultiLineString`, `Polygon`
/// or `MultiPolygon`, a `GeometryCollection` of those, or null. The id is
/// `id` or `properties.id`; from `properties` come the title (`title` or
/// `name`), `subtitle` (or simplestyle's `description`), `kind`,
/// `clusteringIdentifier`, `draggable` and simplestyle's `marker-color`,
/// `marker-symbol`, `marker-size`, `stroke`, `stroke-width`,
/// `stroke-opacity`, `fill` and `fill-opacity`. Other properties are ignored.
///
/// The style is kept as text here, unchecked: an import checks it, and a
/// bad style leaves the default with a warning where a bad id or place
/// refuses the import.
package struct GeoJSONFeature {
    package var id: String?
    /// Whether the id was a JSON number (kept as its digits in `id`).
    package var idIsNumber = false
    /// The geometry's `type`; nil for `"geometry": null`.
    package var geometryType: String?
    /// Its points, in order: one for a `Point`, none for a null geometry.
    package var positions: [GeoJSONPosition] = []
    /// Its lines and areas, in order: one for a `LineString` or a
    /// `MultiPolygon`, and those of a `GeometryCollection`, whose parts
    /// they number among its points (`GeoJSONShape.part`).
    package var shapes: [GeoJSONShape] = []
    package var title: String?
    package var subtitle: String?
    /// simplestyle's `description`, the subtitle when there is no `subtitle`.
    package var description: String?
    package var kind: String?
    package var clusteringIdentifier: String?
    package var draggable = false
    package var markerColor: String?
    package var markerSymbol: String?
    package var markerSize: String?
    /// simplestyle's stroke and fill, out of line: most features are
    /// points, and every byte of this struct is copied for each one.
    private var lineStyle: [LineStyle] = []
    /// Properties an import can do without (style, `description`) that came
    /// as something other than a string: left out, and named in a warning.
    package var notText: [String] = []
    /// The same for the style's numbers (`stroke-width`, the opacities).
    package var notNumber: [String] = []
    /// A legacy `crs` member, when the feature has one that is not null.
    package var crs: GeoJSONCRS?

    package init() {}

    private struct LineStyle {
        var stroke: String?
        var strokeWidth: Double?
        var strokeOpacity: Double?
        var fill: String?
        var fillOpacity: Double?
    }

    private var style: LineStyle {
        get { lineStyle.first ?? LineStyle() }
        set { lineStyle = [newValue] }
    }

    package var stroke: String? {
        get { style.stroke }
        set { style.stroke = newValue }
    }
    package var strokeWidth: Double? {
        get { style.strokeWidth }
        set { style.strokeWidth = newValue }
    }
    package var strokeOpacity: Double? {
        get { style.strokeOpacity }
        set { style.strokeOpacity = newValue }
    }
    package var fill: String? {
        get { style.fill }
        set { style.fill = newValue }
    }
    package var fillOpacity: Double? {
        get { style.fillOpacity }
        set { style.fillOpacity = newValue }
    }
}

/// A GeoJSON position: longitude and latitude, and the altitude when it has one.
package struct GeoJSONPosition: Equatable, Sendable {
    package var longitude: Double
    package var latitude: Double
    package var altitude: Double?

    package init(longitude: Double, latitude: Double, altitude: Double? = nil) {
        self.longitude = longitude
        self.latitude = latitude
        self.altitude = altitude
    }
}

/// A legacy `crs` member, which RFC 7946 dropped but GDAL and older tools
/// still write: `{"type": "name", "properties": {"name": "..."}}`.
package enum GeoJSONCRS: Equatable, Sendable {
    /// A named CRS.
    case named(String)
    /// Anything else (a `link` CRS, a CRS without a name), described.
    case unnamed(String)

    /// Whether it names longitude and latitude on WGS 84, the only
    /// coordinates RFC 7946 has: CRS84 in any of its spellings, or EPSG:4326,
    /// which GDAL names for the same longitude-latitude data.
    package var isLongitudeLatitude: Bool {
        guard case .named(let name) = self else { return false }
        return Self.isLongitudeLatitude(name)
    }

    /// Why an import refuses it, naming it.
    package var refusal: String {
        let shown: String
        switch self {
        case .named(let name): shown = "\"\(name.prefix(120))\""
        case .unnamed(let what): shown = what
        }
        return "\"crs\" is \(shown); only longitude and latitude on WGS 84 (CRS84, as RFC 7946 has it, "
            + "or EPSG:4326) can be imported: reproject the data first, e.g. "
            + "ogr2ogr -f GeoJSON -lco RFC7946=YES out.geojson in.geojson"
    }

    /// `CRS84`, `OGC:CRS84`, `EPSG:4326`, `urn:ogc:def:crs:OGC:1.3:CRS84`,
    /// `urn:ogc:def:crs:EPSG::4326` and the `http://www.opengis.net/def/crs/`
    /// URIs of both, in any case.
    static func isLongitudeLatitude(_ name: String) -> Bool {
        let n = name.lowercased()
        func names(_ authority: Substring, _ code: Substring) -> Bool {
            (authority == "ogc" && code == "crs84") || (authority == "epsg" && code == "4326")
        }
        if n == "crs84" || n == "ogc:crs84" || n == "epsg:4326" { return true }
        for (prefix, separator) in [
            ("urn:ogc:def:crs:", Character(":")), ("http://www.opengis.net/def/crs/", "/"),
            ("https://www.opengis.net/def/crs/", "/"),
        ] where n.hasPrefix(prefix) {
            // authority, version (may be empty), code; the urn may leave the version out.
            let parts = n.dropFirst(prefix.count).split(separator: separator, omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count), let authority = parts.first, let code = parts.last else {
                return false
            }
            return names(authority, code)
        }
        return false
    }
}
