import DisplayList
import InputEvents
import MapCore
import MapGeometry
import SessionTransport
import Testing
import ViewKit
import Wire

@testable import LiveWorld
@testable import MapSession
@testable import SampleApps

/// Chicago (Marcus Bell, 30 wishes) low in the middle, room above for his card;
/// Winnipeg (Jordan Whitehorse) up and to the left, clear of it.
let wishlistHash = "#5/45/-87.63"

extension SessionHarness {
    /// Clicks a pin by name and lets the card fade in.
    func openCard(_ name: String) throws {
        let pin = try #require(center(of: name))
        time += 1000 // never a double click
        click(pin)
        settle(seconds: 1)
    }

    var cardDialogs: [AccessibilityElement] { replica.accessibility.filter { $0.role == .dialog } }

    func mirrorRect(of name: String) -> Rect? {
        replica.element(named: name).flatMap { replica.screenBounds(of: $0.item) }
    }

    /// The person's pin view in the session.
    func pinView(_ id: String) -> PersonPinView? {
        session.sync {
            guard let person = sampleContent.people.first(where: { $0.id == id }) else { return nil }
            return session.mapView?.view(for: person) as? PersonPinView
        }
    }

    func wheelAt(_ p: Point, dy: Double) {
        time += 50
        send(.wheel(seq: nextSeq(), WheelEvent(location: p, delta: Point(x: 0, y: dy), time: time / 1000)))
    }
}

@Suite struct WishlistCardSessionTests {
    @Test func selectingAPersonShowsTheirCardAboveThePin() throws {
        let h = SessionHarness(hash: wishlistHash)
        let pin = try #require(h.center(of: "Marcus Bell"))
        try h.openCard("Marcus Bell")
        #expect(h.cardDialogs.map(\.name) == ["Marcus Bell"])
        #expect(h.replica.element(named: "Marcus Bell")?.flags.contains(.selected) == true)
        #expect(h.replica.element(named: "Wishlist")?.role == .heading)
        #expect(h.replica.element(named: "See details")?.role == .button)
        #expect(h.replica.element(named: "Model train track, HO scale")?.role == .listItem)
        #expect(h.replica.element(named: "Wishlist of Marcus Bell")?.role == .list)
        // About 240x280, centred over the pin with its arrow pointing down at it.
        let card = try #require(
            h.mirrorRect(of: "Wishlist of Marcus Bell").flatMap { _ in
                h.cardDialogs.first.flatMap { h.replica.screenBounds(of: $0.item) }
            })
        #expect(card.width == 240 && card.height == 280)
        #expect(abs(card.midX - pin.x) < 2)
        #expect(card.maxY < pin.y)
        let bubble = try #require(h.replica.items.values.first { $0.kind == .bubble })
        #expect(bubble.properties.bubble.direction == .down)
        #expect(bubble.properties.bubble.arrowHeight == 20)
        // No standard callout for people any more.
        #expect(h.session.sync { h.session.mapView?.calloutView } == nil)
        // Round 42x42 avatar.
        let avatar = try #require(
            h.replica.items.values.first {
                $0.kind == .image && $0.properties.radius == 21 && $0.properties.clip
            })
        #expect(avatar.properties.frame.width == 42 && avatar.properties.frame.height == 42)
    }

    @Test func nearTheEdgeTheCardSlidesWithItsArrowStillOnThePin() throws {
        let h = SessionHarness(hash: "#5/45/-63.5")
        let pin = try #require(h.center(of: "Marcus Bell"))
        #expect(pin.x < 120)
        let camera = h.camera
        try h.openCard("Marcus Bell")
        let card = try #require(h.cardDialogs.first.flatMap { h.replica.screenBounds(of: $0.item) })
        // The zoom buttons on the left end above the card: they do not push it off that edge.
        let controls = try #require(h.session.sync { h.session.mapView?.controls.coveredRects })
        #expect(!controls.contains { $0.insetBy(dx: -10, dy: -10).intersects(card) })
        #expect(abs(card.minX - CalloutPlacement.margin) < 1, "slid inside the margin")
        let bubble = try #require(h.replica.items.values.first { $0.kind == .bubble })
        #expect(abs(card.minX + Double(bubble.properties.bubble.arrowX) - pin.x) < 2)
        #expect(h.camera == camera, "no pan needed")
    }

    @Test func whenSlidingIsNotEnoughTheMapPansJustEnough() throws {
        let h = SessionHarness(hash: "#5/45/-60.2")
        let pin = try #require(h.center(of: "Marcus Bell"))
        #expect(pin.x < 24)
        let camera = h.camera
        try h.openCard("Marcus Bell")
        #expect(h.camera != camera)
        let card = try #require(h.cardDialogs.first.flatMap { h.replica.screenBounds(of: $0.item) })
        let pinAfter = try #require(h.center(of: "Marcus Bell"))
        #expect(card.minX >= 10 - 0.5 && card.maxX <= 1270 && card.minY >= 10)
        // Just enough: the arrow, clear of the card's rounded corner (12 + 12 px), reaches the pin.
        #expect(pinAfter.x > pin.x && abs(pinAfter.x - (card.minX + 24)) < 1, "panned just enough")
    }

    @Test func theCardFadesInAndOutOverAThirdOfASecond() throws {
        let h = SessionHarness(hash: wishlistHash)
        let pin = try #require(h.center(of: "Marcus Bell"))
        h.click(pin)
        let card = try #require(h.cardDialogs.first?.item)
        #expect(h.replica.items[card]?.properties.alpha == 0)
        h.settle(seconds: 0.15)
        let half = h.replica.items[card]?.properties.alpha ?? 0
        #expect(half > 0.3 && half < 1)
        h.settle(seconds: 0.2)
        #expect(h.replica.items[card]?.properties.alpha == 1)
        h.key("Escape")
        #expect(h.cardDialogs.isEmpty, "a closing card leaves the mirror at once")
        #expect(h.replica.items[card] != nil)
        h.settle(seconds: 0.35)
        #expect(h.replica.items[card] == nil)
    }

    @Test func selectingAnotherPersonReplacesTheCard() throws {
        let h = SessionHarness(hash: wishlistHash)
        try h.openCard("Marcus Bell")
        let first = try #require(h.pinView("marcus-bell")?.card)
        try h.openCard("Jordan Whitehorse")
        #expect(h.cardDialogs.map(\.name) == ["Jordan Whitehorse"])
        #expect(h.pinView("marcus-bell")?.card == nil)
        #expect(first.superview == nil)
        #expect(h.replica.element(named: "Hockey tape")?.role == .listItem)
        #expect(h.replica.element(named: "Model train track, HO scale") == nil)
    }

    @Test func reusingThePinViewRemovesItsCard() throws {
        let h = SessionHarness(hash: wishlistHash)
        try h.openCard("Marcus Bell")
        let view = try #require(h.pinView("marcus-bell"))
        let card = try #require(view.card)
        h.session.sync { view.prepareForReuse() }
        #expect(view.card == nil)
        #expect(card.superview == nil)
        h.send(.resize(seq: h.nextSeq(), size: Size(width: 1280, height: 800), devicePixelRatio: 1))
        #expect(h.cardDialogs.isEmpty)
    }

    @Test func seeDetailsFiresOnReleaseInsideButNotAfterSlidingOff() throws {
        let h = SessionHarness(hash: wishlistHash)
        try h.openCard("Marcus Bell")
        let button = try #require(h.center(of: "See details"))
        let buttonID = try #require(h.replica.element(named: "See details")?.item)
        let normal = h.replica.items[buttonID]?.properties.fill
        h.pointer(.down, button)
        #expect(h.replica.items[buttonID]?.properties.fill != normal, "highlighted while pressed")
        h.pointer(.moved, button + Point(x: 0, y: 90))
        #expect(h.replica.items[buttonID]?.properties.fill == normal, "not highlighted once slid off")
        h.pointer(.up, button + Point(x: 0, y: 90))
        h.settle(seconds: 0.5)
        #expect(h.replica.element(named: "Back") == nil)
        #expect(h.cardDialogs.map(\.name) == ["Marcus Bell"], "sliding off neither fires nor closes the card")

        h.pointer(.down, button)
        h.pointer(.up, button)
        h.settle(seconds: 0.5)
        #expect(h.replica.element(named: "Back")?.role == .button)
    }

    @Test func dragAndWheelInsideTheListScrollItAndNotTheMap() throws {
        let h = SessionHarness(hash: wishlistHash)
        try h.openCard("Marcus Bell")
        let camera = h.camera
        let listElement = try #require(h.replica.element(named: "Wishlist of Marcus Bell"))
        let list = try #require(h.replica.screenBounds(of: listElement.item))
        func scrollY() -> Float { h.replica.items[listElement.item]?.properties.scroll.y ?? 0 }

        h.wheelAt(list.center, dy: 100)
        h.settle(seconds: 0.5)
        #expect(scrollY() == 100)
        #expect(h.camera == camera, "the wheel over the list never zooms the map")

        let start = list.center + Point(x: 0, y: 30)
        h.pointer(.down, start)
        for i in 1...4 { h.pointer(.moved, start - Point(x: 0, y: Double(15 * i))) }
        #expect(scrollY() == 160)
        h.pointer(.up, start - Point(x: 0, y: 60))
        h.settle()
        #expect(scrollY() >= 160)
        #expect(h.camera == camera, "a drag in the list does not pan the map")
        #expect(h.cardDialogs.map(\.name) == ["Marcus Bell"])
        // Rows further down the list are now in the mirror, the first ones are not.
        #expect(h.replica.element(named: "Model train track, HO scale") == nil)
    }

    @Test func tappingARowHighlightsItWhilePressedAndSelectsIt() throws {
        let h = SessionHarness(hash: wishlistHash)
        try h.openCard("Marcus Bell")
        let row = try #require(h.replica.element(named: "A tiny water tower"))
        let rect = try #require(h.replica.screenBounds(of: row.item))
        h.pointer(.down, rect.center)
        #expect(h.replica.items[row.item]?.properties.fill == Color(hex: 0xD1D1D6), "highlighted while pressed")
        h.pointer(.up, rect.center)
        h.settle(seconds: 0.5)
        #expect(h.replica.element(named: "A tiny water tower")?.flags.contains(.selected) == true)
        #expect(h.replica.items[row.item]?.properties.fill == Color(hex: 0xE5E5EA))
        #expect(h.cardDialogs.map(\.name) == ["Marcus Bell"], "a row tap keeps the card open")
    }

    @Test func tappingTheCardBackgroundKeepsItAndTappingOutsideClosesIt() throws {
        let h = SessionHarness(hash: wishlistHash)
        try h.openCard("Marcus Bell")
        let card = try #require(h.cardDialogs.first.flatMap { h.replica.screenBounds(of: $0.item) })
        h.time += 1000
        h.click(Point(x: card.maxX - 8, y: card.minY + 6))
        h.settle(seconds: 0.5)
        #expect(h.cardDialogs.map(\.name) == ["Marcus Bell"])
        h.time += 1000
        h.click(Point(x: card.maxX + 150, y: card.maxY + 150))
        h.settle(seconds: 0.5)
        #expect(h.cardDialogs.isEmpty)
        #expect(h.replica.element(named: "Marcus Bell")?.flags.contains(.selected) == false)
    }

    @Test func theCardFollowsItsPinWhenThePersonMoves() throws {
        let h = SessionHarness(hash: wishlistHash)
        try h.openCard("Marcus Bell")
        let card = try #require(h.cardDialogs.first?.item)
        let before = try #require(h.replica.screenBounds(of: card))
        let pinBefore = try #require(h.center(of: "Marcus Bell"))
        h.session.sync {
            guard let map = h.session.mapView,
                let person = sampleContent.people.first(where: { $0.id == "marcus-bell" })
            else { return }
            person.coordinate = Coordinate(
                latitude: person.coordinate.latitude - 1,
                longitude: person.coordinate.longitude + 2)
            map.annotationDidMove(person)
        }
        defer {
            h.session.sync {
                if let person = sampleContent.people.first(where: { $0.id == "marcus-bell" }) {
                    person.coordinate = Coordinate(latitude: 41.8781, longitude: -87.6298)
                }
            }
        }
        h.send(.resize(seq: h.nextSeq(), size: Size(width: 1280, height: 800), devicePixelRatio: 1))
        let after = try #require(h.replica.screenBounds(of: card))
        let pinAfter = try #require(h.center(of: "Marcus Bell"))
        #expect(pinAfter.x > pinBefore.x + 30 && pinAfter.y > pinBefore.y + 20)
        #expect(abs((after.minX - before.minX) - (pinAfter.x - pinBefore.x)) < 0.5)
        #expect(abs((after.minY - before.minY) - (pinAfter.y - pinBefore.y)) < 0.5)
    }

    @Test func scrollingTheListCostsAFewBytesAFrame() throws {
        let h = SessionHarness(hash: wishlistHash)
        try h.openCard("Marcus Bell")
        let list = try #require(h.mirrorRect(of: "Wishlist of Marcus Bell"))
        let sentBefore = h.output.sent.withLock { $0.count }
        h.wheelAt(list.center, dy: 10)
        let bytes = h.output.sent.withLock { $0[sentBefore...].map(\.count) }
        // A scroll within a row: the list's SCROLL property, no geometry.
        #expect(bytes.count == 1)
        #expect(bytes.reduce(0, +) < 40, "\(bytes)")
    }

    @Test func aThousandWishesKeepOnlyTheVisibleRowsPlusAFew() throws {
        let h = SessionHarness(hash: wishlistHash)
        // Someone with 1,000 wishes, added to this session's map only, far enough from everyone else
        // not to join a cluster (a selected pin absorbed into one is deselected).
        let person = Person(
            id: "many-wishes", name: "Many Wishes", place: "Wichita, Kansas",
            continent: "North America", coordinate: Coordinate(latitude: 37.7, longitude: -97.3),
            avatar: "images/avatars/marcus-bell.svg", bio: "Wants everything.",
            wishes: (1...1000).map { "Wish number \($0)" })
        h.session.sync {
            h.session.mapView?.addAnnotation(person)
            h.session.mapView?.selectAnnotation(person, animated: false)
        }
        h.send(.resize(seq: h.nextSeq(), size: Size(width: 1280, height: 800), devicePixelRatio: 1))
        let listElement = try #require(h.replica.element(named: "Wishlist of Many Wishes"))
        let list = try #require(h.replica.screenBounds(of: listElement.item))
        let visibleRows = Int((list.height / 30).rounded(.up)) + 1
        var mostInMirror = 0
        for _ in 0..<320 {
            h.wheelAt(list.center, dy: 100)
            mostInMirror = max(mostInMirror, h.replica.accessibility.filter { $0.role == .listItem }.count)
        }
        #expect(h.replica.element(named: "Wish number 1000")?.role == .listItem, "scrolled to the end")
        let counts = try #require(
            h.session.sync {
                (h.session.mapView?.view(for: person) as? PersonPinView)?.card?.listView.counts
            })
        #expect(mostInMirror <= visibleRows)
        #expect(counts.live + counts.queued <= visibleRows + 4)
        #expect(counts.created <= visibleRows + 4)
        #expect(counts.reused > 900)
    }

    @Test func nothingUnderTheCardIsHitThroughIt() throws {
        let h = SessionHarness(hash: wishlistHash)
        try h.openCard("Marcus Bell")
        let card = try #require(h.pinView("marcus-bell")?.card)
        let rect = try #require(h.cardDialogs.first.flatMap { h.replica.screenBounds(of: $0.item) })
        h.session.sync {
            guard let window = h.session.window else { return }
            for y in stride(from: rect.minY + 1, to: rect.maxY, by: 9) {
                for x in stride(from: rect.minX + 1, to: rect.maxX, by: 9) {
                    let hit = window.hitTest(Point(x: x, y: y))
                    #expect(hit?.isDescendant(of: card) == true, "\(x),\(y) hit \(String(describing: hit))")
                }
            }
        }
    }

    @Test func keyboardOpensTheCardWithFocusInsideAndEscapeReturnsToThePin() throws {
        let h = SessionHarness(hash: wishlistHash)
        let pin = try #require(h.replica.element(named: "Marcus Bell")?.item)
        h.send(.focus(seq: h.nextSeq(), item: pin))
        h.key("Enter")
        h.settle(seconds: 0.5)
        let card = try #require(h.cardDialogs.first)
        #expect(card.name == "Marcus Bell")
        #expect(h.replica.focus == card.item)
        // Tab walks through the card's controls to "See details"; Enter activates it.
        var reached: [UInt32] = []
        for _ in 0..<12 {
            h.key("Tab")
            if let f = h.replica.focus { reached.append(f) }
            if h.replica.accessibility.first(where: { $0.item == h.replica.focus })?.name == "See details" { break }
        }
        let names = reached.compactMap { id in h.replica.accessibility.first { $0.item == id }?.name }
        #expect(names.contains("Wishlist"))
        #expect(names.contains("Model train track, HO scale"))
        #expect(names.last == "See details")
        h.key("Enter")
        h.settle(seconds: 0.5)
        #expect(h.replica.element(named: "Back")?.role == .button, "Enter on See details opens the detail screen")
        h.key("Escape")
        h.settle(seconds: 0.5)
        #expect(h.replica.element(named: "Back") == nil)
        // Focus is back on the button that opened the screen; Escape now closes the card.
        let seeDetails = try #require(h.replica.element(named: "See details")?.item)
        #expect(h.replica.focus == seeDetails)
        h.key("Escape")
        h.settle(seconds: 0.5)
        #expect(h.cardDialogs.isEmpty)
        #expect(h.replica.focus == pin)
    }
}
