import Foundation
import MapWire

/// `helsinki-trams.json`, as `scripts/build_city_tiles.py` writes it from
/// OpenStreetMap's tram route relations (see `fixtures/README.md`).
public enum TramFile {
    struct File: Decodable {
        let attribution: String?
        let lines: [Line]
    }

    struct Line: Decodable {
        let id: Int
        let ref: String
        let name: String
        let to: String
        let polylines: [[[Double]]]
        let stops: [Stop]
    }

    struct Stop: Decodable {
        let name: String
        let lonlat: [Double]
    }

    /// Why the tram file could not be loaded, naming the file.
    public enum LoadError: Error, CustomStringConvertible {
        /// The file at this path could not be read.
        case unreadable(String)
        /// The file at this path is not the tram JSON, or breaks a rule; the second value says why.
        case invalid(String, String)

        public var description: String {
            switch self {
            case let .unreadable(path): return "cannot read tram file \(path)"
            case let .invalid(path, why): return "tram file \(path) is invalid: \(why)"
            }
        }
    }

    /// Loads and checks the file: every route with a track of two points or more, valid coordinates.
    public static func load(_ url: URL) throws(LoadError) -> TramNetwork {
        guard let data = try? Data(contentsOf: url) else { throw .unreadable(url.path) }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw .invalid(url.path, "\(error)")
        }
        var lines: [TramLine] = []
        for line in file.lines {
            let pieces = try line.polylines.map { piece throws(LoadError) in
                try piece.map { pair throws(LoadError) in try coordinate(pair, of: line, in: url) }
            }
            guard pieces.reduce(0, { $0 + $1.count }) >= 2 else {
                throw .invalid(url.path, "route \(line.id) has no track")
            }
            let stops = try line.stops.map { stop throws(LoadError) in
                (name: stop.name, coordinate: try coordinate(stop.lonlat, of: line, in: url))
            }
            lines.append(
                TramLine(
                    id: line.id, ref: line.ref, name: line.name, destination: line.to,
                    color: TramLine.color(ofLine: line.ref), pieces: pieces, stops: stops))
        }
        return TramNetwork(lines: lines, attribution: file.attribution)
    }

    /// `[lon, lat]` as a coordinate; the file's order is GeoJSON's.
    static func coordinate(_ pair: [Double], of line: Line, in url: URL) throws(LoadError) -> Coordinate {
        guard pair.count == 2 else { throw .invalid(url.path, "route \(line.id) has a point \(pair)") }
        let c = Coordinate(latitude: pair[1], longitude: pair[0])
        guard c.isValid else { throw .invalid(url.path, "route \(line.id) has coordinate \(c)") }
        return c
    }
}
