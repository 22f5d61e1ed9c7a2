import MapWire

/// The Conservatory of Flowers' fully custom view (Apple's MapCallouts'
/// `CustomAnnotationView`): a white rounded card with a flower and the
/// place's name, sitting just above its coordinate. It shows no callout:
/// the card already says what the callout would.
public final class FlowerAnnotationView: AnnotationView {
    /// The reuse identifier the map dequeues this view with, as MKAnnotationView has one.
    public static let reuseIdentifier = "landmark.flower"
    static let height = 44.0

    /// The flower picture at the card's left.
    public let imageView = ImageView(image: nil, frame: Rect(x: 6, y: 4, width: 36, height: 36))
    /// The place's name beside the picture; made once fonts are known.
    public private(set) var nameLabel: Label?

    public required init(annotation: Annotation?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        canShowCallout = false
        backgroundColor = .white
        borderColor = Color(hex: 0x3E8E41)
        borderWidth = 1.5
        cornerRadius = 12
        shadow = ItemShadow(color: Color.black.withAlpha(0.25), blur: 6, offsetY: 2)
        addSubview(imageView)
    }

    /// Shows `image` and the annotation's title, sized to fit the title.
    func configure(image: ImageResource?, typeface: Typeface) {
        imageView.image = image
        let title = annotation?.title ?? ""
        let label = nameLabel ?? Label(text: title, typeface: typeface, fontSize: 13, color: Color(hex: 0x1C1C1E))
        if nameLabel == nil {
            addSubview(label)
            nameLabel = label
        }
        label.text = title
        let fit = label.sizeThatFits(maxWidth: 180)
        label.frame = Rect(x: 48, y: ((Self.height - fit.height) / 2).rounded(), width: fit.width, height: fit.height)
        frame.size = Size(width: 48 + fit.width + 12, height: Self.height)
        // The card's bottom centre, a few px above the coordinate, marks the place.
        centerOffset = Point(x: 0, y: -(Self.height / 2 + 4))
    }
}
