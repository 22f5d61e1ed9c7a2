import DisplayList
import Testing

@testable import MapStyle

@Suite struct StyleLayerQueryTests {
    @Test func visibilityByZoomAndLayout() throws {
        let parsed = try style(
            """
            {"id": "a", "type": "fill", "minzoom": 13, "maxzoom": 16},
            {"id": "b", "type": "fill", "layout": {"visibility": "none"}}
            """)
        let a = parsed.layers[0]
        #expect(!a.isVisible(atZoom: 12.9))
        #expect(a.isVisible(atZoom: 13))
        #expect(a.isVisible(atZoom: 15.9))
        #expect(!a.isVisible(atZoom: 16))
        #expect(!parsed.layers[1].isVisible(atZoom: 14))
    }

    @Test func defaultsWhenAPropertyIsNotSet() throws {
        let line = try style(#"{"id": "l", "type": "line"}"#).layers[0]
        let road = feature()
        #expect(line.lineWidth(for: road, zoom: 10) == 1)
        #expect(line.lineColor(for: road, zoom: 10) == .black)
        #expect(line.lineDashArray(for: road, zoom: 10) == nil)
        #expect(line.lineCap(for: road, zoom: 10) == .butt)
        #expect(line.matches(road, zoom: 10))
    }

    @Test func paintAndLayoutResolvePerFeature() throws {
        let layer = try style(
            ##"""
            {"id": "roads", "type": "line", "filter": ["==", "class", "primary"],
             "paint": {"line-color": ["match", ["get", "brunnel"], "bridge", "#ff0000", "hsl(0, 0%, 50%)"],
                       "line-width": ["interpolate", ["exponential", 1.5], ["zoom"], 10, 1, 16, 10],
                       "line-dasharray": ["literal", [2, 1]], "line-opacity": 0.5, "line-gap-width": 3},
             "layout": {"line-cap": "round", "line-join": "round"}}
            """##
        ).layers[0]
        let bridge = feature(["class": .string("primary"), "brunnel": .string("bridge")])
        let plain = feature(["class": .string("primary")])
        #expect(layer.matches(bridge, zoom: 12))
        #expect(!layer.matches(feature(["class": .string("trunk")]), zoom: 12))
        #expect(layer.lineColor(for: bridge, zoom: 12) == Color(hex: 0xFF0000))
        #expect(layer.lineColor(for: plain, zoom: 12) == Color(hex: 0x808080))
        #expect(layer.lineWidth(for: plain, zoom: 10) == 1)
        #expect(layer.lineWidth(for: plain, zoom: 13) < 5.5)
        #expect(layer.lineDashArray(for: plain, zoom: 12) == [2, 1])
        #expect(layer.lineOpacity(for: plain, zoom: 12) == 0.5)
        #expect(layer.lineGapWidth(for: plain, zoom: 12) == 3)
        #expect(layer.lineCap(for: plain, zoom: 12) == .round)
        #expect(layer.lineJoin(for: plain, zoom: 12) == .round)
    }

    @Test func symbolValues() throws {
        let layer = try style(
            #"""
            {"id": "roads", "type": "symbol",
             "layout": {"text-field": "{name:latin} {ref}", "symbol-placement": "line", "symbol-spacing": 300,
                        "text-max-angle": 30, "symbol-sort-key": ["get", "rank"], "text-size": 13,
                        "text-font": ["Noto Sans Regular"], "text-transform": "uppercase"},
             "paint": {"text-color": "#333", "text-halo-color": "rgba(255,255,255,0.8)", "text-halo-width": 1.5}}
            """#
        ).layers[0]
        let road = feature(["name": .string("Ringstraße"), "ref": .string("B1"), "rank": .number(4)])
        #expect(layer.textField(for: road, zoom: 14) == "RINGSTRASSE B1")
        #expect(layer.symbolPlacement(for: road, zoom: 14) == .line)
        #expect(layer.symbolSpacing(for: road, zoom: 14) == 300)
        #expect(layer.textMaxAngle(for: road, zoom: 14) == 30)
        #expect(layer.symbolSortKey(for: road, zoom: 14) == 4)
        #expect(layer.symbolSortKey(for: feature(), zoom: 14) == nil)
        #expect(layer.textSize(for: road, zoom: 14) == 13)
        #expect(layer.textFont(for: road, zoom: 14) == ["Noto Sans Regular"])
        #expect(layer.textColor(for: road, zoom: 14) == Color(hex: 0x333333))
        #expect(layer.textHaloColor(for: road, zoom: 14) == Color(red: 255, green: 255, blue: 255, alpha: 0.8))
        #expect(layer.textHaloWidth(for: road, zoom: 14) == 1.5)
    }

    @Test func backgroundAndFill() throws {
        let parsed = try style(
            ##"""
            {"id": "bg", "type": "background",
             "paint": {"background-color": {"stops": [[0, "#000000"], [10, "#ffffff"]]}, "background-opacity": 0.9}},
            {"id": "park", "type": "fill", "paint": {"fill-color": "green", "fill-opacity": 0.4,
             "fill-outline-color": "darkgreen"}}
            """##)
        #expect(parsed.layers[0].backgroundColor(zoom: 10) == .white)
        #expect(parsed.layers[0].backgroundColor(zoom: 0) == .black)
        #expect(parsed.layers[0].backgroundOpacity(zoom: 3) == 0.9)
        let park = parsed.layers[1]
        #expect(park.fillColor(for: feature(.polygon), zoom: 12) == Color(hex: 0x008000))
        #expect(park.fillOpacity(for: feature(.polygon), zoom: 12) == 0.4)
        #expect(park.fillOutlineColor(for: feature(.polygon), zoom: 12) == Color(hex: 0x006400))
    }
}
