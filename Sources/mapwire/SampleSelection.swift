import ArgumentParser
import SampleApps

/// `--samples`: which sample apps run, as a comma-separated list.
struct SampleSelection: ExpressibleByArgument, Sendable, Equatable {
    let samples: Set<SampleMapApp.Sample>

    static let names = SampleMapApp.Sample.allCases.map(\.rawValue) + ["all", "none"]

    init(samples: Set<SampleMapApp.Sample>) {
        self.samples = samples
    }

    /// The samples `names` choose (`all`, `none` or the samples' own names); nil if one is none of those.
    init?(names: [String]) {
        var samples: Set<SampleMapApp.Sample> = []
        for name in names {
            switch name.trimmingCharacters(in: .whitespaces).lowercased() {
            case "all": samples.formUnion(SampleMapApp.Sample.allCases)
            case "none": continue
            case let other:
                guard let sample = SampleMapApp.Sample(rawValue: other) else { return nil }
                samples.insert(sample)
            }
        }
        self.samples = samples
    }

    init?(argument: String) {
        self.init(names: argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }

    /// The selection as names the setting takes back: `none` when empty.
    var names: [String] {
        samples.isEmpty ? ["none"] : SampleMapApp.Sample.allCases.filter(samples.contains).map(\.rawValue)
    }

    var defaultValueDescription: String { "all" }

    static var allValueStrings: [String] { names }
}
