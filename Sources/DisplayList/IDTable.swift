/// A table from item ids to values, for the differ's record of where each
/// of a scene's items sits. A frame that changes the tree's shape (a pan
/// that brings a hundred markers in) looks up, writes and rebuilds records
/// of thousands of items; with `Dictionary` most of that time went to its
/// seeded hashing. Ids are small, unique and spread by a counter, so a
/// multiplicative hash into a power-of-two table with linear probing spreads
/// them evenly, and a table at most three quarters full finds most in one
/// or two probes while taking no more room than a dictionary.
///
/// Holds any id but `UInt32.max`, which marks an empty slot.
package struct IDTable<Value> {
    private var keys: [UInt32]
    private var values: [Value?]
    package private(set) var count = 0
    /// 32 - log2(capacity): the hash keeps the top bits of the product.
    private var shift: UInt32

    private static var empty: UInt32 { .max }

    /// An empty table allocates nothing: a resting session keeps a few empty ones.
    package init(minimumCapacity: Int = 0) {
        guard minimumCapacity > 0 else {
            (keys, values, shift) = ([], [], 32)
            return
        }
        var capacity = 8
        while capacity * 3 < minimumCapacity * 4 { capacity *= 2 }
        keys = Array(repeating: Self.empty, count: capacity)
        values = Array(repeating: nil, count: capacity)
        shift = UInt32(32 - capacity.trailingZeroBitCount)
    }

    package var isEmpty: Bool { count == 0 }

    private var mask: Int { keys.count - 1 }

    private func home(_ key: UInt32) -> Int { Int((key &* 0x9E37_79B1) >> shift) }

    /// The slot holding `key`, or the empty slot where it would go (none in a table with no room yet).
    private func slot(of key: UInt32) -> (index: Int, found: Bool) {
        guard !keys.isEmpty else { return (0, false) }
        var i = home(key)
        while true {
            let k = keys[i]
            if k == key { return (i, true) }
            if k == Self.empty { return (i, false) }
            i = (i + 1) & mask
        }
    }

    package subscript(key: UInt32) -> Value? {
        get {
            let (i, found) = slot(of: key)
            return found ? values[i] : nil
        }
        set {
            if let newValue { insert(newValue, for: key) } else { remove(key) }
        }
    }

    /// The value for `key`, made from `defaultValue` first when there is
    /// none; changed in place (an array value is not copied to be appended to).
    package subscript(key: UInt32, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[key] ?? defaultValue() }
        _modify {
            var (i, found) = slot(of: key)
            if !found {
                insert(defaultValue(), for: key)
                i = slot(of: key).index
            }
            var value = values[i]!
            values[i] = nil
            defer { values[i] = value }
            yield &value
        }
    }

    private mutating func insert(_ value: Value, for key: UInt32) {
        precondition(key != Self.empty, "an item id of UInt32.max")
        var (i, found) = slot(of: key)
        if !found {
            if (count + 1) * 4 > keys.count * 3 {
                grow()
                i = slot(of: key).index
            }
            keys[i] = key
            count += 1
        }
        values[i] = value
    }

    /// Removes `key`, moving back the entries after it in its run so that
    /// every entry stays reachable from its home slot without tombstones.
    @discardableResult
    package mutating func remove(_ key: UInt32) -> Value? {
        var (hole, found) = slot(of: key)
        guard found else { return nil }
        let removed = values[hole]
        var j = hole
        while true {
            j = (j + 1) & mask
            let k = keys[j]
            if k == Self.empty { break }
            // The entry at j may fill the hole if its home is not between the hole and j (cyclically).
            let h = home(k)
            let stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j)
            if !stays {
                keys[hole] = k
                values[hole] = values[j]
                hole = j
            }
        }
        keys[hole] = Self.empty
        values[hole] = nil
        count -= 1
        return removed
    }

    package mutating func removeAll(keepingCapacity: Bool = false) {
        guard keepingCapacity else {
            self = IDTable()
            return
        }
        guard count > 0 else { return }
        for i in keys.indices where keys[i] != Self.empty {
            keys[i] = Self.empty
            values[i] = nil
        }
        count = 0
    }

    package mutating func reserveCapacity(_ minimumCapacity: Int) {
        guard minimumCapacity * 4 > keys.count * 3 else { return }
        rehash(into: IDTable(minimumCapacity: minimumCapacity))
    }

    private mutating func grow() {
        rehash(into: IDTable(minimumCapacity: max(6, keys.count)))
    }

    private mutating func rehash(into table: IDTable) {
        var table = table
        for i in keys.indices where keys[i] != Self.empty { table.insert(values[i]!, for: keys[i]) }
        self = table
    }

    /// Every id held, with its value, in no particular order.
    package var entries: [(key: UInt32, value: Value)] {
        var out: [(key: UInt32, value: Value)] = []
        out.reserveCapacity(count)
        for i in keys.indices where keys[i] != Self.empty { out.append((keys[i], values[i]!)) }
        return out
    }
}

extension IDTable: Sendable where Value: Sendable {}
