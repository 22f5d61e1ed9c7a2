import MapWire

/// How a café looks on the map: a round head with a white ring on a short
/// stem whose foot is on the coordinate, so the base map's city name beside
/// it stays readable. Blue, or pink once this tab liked the café.
///
/// An `AnnotationView` subclass, as you would subclass `MKAnnotationView`;
/// the map makes and recycles it through `register` and
/// `dequeueReusableAnnotationView`.
final class PlaceView: AnnotationView {
    static let reuseIdentifier = "place"
    static let headSize = 24.0
    static let stemHeight = 12.0
    static let color = Color(hex: 0x007AFF)
    static let likedColor = Color(hex: 0xFF2D55)

    let head = View(frame: Rect(x: 0, y: 0, width: headSize, height: headSize))
    let stem = View(frame: Rect(x: headSize / 2 - 1.5, y: headSize - 2, width: 3, height: stemHeight + 2))

    /// Whether this tab liked the café; the head's colour shows it.
    var isLiked = false {
        didSet { head.backgroundColor = isLiked ? Self.likedColor : Self.color }
    }

    required init(annotation: Annotation?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        let height = Self.headSize + Self.stemHeight
        frame.size = Size(width: Self.headSize, height: height)
        // The view's centre sits this far from the coordinate: the stem's foot is on it.
        centerOffset = Point(x: 0, y: -height / 2)
        stem.backgroundColor = Color(hex: 0x3A3A3C)
        stem.cornerRadius = 1.5
        head.cornerRadius = Self.headSize / 2
        head.backgroundColor = Self.color
        head.borderColor = .white
        head.borderWidth = 3
        head.shadow = ItemShadow(color: Color.black.withAlpha(0.35), blur: 4, offsetY: 1)
        addSubview(stem)
        addSubview(head)
        canShowCallout = true
    }

    /// A recycled view forgets the café it showed before.
    override func prepareForReuse() {
        super.prepareForReuse()
        isLiked = false
    }
}
