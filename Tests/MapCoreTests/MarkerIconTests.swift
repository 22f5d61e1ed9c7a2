import DisplayList
import Foundation
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A styled annotation's symbol may name one of MapWire's icons: each name
/// has a drawing, made once per colour and shared, and the marker shows it
/// in the glyph colour that reads on its balloon.
@Suite struct MarkerIconTests {
    /// What an icon's SVG is made of, read by an XML parser.
    final class SVGOutline: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            elements.append((name, attributes))
        }
    }

    /// The elements of `data`, or nil when it is not well-formed XML.
    static func outline(_ data: [UInt8]) -> [(name: String, attributes: [String: String])]? {
        let parser = XMLParser(data: Data(data))
        let outline = SVGOutline()
        parser.delegate = outline
        return parser.parse() ? outline.elements : nil
    }

    @Test func everyNameHasAWellFormedDrawing() throws {
        #expect(MarkerIcon.names.count == 40 && Set(MarkerIcon.names).count == 40)
        let pathCommands = Set("MmLlHhVvCcSsQqTtAaZz0123456789.- ")
        for name in MarkerIcon.names {
            let icon = try #require(MarkerIcon.image(named: name, color: .white), "\(name) has no icon")
            #expect(icon.format == .svg && icon.width == 16 && icon.height == 16)
            let elements = try #require(Self.outline(icon.data), "\(name): not well-formed XML")
            let root = try #require(elements.first)
            #expect(root.name == "svg" && root.attributes["viewBox"] == "0 0 15 15", "\(name)")
            let paths = elements.filter { $0.name == "path" }
            #expect(!paths.isEmpty && paths.count == elements.count - 1, "\(name): only paths under the root")
            for path in paths {
                let d = path.attributes["d"] ?? ""
                #expect(d.first == "M" && d.allSatisfy(pathCommands.contains), "\(name): path data \(d)")
            }
        }
    }

    @Test func anIconIsDrawnInTheColourAskedFor() throws {
        let white = try #require(MarkerIcon.svg(named: "cafe", color: .white))
        let dark = try #require(MarkerIcon.svg(named: "cafe", color: Color(hex: 0x1C1C1E)))
        #expect(white.contains("fill=\"#FFFFFF\"") && !white.contains("opacity"))
        #expect(dark.contains("fill=\"#1C1C1E\"") && !dark.contains("#FFFFFF"))
        // Strokes take the colour too, not only fills.
        #expect(dark.contains("stroke=\"#1C1C1E\""))
        let faint = try #require(MarkerIcon.svg(named: "cafe", color: Color.white.withAlpha(0.5)))
        #expect(faint.contains("opacity=\"0.502\""))
    }

    @Test func iconsAreMadeOncePerNameAndColourAndOnlyForKnownNames() {
        let a = MarkerIcon.image(named: "rail-metro", color: .white)
        let b = MarkerIcon.image(named: "rail-metro", color: .white)
        let dark = MarkerIcon.image(named: "rail-metro", color: Color(hex: 0x1C1C1E))
        let bus = MarkerIcon.image(named: "bus", color: .white)
        #expect(a != nil && a?.id == b?.id && a === b)
        #expect(dark != nil && dark?.id != a?.id && bus?.id != a?.id)
        #expect(MarkerIcon.image(named: "no-such-icon", color: .white) == nil)
        #expect(MarkerIcon.image(named: "Cafe", color: .white) == nil, "names are lower case, as Maki's")
    }

    @Test func theMapDocsListEveryNameInOrder() throws {
        let doc = try String(contentsOf: repoRoot.appendingPathComponent("docs/map.md"), encoding: .utf8)
        let section = try #require(doc.components(separatedBy: "### Marker icons\n").dropFirst().first)
        let rows = section.components(separatedBy: "\n\n").first { $0.hasPrefix("| kind") } ?? ""
        let listed = rows.split(separator: "\n").dropFirst(2).flatMap { row in
            row.split(separator: "|").last?.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            } ?? []
        }
        #expect(listed == MarkerIcon.names, "docs/map.md \"Marker icons\" lists MarkerIcon.names")
    }

    @Test func iconsAreSharedBetweenThreads() async {
        let ids = await withTaskGroup(of: UInt32?.self) { group in
            for _ in 0..<8 { group.addTask { MarkerIcon.image(named: "museum", color: Color(hex: 0x00FF00))?.id } }
            var ids: Set<UInt32?> = []
            for await id in group { ids.insert(id) }
            return ids
        }
        #expect(ids.count == 1 && ids.first! != nil)
    }
}
