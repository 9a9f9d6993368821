import Injection
import Testing

/// Chained registration options, as Resolver's documentation uses them.
struct RegistrationOptionsTests {
    // MARK: - scope

    @Test func scopeSetsHowLongInstancesLive() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZService() }.scope(.cached)
        app.register { XYZSessionManager() }

        #expect(app.resolve(XYZService.self) === app.resolve(XYZService.self))
        #expect(app.resolve(XYZSessionManager.self) !== app.resolve(XYZSessionManager.self))
        let kept = app.resolve(XYZService.self)
        app.reset(.cached)
        #expect(app.resolve(XYZService.self) !== kept)
    }

    @Test func applicationIsSingleton() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZService() }.scope(.application)
        let first = app.resolve(XYZService.self)
        app.reset(.cached)
        #expect(app.resolve(XYZService.self) === first)
    }

    @Test func theChangedScopeIsReportedAtTheSameSite() {
        let name = uniqueName("app")
        let app = Container(name: name)
        let recorder = EventRecorder(name)
        recorder.record {
            app.register(line: 7) { XYZService() }
                .scope(.cached)
        }
        #expect(recorder.registered.map(\.scope) == [.unique, .cached])
        #expect(Set(recorder.registered.map(\.location)).count == 1)
        #expect(recorder.registered.allSatisfy { $0.replaced == nil })
    }

    @Test func anOptionOnAReplacedRegistrationChangesNothing() {
        let app = Container(name: uniqueName("app"))
        let first = app.register { XYZService() }
        app.register { XYZService() }
        first.scope(.singleton)
        #expect(app.resolve(XYZService.self) !== app.resolve(XYZService.self))
    }

    // MARK: - implements

    @Test func implementsAnswersEveryProtocolWithOneSharedInstance() {
        // Resolver's Protocols.md: one registration, several protocols, one instance while shared.
        let app = Container(name: uniqueName("app"))
        app.register { XYZCombinedService() }
            .implements(XYZFetching.self)
            .implements(XYZUpdating.self)
            .scope(.shared)

        let combined: XYZCombinedService = app.resolve()
        let fetcher: XYZFetching = app.resolve()
        let updater: XYZUpdating = app.resolve()
        #expect(fetcher === combined)
        #expect(updater === combined)
    }

    @Test func implementsSharesTheCacheWhicheverKeyIsResolvedFirst() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZCombinedService() }
            .scope(.cached)
            .implements(XYZUpdating.self)
            .implements(XYZNaming.self, name: "label")

        let updater: XYZUpdating = app.resolve()
        let naming: XYZNaming = app.resolve(name: "label")
        #expect(updater === naming)
        #expect(app.resolve(XYZCombinedService.self) === updater)
        app.reset(.cached)
        #expect(app.resolve(XYZUpdating.self) !== updater)
    }

    @Test func implementsWithUniqueScopeBuildsEachTime() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZCombinedService() }.implements(XYZUpdating.self)
        #expect(app.resolve(XYZUpdating.self) !== app.resolve(XYZUpdating.self))
        #expect(app.isRegistered(XYZUpdating.self))
    }

    @Test func implementsFollowsAnOverrideOfTheImplementingType() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZCombinedService() }.implements(XYZUpdating.self).scope(.cached)
        let double = XYZCombinedService()
        app.register(double)
        #expect(app.resolve(XYZUpdating.self) === double)
    }

    @Test func implementsPassesArguments() {
        // Resolver's testGetKeyedArgumentPassingInImplements.
        let app = Container(name: uniqueName("app"))
        app.register { (_, args) -> XYZCombinedService in
            #expect(args("id") == 3)
            return XYZCombinedService()
        }
        .implements(XYZNaming.self)
        let naming: XYZNaming? = app.optional(args: ["id": 3])
        #expect(naming != nil)
    }

    @Test func implementsIsReportedAsTheImplementingService() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register { XYZCombinedService() }.implements(XYZUpdating.self)
        app.register { c in XYZViewModelHolder(updater: c.resolve()) }
        let recorder = EventRecorder(name)
        recorder.record { _ = app.resolve(XYZViewModelHolder.self) }
        #expect(recorder.resolved.map(\.service.type) == ["XYZCombinedService", "XYZViewModelHolder"])
        #expect(recorder.resolved.first?.requester?.type == "XYZViewModelHolder")
    }

    @Test func implementingAProtocolTheInstanceLacksFailsWithAMessage() {
        let app = Container(name: uniqueName("app"))
        app.register(line: 3) { XYZService() }.implements(XYZUpdating.self, line: 4)
        #expect(throws: ResolutionError.self) { try app.tryResolve(XYZUpdating.self) }
        do {
            _ = try app.tryResolve(XYZUpdating.self)
        } catch {
            #expect(error.message.contains(
                "its instance, a XYZService, does not conform to XYZUpdating, which it was registered to implement at"))
        }
    }

    // MARK: - resolveProperties

    @Test func resolvePropertiesInjectsAfterConstruction() {
        // Resolver's Injection.md, property injection.
        let app = Container(name: uniqueName("app"))
        app.register { PropertyInjectedViewModel() }
            .resolveProperties { c, model in
                model.fetcher = c.optional()
                model.service = c.optional()
            }
        app.register { XYZFetcher() as XYZFetching }
        app.register { XYZService() }

        let model: PropertyInjectedViewModel = app.resolve()
        #expect(model.fetcher != nil)
        #expect(model.service != nil)
    }

    @Test func resolvePropertiesBreaksTheDocumentedCycle() {
        // Resolver's CyclicDependencies.md: A → B → C, and C points back to A.
        let app = Container(name: uniqueName("app"))
        app.register { c in CyclicA(c.resolve()) }
            .resolveProperties { c, a in
                c.resolve(CyclicC.self).a = a
            }
        app.register { c in CyclicB(c.resolve()) }
        app.register { CyclicC() }.scope(.graph)

        let a: CyclicA = app.resolve()
        #expect(a.b.c.a === a)
    }

    @Test func resolvePropertiesReceivesTheArguments() {
        // Resolver's testPropertiesKeyedArgumentsFunction.
        let app = Container(name: uniqueName("app"))
        app.register { XYZArgumentService() }
            .resolveProperties { _, service, args in
                service.condition = args("condition")
                service.string = args("name")
            }
        let service: XYZArgumentService? = app.optional(args: ["condition": true, "name": "Fred"])
        #expect(service?.condition == true)
        #expect(service?.string == "Fred")
    }

    @Test func resolvePropertiesRunsBeforeTheInstanceIsKept() {
        let app = Container(name: uniqueName("app"))
        let counter = CallCounter()
        app.register { XYZArgumentService() }
            .scope(.cached)
            .resolveProperties { _, service in
                counter.increment()
                service.string = "configured"
            }
        #expect(app.resolve(XYZArgumentService.self).string == "configured")
        #expect(app.resolve(XYZArgumentService.self).string == "configured")
        #expect(counter.value == 1)
    }

    @Test func resolvesInsidePropertiesAreReportedAsPropertyInjection() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register { c in CyclicB(c.resolve()) }
            .resolveProperties { c, _ in _ = c.resolve(XYZService.self) }
        app.register { CyclicC() }
        app.register { XYZService() }
        let recorder = EventRecorder(name)
        recorder.record { _ = app.resolve(CyclicB.self) }
        let byService = Dictionary(uniqueKeysWithValues: recorder.resolved.map { ($0.service.type, $0) })
        #expect(byService["CyclicC"]?.isPropertyInjection == false)
        #expect(byService["XYZService"]?.isPropertyInjection == true)
        #expect(byService["XYZService"]?.requester?.type == "CyclicB")
        #expect(byService["CyclicB"]?.isPropertyInjection == false)
    }

    @Test func theCycleFixSuggestingResolvePropertiesWorksWhenApplied() throws {
        // The cycle: CyclicPlayer needs a CyclicCoach, whose factory asks for the player again.
        let broken = Container(name: uniqueName("team"))
        broken.register { c in CyclicPlayer(coach: try c.tryResolve(CyclicCoach.self)) }
        broken.register { c in CyclicCoach(player: try c.tryResolve(CyclicPlayer.self)) }
        do {
            _ = try broken.tryResolve(CyclicPlayer.self)
            Issue.record("expected a cycle")
        } catch {
            #expect(error.message.contains(
                "Or set it once both are built: .resolveProperties on CyclicPlayer's registration "
                    + "(CyclicCoach in .graph scope, so it is the one CyclicPlayer holds)."))
        }
        // The fix, applied as it reads.
        let fixed = Container(name: uniqueName("team"))
        fixed.register { c in CyclicPlayer(coach: c.resolve()) }
            .resolveProperties { c, player in c.resolve(CyclicCoach.self).player = player }
        fixed.register { CyclicCoach(player: nil) }.scope(.graph)
        let player = try fixed.tryResolve(CyclicPlayer.self)
        #expect(player.coach.player === player)
    }

    // MARK: - name

    @Test func nameMovesTheRegistrationUnderTheName() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZCombinedService() as XYZUpdating }.name("edit")

        #expect(app.isRegistered(XYZUpdating.self, name: "edit"))
        #expect(!app.isRegistered(XYZUpdating.self))
        #expect(app.resolve(XYZUpdating.self, name: "edit").update().hasPrefix("updated"))
    }

    @Test func nameThenScopeAndImplementsApplyToTheNamedRegistration() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZCombinedService() }
            .name("main")
            .scope(.cached)
            .implements(XYZNaming.self)
        let combined = app.resolve(XYZCombinedService.self, name: "main")
        #expect(app.resolve(XYZCombinedService.self, name: "main") === combined)
        #expect(app.resolve(XYZNaming.self) === combined)
    }
}

final class XYZViewModelHolder {
    let updater: XYZUpdating
    init(updater: XYZUpdating) { self.updater = updater }
}

final class CyclicPlayer {
    let coach: CyclicCoach
    init(coach: CyclicCoach) { self.coach = coach }
}
final class CyclicCoach {
    weak var player: CyclicPlayer?
    init(player: CyclicPlayer?) { self.player = player }
}
