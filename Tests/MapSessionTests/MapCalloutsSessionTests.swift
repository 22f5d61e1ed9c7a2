import DisplayList
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapSession

/// The MapCallouts screen driven through a session: the bridge's
/// detail-disclosure button, the detail card's Done, and the toolbar.
@Suite struct MapCalloutsSessionTests {
    static let sanFrancisco = "#13/37.795/-122.43"

    private func landmarkButtons(_ h: SessionHarness) -> Set<String> {
        let names: Set = ["San Francisco", "Golden Gate Bridge", "Ferry Building", "Conservatory of Flowers"]
        return Set(h.replica.accessibility.filter { $0.role == .button && names.contains($0.name) }.map(\.name))
    }

    @Test func bridgeDisclosureButtonOpensTheDetailAndDoneClosesIt() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        let bridge = try #require(h.center(of: "Golden Gate Bridge"))
        h.click(bridge)
        h.settle()
        #expect(h.replica.accessibility.contains { $0.role == .dialog && $0.name == "Golden Gate Bridge" })
        #expect(h.replica.element(named: "Done") == nil)
        let info = try #require(h.center(of: "More Info"), "the callout has the ⓘ accessory")
        h.time += 1000
        h.click(info)
        h.settle()
        // The tap went through calloutAccessoryControlTapped to the app, which opened the card.
        let done = try #require(h.center(of: "Done"))
        #expect(h.replica.accessibility.filter { $0.role == .dialog && $0.name == "Golden Gate Bridge" }.count == 2)
        h.time += 1000
        h.click(done)
        h.settle()
        #expect(h.replica.element(named: "Done") == nil)
        // The bridge stays selected with its callout once the card is gone.
        #expect(h.replica.element(named: "Golden Gate Bridge")?.flags.contains(.selected) == true)
    }

    /// The card is a sheet over the map: a click on the dimmed map beside it
    /// closes it and does not reach the map, whose tap would close the callout.
    @Test func aClickBesideTheDetailClosesItAndOnlyIt() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        h.click(try #require(h.center(of: "Golden Gate Bridge")))
        h.settle()
        h.time += 1000
        h.click(try #require(h.center(of: "More Info")))
        h.settle()
        #expect(h.center(of: "Done") != nil)
        let cameraBefore = h.camera
        h.time += 1000
        h.pointer(.down, Point(x: 1200, y: 400))
        h.pointer(.moved, Point(x: 1100, y: 450))
        h.pointer(.up, Point(x: 1100, y: 450))
        h.settle()
        #expect(h.replica.element(named: "Done") == nil)
        #expect(h.camera.center == cameraBefore.center, "the press did not drag the map either")
        #expect(h.center(of: "More Info") != nil, "the callout is still open")
        #expect(h.replica.element(named: "Golden Gate Bridge")?.flags.contains(.selected) == true)
    }

    /// Escape closes what is in front first: the card, then the callout. From
    /// the keyboard, focus goes back each time to what opened what closed.
    @Test func escapeClosesTheDetailThenTheCalloutAndFocusGoesBack() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        let bridge = try #require(h.replica.element(named: "Golden Gate Bridge")).item
        h.send(.focus(seq: h.nextSeq(), item: bridge))
        h.key("Enter")
        h.settle()
        let callout = try #require(h.replica.accessibility.first { $0.role == .dialog }).item
        #expect(h.replica.focus == callout, "Enter on the pin moved focus into its callout")
        let info = try #require(h.replica.element(named: "More Info")).item
        h.send(.focus(seq: h.nextSeq(), item: info))
        h.key("Enter")
        h.settle()
        #expect(h.replica.focus == h.replica.element(named: "Done")?.item)
        h.key("Escape")
        h.settle()
        #expect(h.replica.element(named: "Done") == nil)
        #expect(h.replica.element(named: "More Info") != nil, "the callout stays")
        #expect(h.replica.focus == info)
        h.key("Escape")
        h.settle()
        #expect(h.replica.element(named: "More Info") == nil)
        #expect(h.replica.focus == bridge)
    }

    @Test func ferryCalloutShowsTheImageAsDetailAndHasNoDisclosure() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        let ferry = try #require(h.center(of: "Ferry Building"))
        h.click(ferry)
        h.settle()
        #expect(h.replica.accessibility.contains { $0.role == .dialog && $0.name == "Ferry Building" })
        #expect(h.replica.element(named: "More Info") == nil)
        // The detail accessory (the ferry image, 90x60) replaces the subtitle.
        #expect(h.replica.element(named: "Opened: July 13, 1898") == nil)
        let images = h.replica.items.filter { $0.value.kind == .image }.compactMap {
            h.replica.screenBounds(of: $0.key)
        }
        #expect(images.contains { $0.width == 90 && $0.height == 60 && $0.maxY < ferry.y })
    }

    @Test func flowerIsACustomViewWithoutACallout() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        let flower = try #require(h.center(of: "Conservatory of Flowers"))
        h.click(flower)
        h.settle()
        #expect(h.replica.element(named: "Conservatory of Flowers")?.flags.contains(.selected) == true)
        #expect(!h.replica.accessibility.contains { $0.role == .dialog })
    }

    @Test func toolbarSwapsTheLandmarksAndRecentresTheMap() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        #expect(landmarkButtons(h).count == 4)
        for name in ["City", "Bridge", "Flower", "Ferry", "All"] {
            #expect(h.replica.element(named: name)?.role == .button, "toolbar button \(name)")
        }
        let bridgeButton = try #require(h.center(of: "Bridge"))
        #expect(bridgeButton.y > 700, "the toolbar sits at the bottom of the map")
        h.click(bridgeButton)
        h.settle()
        #expect(landmarkButtons(h) == ["Golden Gate Bridge"])
        #expect(h.replica.element(named: "Bridge")?.flags.contains(.selected) == true)
        // Recentred on the bridge (the fit pads the top more than the bottom, so allow some px).
        let marker = try #require(h.center(of: "Golden Gate Bridge"))
        #expect(abs(marker.x - 640) < 30 && abs(marker.y - 400) < 60)
        #expect(h.camera.zoom > 13)

        h.time += 1000
        h.click(try #require(h.center(of: "Ferry")))
        h.settle()
        #expect(landmarkButtons(h) == ["Ferry Building"])
        let ferry = try #require(h.center(of: "Ferry Building"))
        #expect(abs(ferry.x - 640) < 30 && abs(ferry.y - 400) < 60)

        h.time += 1000
        h.click(try #require(h.center(of: "All")))
        h.settle()
        #expect(landmarkButtons(h).count == 4)
        // All four fit on screen.
        for name in landmarkButtons(h) {
            let p = try #require(h.center(of: name))
            #expect(p.x > 0 && p.x < 1280 && p.y > 0 && p.y < 800, "\(name) on screen")
        }
    }
}

extension MapCalloutsSessionTests {
    @Test func zoomedOutTheCityFlagStandsForTheOtherLandmarks() throws {
        let h = SessionHarness(hash: "#5/37.79/-122.43")
        #expect(h.replica.element(named: "San Francisco") != nil)
        for name in ["Golden Gate Bridge", "Ferry Building", "Conservatory of Flowers"] {
            #expect(h.replica.element(named: name) == nil, "\(name) gives way to the required flag")
        }
    }
}

extension MapCalloutsSessionTests {
    @Test func theKeyboardReachesTheToolbarAfterThePinsAndEnterPressesIt() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        var focusedNames: [String] = []
        for _ in 0..<60 {
            h.key("Tab")
            let name = h.replica.accessibility.first { $0.item == h.replica.focus }?.name ?? ""
            focusedNames.append(name)
            if name == "City" { break }
        }
        #expect(focusedNames.last == "City", "Tab order: \(focusedNames)")
        #expect(focusedNames.contains("Golden Gate Bridge"), "pins come first")
        h.key("Enter")
        h.settle()
        #expect(landmarkButtons(h) == ["San Francisco"])
    }
}
