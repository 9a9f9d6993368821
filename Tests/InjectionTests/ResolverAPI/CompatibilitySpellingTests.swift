import Foundation
import Injection
import Synchronization
import Testing

extension Container.Name {
    static let spellingBarney = Self("barney")
}

/// Spellings written against Resolver or the keypath article compile against the drop-in and
/// mean what they meant there: ``Arguments`` is a plain value (kept, handed to a helper, read
/// inside `#expect`), and `InjectionMapper[keyPath]` reads the mapping or nil.
struct CompatibilitySpellingTests {
    // MARK: - Resolver's names for the main container and the container scope

    @Test func mainAndRootAreTheSharedContainer() {
        let app = Container(name: uniqueName("app"))
        withContainer(app) {
            Container.main.register(name: "fred") { "main" }
            #expect(Container.root.resolve(String.self, name: "fred") == "main")
            #expect(Container.main === Container.shared && Container.root === app)
        }
    }

    @Test func theContainerScopeIsCached() {
        final class Kept: Sendable {}
        let app = Container(name: uniqueName("app"))
        app.register { Kept() }.scope(.container)
        #expect(Scope.container.name == "cached")
        let first = app.resolve(Kept.self)
        #expect(app.resolve(Kept.self) === first)
        app.reset(.cached)
        #expect(app.resolve(Kept.self) !== first)
    }

    /// Resolver's `resolver.cache.reset()` resets that container's `.container` scope, and only
    /// that container's.
    @Test func theContainersCacheResetsItsContainerScope() {
        final class Kept: Sendable {}
        let resolver = Container(name: uniqueName("resolver")), other = Container(name: uniqueName("other"))
        resolver.register { Kept() }.scope(.container)
        other.register { Kept() }.scope(.container)
        let first = resolver.resolve(Kept.self), otherFirst = other.resolve(Kept.self)
        resolver.cache.reset()
        #expect(resolver.resolve(Kept.self) !== first)
        #expect(other.resolve(Kept.self) === otherFirst)
    }

    @Test func resolverNamesAreStrings() {
        let resolver = Container(name: uniqueName("resolver"))
        resolver.register(name: .spellingBarney) { "barney" }
        #expect(resolver.resolve(String.self, name: .name(fromString: "barney")) == "barney")
        #expect(ResolverScope.application == Scope.singleton && ResolverScope.container == Scope.cached)
    }

    /// Resolver's caches and decorator were the whole process's: each runs in a process of its own.
    @Test func aScopesResetResetsEveryLiveContainer() async {
        await #expect(processExitsWith: .success) {
            final class Kept: Sendable {}
            let first = Container(name: "first"), second = Container(name: "second")
            first.register { Kept() }.scope(.cached)
            second.register { Kept() }.scope(.cached)
            let before = (first.resolve(Kept.self), second.resolve(Kept.self))
            ResolverScope.cached.reset()
            if first.resolve(Kept.self) === before.0 || second.resolve(Kept.self) === before.1 { exit(1) }
        }
    }

    @Test func theProcessWideDecoratorSeesEveryBuiltInstance() async {
        await #expect(processExitsWith: .success) {
            final class Decorated: Sendable {}
            let seen = Mutex<[ObjectIdentifier]>([])
            let resolver = Container(name: "decorated")
            resolver.register { Decorated() }
            Container.decorate = { service in seen.withLock { $0.append(ObjectIdentifier(service as AnyObject)) } }
            let service = resolver.resolve(Decorated.self)
            guard seen.withLock({ $0 }) == [ObjectIdentifier(service)], Container.decorate != nil else { exit(1) }
            Container.decorate = nil
            _ = resolver.resolve(Decorated.self)
            if seen.withLock({ $0.count }) != 1 { exit(2) }
        }
    }

    /// Resolver's `Resolver.defaultScope = .graph`: later registrations that name no scope, in
    /// every spelling, take it; named scopes and earlier registrations keep theirs.
    @Test func theProcessWideDefaultScopeAppliesToLaterRegistrations() async {
        await #expect(processExitsWith: .success) {
            final class Part: Sendable {}
            final class Whole: Sendable {
                let first: Part, second: Part
                init(first: Part, second: Part) { self.first = first; self.second = second }
            }
            final class Earlier: Sendable {}
            final class Named: Sendable {}
            final class Maybe: Sendable {}
            let resolver = Container(name: "defaults")
            if Container.defaultScope != .unique { exit(1) }
            resolver.register { Earlier() }
            Container.defaultScope = .graph
            if Container.defaultScope != .graph { exit(2) }
            resolver.register { Part() }
            resolver.register { c in Whole(first: c.resolve(), second: c.resolve()) }
            resolver.register(scope: .unique) { Named() }
            resolver.register(Maybe.self) { Maybe() as Maybe? }
            let whole = resolver.resolve(Whole.self)
            // `.graph`: one Part per resolution pass, a new one in the next pass.
            if whole.first !== whole.second || resolver.resolve(Whole.self).first === whole.first { exit(3) }
            if resolver.resolve(Earlier.self) === resolver.resolve(Earlier.self) { exit(4) }
            if resolver.resolve(Named.self) === resolver.resolve(Named.self) { exit(5) }
            Container.defaultScope = .application
            resolver.register(Maybe.self) { Maybe() as Maybe? }
            if resolver.resolve(Maybe.self) !== resolver.resolve(Maybe.self) { exit(6) }
            Container.register { Named() }
            if Container.shared.resolve(Named.self) !== Container.shared.resolve(Named.self) { exit(7) }
        }
    }

    // MARK: - Resolver's argument tests, as written (XCTAssert spelled #expect)

    @Test func resolverTestSingleArgument() {
        let resolver = Container(name: uniqueName("resolver"))
        resolver.register { (r, arg) -> XYZArgumentService in
            #expect(arg.get(Bool.self))
            return XYZArgumentService(condition: arg.get())
        }
        let service: XYZArgumentService? = resolver.optional(args: true)
        #expect(service != nil)
        #expect(service?.condition == true)
        #expect(service?.string == "Barney")
    }

    @Test func resolverTestPropertiesSingleArgument() {
        let resolver = Container(name: uniqueName("resolver"))
        resolver.register { XYZArgumentService() }
            .resolveProperties { (r, s, arg) in
                #expect(arg.get(Bool.self))
                s.condition = arg.get()
            }
        let service: XYZArgumentService? = resolver.optional(args: true)
        #expect(service != nil)
        #expect(service?.condition == true)
        #expect(service?.string == "Barney")
    }

    @Test func resolverTestMultipleArguments() {
        let resolver = Container(name: uniqueName("resolver"))
        resolver.register { (r, args) -> XYZArgumentService in
            let condition: Bool = args("condition")
            #expect(condition)
            let string: String = args("string")
            #expect(string == "Fred")
            return XYZArgumentService(condition: condition, string: string)
        }
        let service: XYZArgumentService? = resolver.optional(args: ["condition": true, "string": "Fred"])
        #expect(service != nil)
        #expect(service?.condition == true)
        #expect(service?.string == "Fred")
    }

    // MARK: - Arguments as a value

    /// An app's helper that builds from the arguments a factory was given.
    static func make(_ r: Container, _ args: Arguments) -> XYZArgumentService {
        XYZArgumentService(condition: args("condition"), string: args.optional("string") ?? "Barney")
    }

    @Test func argumentsArePassedToAHelper() {
        let app = Container(name: uniqueName("app"))
        app.register { r, args in Self.make(r, args) }
        let service: XYZArgumentService = app.resolve(args: ["condition": true, "string": "Wilma"])
        #expect(service.condition && service.string == "Wilma")
    }

    /// A service that keeps the arguments it was built with, and reads them later.
    final class KeepsItsArguments {
        let args: Arguments
        init(_ args: Arguments) { self.args = args }
    }

    @Test func argumentsAreStoredAndReadAfterTheResolveReturned() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in KeepsItsArguments(args) }
        let kept: KeepsItsArguments = app.resolve(args: (id: 7, name: "seven"))
        #expect(kept.args("id", as: Int.self) == 7)
        #expect(kept.args.get(1, as: String.self) == "seven")
        let copy = kept.args
        #expect(copy.keys == ["id", "name"])
    }

    // MARK: - The article's mapper getter

    @Test func theMapperReadsNilWhenNothingIsMappedAndTheMappingWhenSomethingIs() {
        withContainer(Container(name: uniqueName("mapper"))) {
            #expect(InjectionMapper[\.login.viewModel] == nil)
            if InjectionMapper[\.login.useCase] == nil {
                InjectionMapper[\.login.useCase] = \.login.mockTestUseCase
            }
            #expect(InjectionMapper[\.login.useCase] != nil)
            #expect(InjectionMapper.target(of: \.login.useCase) == \.login.mockTestUseCase)
            #expect(InjectionMapper.target(of: \.login.viewModel) == \.login.viewModel)
            InjectionMapper[\.login.useCase] = nil
            #expect(InjectionMapper[\.login.useCase] == nil)
        }
    }

    @Test func theKeypathReadStillCompilesAndAnswersTheTarget() {
        withContainer(Container(name: uniqueName("mapper"))) {
            InjectionMapper[\.login.viewModel] = \.login.mockTestViewModel
            #expect(deprecatedKeypathRead() == \.login.mockTestViewModel)
        }
    }

    /// Today's non-optional read, deprecated (it says to write `InjectionMapper.target(of:)`).
    @available(*, deprecated)
    private func deprecatedRead() -> any KeyPath<Container, Provider<LoginViewModel>> & Sendable {
        InjectionMapper[\.login.viewModel]
    }

    private func deprecatedKeypathRead() -> any KeyPath<Container, Provider<LoginViewModel>> & Sendable {
        deprecatedRead()
    }
}
