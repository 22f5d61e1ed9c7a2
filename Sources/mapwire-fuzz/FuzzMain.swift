import Foundation

/// `mapwire-fuzz TARGET ...`. Built with `-sanitize=fuzzer -DFUZZING`
/// (`make fuzz`) it is a libFuzzer binary and the rest of the arguments are
/// libFuzzer's; built plainly it replays files and folders of inputs (the
/// committed corpus, a crash someone found) through the same checks.
@main
struct FuzzMain {
    static func main() {
        guard let target = selectedTarget else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("usage: mapwire-fuzz TARGET [inputs...]; targets: \(names)\n".utf8))
            exit(2)
        }
        #if FUZZING
        runFuzzer()
        #else
        replay(target, CommandLine.arguments.dropFirst(targetIsFirstArgument ? 2 : 1))
        #endif
    }

    /// Runs every file named, or found in a folder named, through `target`.
    static func replay<S: Sequence>(_ target: FuzzTarget, _ paths: S) where S.Element == String {
        var files: [URL] = []
        for path in paths {
            let url = URL(fileURLWithPath: path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                let inside =
                    (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []
                files += inside.sorted { $0.path < $1.path }
            } else {
                files.append(url)
            }
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                FileHandle.standardError.write(Data("cannot read \(file.path)\n".utf8))
                exit(1)
            }
            target.check(Array(data))
        }
        print("\(target.rawValue): \(files.count) inputs replayed, every check held")
    }
}
