import Foundation
import InjectionGraph
import InjectionScan
import Testing

/// Two accessors of one name that return different layers (`Container.network` and a feature
/// layer's own `network`): each keypath links through the accessor its chain reaches, the same
/// way on every run, whatever order the scan meets the declarations in.
@Suite(.serialized)
struct LayerAccessorScanTests {
    static let layers = """
        import Injection

        struct LiveAPI: Sendable {}
        struct FeatureAPI: Sendable {}

        struct NetworkLayer: DependencyLayer {
            let container: Container
            var api: Provider<LiveAPI> { provide { LiveAPI() } }
        }

        struct FeatureNetwork: DependencyLayer {
            let container: Container
            var api: Provider<FeatureAPI> { provide { FeatureAPI() } }
        }

        struct FeatureLayer: DependencyLayer {
            let container: Container
            var network: FeatureNetwork { FeatureNetwork(container: container) }
        }

        extension Container {
            var network: NetworkLayer { NetworkLayer(container: self) }
            var feature: FeatureLayer { FeatureLayer(container: self) }
        }
        """

    static let screen = """
        import Injection

        final class Screen {
            @Inject(\\.network.api) var live: LiveAPI
            @Inject(\\.feature.network.api) var featureAPI: FeatureAPI
            @Inject(\\Container.network.api) var rooted: LiveAPI
        }
        """

    @Test func eachKeypathLinksThroughTheAccessorItsChainReaches() throws {
        try ScanTools.requireBuilt()
        // Dictionary order differs from process to process: several scans must agree.
        for _ in 0..<4 {
            let (declarations, graph) = try ScanTools.scanFiles(["Layers.swift": Self.layers, "Screen.swift": Self.screen])
            let linked = declarations.sites.sorted { $0.location.line < $1.location.line }
                .map { site in "\(site.location.line) \(site.requested.type) \(site.requested.layer ?? "-") \(site.registration == nil ? "unlinked" : "linked")" }
            #expect(linked == ["4 LiveAPI Network linked", "5 FeatureAPI FeatureNetwork linked", "6 LiveAPI Network linked"])
            let report = graph.check()
            #expect(report.problems.isEmpty, "\(report.problems.map(\.message))")
        }
    }
}
