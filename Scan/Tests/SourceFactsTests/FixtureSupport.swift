import Foundation
import InjectionScanFacts
import SourceFacts
import Testing

/// Fixtures are small Swift files under `Fixtures/<Style>/`; a fact's line is found by its marker
/// comment (`// #R:name` a registration, `#S:` a request, `#C:` a container, `#M:` a mapping,
/// `#N:` a note), so editing a fixture never shifts an expectation.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// The facts of one fixture file, scanned through `di-scan`'s entry point.
    static func scan(_ relative: String, defines: [String] = [], jobs: Int = 1) throws -> FileFacts {
        let result = try DIScan.run(paths: [folder + "/" + relative], defines: defines, jobs: jobs)
        return try #require(result.facts.files.first { $0.path.hasSuffix(relative.split(separator: "/").last.map(String.init) ?? relative) })
    }

    static func line(_ marker: String, in relative: String) -> Int {
        let text = (try? String(contentsOfFile: folder + "/" + relative, encoding: .utf8)) ?? ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.split(separator: " ").contains(where: { $0 == marker }) { return index + 1 }
        }
        Issue.record("no marker \(marker) in \(relative)")
        return -1
    }
}

extension FileFacts {
    func registration(_ marker: String, _ relative: String, sourceLocation: SourceLocation = #_sourceLocation) -> RegistrationFact? {
        let line = Fixture.line(marker, in: relative)
        let found = registrations.filter { $0.line == line }
        #expect(found.count == 1, "\(marker): \(found.count) registrations at \(relative):\(line): \(registrations.map { "\($0.line):\($0.service ?? "?")" })", sourceLocation: sourceLocation)
        return found.first
    }

    func request(_ marker: String, _ relative: String, index: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) -> RequestFact? {
        let line = Fixture.line(marker, in: relative)
        let found = requests.filter { $0.line == line }.sorted { $0.column < $1.column }
        #expect(found.count > index, "\(marker): \(found.count) requests at \(relative):\(line)", sourceLocation: sourceLocation)
        return found.count > index ? found[index] : nil
    }

    func container(_ marker: String, _ relative: String, sourceLocation: SourceLocation = #_sourceLocation) -> ContainerFact? {
        let line = Fixture.line(marker, in: relative)
        let found = containers.filter { $0.line == line }
        #expect(found.count >= 1, "\(marker): no container fact at \(relative):\(line)", sourceLocation: sourceLocation)
        return found.first
    }
}
