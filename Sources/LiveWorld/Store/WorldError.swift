import MapGeometry

/// Why the shared world refused a write (`AnnotationStore.apply`, `add`,
/// `remove`, `World.move(id:to:)`).
///
/// A refused write changes nothing: a batch of moves is all or nothing. The
/// cases say what is wrong in the world's own terms; which HTTP status each
/// one answers is the HTTP API's business, not the world's.
public enum WorldError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No annotation has this id. `moveIndex` is the move's place in its
    /// batch; nil when the id was to be removed.
    case unknownID(String, moveIndex: Int? = nil)
    /// An annotation with this id exists already.
    case duplicateID(String)
    /// The annotation is fixed (a landmark): it cannot move or be removed.
    /// `moveIndex` is the move's place in its batch; nil when it was to be removed.
    case fixedAnnotation(String, moveIndex: Int? = nil)
    /// The coordinate is not a latitude in -90...90 and a longitude in
    /// -180...180. `moveIndex` is the move's place in its batch; nil when the
    /// annotation with `id` was being added.
    case coordinateOutOfRange(Coordinate, id: String, moveIndex: Int? = nil)
    /// The store file cannot take the write (disk full, I/O error, closed):
    /// nothing was applied, and `reason` says what the file reported.
    case storeUnavailable(reason: String)
    /// The annotation belongs to an app (a seed's person or landmark): its
    /// title and style are the app's, not the API's to edit.
    case notEditable(String)

    /// Positions can be appended only to a line (a `LineString`), with
    /// altitudes when the line has them and without when it does not.
    case notAppendable(String, why: String)
    /// The geometry is not one a shape can have (a line where it was an area, or too few positions).
    case badGeometry(String, why: String)

    /// What went wrong, naming the id and the move's place in its batch.
    public var description: String {
        switch self {
        case .unknownID(let id, let moveIndex):
            return Self.prefix(moveIndex) + "no annotation with id \(id)"
        case .duplicateID(let id):
            return "an annotation with id \(id) exists"
        case .fixedAnnotation(let id, nil):
            return "annotation \(id) is fixed and cannot be removed"
        case .fixedAnnotation(let id, let moveIndex?):
            return "moves[\(moveIndex)]: annotation \(id) is fixed and cannot move"
        case .coordinateOutOfRange(let coordinate, _, nil):
            return "coordinate \(coordinate) is out of range"
        case .coordinateOutOfRange(let coordinate, let id, let moveIndex?):
            return "moves[\(moveIndex)] (\(id)): coordinate \(coordinate) is out of range"
        case .storeUnavailable(let reason):
            return reason
        case .notAppendable(let id, let why):
            return "positions cannot be appended to \(id): \(why)"
        case .badGeometry(let id, let why):
            return "\(id): \(why)"
        case .notEditable(let id):
            return "annotation \(id) belongs to an app; only annotations added through the API can be edited"
        }
    }

    private static func prefix(_ moveIndex: Int?) -> String {
        moveIndex.map { "moves[\($0)]: " } ?? ""
    }
}
