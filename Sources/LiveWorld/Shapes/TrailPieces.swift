import DisplayList
import MapGeometry

/// A growing line cut into pieces of `size` positions, each its own path
/// and item: an append changes the last piece only (and the first, when the
/// trail's limit drops its oldest positions), so a browser that shows a
/// trail of a thousand points gets a few dozen at each append, not the
/// whole line again.
///
/// Pieces are numbered by the absolute index of their positions (counted
/// from the line's first position ever, dropped ones included), so a piece
/// keeps its number, its item and its path while the line grows past it.
struct TrailPieces {
    /// Positions a piece spans; each piece also holds the next one's first
    /// position, so the stroke has no gap between them.
    static let size = 64

    /// One piece as drawn: its item on every map and its path.
    struct Piece {
        let itemID: UInt32
        let path: PathResource
        /// The absolute indices of its first and last positions.
        let first: Int
        let last: Int
    }

    /// How many positions the trail has dropped from its start since it began.
    private(set) var dropped = 0
    private var made: [Int: Piece] = [:]
    /// For a trail with a limit, the items it always draws, however many
    /// pieces it has now: a piece that starts takes the item of the piece
    /// its oldest positions left, so the items a map holds stay the same and
    /// a growth is a change of paths alone, which the map patches.
    private let slots: Int?
    private var slotIDs: [UInt32] = []
    /// The path of an item with no piece now: nothing to draw.
    private static let emptyPath = PathResource(rings: [])

    /// The pieces of a trail that keeps at most `limit` positions (nil: all of them).
    init(limit: Int? = nil) {
        slots = limit.map { max(1, ($0 - 1 + Self.size - 1) / Self.size + 1) }
    }

    /// The line's positions were replaced (an edit): every piece is new.
    mutating func reset() {
        dropped = 0
        made = [:]
    }

    /// `count` positions were dropped from the start.
    mutating func drop(_ count: Int) { dropped += count }

    /// The pieces of `line` (world units), made again only where their
    /// positions changed; for a trail with a limit, one a slot in slot order,
    /// with empty paths where a slot has no piece now.
    mutating func pieces(of line: [Point]) -> [Piece] {
        guard line.count > 1 else { return [] }
        let end = dropped + line.count - 1
        let firstPiece = dropped / Self.size
        let lastPiece = max(firstPiece, (end - 1) / Self.size)
        var out: [Piece] = []
        var numbers: [Int] = []
        out.reserveCapacity(lastPiece - firstPiece + 1)
        for k in firstPiece...lastPiece {
            let first = max(k * Self.size, dropped)
            let last = min((k + 1) * Self.size, end)
            guard first < last else { continue }
            numbers.append(k)
            if let piece = made[k], piece.first == first, piece.last == last {
                out.append(piece)
                continue
            }
            let points = Array(line[(first - dropped)...(last - dropped)])
            let itemID = slotID(of: k) ?? made[k]?.itemID ?? ItemID.next()
            let piece = Piece(itemID: itemID, path: PathResource(rings: [points]), first: first, last: last)
            made[k] = piece
            out.append(piece)
        }
        if made.count > out.count {
            made = made.filter { $0.key >= firstPiece && $0.key <= lastPiece }
        }
        guard let slots, out.count <= slots else { return out }
        var bySlot = slotIDs.map { Piece(itemID: $0, path: Self.emptyPath, first: 0, last: 0) }
        for (k, piece) in zip(numbers, out) { bySlot[k % slots] = piece }
        return bySlot
    }

    /// The item of piece `k`'s slot, for a trail with a limit.
    private mutating func slotID(of k: Int) -> UInt32? {
        guard let slots else { return nil }
        if slotIDs.isEmpty { slotIDs = (0..<slots).map { _ in ItemID.next() } }
        return slotIDs[k % slots]
    }
}
