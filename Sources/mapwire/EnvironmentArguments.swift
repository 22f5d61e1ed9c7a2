import ArgumentParser
import Foundation

/// Every flag can also come from the environment, as container deployments
/// expect: `--max-sessions 50` is `MAPWIRE_MAX_SESSIONS=50`. A flag on the
/// command line wins over its variable. The flags are read from the command's
/// own description, so a flag added later gets its variable without a table
/// to keep in step.
struct EnvironmentArguments {
    /// One flag as the environment sees it.
    struct Flag: Equatable {
        enum Kind: Equatable {
            /// Takes a value; repeatable ones take a comma-separated list.
            case option(repeating: Bool)
            /// On when the variable is true.
            case flag
            /// `--name` / `--no-name`: the variable says which.
            case inversion
        }

        let name: String
        let kind: Kind

        var variable: String { Self.variable(for: name) }

        static func variable(for name: String) -> String {
            "MAPWIRE_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
        }
    }

    /// A variable whose value cannot stand for its flag.
    struct InvalidVariable: Error, CustomStringConvertible {
        let variable: String
        let value: String
        var description: String { "\(variable) must be true or false (or 1 or 0), not '\(value)'" }
    }

    let flags: [Flag]

    /// The flags of `command`, from the description ArgumentParser dumps for tools.
    init(command: ParsableCommand.Type) {
        self.init(helpJSON: command._dumpHelp())
    }

    init(helpJSON: String) {
        struct Dump: Decodable {
            struct Command: Decodable { let arguments: [Argument]? }
            struct Argument: Decodable {
                struct Name: Decodable { let kind: String; let name: String }
                let kind: String
                let names: [Name]?
                let isRepeating: Bool?
            }
            let command: Command
        }
        let arguments = (try? JSONDecoder().decode(Dump.self, from: Data(helpJSON.utf8)))?.command.arguments ?? []
        var longNames: [(name: String, kind: String, repeating: Bool)] = []
        for argument in arguments {
            guard let long = argument.names?.first(where: { $0.kind == "long" })?.name, long != "help" else { continue }
            longNames.append((long, argument.kind, argument.isRepeating ?? false))
        }
        let names = Set(longNames.map(\.name))
        flags = longNames.compactMap { entry in
            if entry.name.hasPrefix("no-"), names.contains(String(entry.name.dropFirst(3))) { return nil }
            switch entry.kind {
            case "option": return Flag(name: entry.name, kind: .option(repeating: entry.repeating))
            case "flag": return Flag(name: entry.name, kind: names.contains("no-" + entry.name) ? .inversion : .flag)
            default: return nil
            }
        }
    }

    /// The flags `environment` sets and `commandLine` does not, with their values.
    private func fromEnvironment(commandLine: [String], environment: [String: String]) -> [(Flag, String)] {
        flags.compactMap { flag in
            guard let value = environment[flag.variable], !value.isEmpty,
                  !Self.names(flag).contains(where: { Self.mentions(commandLine, $0) }) else { return nil }
            return (flag, value)
        }
    }

    /// `commandLine` with the flags that `environment` sets and the command
    /// line does not, put before it.
    func merged(commandLine: [String], environment: [String: String]) throws(InvalidVariable) -> [String] {
        var added: [String] = []
        for (flag, value) in fromEnvironment(commandLine: commandLine, environment: environment) {
            switch flag.kind {
            case .option(repeating: false):
                added += ["--\(flag.name)", value]
            case .option(repeating: true):
                for item in value.split(separator: ",") {
                    added += ["--\(flag.name)", item.trimmingCharacters(in: .whitespaces)]
                }
            case .flag:
                if try Self.truth(value, flag.variable) { added.append("--\(flag.name)") }
            case .inversion:
                added.append(try Self.truth(value, flag.variable) ? "--\(flag.name)" : "--no-\(flag.name)")
            }
        }
        return added + commandLine
    }

    /// The variables `merged` uses, for an error that names its source.
    func variablesUsed(commandLine: [String], environment: [String: String]) -> [String] {
        fromEnvironment(commandLine: commandLine, environment: environment).map { flag, value in
            // A secret is named, never shown.
            "\(flag.variable)=\(flag.name.contains("token") ? "(hidden)" : value)"
        }
    }

    /// `help` with each flag's variable named under its description.
    func annotatedHelp(_ help: String) -> String {
        let byName = Dictionary(flags.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var out: [String] = []
        var pending: String?
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop(while: { $0 == " " })
            let startsArgument = line.hasPrefix("  -")
            let startsFlag = startsArgument && trimmed.hasPrefix("--")
            if startsArgument || trimmed.isEmpty || !line.hasPrefix("  ") {
                if let pending { out.append(String(repeating: " ", count: 26) + "env: " + pending) }
                pending = nil
            }
            out.append(String(line))
            if startsFlag {
                let name = trimmed.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "-" }
                let base = name.hasSuffix("/--no-") ? String(name.dropLast(6)) : String(name)
                pending = byName[base]?.variable
            }
        }
        if let pending { out.append(String(repeating: " ", count: 26) + "env: " + pending) }
        return out.joined(separator: "\n")
    }

    private static func names(_ flag: Flag) -> [String] {
        flag.kind == .inversion ? [flag.name, "no-" + flag.name] : [flag.name]
    }

    private static func mentions(_ commandLine: [String], _ name: String) -> Bool {
        commandLine.contains { $0 == "--" + name || $0.hasPrefix("--" + name + "=") }
    }

    private static func truth(_ value: String, _ variable: String) throws(InvalidVariable) -> Bool {
        switch value.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw InvalidVariable(variable: variable, value: value)
        }
    }
}
