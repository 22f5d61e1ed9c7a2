import ArgumentParser
import SampleApps

/// `--samples`: which sample apps run, as a comma-separated list.
struct SampleSelection: ExpressibleByArgument, Sendable {
    let samples: Set<SampleMapApp.Sample>

    static let names = SampleMapApp.Sample.allCases.map(\.rawValue) + ["all", "none"]

    init(samples: Set<SampleMapApp.Sample>) {
        self.samples = samples
    }

    init?(argument: String) {
        var samples: Set<SampleMapApp.Sample> = []
        for name in argument.split(separator: ",", omittingEmptySubsequences: false) {
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

    var defaultValueDescription: String { "all" }

    static var allValueStrings: [String] { names }
}
