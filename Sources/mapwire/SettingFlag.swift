import ArgumentParser
import MapWire

extension NameSpecification {
    /// The flag of a setting: `--` and its name.
    static func setting(_ key: MapWireConfiguration.Key) -> NameSpecification {
        .customLong(key.name)
    }
}

extension ArgumentHelp {
    /// The help of a setting's flag: `text`, the default when there is one to
    /// show, and the variable on a line of its own, so `--help` names every flag's variable.
    static func setting(
        _ key: MapWireConfiguration.Key, _ text: String, default shown: CustomStringConvertible? = nil,
        valueName: String? = nil
    ) -> ArgumentHelp {
        let abstract = shown.map { "\(text) (default: \($0))" } ?? text
        return ArgumentHelp(abstract, discussion: "env: \(key.variable)", valueName: valueName)
    }
}
