import MapWire

/// The card's life, as Apple's Wishlist sample does it in the annotation
/// view: shown on
/// select, removed on deselect and on reuse. The card is a subview of the
/// pin, so it follows the pin wherever it moves and is hit before anything
/// under it.
extension PersonPinView {
    /// The map this pin is on.
    var enclosingMapView: MapView? {
        var v = superview
        while let current = v {
            if let map = current as? MapView { return map }
            v = current.superview
        }
        return nil
    }

    func showCard(animated: Bool) {
        hideCard(animated: false)
        guard let person = annotation as? Person, let map = enclosingMapView else { return }
        let card = WishlistCardView(person: person, avatar: avatar, fonts: map.fonts)
        card.detailsButton.onTap = { [weak self] in
            guard let self, let person = self.annotation as? Person else { return }
            self.onShowDetails?(person)
        }
        addSubview(card)
        self.card = card
        let pan = card.place(on: self, in: map, scrollsToFit: true)
        // As SMCalloutView: the map scrolls first, the card appears when it stops.
        let delay = map.scrollToFitCallout(by: pan, animated: animated)
        if animated { card.present(animator: window?.animator, after: delay) }
        // Opened from the keyboard (the pin had focus): focus goes into the card.
        if let window, window.focusedView === self { window.focus(firstFocusable(in: card)) }
    }

    func hideCard(animated: Bool) {
        guard let card else { return }
        self.card = nil
        // Focus inside the card goes back to its pin.
        if let window, let focused = window.focusedView, focused.isDescendant(of: card) { window.focus(self) }
        card.dismiss(animator: window?.animator, animated: animated)
    }

    func firstFocusable(in card: WishlistCardView) -> View? {
        card.canBecomeFocused ? card : card.subviews.first { $0.canBecomeFocused }
    }
}
