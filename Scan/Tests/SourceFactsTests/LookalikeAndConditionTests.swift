import InjectionScanFacts
import SourceFacts
import Testing

@Suite struct LookalikeTests {
    let file = "NotDI/Lookalikes.swift"

    @Test func callsOnReceiversTheSourcesTypeAsSomethingElseAreNotRegistrations() throws {
        let facts = try Fixture.scan(file)
        // A closure does not make a registration of a call with labels no container takes.
        for marker in ["#N:tableView", "#N:analytics", "#N:unknown", "#N:labels"] {
            let line = Fixture.line(marker, in: file)
            #expect(!facts.registrations.contains { $0.line == line }, "\(marker)")
            #expect(facts.notes.contains { $0.line == line && $0.kind == .notInjection }, "\(marker)")
        }
        let tableView = facts.notes.first { $0.line == Fixture.line("#N:tableView", in: file) }
        #expect(tableView?.message == "register(…) on tableView, a UITableView: not a DI container, not a registration")
        // `analytics.resolve(1)` has no DI shape at all: nothing.
        #expect(facts.requests.isEmpty)
    }

    @Test func aResolveTakingAClosureIsNotARequest() throws {
        let facts = try Fixture.scan(file)
        // An asset's or a promise's `resolve { … }`: no container's resolve takes a closure.
        let line = Fixture.line("#N:closureResolve", in: file)
        #expect(!facts.requests.contains { $0.line == line })
        #expect(!facts.notes.contains { $0.line == line })
    }

    @Test func anUndeclaredReceiverWithAFactoryIsAGuess() throws {
        let facts = try Fixture.scan(file)
        let guessed = try #require(facts.registration("#R:guessed", file))
        #expect(guessed.certainty == .guessed && guessed.service == "Plugin")
        #expect(guessed.note == "receiver `registry` is not declared in this file as a container; taken as one for its factory closure")
    }
}

@Suite struct WrapperTests {
    let file = "Swinject/Assembly.swift"

    @Test func aGenericHelpersResolveIsAnUnresolvedNote() throws {
        let facts = try Fixture.scan(file)
        let line = Fixture.line("#N:generic", in: file)
        #expect(!facts.requests.contains { $0.line == line })
        let note = try #require(facts.notes.first { $0.line == line })
        #expect(note.kind == .unresolved)
        #expect(note.message == "resolve(type) on resolver: the key is a value known only at run time (a generic helper?)")
    }

    @Test func aResolveOnADeclaredWrapperIsAGuessedSite() throws {
        let facts = try Fixture.scan(file)
        let site = try #require(facts.request("#S:wrapper", file))
        #expect(site.service == "API" && site.certainty == .guessed && site.container?.type == "InstanceProvider")
        #expect(site.note == "receiver `instanceProvider` is an InstanceProvider, not a known container; taken as a wrapper around one (name InstanceProvider in di-inspect.json's containers to confirm)")
        // A wrapper's `resolve(arguments: a, b)`: the values after `arguments:` are no key; the
        // annotation types it.
        let arguments = try #require(facts.request("#S:wrapperArguments", file))
        #expect(arguments.service == "Detail" && arguments.arguments.first == "3" && arguments.certainty == .guessed)
    }
}

/// A Swinject container reached through a typealias another file declares: the file types the
/// receiver as something else, but only a container has SwinjectAutoregistration's `autoregister`.
@Suite struct AliasedContainerTests {
    let file = "Swinject/AliasedContainer.swift"

    @Test func autoregisterOnAReceiverTypedOtherwiseIsAGuessedRegistration() throws {
        let facts = try Fixture.scan(file)
        let store = try #require(facts.registration("#R:aliasedAutoregister", file))
        #expect(store.service == "Store" && store.implementation == "DiskStore" && store.certainty == .guessed)
        #expect(store.note == "receiver `container` is an AppContainer, not a known container; taken as one for its autoregister")
        let cart = try #require(facts.registration("#R:aliasedArgument", file))
        #expect(cart.service == "Cart" && cart.certainty == .guessed)
        // Any other call on it is still not a registration.
        let other = Fixture.line("#N:aliasedOther", in: file)
        #expect(!facts.registrations.contains { $0.line == other })
    }
}

@Suite struct ConditionTests {
    let file = "Conditions/Debug.swift"

    @Test func everyClauseIsTaggedWithWhatExcludesTheOthers() throws {
        let facts = try Fixture.scan(file)
        #expect(facts.registration("#R:debug", file)?.conditions == ["DEBUG"])
        #expect(facts.registration("#R:preview", file)?.conditions == ["!(DEBUG) && PREVIEW"])
        #expect(facts.registration("#R:release", file)?.conditions == ["!(DEBUG) && !(PREVIEW)"])
        #expect(facts.registration("#R:ios", file)?.conditions == ["os(iOS)"])
    }

    @Test func definesDecideKnownFlagsAndLeaveTheRest() throws {
        let facts = try Fixture.scan(file, defines: ["PREVIEW"])
        let lines = facts.registrations.map(\.line)
        #expect(!lines.contains(Fixture.line("#R:debug", in: file)))
        #expect(!lines.contains(Fixture.line("#R:release", in: file)))
        #expect(facts.registration("#R:preview", file)?.conditions == [])
        #expect(facts.registration("#R:ios", file)?.conditions == ["os(iOS)"])
    }
}
