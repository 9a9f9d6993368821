@testable import Injection
import Synchronization
import Testing

// Plain sub-containers (no library types), beside the provider fixtures in LoginFixtures.swift.
private protocol PlainGreeting: AnyObject { var text: String { get } }
private final class Hello: PlainGreeting { var text: String { "hello" } }
private final class Hi: PlainGreeting { var text: String { "hi" } }
private final class Needy: PlainGreeting {
    init(_ name: String) {}
    var text: String { "needy" }
}
private struct PlainGreetings {
    var greeting: PlainGreeting { Hello() }
    var informal: PlainGreeting { Hi() }
    /// A body that asks the container: the resolve inside is an edge from `Greetings.needy`.
    var needy: PlainGreeting { Needy(Container.shared.resolve(String.self, name: "missing-name")) }
}
private final class PlainClock {}
private final class PlainLayerLoopA { init() { _ = Container[\.plainLoop.b] } }
private final class PlainLayerLoopB { init() { _ = Container[\.plainLoop.a] } }
private struct PlainLoopContainer {
    var a: PlainLayerLoopA { PlainLayerLoopA() }
    var b: PlainLayerLoopB { PlainLayerLoopB() }
}
extension Container {
    fileprivate var plainGreetings: PlainGreetings { PlainGreetings() }
    fileprivate var plainClock: PlainClock { PlainClock() }
    fileprivate var plainLoop: PlainLoopContainer { PlainLoopContainer() }
}

struct PlainKeyPathTests {
    /// Events of the container named `name` while `body` runs.
    func events(_ name: String, _ body: (Container) -> Void) -> [ResolutionEvent] {
        let events = Mutex<[ResolutionEvent]>([])
        let token = ResolutionEvents.addObserver { event in
            let container: String? = switch event.kind {
            case .registered(let registered): registered.service.container
            case .resolved(let resolved): resolved.service.container
            case .mappingChanged(let change): change.container
            default: nil
            }
            if container == name { events.withLock { $0.append(event) } }
        }
        body(Container(name: name))
        token.cancel()
        return events.withLock { $0 }
    }

    @Test func aProviderKeypathTakesTheProvidersPath() {
        // Compiles only if the subscript answers the service (a `Provider` has no `title`), and
        // the registration is the provider's, at its declaration, not a plain one at this line.
        let recorded = events("plain-vs-provider") { container in
            #expect(container[\.login.useCase].login())
            #expect(container[\.plainGreetings.greeting].text == "hello")
        }
        let registered = recorded.compactMap { event -> String? in
            guard case .registered(let registered) = event.kind else { return nil }
            return "\(registered.service.description) at \(registered.location.fileID)"
        }
        #expect(registered == [
            "Login.useCase: LoginUseCase at InjectionTests/LoginFixtures.swift",
            "PlainGreetings.greeting: PlainGreeting at InjectionTests/PlainKeyPathTests.swift",
        ])
    }

    @Test func twoLiteralsOfOneKeyPathAreOneService() {
        let recorded = events("plain-literals") { container in
            _ = container[\.plainGreetings.greeting]
            _ = container[\.plainGreetings.greeting]   // another literal, another keypath object
            container.mappings[\.plainGreetings.greeting] = \.plainGreetings.informal
            #expect(container[\.plainGreetings.greeting].text == "hi")
        }
        let registered = recorded.filter { if case .registered = $0.kind { true } else { false } }
        #expect(registered.count == 2)   // greeting once, informal once
    }

    @Test func aPropertyOfTheContainerItselfHasNoLayer() {
        let recorded = events("plain-top-level") { container in _ = container[\.plainClock] }
        let services = recorded.compactMap { event -> ServiceIdentity? in
            if case .resolved(let resolved) = event.kind { return resolved.service }
            return nil
        }
        #expect(services.map(\.description) == ["plainClock: PlainClock"])
        #expect(services.first?.layer == nil)
    }

    @Test func validationBuildsAPlainPropertyAndNamesItAsTheRequester() {
        let container = Container(name: "plain-body")
        let report = container.validate(\.plainGreetings.needy)
        guard report.problems.count == 1, case .missing(let missing) = report.problems[0] else {
            Issue.record("\(report)")
            return
        }
        #expect(missing.requested.description == "String (name: \"missing-name\")")
        #expect(missing.requesterChain.map(\.description) == ["PlainGreetings.needy: PlainGreeting"], "\(report)")
    }

    @Test func aCycleThroughPlainPropertiesIsCaughtWithItsPath() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container(name: "plain-cycle")
            withContainer(container) { _ = container[\.plainLoop.a] }
        }
        let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(stderr.contains(
            "Dependency cycle: PlainLoop.a: PlainLayerLoopA → PlainLoop.b: PlainLayerLoopB → PlainLoop.a: PlainLayerLoopA in 'plain-cycle'"),
            "\(stderr)")
    }

    @Test func mappingsWorkInChildrenAndLazyReads() {
        let app = Container(name: "plain-parent")
        app.mappings[\.plainGreetings.greeting] = \.plainGreetings.informal
        let child = app.makeChild(name: "plain-child")
        #expect(child[\.plainGreetings.greeting].text == "hi")   // the parent's mapping applies
        final class Reader { @LazyInjected(\.plainGreetings.greeting) var greeting }
        let reader = withContainer(child) { Reader() }
        #expect(withContainer(child) { reader.greeting.text } == "hi")
        app.resetMapping(\.plainGreetings.greeting)
        #expect(child[\.plainGreetings.greeting].text == "hello")
        #expect(app.mapping(for: \.plainGreetings.greeting) == nil)
    }

    @Test func aMappingOfAPlainPropertySurvivesAnAssemblyChange() {
        let container = Container(name: "plain-assembly")
        container.use(LiveLayers())
        container.map(\.plainGreetings.informal, to: \.plainGreetings.greeting)
        container.use(MockLayers())
        #expect(container[\.plainGreetings.greeting].text == "hi")
    }

    // MARK: - Naming

    @Test func descriptionsNameStoredAndSymbolicatedComponents() {
        #expect(PlainKeyPaths.name(of: \Container.plainGreetings.greeting) == ("PlainGreetings", "greeting"))
        let darwin = KeyPathDescription.components(of: "\\Container.login.viewModel")
        #expect(darwin.map(\.name) == ["login", "viewModel"])
        let linux = KeyPathDescription.components(
            of: "\\Container.<computed 0x000055de02c5f030 (LoginContainer)>.<computed 0x000055de02c5f060 (Optional<LoginViewModel>)>?")
        #expect(linux.map(\.type) == ["LoginContainer", "Optional<LoginViewModel>"])
        #expect(linux.map(\.address) == [0x55de02c5f030, 0x55de02c5f060])
        #expect(KeyPathDescription.components(of: "not a keypath") == [])
    }

    @Test func demangledGetterNamesGiveTheMember() {
        #expect(KeyPathSymbols.memberName(fromDemangled:
            "key path getter for App.LoginContainer.viewModel : App.LoginViewModel : App.LoginContainer") == "viewModel")
        #expect(KeyPathSymbols.memberName(fromDemangled:
            "key path getter for App.Box<App.A.B>.value : App.A.B : App.Box<App.A.B>") == "value")
        #expect(KeyPathSymbols.memberName(fromDemangled: "App.LoginContainer.useCase.getter : App.LoginUseCase") == "useCase")
        #expect(KeyPathSymbols.memberName(fromDemangled:
            "key path getter for App.Container.(plainClock in _6F1C) : App.PlainClock : App.Container") == "plainClock")
        #expect(KeyPathSymbols.memberName(fromDemangled: "App.LoginContainer.<subscript>") == nil)
    }

    @Test func anUnknownAddressIsNotNamed() {
        #expect(KeyPathSymbols.memberName(at: 1) == nil)
    }
}
