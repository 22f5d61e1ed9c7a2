/// The store's records by id, as a dictionary of them answers, held as one
/// flat array of records and a table from each id to its place there.
///
/// A dictionary keeps about twice as many buckets as it holds, each as wide
/// as its value: with the record (128 bytes) as the value, a million
/// annotations took 300 MB of buckets. Here a bucket holds a 4-byte place,
/// and the records sit once, side by side. A removal moves the last record
/// into the hole, so places are valid only while nothing is added or removed.
struct RecordTable {
    typealias Record = AnnotationStore.Record
    /// Where a record is, for the writes that look one up and then change it.
    typealias Place = Int

    private var records: [Record] = []
    private var places: [String: Int32] = [:]

    var count: Int { records.count }
    /// How many records fit before the array grows.
    var capacity: Int { records.capacity }
    var isEmpty: Bool { records.isEmpty }

    /// Makes room for `count` records. The records' array at least doubles:
    /// imports reserve a batch at a time, and growing by the batch would
    /// copy the world at each one.
    mutating func reserveCapacity(_ count: Int) {
        places.reserveCapacity(count)
        if count > records.capacity { records.reserveCapacity(max(count, records.capacity * 2)) }
    }

    /// The place of the record with `id`, if there is one.
    func place(of id: String) -> Place? {
        places[id].map(Int.init)
    }

    /// The record at `place` (from `place(of:)`, with nothing added or removed since).
    subscript(place place: Place) -> Record {
        get { records[place] }
        _modify { yield &records[place] }
    }

    /// The record with `id`; setting nil removes it, a record adds or replaces it.
    subscript(id: String) -> Record? {
        get { places[id].map { records[Int($0)] } }
        set {
            if let newValue {
                precondition(newValue.id == id, "a record is filed under its own id")
                if let place = places[id] {
                    records[Int(place)] = newValue
                } else {
                    places[id] = Int32(records.count)
                    records.append(newValue)
                }
            } else if let place = places.removeValue(forKey: id).map(Int.init) {
                let last = records.count - 1
                if place != last {
                    records.swapAt(place, last)
                    places[records[place].id] = Int32(place)
                }
                records.removeLast()
            }
        }
    }
}
