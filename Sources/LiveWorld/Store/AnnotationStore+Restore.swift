import MapCore
import MapGeometry
import Persistence

/// Bringing the world back from the store file at start-up, and what a
/// record looks like there.
extension AnnotationStore {
    /// The world kept in the SQLite file at `path` (created on first use),
    /// its commits synced as `sync` says; `:memory:` keeps it in memory only.
    /// A file that cannot be used throws a `StoreError` naming it, untouched.
    package static func opening(path: String, sync: StoreSync, seeds: [WorldSeed]) throws -> AnnotationStore {
        guard path != ":memory:" else { return AnnotationStore(seeds: seeds) }
        return try AnnotationStore(
            seeds: seeds,
            database: WorldDatabase(
                path: path,
                syncsEveryCommit: sync.syncsEveryCommit))
    }

    /// The world kept in `database`: each seed the file has not seen yet is
    /// written to it first; every start then loads what the file holds.
    /// Seeded rows come back as the seeding app's own annotations (at their
    /// stored positions); rows of a seed not given this time stay in the file
    /// unseen; everything else comes back as `LiveAnnotation`s.
    package convenience init(
        seeds: [WorldSeed], database: WorldDatabase,
        logLimit: Int = AnnotationStore.defaultLogLimit
    ) throws(StoreError) {
        var seeded: [String: [String: Record]] = [:]
        for seed in seeds {
            let records = Self.records(of: seed)
            seeded[seed.name] = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            guard try !database.wasSeeded(seed.name) else { continue }
            try database.write(
                records.map { .added($0.stored(timestamp: nil, seed: seed.name)) },
                settings: [WorldDatabase.seededSettingKey(seed.name): "1"])
        }
        let count = try database.annotationCount()
        self.init(logLimit: logLimit, journal: GroupCommitWriter(database: database))
        let now = AnnotationStore.now()
        try state.withLock { (s: inout State) throws(StoreError) in
            s.records.reserveCapacity(count)
            s.ids.reserveCapacity(count)
            s.clusters.reserveCapacity(count)
            var order: [(seq: Int64, id: String)] = []
            order.reserveCapacity(count)
            try database.forEachAnnotation { seq, row in
                let coordinate = Coordinate(latitude: row.latitude, longitude: row.longitude)
                let record: Record
                if let seed = row.seed {
                    // A seed left out this start, or an id its app no longer has: kept in the file, not shown.
                    guard let own = seeded[seed]?[row.id] else { return }
                    own.move?(coordinate)
                    record = own
                } else {
                    record = Self.record(restoring: row, at: coordinate)
                }
                var restored = record
                if let timestamp = row.timestamp { restored.lastMove = (now, timestamp) }
                restored.clusterMember = Self.place(record, into: &s)
                s.records[record.id] = restored
                s.ids[AnnotationKey(record.annotation)] = record.id
                order.append((seq, record.id))
            }
            // Rows come in key order; the API lists annotations in the order they were added.
            order.sort { $0.seq < $1.seq }
            s.order = order.map(\.id)
            for (i, id) in s.order.enumerated() { s.records[id]?.seq = UInt64(i + 1) }
            s.nextSeq = UInt64(s.order.count + 1)
        }
        try restoreShapes(from: database)
        relinkTrails()
        publishClusters()
    }

    /// An annotation the API added, as the file has it.
    private static func record(restoring row: StoredAnnotation, at coordinate: Coordinate) -> Record {
        let look = LiveAnnotation.Look(
            title: row.title, subtitle: row.subtitle, markerColor: row.markerColor, markerSymbol: row.markerSymbol,
            markerSize: row.markerSize.flatMap(MarkerSize.init(rawValue:)))
        let annotation = LiveAnnotation(
            id: row.id, kind: row.kind, coordinate: coordinate, isDraggable: row.draggable,
            clusteringIdentifier: row.clusteringIdentifier, look: look, altitude: row.altitude,
            idIsNumber: row.idIsNumber)
        var move: (@Sendable (Coordinate) -> Void)?
        if !row.isFixed { move = { annotation.coordinate = $0 } }
        return Record(
            id: row.id, kind: row.kind, annotation: annotation, draggable: row.draggable,
            clusteringIdentifier: row.clusteringIdentifier, move: move)
    }

    /// A seed's annotations as records: movable unless the seed made them fixed.
    static func records(of seed: WorldSeed) -> [Record] {
        seed.annotations.map { a in
            Record(
                id: a.id, kind: a.kind, annotation: a.annotation,
                draggable: (a.annotation as? DraggableAnnotation)?.isDraggable ?? false,
                clusteringIdentifier: (a.annotation as? ClusterableAnnotation)?.clusteringIdentifier, move: a.move)
        }
    }
}

extension AnnotationStore.Record {
    /// Its texts and marker style now, in one read of an API pin's look, so a
    /// `PATCH` under way shows whole or not at all. An app's own annotation
    /// has its title and subtitle and the default marker.
    package var look: LiveAnnotation.Look {
        (annotation as? LiveAnnotation)?.appearance
            ?? LiveAnnotation.Look(title: annotation.title, subtitle: annotation.subtitle)
    }

    /// This record as the store file keeps it.
    func stored(timestamp: Double?, seed: String? = nil) -> StoredAnnotation {
        let c = annotation.coordinate
        let look = self.look
        let live = annotation as? LiveAnnotation
        return StoredAnnotation(
            id: id, kind: kind, title: look.title, subtitle: look.subtitle,
            latitude: c.latitude, longitude: c.longitude, draggable: draggable,
            clusteringIdentifier: clusteringIdentifier, isFixed: move == nil, timestamp: timestamp,
            seed: seed, markerColor: look.markerColor, markerSymbol: look.markerSymbol,
            markerSize: look.markerSize?.rawValue, altitude: live?.altitude, idIsNumber: live?.idIsNumber ?? false)
    }
}
