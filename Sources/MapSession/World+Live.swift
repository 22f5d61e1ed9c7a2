import LiveWorld
import MapCore
import MapGeometry
import MapHTTPAPI
import SessionTransport

/// The world-side API a drag calls: a pin dragged in one browser moves in
/// the shared store, so every other session sees it glide and the HTTP API
/// reports the new coordinate.
extension World {
    /// Moves annotation `id` to `coordinate` as a live move.
    @discardableResult
    public func move(id: String, to coordinate: Coordinate) throws(WorldError) -> MoveResult {
        try store.apply([Move(id: id, coordinate: coordinate)])
    }

    /// Moves `annotation` (as a drag knows it) to `coordinate`; false when
    /// the store does not hold it. The drag does not wait for the store
    /// file: nobody is answered, and the file gets it with the next commit.
    @discardableResult
    public func move(_ annotation: Annotation, to coordinate: Coordinate) -> Bool {
        guard let id = store.id(of: annotation) else { return false }
        return (try? store.apply([Move(id: id, coordinate: coordinate)], whenDurable: nil)) != nil
    }
}
