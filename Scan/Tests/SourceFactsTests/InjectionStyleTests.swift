import InjectionScanFacts
import SourceFacts
import Testing

/// This library, the five article styles and the README: every registration and site form.
@Suite struct InjectionStyleTests {
    let file = "Injection/Registrations.swift"

    @Test func registrationForms() throws {
        let facts = try Fixture.scan(file)
        #expect(facts.fileID == "SourceFactsTests/Registrations.swift")  // the SwiftPM layout around the fixture
        let plain = try #require(facts.registration("#R:plain", file))
        #expect(plain.service == "Fetcher" && plain.serviceSource == .returnType && plain.implementation == "Fetcher")
        #expect(plain.container == ContainerReference(expression: "app", type: "Container") && plain.style == .injection && plain.certainty == .exact)
        let cast = try #require(facts.registration("#R:cast", file))
        #expect(cast.service == "Fetching" && cast.serviceSource == .explicit && cast.implementation == "Fetcher")
        let edge = try #require(facts.registration("#R:edge", file))
        #expect(edge.service == "Client")
        let explicit = try #require(facts.registration("#R:explicit", file))
        #expect(explicit.service == "Greeting" && explicit.implementation == "Hello")
        let named = try #require(facts.registration("#R:named", file))
        #expect(named.name == NameFact(value: "list", isLiteral: true) && named.service == "String")
        let scoped = try #require(facts.registration("#R:scoped", file))
        #expect(scoped.scope == ScopeFact(written: ".singleton", normalized: "singleton") && scoped.service == "Session")
        let chained = try #require(facts.registration("#R:chained", file))
        #expect(chained.scope?.normalized == "cached" && chained.implements == ["Greeting"] && chained.modifiers == ["scope", "implements"])
        let props = try #require(facts.registration("#R:props", file))
        #expect(props.service == "Cache" && props.modifiers == ["resolveProperties"])
        let decorate = try #require(facts.registration("#R:decorate", file))
        #expect(decorate.form == .decorate && decorate.service == "Fetching")
        let instance = try #require(facts.registration("#R:instance", file))
        #expect(instance.form == .instance && instance.service == "Logger")
        // After a type, the value is an autoclosure built on each resolve: a factory, not an instance.
        let autoclosure = try #require(facts.registration("#R:autoclosure", file))
        #expect(autoclosure.form == .register && autoclosure.service == "Fetching" && autoclosure.implementation == "Fetcher")
        let staticForm = try #require(facts.registration("#R:static", file))
        #expect(staticForm.container == ContainerReference(expression: "Container", type: "Container") && staticForm.service == "Session")
        let typed = try #require(facts.registration("#R:type", file))
        #expect(typed.form == .registerType && typed.service == "Fetching" && typed.implementation == "Fetcher")
    }

    @Test func registrationsTheScanCannotKeyAreUnresolvedNotDropped() throws {
        let facts = try Fixture.scan(file)
        let loop = try #require(facts.registration("#R:loop", file))
        #expect(loop.certainty == .unresolved && loop.enclosing.inLoop && loop.name == NameFact(value: "name", isLiteral: false))
        let generic = try #require(facts.registration("#R:generic", file))
        #expect(generic.certainty == .unresolved && generic.enclosing.isGeneric && generic.service == "T")
        // A resolve of a generic parameter: the caller's key, never called missing.
        let resolve = try #require(facts.request("#S:genericResolve", file))
        #expect(resolve.certainty == .unresolved && resolve.service == "Service" && resolve.note?.contains("generic resolveAny") == true,
                "\(resolve.note ?? "")")
    }

    @Test func edgesInsideFactoriesAndProperties() throws {
        let facts = try Fixture.scan(file)
        let edge = try #require(facts.request("#S:edge", file))
        let owner = try #require(facts.registration("#R:edge", file))
        #expect(edge.inRegistration == owner.id && edge.phase == .factory)
        #expect(edge.typeSource == .initializerParameter && edge.contextualCall == ContextualCall(callee: "Client", label: "session", index: 0, labels: ["session"]))
        let props = try #require(facts.request("#S:props", file))
        #expect(props.inRegistration == facts.registration("#R:props", file)?.id && props.phase == .properties)
        #expect(props.access == .optional && props.service == "Logger" && props.member == "logger")
    }

    @Test func containers() throws {
        let facts = try Fixture.scan(file)
        let app = try #require(facts.container("#C:app", file))
        #expect(app.kind == .container && app.binding == "app" && app.name == NameFact(value: "app", isLiteral: true))
        let child = try #require(facts.container("#C:child", file))
        #expect(child.kind == .child && child.parent == "app" && child.binding == "child")
        let add = try #require(facts.container("#C:add", file))
        #expect(add.kind == .addChild && add.parent == "app" && add.members == ["child"])
    }

    @Test func siteForms() throws {
        let file = "Injection/Sites.swift"
        let facts = try Fixture.scan(file)
        let injected = try #require(facts.request("#S:injected", file))
        #expect(injected.form == .propertyWrapper && injected.wrapper == "Injected" && injected.access == .eager && injected.service == "Fetching" && injected.member == "fetcher")
        #expect(injected.inRegistration == nil && injected.enclosing.type == "Screen")
        #expect(facts.request("#S:lazy", file)?.access == .lazy)
        let optional = try #require(facts.request("#S:optional", file))
        #expect(optional.access == .optional && optional.service == "Banner")
        #expect(facts.request("#S:named", file)?.name == NameFact(value: "list", isLiteral: true))
        let service = try #require(facts.request("#S:service", file))
        #expect(service.wrapper == "Service" && service.scope?.normalized == "singleton" && service.service == "Logger")
        // `app` is declared in another file: the linker types it.
        #expect(facts.request("#S:container", file)?.container == ContainerReference(expression: "app"))
        let local = try #require(facts.request("#S:local", file))
        #expect(local.scope?.normalized == "new" && local.member == "local" && local.enclosing.function == "load()")
        let annotated = try #require(facts.request("#S:annotated", file))
        #expect(annotated.form == .resolveCall && annotated.service == "Client" && annotated.typeSource == .annotation && annotated.inRegistration == nil)
        let contextual = try #require(facts.request("#S:contextual", file, index: 1))
        #expect(contextual.contextualCall == ContextualCall(callee: "Presenter", label: "logger", index: 1, labels: ["client", "logger"]))
        let tried = try #require(facts.request("#S:try", file))
        #expect(tried.service == "String" && tried.name?.value == "list" && tried.access == .eager)
        #expect(facts.request("#S:maybe", file)?.access == .optional)
        #expect(facts.request("#S:args", file)?.arguments == [#"["id": 3]"#])
        let explicit = try #require(facts.request("#S:explicit", file))
        #expect(explicit.service == "Session" && explicit.typeSource == .explicit)
    }

    @Test func keyPathContainersProvidersAssembliesAndTheMapper() throws {
        let file = "Injection/KeyPaths.swift"
        let facts = try Fixture.scan(file)
        let viewModel = try #require(facts.registration("#R:kpViewModel", file))
        #expect(viewModel.form == .keyPathMember && viewModel.member == "viewModel" && viewModel.service == "LoginViewModel")
        #expect(viewModel.implementation == "DefaultLoginViewModel" && viewModel.container?.type == "LoginContainer" && viewModel.certainty == .guessed)
        #expect(facts.registration("#R:kpUseCase", file)?.service == "LoginUseCase")
        #expect(facts.registration("#R:kpMock", file)?.member == "mockViewModel")
        // The hop to the sub-container is a path, not a registration.
        #expect(!facts.registrations.contains { $0.member == "login" })
        let provider = try #require(facts.registration("#R:provider", file))
        #expect(provider.form == .keyPathMember && provider.service == "SignInUseCasing" && provider.scope?.normalized == "singleton")
        #expect(provider.implementation == "SignInUseCase" && provider.container?.type == "LivePresentationLayer")
        let override = try #require(facts.registration("#R:providerOverride", file))
        #expect(override.form == .provider && override.member == "presentation.signIn" && override.container?.expression == "Container.shared")
        let inject = try #require(facts.request("#S:inject", file))
        #expect(inject.wrapper == "Inject" && inject.keyPath == KeyPathFact(components: ["login", "viewModel"]) && inject.typeSource == .keyPath)
        #expect(facts.request("#S:injectedKeyPath", file)?.keyPath == KeyPathFact(components: ["presentation", "signIn"]))
        let subscriptSite = try #require(facts.request("#S:subscript", file))
        #expect(subscriptSite.form == .keyPathSubscript && subscriptSite.keyPath?.components == ["login", "useCase"])
        #expect(facts.container("#C:layers", file)?.kind == .assembly)
        #expect(facts.container("#C:liveLayers", file)?.kind == .assembly)
        let use = try #require(facts.container("#C:use", file))
        #expect(use.kind == .useAssembly && use.members == ["LiveShopLayers"] && use.parent == "Container.shared")
        let mappings = facts.mappings.map { "\($0.line) \($0.action) \($0.from?.components ?? []) \($0.to?.components ?? [])" }
        #expect(mappings == [
            "\(Fixture.line("#M:set", in: file)) set [\"login\", \"viewModel\"] [\"login\", \"mockViewModel\"]",
            "\(Fixture.line("#M:map", in: file)) set [\"login\", \"viewModel\"] [\"login\", \"mockViewModel\"]",
            "\(Fixture.line("#M:nil", in: file)) reset [\"login\", \"viewModel\"] []",
            "\(Fixture.line("#M:reset", in: file)) reset [\"login\", \"viewModel\"] []",
            "\(Fixture.line("#M:resetAll", in: file)) resetAll [] []",
        ])
    }

    /// `c.network.api()` in a provider's factory, `container.network.api()` in a layer or a
    /// keypath container's member: each an edge from the registration whose body makes it, keyed
    /// by its member path.
    @Test func keyPathCallsInsideFactoriesAreEdges() throws {
        let file = "Injection/KeyPaths.swift"
        let facts = try Fixture.scan(file)
        let cases: [(site: String, holder: String, path: [String])] = [
            ("#S:parameterPath", "#R:products", ["network", "api"]),
            ("#S:layerContainerPath", "#R:reviews", ["network", "api"]),
            ("#S:memberBodyPath", "#R:list", ["repositories", "products"]),
            ("#S:registerPath", "#R:registered", ["repositories", "products"]),
        ]
        for (marker, holder, path) in cases {
            let site = try #require(facts.request(marker, file))
            let registration = try #require(facts.registration(holder, file))
            #expect(site.line == Fixture.line(marker, in: file) && site.form == .factoryCall && site.keyPath?.components == path, "\(marker)")
            #expect(site.inRegistration == registration.id && site.phase == .factory, "\(marker): not an edge from \(holder)")
            #expect(site.certainty == .exact && site.container?.type == "Container", "\(marker): \(site.container.map { "\($0)" } ?? "no container")")
        }
        // A provider is at its `provide(…)` call, the line the runtime records, not its member's.
        let products = try #require(facts.registration("#R:products", file))
        #expect(products.member == "products" && products.form == .keyPathMember && products.column == 9)
        // The provider with no factory call has no request in it.
        let api = try #require(facts.registration("#R:api", file))
        #expect(!facts.requests.contains { $0.inRegistration == api.id })
    }

    @Test func layerProtocolsAndSelfRegistration() throws {
        let file = "Injection/Layered.swift"
        let facts = try Fixture.scan(file)
        let layer = try #require(facts.request("#S:layerResolve", file))
        #expect(layer.service == "InteractorInjectionProtocol" && layer.typeSource == .returnType && layer.container?.expression == "self")
        let selfRegister = try #require(facts.registration("#R:selfRegister", file))
        #expect(selfRegister.container == ContainerReference(expression: "self", type: "Container") && selfRegister.service == "AppState")
        let impl = try #require(facts.registration("#R:layerImpl", file))
        #expect(impl.service == "InteractorInjectionProtocol" && impl.implementation == "InteractorInjection")
        #expect(facts.request("#S:layerEdge", file)?.inRegistration == impl.id)
        #expect(facts.request("#S:layerSite", file)?.keyPath?.components == ["interactor", "appState"])
        // The stored property the keypath goes through is declared for the linker.
        #expect(facts.types.first { $0.name == "InteractorInjection" }?.properties.map(\.name) == ["appState"])
    }
}
