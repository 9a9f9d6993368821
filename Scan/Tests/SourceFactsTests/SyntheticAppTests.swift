import Foundation
import InjectionScanFacts
import SourceFacts
import SyntheticApps
import Testing

/// The generated apps `make bench` measures: every style scans, every feature's registration is
/// found with its key, and the plain files no DI file names are prefiltered, not parsed.
@Suite struct SyntheticAppTests {
    @Test(arguments: SyntheticApp.Style.allCases)
    func everyFeatureIsFound(style: SyntheticApp.Style) throws {
        let folder = NSTemporaryDirectory() + "di-scan-synthetic-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try SyntheticApp(style: style, files: 30, lines: 1_500).write(to: folder)
        let result = try DIScan.run(paths: [folder], jobs: 2)
        let files = result.facts.files
        #expect(files.allSatisfy { $0.skipped == nil && $0.syntaxErrors.isEmpty })
        let registrations = files.flatMap(\.registrations)
        let services = Set(registrations.compactMap(\.service))
        for index in 0..<10 {
            #expect(services.contains("Service\(index)Protocol"), "\(style): Service\(index)Protocol")
        }
        #expect(registrations.allSatisfy { $0.certainty == .exact }, "\(registrations.filter { $0.certainty != .exact }.map { "\($0.line) \($0.note ?? "")" })")
        let sites = files.flatMap(\.requests).filter { $0.inRegistration == nil }
        #expect(sites.count >= 10)
        #expect(result.prefiltered > 0 && result.declarationsOnly > 0)
    }
}
