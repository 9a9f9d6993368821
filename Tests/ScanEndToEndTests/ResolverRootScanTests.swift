import Foundation
import InjectionGraph
import InjectionScan
import Testing

/// Resolver apps as they are usually written: `extension Resolver: ResolverRegistering` calls
/// registration functions of `extension Resolver`, each a bare `register { … }` (often with
/// `.implements`), and the app reads them through `Resolver.resolve`, `Resolver.main`/`root` and
/// `@Injected`. Every spelling is one container, so every site links and nothing is missing.
@Suite(.serialized)
struct ResolverRootScanTests {
    static let registering = """
        import Resolver

        extension Resolver: ResolverRegistering {
            public static func registerAllServices() {
                registerFormatters()
                registerNetwork()
            }
        }
        """
    static let registrations = """
        import Resolver

        protocol DateFormatting {}
        final class DateFormatterImpl: DateFormatting {}
        protocol NetworkClient {}
        final class NetworkClientImpl: NetworkClient {}
        final class Session {}

        extension Resolver {
            static func registerFormatters() {
                register { DateFormatterImpl() }
                    .implements(DateFormatting.self)
            }
            static func registerNetwork() {
                register { NetworkClientImpl() as NetworkClient }
                Resolver.register { Session() }.scope(.application)
            }
        }
        """
    static let sites = """
        import Resolver

        final class ProfileViewModel {
            private let formatter = Resolver.resolve(DateFormatting.self)
            private let client: NetworkClient = Resolver.main.resolve()
            private let session: Session = Resolver.root.resolve()
            @Injected var sameFormatter: DateFormatting
            @LazyInjected var lazyClient: NetworkClient
        }
        """

    /// The three files in a fresh folder; the registering hook only when `withHook`.
    static func app(withHook: Bool) throws -> String {
        let folder = NSTemporaryDirectory() + "resolver-root-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if withHook { try registering.write(toFile: folder + "/AppDelegate+Injection.swift", atomically: true, encoding: .utf8) }
        try registrations.write(toFile: folder + "/Registrations.swift", atomically: true, encoding: .utf8)
        try sites.write(toFile: folder + "/ProfileViewModel.swift", atomically: true, encoding: .utf8)
        return folder
    }

    @Test(arguments: [true, false])
    func everySpellingOfResolversRootIsOneContainer(withHook: Bool) throws {
        try ScanTools.requireBuilt()
        let folder = try Self.app(withHook: withHook)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (declarations, graph) = try ScanTools.scanGraph(folder)
        #expect(declarations.registrations.count == 3)
        #expect(declarations.sites.count == 5)
        let containers = Set(declarations.registrations.flatMap { [$0.service] + $0.implements }.map(\.container)
            + declarations.sites.map(\.requested.container))
        #expect(containers.count == 1, "\(containers)")
        #expect(!containers.contains { $0.contains("\u{0}") }, "\(containers)")
        #expect(declarations.sites.allSatisfy { $0.registration != nil },
                "\(declarations.sites.filter { $0.registration == nil }.map { "\($0.location.line) \($0.requested)" })")
        let report = graph.check()
        #expect(report.problems.isEmpty && report.warnings.isEmpty,
                "\((report.problems + report.warnings).map(\.message))")
    }
}
