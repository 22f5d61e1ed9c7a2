import Foundation

/// What an archive says about its tiles: the MBTiles `metadata` table, or a
/// PMTiles header with its JSON metadata. Every field is optional because
/// writers leave out what they like.
package struct TileArchiveMetadata: Equatable, Sendable {
    package var name: String?
    /// `pbf` for vector tiles (MBTiles' word; PMTiles' `mvt` tile type is given as `pbf` too).
    package var format: String?
    /// West, south, east, north, in degrees.
    package var bounds: [Double]?
    /// Longitude, latitude, zoom.
    package var center: [Double]?
    package var minZoom: Int?
    package var maxZoom: Int?
    package var attribution: String?
    package var vectorLayers: [VectorLayerDescription] = []

    package init() {}

    /// Reads the fields this type keeps from a metadata JSON object, leaving the
    /// others as they are: PMTiles' whole metadata, or MBTiles' `json` row.
    mutating func merge(json: [UInt8]) throws(TileArchiveError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(json))
        } catch {
            throw .invalidMetadata("not JSON: \(error.localizedDescription)")
        }
        guard let fields = object as? [String: Any] else { throw .invalidMetadata("not a JSON object") }
        name = fields["name"] as? String ?? name
        format = fields["format"] as? String ?? format
        attribution = fields["attribution"] as? String ?? attribution
        if let layers = fields["vector_layers"] {
            guard let list = layers as? [[String: Any]] else { throw .invalidMetadata("vector_layers is not a list") }
            vectorLayers = try list.map { (layer) throws(TileArchiveError) in try VectorLayerDescription(layer) }
        }
    }

    /// A comma-separated list of numbers, as MBTiles writes `bounds` and `center`.
    static func numbers(_ text: String) -> [Double]? {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.compactMap { $0 }
    }
}

/// One entry of `vector_layers`: a layer the tiles hold and the fields its features carry.
package struct VectorLayerDescription: Equatable, Sendable {
    package var id: String
    /// Field name to type, as the writer describes it ("String", "Number", "Boolean").
    package var fields: [String: String]
    package var minZoom: Int?
    package var maxZoom: Int?
    package var description: String?

    package init(id: String, fields: [String: String] = [:], minZoom: Int? = nil, maxZoom: Int? = nil) {
        self.id = id
        self.fields = fields
        self.minZoom = minZoom
        self.maxZoom = maxZoom
    }

    init(_ json: [String: Any]) throws(TileArchiveError) {
        guard let id = json["id"] as? String else { throw .invalidMetadata("a vector layer without an id") }
        self.id = id
        fields = (json["fields"] as? [String: Any])?.compactMapValues { $0 as? String } ?? [:]
        minZoom = (json["minzoom"] as? NSNumber)?.intValue
        maxZoom = (json["maxzoom"] as? NSNumber)?.intValue
        description = json["description"] as? String
    }
}
