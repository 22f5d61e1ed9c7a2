/// A geometry's `coordinates` as read, whatever their nesting, before the
/// geometry's type says what they must be (a writer may put `coordinates`
/// before `type`).
///
/// Every number goes to one buffer, and each list's end is kept as a count,
/// so a line of a million positions costs no array a position: a polygon
/// with its holes is the numbers, where each ring ends, and nothing else.
struct ScannedCoordinates {
    /// Every position's numbers, in order.
    var numbers: [Double] = []
    /// For each list at level 1 and 2 (the top one is 0), in order, how
    /// many lists or positions one level down had closed when it closed:
    /// the ends of a polygon's rings (`ends1`), of a multipolygon's
    /// polygons (`ends1`, in rings) and of their rings (`ends2`).
    var ends1: [Int] = []
    var ends2: [Int] = []
    /// Where each position ends in `numbers`, made only once two positions
    /// differ in size (a `MultiPoint` may mix altitudes in).
    var positionEnds: [Int]?
    // The counts are narrow: each point's coordinates are copied a few
    // times on their way into its feature, and 200,000 points pay for every byte.
    private var count: Int32 = 0
    private var badPosition: Int32 = -1
    private var otherDimension: Int32 = -1
    /// Lists or positions closed so far at levels 1, 2 and 3.
    private var closed1: Int32 = 0
    private var closed2: Int32 = 0
    private var closed3: Int32 = 0
    private var dimension: Int8 = 0
    private var level: Int8 = -1
    private var empty: Int8 = -1
    /// Something other than lists of numbers at one depth: a string, an
    /// object, a number beside a list, lists nested deeper than 4.
    var isMalformed = false

    var positionCount: Int { Int(count) }
    /// How deep the positions are: 0 for `[1, 2]`, 1 for `[[1, 2]]`, up to
    /// 3 (a `MultiPolygon`'s); nil while no position has been read.
    var positionLevel: Int? {
        get { level < 0 ? nil : Int(level) }
        set { level = Int8(newValue ?? -1) }
    }
    /// Numbers in the first position; while the rest have as many, a
    /// position's start is its index times this.
    var firstDimension: Int { Int(dimension) }
    /// The first position that is not 2 or 3 numbers, and the first whose
    /// size is not the first one's.
    var firstBadPosition: Int? { badPosition < 0 ? nil : Int(badPosition) }
    var firstOtherDimension: Int? { otherDimension < 0 ? nil : Int(otherDimension) }
    /// The deepest empty list: one at the positions' level is a position
    /// without numbers.
    var deepestEmpty: Int? { empty < 0 ? nil : Int(empty) }

    /// Whether the read lists are positions at `level`, and nothing else:
    /// true for an empty list when positions could be there.
    func arePositions(at level: Int) -> Bool {
        guard !isMalformed else { return false }
        if let p = positionLevel, p != level { return false }
        if let e = deepestEmpty, e >= level { return false }
        return true
    }

    /// Where position `k` starts in `numbers`, and how many numbers it has.
    func position(_ k: Int) -> (start: Int, count: Int) {
        guard let ends = positionEnds else { return (k * firstDimension, firstDimension) }
        let start = k == 0 ? 0 : ends[k - 1]
        return (start, ends[k] - start)
    }

    fileprivate mutating func closePosition(at level: Int, count n: Int) {
        if n != 2, n != 3, badPosition < 0 { badPosition = count }
        if count == 0 {
            dimension = Int8(clamping: n)
        } else if n != Int(dimension), positionEnds == nil {
            otherDimension = count
            positionEnds = (1...Int(count)).map { $0 * Int(dimension) }
        }
        positionEnds?.append(numbers.count)
        count += 1
        closeList(at: level)
    }

    fileprivate mutating func closeList(at level: Int) {
        switch level {
        case 1:
            ends1.append(Int(closed2))
            closed1 += 1
        case 2:
            ends2.append(Int(closed3))
            closed2 += 1
        case 3: closed3 += 1
        default: break
        }
    }

    fileprivate mutating func closeEmpty(at level: Int) {
        empty = max(empty, Int8(level))
        closeList(at: level)
    }
}

extension JSONByteScanner {
    /// `coordinates`, whatever they hold: anything but nested lists of
    /// numbers is checked as JSON, skipped and marked malformed.
    mutating func coordinates() throws(Failure) -> ScannedCoordinates {
        var c = ScannedCoordinates()
        guard peek == UInt8(ascii: "[") else {
            try skipValue()
            c.isMalformed = true
            return c
        }
        try coordinateList(level: 0, &c)
        return c
    }

    /// The list here, at `level` (the top one is 0): a position when it
    /// starts with a number, else lists one level deeper.
    private mutating func coordinateList(level: Int, _ c: inout ScannedCoordinates) throws(Failure) {
        if c.isMalformed { return try skipValue() }
        var j = i + 1
        while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x0D || bytes[j] == 0x09 { j += 1 }
        let first = j < bytes.count ? bytes[j] : 0
        if first == UInt8(ascii: "]") {
            i = j + 1
            return c.closeEmpty(at: level)
        }
        if first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
            return try positionList(level: level, &c)
        }
        // Positions are never deeper than a MultiPolygon's, nor lists beside them.
        guard first == UInt8(ascii: "["), level < 3, (c.positionLevel ?? 4) > level else {
            c.isMalformed = true
            return try skipValue()
        }
        try array { (s: inout JSONByteScanner) throws(Failure) in
            guard s.peek == UInt8(ascii: "["), !c.isMalformed else {
                c.isMalformed = true
                return try s.skipValue()
            }
            try s.coordinateList(level: level + 1, &c)
        }
        c.closeList(at: level)
    }

    /// A position: its numbers straight into the buffer. This is the loop
    /// an import of lines spends its time in, so it reads the separators
    /// itself rather than through `array`.
    private mutating func positionList(level: Int, _ c: inout ScannedCoordinates) throws(Failure) {
        guard (c.positionLevel ?? level) == level else {
            c.isMalformed = true
            return try skipValue()
        }
        c.positionLevel = level
        i += 1
        var count = 0
        while true {
            skipSpace()
            if atNumber {
                c.numbers.append(try number())
                count += 1
            } else {
                guard peek != nil else { throw invalid("unexpected end of the line") }
                try skipValue()
                c.isMalformed = true
            }
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "]"):
                i += 1
                return c.closePosition(at: level, count: count)
            default: throw invalid("expected ',' or ']' in an array")
            }
        }
    }
}
