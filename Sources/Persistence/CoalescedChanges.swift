/// The changes of one group commit reduced to what the file must end up
/// holding: at 100,000 moves a second most of a batch is the same pins
/// moving again, and only each one's latest position needs writing.
struct CoalescedChanges {
    /// Ids to delete before anything is inserted (removed, or removed and added again).
    private(set) var removed: Set<String> = []
    /// Annotations added in this batch, in the order they were added, at
    /// their latest position; nil where one was removed again.
    private(set) var inserted: [StoredAnnotation?] = []
    /// The latest position of annotations that were already in the file.
    private(set) var moved: [String: Position] = [:]
    /// The latest look of annotations that were already in the file.
    private(set) var restyled: [String: StoredLook] = [:]
    /// Shapes to write whole, the latest of each, in the order first written.
    private(set) var shapes: [StoredShape] = []
    /// Positions to append to shapes, in the order they came, after `shapes` are written.
    private(set) var tails: [StoredShapeTail] = []

    struct Position: Equatable {
        var latitude: Double
        var longitude: Double
        var timestamp: Double?
    }

    private var insertedIndex: [String: Int] = [:]
    private var shapeIndex: [String: Int] = [:]

    private mutating func dropShape(_ id: String) {
        shapes.removeAll { $0.id == id }
        shapeIndex = Dictionary(uniqueKeysWithValues: shapes.enumerated().map { ($1.id, $0) })
    }

    init<Changes: Collection>(_ changes: Changes) where Changes.Element == WorldChange {
        // An import is a commit of nothing but adds, of ids the store made
        // sure are new: nothing to coalesce, and no index of 200,000 ids to build.
        var adds: [StoredAnnotation] = []
        adds.reserveCapacity(changes.count)
        for change in changes {
            guard case .added(let annotation) = change else {
                adds = []
                break
            }
            adds.append(annotation)
        }
        if adds.count == changes.count, !adds.isEmpty, changes.count > 1 {
            inserted = adds
            return
        }
        for change in changes { apply(change) }
    }

    var isEmpty: Bool {
        removed.isEmpty && moved.isEmpty && restyled.isEmpty && shapes.isEmpty && tails.isEmpty
            && !inserted.contains { $0 != nil }
    }

    private mutating func apply(_ change: WorldChange) {
        switch change {
        case .added(let annotation):
            if let i = insertedIndex[annotation.id] { inserted[i] = nil }
            insertedIndex[annotation.id] = inserted.count
            inserted.append(annotation)
            moved[annotation.id] = nil
            restyled[annotation.id] = nil
        case .restyled(let id, let look):
            if let i = insertedIndex[id] {
                inserted[i]?.title = look.title
                inserted[i]?.subtitle = look.subtitle
                inserted[i]?.markerColor = look.markerColor
                inserted[i]?.markerSymbol = look.markerSymbol
                inserted[i]?.markerSize = look.markerSize
            } else {
                restyled[id] = look
            }
        case .moved(let id, let latitude, let longitude, let timestamp):
            if let i = insertedIndex[id] {
                inserted[i]?.latitude = latitude
                inserted[i]?.longitude = longitude
                inserted[i]?.timestamp = timestamp
            } else {
                moved[id] = Position(latitude: latitude, longitude: longitude, timestamp: timestamp)
            }
        case .removed(let id):
            if let i = insertedIndex.removeValue(forKey: id) { inserted[i] = nil }
            moved[id] = nil
            restyled[id] = nil
            if shapeIndex.removeValue(forKey: id) != nil { dropShape(id) }
            tails.removeAll { $0.id == id }
            removed.insert(id)
        case .shapeWritten(let shape):
            // Written whole: what was appended before it is in it.
            tails.removeAll { $0.id == shape.id }
            if let i = shapeIndex[shape.id] {
                shapes[i] = shape
            } else {
                shapeIndex[shape.id] = shapes.count
                shapes.append(shape)
            }
        case .shapeExtended(let tail):
            tails.append(tail)
        }
    }
}
