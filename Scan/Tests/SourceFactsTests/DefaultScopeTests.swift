import InjectionScanFacts
import SourceFacts
import Testing

/// Default scopes set by assignment: Resolver's and this library's process-wide `defaultScope`
/// (Factory's `manager.defaultScope` is in `ResolverStyleTests`' Factory fixture), each a
/// `defaultScope` container fact of its style, keeping its `#if` clauses.
@Suite struct DefaultScopeTests {
    @Test func resolversDefaultScopeInEverySpelling() throws {
        let file = "Resolver/DefaultScope.swift"
        let facts = try Fixture.scan(file)
        let qualified = try #require(facts.container("#C:qualified", file))
        #expect(qualified.kind == .defaultScope && qualified.style == .resolver && qualified.type == "Resolver")
        #expect(qualified.scope == ScopeFact(written: ".application", normalized: "application") && qualified.conditions.isEmpty)
        // Bare, in `extension Resolver`: its static `self`.
        let bare = try #require(facts.container("#C:bare", file))
        #expect(bare.kind == .defaultScope && bare.style == .resolver && bare.scope?.normalized == "cached" && bare.conditions == ["DEBUG"])
        let viaSelf = try #require(facts.container("#C:self", file))
        #expect(viaSelf.kind == .defaultScope && viaSelf.scope?.normalized == "graph" && viaSelf.parent == "self")
        // Another type's `defaultScope` is not a container's.
        #expect(!facts.containers.contains { $0.line == Fixture.line("#C:notAContainer", in: file) })
        #expect(facts.containers.filter { $0.kind == .defaultScope }.count == 3)
        // With DEBUG decided, the clause is not listed.
        #expect(try Fixture.scan(file, defines: ["DEBUG"]).container("#C:bare", file)?.conditions == [])
    }

    @Test func thisLibrarysDefaultScopeAlsoThroughResolversName() throws {
        let file = "Injection/DefaultScope.swift"
        let facts = try Fixture.scan(file)
        let container = try #require(facts.container("#C:container", file))
        #expect(container.kind == .defaultScope && container.style == .injection && container.type == "Container")
        #expect(container.scope?.normalized == "singleton")
        let alias = try #require(facts.container("#C:alias", file))
        #expect(alias.kind == .defaultScope && alias.style == .injection && alias.scope?.normalized == "cached")
    }

    @Test func swinjectsDefaultObjectScopeOnAContainerAndAnAssembler() throws {
        let file = "Swinject/DefaultScope.swift"
        let facts = try Fixture.scan(file)
        let container = try #require(facts.container("#C:container", file))
        #expect(container.kind == .container && container.style == .swinject && container.binding == "container")
        #expect(container.scope?.normalized == "container")
        let child = try #require(facts.container("#C:child", file))
        #expect(child.kind == .child && child.parent == "container" && child.scope?.normalized == "transient")
        let assembler = try #require(facts.container("#C:assembler", file))
        #expect(assembler.kind == .useAssembly && assembler.members == ["CoreAssembly"] && assembler.scope?.normalized == "container")
    }
}
