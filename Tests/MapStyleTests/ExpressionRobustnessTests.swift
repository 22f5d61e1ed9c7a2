import Testing

@testable import MapStyle

/// Random expression JSON, valid or not, through the compiler and the
/// evaluator: a style file is user input, and neither may trap on it.
@Suite struct ExpressionRobustnessTests {
    /// A small deterministic generator, so a failure repeats.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let names = Array(ExpressionCompiler.operators) + ["format", "round", "frobnicate", "linear", "exponential"]

    func randomJSON(_ g: inout Generator, depth: Int) -> JSONValue {
        switch depth > 3 ? g.next(5) : g.next(8) {
        case 0: return .number(Double(g.next(40)) - 10)
        case 1: return .string(["class", "name", "#fff", "red", "Point", "zoom", ""][g.next(7)])
        case 2: return .bool(g.next(2) == 0)
        case 3: return .null
        case 4: return .number(Double(g.next(24)))
        default:
            var items: [JSONValue] = [.string(Self.names[g.next(Self.names.count)])]
            for _ in 0..<g.next(7) { items.append(randomJSON(&g, depth: depth + 1)) }
            return .array(items)
        }
    }

    @Test func randomExpressionsCompileOrThrowAndNeverTrap() {
        var g = Generator(state: 46)
        let features = [
            feature(.point, ["class": .string("city"), "name": .string("x")]),
            feature(.polygon, id: .number(3), ["class": .number(2)]),
            feature(),
        ]
        var compiled = 0
        for _ in 0..<20_000 {
            let json = randomJSON(&g, depth: 0)
            var compiler = ExpressionCompiler()
            if let filter = try? compiler.compileFilter(json, path: "f") {
                for f in features { _ = filter.evaluate(f, zoom: 10) }
            }
            let kinds: [ValueKind?] = [nil, .color, .number, .numberArray]
            guard let e = try? compiler.compile(json, path: "p", expecting: kinds[g.next(kinds.count)]) else {
                continue
            }
            compiled += 1
            for f in features {
                for zoom in [0.0, 7.5, 14, 22] { _ = e.evaluate(f, zoom: zoom) }
            }
            _ = e.readsFeature
        }
        // Enough of them are valid for the evaluator to have been exercised.
        #expect(compiled > 1_000)
    }
}
