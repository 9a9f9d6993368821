import Foundation
import InjectionGraph
import InjectionScan
import Testing

/// Factory: `ToolsContainer.shared.logger()` in a file that does not declare `ToolsContainer`
/// resolves that container's member. di-scan reads the file alone and guesses; the linker keeps
/// the call where the sources declare the container, an edge like any member call, and drops it
/// where they do not (`UIApplication.shared.open(url)` is no member of anything).
@Suite(.serialized)
struct SharedContainerCallScanTests {
    static let tools = """
        import Factory

        final class Logger {}
        final class ToolsContainer: SharedContainer {
            static let shared = ToolsContainer()
            let manager = ContainerManager()
            var logger: Factory<Logger> { self { Logger() } }
        }
        """
    static let services = """
        import Factory
        import UIKit

        final class API { init(logger: Logger) {} }
        extension Container {
            var api: Factory<API> {
                self { API(logger: ToolsContainer.shared.logger()) }.singleton  // #api
            }
        }
        func openSettings(_ url: URL) {
            UIApplication.shared.open(url)
        }
        """

    @Test func anotherFilesContainerMemberIsAnEdgeAndAnyOtherSingletonNothing() throws {
        try ScanTools.requireBuilt()
        let (declarations, graph) = try ScanTools.scanFiles(["Tools.swift": Self.tools, "Services.swift": Self.services])
        let lines = Self.services.split(separator: "\n", omittingEmptySubsequences: false)
        let api = try #require(lines.firstIndex { $0.hasSuffix("// #api") }) + 1

        #expect(declarations.sites.count == 1)
        let site = try #require(declarations.sites.first)
        #expect(site.location.line == api && site.requester?.member == "api" && site.requested.member == "logger")
        #expect(site.registration == declarations.registrations.first { $0.service.member == "logger" }?.id)
        #expect(site.certainty == .exact && site.note == nil)

        // The edge makes the singleton's captive visible, and `open` is no note.
        let report = graph.check()
        #expect(report.all.map(\.kind) == ["scopeMismatch"], "\(report.all.map(\.message))")
    }
}
