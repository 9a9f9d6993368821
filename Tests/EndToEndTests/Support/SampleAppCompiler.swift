import Foundation
import Testing

/// Compiles an edited copy of the sample app's sources against the package's built modules, so a
/// test can apply the fixes `check` prints and run the result.
enum SampleAppCompiler {
    /// The modules the sample app links besides its own sources.
    private static let modules = ["Injection", "ArgumentParser", "ArgumentParserToolInfo"]

    static func compile(_ copy: URL, into app: String) throws {
        let build = Command.buildDirectory.path
        let objects = try modules.flatMap { try objectFiles(of: $0, in: build) }
        let sources = try FileManager.default.subpathsOfDirectory(atPath: copy.path)
            .filter { $0.hasSuffix(".swift") }.map { copy.appendingPathComponent($0).path }
        let compile = try Command.run("/usr/bin/env", [
            "swiftc", "-module-name", "SampleApp", "-parse-as-library", "-swift-version", "6", "-Onone",
            "-package-name", try packageName(build), "-I", "\(build)/Modules", "-o", app,
        ] + sources + objects)
        try #require(compile.status == 0, "the fixed sample app did not compile:\n\(compile.stderr)")
    }

    /// The objects of the module's current sources, read from the build's output file map: a
    /// warm build folder still holds the objects of deleted sources, and linking those fails.
    private static func objectFiles(of module: String, in build: String) throws -> [String] {
        let folder = "\(build)/\(module).build"
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/output-file-map.json"))
        let map = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: String]])
        let wrapped = "\(folder)/\(module).swiftmodule.o"
        return map.values.compactMap { $0["object"] }.sorted()
            + (FileManager.default.fileExists(atPath: wrapped) ? [wrapped] : [])
    }

    /// The package name SwiftPM compiled the sample app with (it follows the checkout's folder
    /// name), so the copy sees the runtime's `package` declarations.
    private static func packageName(_ build: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(build)/description.json"))
        let description = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let commands = try #require(description["swiftCommands"] as? [String: [String: Any]])
        let sampleApp = try #require(commands.first { $0.key.hasPrefix("C.SampleApp-") }?.value)
        let arguments = try #require(sampleApp["otherArguments"] as? [String])
        let index = try #require(arguments.firstIndex(of: "-package-name"))
        return arguments[index + 1]
    }
}
