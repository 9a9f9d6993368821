import Testing
import Injection

/// A keypath literal (`container[\.layer.member]`, taken as a function, building no keypath
/// object) and the same keypath held in a variable (resolved by its identity) are one service:
/// the same instance, the same events, the same mappings followed, the same failure.
struct KeypathLiteralTests {
    struct Unavailable: Error {}
    final class Meter: Sendable {}

    struct MeterLayer: DependencyLayer {
        let container: Container
        var kept: Provider<Meter> { provide(.cached) { Meter() } }
        var fresh: Provider<Meter> { provide { Meter() } }
        var substitute: Provider<Meter> { provide(.cached) { Meter() } }
        var freshSubstitute: Provider<Meter> { provide { Meter() } }
        var failing: Provider<Meter> { provide { throw Unavailable() } }
    }

    typealias MeterPath = any KeyPath<Container, Provider<Meter>> & Sendable

    @Test func aLiteralAndAHeldKeypathAnswerTheSameInstance() throws {
        let held: MeterPath = \.meters.kept
        let literalFirst = Container(name: "kp-literal-first")
        let declared = literalFirst[\.meters.kept]
        #expect(literalFirst[held] === declared)
        #expect(literalFirst[\.meters.kept] === declared)
        #expect(literalFirst[\.meters.kept, lifetime: .new] !== declared)

        let heldFirst = Container(name: "kp-held-first")
        let remembered = heldFirst[held]
        #expect(heldFirst[\.meters.kept] === remembered)
        #expect(heldFirst[held] === remembered)
        #expect(try heldFirst.tryResolve(\.meters.kept) === remembered)
        #expect(try heldFirst.tryResolve(held) === remembered)
        #expect(remembered !== declared)
    }

    @Test func theStaticSubscriptTakesALiteralFromTheSharedContainer() {
        let container = Container(name: "kp-literal-shared")
        let kept = withContainer(container) { Container[\.meters.kept] }
        #expect(container[\.meters.kept] === kept)
    }

    @Test func aLiteralAndAHeldKeypathReportTheSameResolution() {
        let held: MeterPath = \.meters.fresh
        let name = uniqueName("kp-literal-events")
        let container = Container(name: name)
        let recorder = EventRecorder(name)
        recorder.record {
            _ = container[\.meters.fresh]   // declares the provider, then resolves it
            _ = container[held]
            _ = container[\.meters.fresh]
        }
        #expect(recorder.registered.map(\.service.description) == ["Meter.fresh: Meter"])
        let resolved = recorder.resolved
        #expect(resolved.count == 3)
        #expect(resolved.allSatisfy { $0 == resolved[0] })
        #expect(resolved.first?.service.description == "Meter.fresh: Meter")
    }

    @Test func aLiteralFollowsAMappingAsAHeldKeypathDoes() {
        let heldKept: MeterPath = \.meters.kept
        let heldFresh: MeterPath = \.meters.fresh
        let name = uniqueName("kp-literal-mapped")
        let container = Container(name: name)
        container.map(\.meters.substitute, to: \.meters.kept)
        container.map(\.meters.freshSubstitute, to: \.meters.fresh)
        let substitute = container[\.meters.substitute]
        #expect(container[\.meters.kept] === substitute)
        #expect(container[heldKept] === substitute)

        // Transient, so that each resolve builds and reports where its answer came from.
        let recorder = EventRecorder(name)
        recorder.record {
            _ = container[\.meters.fresh]
            _ = container[heldFresh]
        }
        let resolved = recorder.resolved
        #expect(resolved.count == 2)
        #expect(resolved.allSatisfy { $0 == resolved[0] })
        #expect(resolved.first?.source == .mapping)
        #expect(resolved.first?.mappedFrom?.description == "Meter.fresh: Meter")
        #expect(resolved.first?.service.description == "Meter.freshSubstitute: Meter")
    }

    @Test func aLiteralFailsAsAHeldKeypathDoes() {
        let held: MeterPath = \.meters.failing
        let container = Container(name: "kp-literal-failing")
        var messages: [String] = []
        for attempt in 0..<2 {   // the first declares the provider, the second finds it held
            let literal = failure { () throws(ResolutionError) in try container.tryResolve(\.meters.failing) }
            let viaHeld = failure { () throws(ResolutionError) in try container.tryResolve(held) }
            for error in [literal, viaHeld] {
                guard case .factoryFailed(let service, _)? = error else {
                    Issue.record("attempt \(attempt): \(String(describing: error))")
                    continue
                }
                #expect(service.description == "Meter.failing: Meter")
                messages.append(error?.message ?? "")
            }
        }
        #expect(messages.count == 4)
        #expect(Set(messages).count == 1)
    }

    /// What `resolve` threw; nil when it built a meter.
    private func failure(_ resolve: () throws(ResolutionError) -> Meter) -> ResolutionError? {
        do {
            _ = try resolve()
            return nil
        } catch {
            return error
        }
    }
}

extension Container {
    fileprivate var meters: KeypathLiteralTests.MeterLayer { KeypathLiteralTests.MeterLayer(container: self) }
}
