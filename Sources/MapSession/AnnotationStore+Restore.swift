import MapCore
import MapGeometry
import Persistence
import SampleApps

/// Bringing the world back from the store file at start-up, and what a
/// record looks like there.
extension AnnotationStore {
    /// The setting that says the sample people and landmarks were put in the
    /// file once; after that the file alone says what exists, so a person
    /// moved, dragged or deleted through the API stays that way.
    static let sampleContentSeeded = "sample-content-seeded"

    /// The world kept in `database`: on first start the sample content is
    /// written to it; every start then loads what the file holds. People and
    /// landmarks come back as the sample's own annotations (at their stored
    /// positions), everything else as `LiveAnnotation`s.
    package convenience init(content: SampleContent, database: WorldDatabase,
                             logLimit: Int = AnnotationStore.defaultLogLimit) throws(StoreError) {
        if try database.setting(Self.sampleContentSeeded) == nil {
            try database.write(Self.sampleRecords(content).map { .added($0.stored(timestamp: nil, isSample: true)) },
                               settings: [Self.sampleContentSeeded: "1"])
        }
        let count = try database.annotationCount()
        self.init(logLimit: logLimit, journal: GroupCommitWriter(database: database))
        let people = Dictionary(content.people.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let landmarks = Dictionary(content.landmarks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let now = AnnotationStore.now()
        try state.withLock { (s: inout State) throws(StoreError) in
            s.records.reserveCapacity(count)
            s.ids.reserveCapacity(count)
            s.lastMove.reserveCapacity(count)
            var order: [(seq: Int64, id: String)] = []
            order.reserveCapacity(count)
            try database.forEachAnnotation { seq, row in
                let coordinate = Coordinate(latitude: row.latitude, longitude: row.longitude)
                let record: Record
                if row.isSample, row.kind == "person", let person = people[row.id] {
                    person.coordinate = coordinate
                    record = Record(id: row.id, kind: row.kind, annotation: person, draggable: false,
                                    clusteringIdentifier: nil, move: { person.coordinate = $0 })
                } else if row.isSample, let landmark = landmarks[row.id] {
                    record = Record(id: row.id, kind: row.kind, annotation: landmark, draggable: false,
                                    clusteringIdentifier: nil, move: nil)
                } else {
                    record = Self.record(restoring: row, at: coordinate)
                }
                s.records[record.id] = record
                s.ids[AnnotationKey(record.annotation)] = record.id
                s.grid.insert(record.annotation)
                order.append((seq, record.id))
                if let timestamp = row.timestamp { s.lastMove[row.id] = (now, timestamp) }
            }
            // Rows come in key order; the API lists annotations in the order they were added.
            order.sort { $0.seq < $1.seq }
            s.order = order.map(\.id)
        }
    }

    /// An annotation the API added, as the file has it.
    private static func record(restoring row: StoredAnnotation, at coordinate: Coordinate) -> Record {
        let annotation = LiveAnnotation(id: row.id, kind: row.kind, title: row.title, subtitle: row.subtitle,
                                        coordinate: coordinate, isDraggable: row.draggable,
                                        clusteringIdentifier: row.clusteringIdentifier)
        var move: (@Sendable (Coordinate) -> Void)?
        if !row.isFixed { move = { annotation.coordinate = $0 } }
        return Record(id: row.id, kind: row.kind, annotation: annotation, draggable: row.draggable,
                      clusteringIdentifier: row.clusteringIdentifier, move: move)
    }

    /// The sample apps' people (movable) and landmarks (fixed).
    static func sampleRecords(_ content: SampleContent) -> [Record] {
        content.people.map { person in
            Record(id: person.id, kind: "person", annotation: person, draggable: false,
                   clusteringIdentifier: nil, move: { person.coordinate = $0 })
        } + content.landmarks.map { landmark in
            Record(id: landmark.id, kind: landmark.kind.rawValue, annotation: landmark, draggable: false,
                   clusteringIdentifier: nil, move: nil)
        }
    }
}

extension AnnotationStore.Record {
    /// This record as the store file keeps it.
    func stored(timestamp: Double?, isSample: Bool = false) -> StoredAnnotation {
        let c = annotation.coordinate
        return StoredAnnotation(id: id, kind: kind, title: annotation.title, subtitle: annotation.subtitle,
                                latitude: c.latitude, longitude: c.longitude, draggable: draggable,
                                clusteringIdentifier: clusteringIdentifier, isFixed: move == nil, timestamp: timestamp,
                                isSample: isSample)
    }
}
