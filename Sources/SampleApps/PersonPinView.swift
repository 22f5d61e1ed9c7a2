import MapWire

/// A wishlist person's pin: the blue flag with its pole's tip on the
/// person's coordinate. It shows no standard callout: selecting it opens the
/// app's own `WishlistCardView` (see PersonPinView+Card.swift).
public final class PersonPinView: AnnotationView {
    /// The reuse identifier the map dequeues people's pins with.
    public static let reuseIdentifier = "person"

    /// The person's avatar, for the card.
    var avatar: ImageResource?
    /// The card while it is shown.
    public internal(set) var card: WishlistCardView?
    /// "See details" in the card was pressed.
    public var onShowDetails: ((Person) -> Void)?

    public required init(annotation: Annotation?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        canShowCallout = false
        displayPriority = .required
    }

    /// Sets the pin image and puts the pole's tip (bottom centre) on the coordinate.
    func configure(pin: ImageResource, avatar: ImageResource?) {
        image = pin
        centerOffset = Point(x: 0, y: -Double(pin.height) / 2)
        calloutOffset = Point(x: 0, y: 2)
        self.avatar = avatar
    }

    // The card's life (PersonPinView+Card.swift).

    public override func setSelected(_ selected: Bool, animated: Bool) {
        super.setSelected(selected, animated: animated)
        if selected { showCard(animated: animated) } else { hideCard(animated: animated) }
    }

    /// The map resized or the pin moved: the card is placed again to fit.
    public override func layoutCustomCallout(in mapView: MapView, scrollsToFit: Bool) {
        guard let card else { return }
        mapView.scrollToFitCallout(by: card.place(on: self, in: mapView, scrollsToFit: scrollsToFit))
    }

    public override func prepareForReuse() {
        hideCard(animated: false)
        super.prepareForReuse()
    }

    /// Enter on a focused pin (or a click in the mirror) selects it, as a tap does.
    public override func activate() -> Bool {
        guard isEnabled, let map = enclosingMapView, let annotation else { return false }
        if isSelected, let card {
            window?.focus(firstFocusable(in: card))
        } else {
            map.selectAnnotation(annotation, animated: true)
        }
        return true
    }
}
