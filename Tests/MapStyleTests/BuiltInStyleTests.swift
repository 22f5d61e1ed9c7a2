import DisplayList
import Testing

@testable import MapStyle

/// The shipped styles against features as OpenMapTiles tiles carry them.
@Suite struct BuiltInStyleTests {
    /// The layers of `style` that would draw `feature` from `sourceLayer` at `zoom`.
    func drawing(
        _ feature: StyleFeatureValues, from sourceLayer: String, at zoom: Double, in style: MapStyle
    ) -> [StyleLayer] {
        style.layers.filter {
            $0.sourceLayer == sourceLayer && $0.isVisible(atZoom: zoom) && $0.matches(feature, zoom: zoom)
        }
    }

    @Test(arguments: MapStyle.BuiltIn.allCases)
    func parsesWithNoWarnings(_ which: MapStyle.BuiltIn) throws {
        let style = try MapStyle.builtIn(which)
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        #expect(style.layers.first?.type == .background)
        let sourceLayers = Set(style.layers.compactMap(\.sourceLayer))
        let schema: Set = [
            "water", "waterway", "landcover", "landuse", "park", "building", "transportation",
            "transportation_name", "boundary", "place", "poi", "water_name",
        ]
        #expect(sourceLayers == schema)
    }

    @Test(arguments: MapStyle.BuiltIn.allCases)
    func motorwaysWidenWithZoom(_ which: MapStyle.BuiltIn) throws {
        let style = try MapStyle.builtIn(which)
        let motorway = feature(.lineString, ["class": .string("motorway")])
        let at12 = drawing(motorway, from: "transportation", at: 12, in: style)
        let at16 = drawing(motorway, from: "transportation", at: 16, in: style)
        #expect(at12.map(\.id) == ["road-casing-major", "road-motorway"])
        #expect(at16.map(\.id) == at12.map(\.id))
        let fill = try #require(at12.last)
        #expect(fill.lineWidth(for: motorway, zoom: 16) > 2 * fill.lineWidth(for: motorway, zoom: 12))
        let casing = try #require(at12.first)
        #expect(casing.lineWidth(for: motorway, zoom: 14) > fill.lineWidth(for: motorway, zoom: 14))
        #expect(fill.lineColor(for: motorway, zoom: 14) != casing.lineColor(for: motorway, zoom: 14))
    }

    @Test(arguments: MapStyle.BuiltIn.allCases)
    func majorRoadsOutrankMinorOnes(_ which: MapStyle.BuiltIn) throws {
        let style = try MapStyle.builtIn(which)
        func width(_ roadClass: String) throws -> Double {
            let road = feature(.lineString, ["class": .string(roadClass)])
            let fill = try #require(drawing(road, from: "transportation", at: 15, in: style).last)
            return fill.lineWidth(for: road, zoom: 15)
        }
        let order = ["motorway", "trunk", "primary", "secondary", "tertiary", "minor", "service", "path"]
        let widths = try order.map(width)
        #expect(widths == widths.sorted(by: >), "\(zip(order, widths).map { "\($0) \($1)" })")
    }

    @Test(arguments: MapStyle.BuiltIn.allCases)
    func tunnelsAreDashedAndBridgesDrawAboveTheGround(_ which: MapStyle.BuiltIn) throws {
        let style = try MapStyle.builtIn(which)
        let tunnel = feature(.lineString, ["class": .string("primary"), "brunnel": .string("tunnel")])
        let layers = drawing(tunnel, from: "transportation", at: 15, in: style)
        #expect(!layers.isEmpty)
        #expect(layers.allSatisfy { $0.id.hasPrefix("tunnel") })
        #expect(layers.contains { $0.lineDashArray(for: tunnel, zoom: 15) != nil })

        let bridge = feature(.lineString, ["class": .string("primary"), "brunnel": .string("bridge")])
        let ground = feature(.lineString, ["class": .string("primary")])
        let bridgeLayers = drawing(bridge, from: "transportation", at: 15, in: style).map(\.id)
        #expect(bridgeLayers == ["bridge-casing", "bridge-fill"])
        let index = { (id: String) in style.layers.firstIndex { $0.id == id } ?? -1 }
        let groundTop = drawing(ground, from: "transportation", at: 15, in: style).map { index($0.id) }.max() ?? .max
        #expect(index("bridge-casing") > groundTop)
        #expect(
            drawing(ground, from: "transportation", at: 15, in: style).allSatisfy {
                $0.lineDashArray(for: ground, zoom: 15) == nil
            })
    }

    @Test(arguments: MapStyle.BuiltIn.allCases)
    func railIsDashed(_ which: MapStyle.BuiltIn) throws {
        let style = try MapStyle.builtIn(which)
        let rail = feature(.lineString, ["class": .string("rail")])
        let layers = drawing(rail, from: "transportation", at: 15, in: style)
        #expect(layers.contains { $0.lineDashArray(for: rail, zoom: 15) != nil })
        let path = feature(.lineString, ["class": .string("path")])
        #expect(
            drawing(path, from: "transportation", at: 16, in: style).contains {
                $0.lineDashArray(for: path, zoom: 16) != nil
            })
    }

    @Test(arguments: MapStyle.BuiltIn.allCases)
    func parksWaterAndBuildings(_ which: MapStyle.BuiltIn) throws {
        let style = try MapStyle.builtIn(which)
        let park = feature(.polygon, ["class": .string("national_park")])
        #expect(drawing(park, from: "park", at: 10, in: style).map(\.id) == ["park"])
        let lake = feature(.polygon, ["class": .string("lake")])
        let water = try #require(drawing(lake, from: "water", at: 10, in: style).first)
        let background = try #require(style.layers.first).backgroundColor(zoom: 10)
        #expect(water.fillColor(for: lake, zoom: 10) != background)
        let building = feature(.polygon, ["render_height": .number(12)])
        #expect(drawing(building, from: "building", at: 12, in: style).isEmpty)
        #expect(drawing(building, from: "building", at: 15, in: style).map(\.id) == ["building"])
    }

    @Test(arguments: MapStyle.BuiltIn.allCases)
    func labelsReadTheirNames(_ which: MapStyle.BuiltIn) throws {
        let style = try MapStyle.builtIn(which)
        let street = feature(.lineString, ["class": .string("minor"), "name": .string("Hauptstraße")])
        let roadName = try #require(drawing(street, from: "transportation_name", at: 16, in: style).first)
        #expect(roadName.symbolPlacement(for: street, zoom: 16) == .line)
        #expect(roadName.textField(for: street, zoom: 16) == "Hauptstraße")

        let city = feature(
            .point,
            [
                "class": .string("city"), "name": .string("Wien"), "name:latin": .string("Vienna"),
                "rank": .number(2),
            ])
        let town = feature(.point, ["class": .string("town"), "name": .string("Baden"), "rank": .number(9)])
        let cityLayer = try #require(drawing(city, from: "place", at: 9, in: style).first)
        let townLayer = try #require(drawing(town, from: "place", at: 9, in: style).first)
        #expect(cityLayer.textField(for: city, zoom: 9) == "Vienna")
        #expect(cityLayer.textSize(for: city, zoom: 9) > townLayer.textSize(for: town, zoom: 9))

        let cafe = feature(.point, ["class": .string("cafe"), "name": .string("Café Central"), "rank": .number(3)])
        #expect(drawing(cafe, from: "poi", at: 16, in: style).first?.textField(for: cafe, zoom: 16) == "Café Central")
        let lake = feature(.point, ["class": .string("lake"), "name": .string("Bodensee")])
        #expect(
            drawing(lake, from: "water_name", at: 10, in: style).first?.textField(for: lake, zoom: 10) == "Bodensee")
    }

    @Test(arguments: MapStyle.BuiltIn.allCases)
    func countriesAreBoundedOnLandOnly(_ which: MapStyle.BuiltIn) throws {
        let style = try MapStyle.builtIn(which)
        let border = feature(.lineString, ["admin_level": .number(2)])
        #expect(drawing(border, from: "boundary", at: 5, in: style).map(\.id) == ["boundary-country"])
        for maritime in [StyleValue.number(1), .bool(true)] {
            let sea = feature(.lineString, ["admin_level": .number(2), "maritime": maritime])
            #expect(drawing(sea, from: "boundary", at: 5, in: style).isEmpty)
        }
    }

    @Test func lightAndDarkDiffer() throws {
        let light = try MapStyle.builtIn(.light), dark = try MapStyle.builtIn(.dark)
        #expect(light.layers.map(\.id) == dark.layers.map(\.id))
        let lightGround = light.layers[0].backgroundColor(zoom: 10),
            darkGround = dark.layers[0].backgroundColor(zoom: 10)
        func luminance(_ c: Color) -> Double {
            Double(c.rgba >> 24) + Double((c.rgba >> 16) & 0xFF) + Double((c.rgba >> 8) & 0xFF)
        }
        #expect(luminance(lightGround) > 3 * luminance(darkGround))
    }
}
