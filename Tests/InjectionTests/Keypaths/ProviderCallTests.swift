import Injection
import Synchronization
import Testing

/// A provider called directly: the held provider answered by key, a miss declaring it, a held
/// provider whose factory fails, and the member name and declaration site a provider keeps.
struct ProviderCallTests {
    struct Unavailable: Error {}
    final class Gauge: Sendable {}

    struct GaugeLayer: DependencyLayer {
        let container: Container
        var kept: Provider<Gauge> { provide(.cached) { Gauge() } }
        var fresh: Provider<Gauge> { provide { Gauge() } }
        var failing: Provider<Gauge> { provide { throw Unavailable() } }
        // Member names given explicitly, one character each.
        var first: Provider<Gauge> { provide(member: "a") { Gauge() } }
        var second: Provider<Gauge> { provide(member: "b") { Gauge() } }
        // Declaration sites given explicitly: a non-ASCII file, a one-scalar file, a long line.
        var accented: Provider<Gauge> { provide(file: "Módulo/Überblick.swift", line: 12) { Gauge() } }
        var scalarFile: Provider<Gauge> { provide(file: "é", line: 7) { Gauge() } }
        var farLine: Provider<Gauge> { provide(file: "App/Far.swift", line: 4_000_000_000) { Gauge() } }
    }

    @Test func aHeldProviderAnswersLikeTheFirstCall() {
        let container = Container(name: "provider-call-held")
        let layer = GaugeLayer(container: container)
        let declared = layer.kept()           // a miss: declared, then resolved
        #expect(layer.kept() === declared)    // held: answered by its key
        #expect(container[\.gauges.kept] === declared)
        #expect(layer.fresh() !== layer.fresh())
    }

    /// The mapping check inlined into a provider call reads the container's own flag and walks up
    /// only when it has a parent: a mapping two levels up, set after the grandchild resolved the
    /// provider (so it is held there, answered by key), must still redirect it, and its removal too.
    @Test func anAncestorsMappingRedirectsAProviderAGrandchildAlreadyResolved() {
        let root = Container(name: "provider-call-mapped-root")
        let middle = Container(name: "provider-call-mapped-middle", parent: root)
        let leaf = Container(name: "provider-call-mapped-leaf", parent: middle)
        let fresh = leaf.gauges.fresh
        let path: any KeyPath<Container, Provider<Gauge>> & Sendable = \.gauges.fresh
        #expect(fresh() !== leaf[path])   // held in the leaf by key and by keypath

        root.map(\.gauges.failing, to: \.gauges.fresh)
        #expect(throws: ResolutionError.self) { try fresh.tryResolve() }
        #expect(throws: ResolutionError.self) { try leaf.tryResolve(path) }
        #expect(throws: ResolutionError.self) { try leaf.tryResolve(\.gauges.fresh) }

        root.resetMapping(\.gauges.fresh)
        #expect(fresh() !== fresh())
        middle.map(\.gauges.kept, to: \.gauges.fresh)   // now answered by one cached gauge
        let kept = fresh()
        #expect(fresh() === kept)
        #expect(leaf[path] === kept)
        #expect(leaf.gauges.kept() === kept)
    }

    @Test func aHeldProviderWhoseFactoryFailsThrowsTheSameErrorEachTime() throws {
        let container = Container(name: "provider-call-failing")
        let layer = GaugeLayer(container: container)
        for call in 0..<2 {   // the first call declares the provider, the second finds it held
            do {
                _ = try layer.failing.tryResolve()
                Issue.record("call \(call) built a gauge")
            } catch {
                guard case .factoryFailed(let service, _) = error else {
                    Issue.record("call \(call): \(error)")
                    continue
                }
                #expect(service.member == "failing")
                #expect(service.layer == "Gauge")
            }
        }
    }

    @Test func explicitMemberNamesAreKeptAndKeepTheirProvidersApart() {
        let container = Container(name: "provider-call-scalar-names")
        let layer = GaugeLayer(container: container)
        #expect(layer.first.identity.member == "a")
        #expect(layer.second.identity.member == "b")
        #expect(layer.first.identity.layer == "Gauge")
        layer.first.register(scope: .cached) { Gauge() }
        let first = layer.first()
        #expect(layer.first() === first)
        #expect(layer.second() !== first)
    }

    @Test func aProviderKeepsItsDeclarationSite() {
        let name = "provider-call-sites"
        let locations = Mutex<[String]>([])
        let token = ResolutionEvents.addObserver { event in
            guard case .registered(let registered) = event.kind, registered.service.container == name else { return }
            locations.withLock { $0.append("\(registered.service.member ?? "-") \(registered.location)") }
        }
        let layer = GaugeLayer(container: Container(name: name))
        _ = layer.kept()
        _ = layer.accented()
        _ = layer.scalarFile()
        _ = layer.farLine()
        token.cancel()
        #expect(locations.withLock { $0 } == [
            "kept InjectionTests/ProviderCallTests.swift:13",   // GaugeLayer's `kept`
            "accented Módulo/Überblick.swift:12",
            "scalarFile é:7",
            "farLine App/Far.swift:4000000000",
        ])
    }
}

extension Container {
    fileprivate var gauges: ProviderCallTests.GaugeLayer { ProviderCallTests.GaugeLayer(container: self) }
}
