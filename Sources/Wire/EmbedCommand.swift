/// A command from the page that embeds the map (docs/embedding.md), as the
/// map's page forwards it after checking the sender's origin.
package enum EmbedCommand: Equatable, Sendable {
    /// Move the camera to a coordinate and zoom, animated or at once.
    case setCamera(latitude: Double, longitude: Double, zoom: Double, animated: Bool)
    /// Select the annotation with this shared-store id (or, for one only this tab shows, title).
    case select(id: String)
    /// Deselect whatever is selected.
    case deselect
}
