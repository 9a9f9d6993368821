import InjectionScanFacts
import SourceFacts
import Testing

@Suite struct ResolverStyleTests {
    let file = "Resolver/Registrations.swift"

    @Test func registrationForms() throws {
        let facts = try Fixture.scan(file)
        #expect(facts.imports == ["Resolver"])
        let implements = try #require(facts.registration("#R:implements", file))
        #expect(implements.style == .resolver && implements.service == "XYZFetcher" && implements.implements == ["XYZFetching"])
        #expect(implements.container == ContainerReference(expression: "self", type: "Resolver") && implements.certainty == .exact)
        let application = try #require(facts.registration("#R:application", file))
        #expect(application.service == "XYZService" && application.scope == ScopeFact(written: ".application", normalized: "application"))
        let named = try #require(facts.registration("#R:named", file))
        #expect(named.name?.value == "edit" && named.service == "XYZViewModel" && named.implementation == "EditViewModel")
        #expect(facts.registration("#R:nameConstant", file)?.name == NameFact(value: ".fred", isLiteral: false))
        let arguments = try #require(facts.registration("#R:args", file))
        #expect(arguments.argumentTypes == ["Arguments"] && arguments.service == "Detail")
        let model = try #require(facts.registration("#R:model", file))
        let edges = facts.requests.filter { $0.inRegistration == model.id }
        #expect(edges.count == 2 && edges.allSatisfy { $0.contextualCall?.callee == "Model" && $0.line == model.line })
        #expect(facts.registration("#R:static", file)?.container == ContainerReference(expression: "Resolver", type: "Resolver"))
        // A type's static factory builds that type, as `X.shared` is one.
        let staticFactory = try #require(facts.registration("#R:staticFactory", file))
        #expect(staticFactory.service == "DispatchQueue" && staticFactory.certainty == .exact)
        let mock = try #require(facts.registration("#R:mockRegister", file))
        #expect(mock.container == ContainerReference(expression: "Resolver.mock", type: "Resolver") && mock.service == "XYZFetching")
    }

    @Test func ifClausesAreTaggedAndExclusive() throws {
        let facts = try Fixture.scan(file)
        #expect(facts.registration("#R:debugMock", file)?.conditions == ["DEBUG"])
        #expect(facts.registration("#R:release", file)?.conditions == ["!(DEBUG)"])
        let debug = try Fixture.scan(file, defines: ["DEBUG"])
        #expect(debug.registration("#R:debugMock", file)?.conditions == [])
        #expect(!debug.registrations.contains { $0.line == Fixture.line("#R:release", in: file) })
    }

    @Test func mockContainers() throws {
        let facts = try Fixture.scan(file)
        let mock = try #require(facts.container("#C:mock", file))
        #expect(mock.kind == .child && mock.binding == "Resolver.mock" && mock.parent == "main")
        let root = try #require(facts.container("#C:root", file))
        #expect(root.kind == .rootAssignment && root.members == ["mock"])
        #expect(facts.container("#C:registering", file)?.kind == .assembly)
    }

    @Test func siteForms() throws {
        let file = "Resolver/Sites.swift"
        let facts = try Fixture.scan(file)
        let expected: [(String, String, RequestAccess, String)] = [
            ("#S:injected", "Injected", .eager, "XYZFetching"), ("#S:lazy", "LazyInjected", .lazy, "XYZService"),
            ("#S:weak", "WeakLazyInjected", .weakLazy, "Delegate"), ("#S:optional", "OptionalInjected", .optional, "Banner"),
            ("#S:object", "InjectedObject", .eager, "ObservableModel"),
        ]
        for (marker, wrapper, access, service) in expected {
            let site = try #require(facts.request(marker, file))
            #expect(site.wrapper == wrapper && site.access == access && site.service == service && site.style == .resolver, "\(marker)")
        }
        #expect(facts.request("#S:named", file)?.name?.value == "edit")
        // `.fred` is kept as written, with the constant's string beside its declaration: the
        // linker, which sees every file, reads one through the other.
        let fred = try #require(facts.types.first { $0.name == "Resolver.Name" }?.properties.first { $0.name == "fred" })
        #expect(fred.line == Fixture.line("#P:fred", in: file) && fred.isStatic && fred.stringValue == "fred")
        #expect(facts.types.first { $0.name == "Resolver.Name" }?.properties.first { $0.name == "barney" }?.stringValue == "barney")
        let constant = try #require(facts.request("#S:nameConstant", file))
        #expect(constant.name == NameFact(value: ".fred", isLiteral: false) && constant.service == "XYZService" && constant.wrapper == "Injected")
        let resolveConstant = try #require(facts.request("#S:resolveNameConstant", file))
        #expect(resolveConstant.name == NameFact(value: ".barney", isLiteral: false) && resolveConstant.form == .resolveCall)
        #expect(facts.request("#S:nameFromString", file)?.name == NameFact(value: "wilma", isLiteral: true))
        let locator = try #require(facts.request("#S:locator", file))
        #expect(locator.form == .resolveCall && locator.service == "XYZService" && locator.inRegistration == nil && locator.container?.expression == "Resolver")
        #expect(locator.access == .eager && locator.member == "direct")
        // A lazy stored property resolves at first read, not while its holder is built.
        let lazyStored = try #require(facts.request("#S:lazyStored", file))
        #expect(lazyStored.access == .lazy && lazyStored.member == "later" && lazyStored.service == "XYZService")
        // Typed by its argument, it still names the property it fills.
        let explicit = try #require(facts.request("#S:storedExplicit", file))
        #expect(explicit.access == .eager && explicit.member == "explicit" && explicit.service == "XYZService")
        let defaultArgument = try #require(facts.request("#S:default", file))
        #expect(defaultArgument.form == .defaultArgument && defaultArgument.service == "XYZFetching" && defaultArgument.member == "fetcher")
    }
}

@Suite struct SwinjectStyleTests {
    let file = "Swinject/Assembly.swift"

    @Test func registrationsAndEdges() throws {
        let facts = try Fixture.scan(file)
        let scoped = try #require(facts.registration("#R:scoped", file))
        #expect(scoped.style == .swinject && scoped.form == .swinjectRegister && scoped.service == "Networking" && scoped.implementation == "Network")
        #expect(scoped.scope == ScopeFact(written: ".container", normalized: "container") && scoped.container == ContainerReference(expression: "container", type: "Container"))
        let named = try #require(facts.registration("#R:named", file))
        #expect(named.name?.value == "v2" && named.service == "API")
        let edge = try #require(facts.request("#S:edge", file))
        #expect(edge.inRegistration == named.id && edge.service == "Networking" && edge.access == .eager)
        let arguments = try #require(facts.registration("#R:arguments", file))
        #expect(arguments.argumentTypes == ["Int"])
        let namedEdge = try #require(facts.request("#S:namedEdge", file))
        #expect(namedEdge.name?.value == "v2" && namedEdge.service == "API" && namedEdge.inRegistration == arguments.id)
        let presenter = try #require(facts.registration("#R:presenter", file))
        #expect(presenter.modifiers == ["initCompleted"])
        let completed = try #require(facts.request("#S:initCompleted", file))
        #expect(completed.inRegistration == presenter.id && completed.phase == .properties && completed.access == .optional && completed.service == "View")
        #expect(facts.registration("#R:anyName", file)?.container == ContainerReference(expression: "services", type: "Container"))
    }

    @Test func assembliesAndServiceLocatorSites() throws {
        let facts = try Fixture.scan(file)
        #expect(facts.container("#C:assembly", file)?.kind == .assembly)
        let assembler = try #require(facts.container("#C:assembler", file))
        #expect(assembler.kind == .useAssembly && assembler.members == ["ServiceAssembly"] && assembler.binding == "assembler")
        #expect(facts.container("#C:services", file)?.kind == .container)
        let locator = try #require(facts.request("#S:locator", file))
        #expect(locator.inRegistration == nil && locator.service == "API" && locator.name?.value == "v2" && locator.access == .eager)
        let argument = try #require(facts.request("#S:argument", file))
        #expect(argument.arguments == ["3"] && argument.access == .optional)
    }

    /// `container.synchronize()` is the same container, thread-safe: resolves on it (kept in a
    /// local or chained) are that container's sites, and edges inside a factory.
    @Test func synchronizedResolversAreTheSameContainer() throws {
        let facts = try Fixture.scan(file)
        let services = ContainerReference(expression: "services", type: "Container")
        let kept = try #require(facts.request("#S:synchronized", file))
        #expect(kept.container == services && kept.service == "Cache" && kept.access == .eager && kept.inRegistration == nil
                && kept.certainty == .exact, "\(kept)")
        let chained = try #require(facts.request("#S:synchronizedChain", file))
        #expect(chained.container == services && chained.service == "Cache" && chained.access == .optional && chained.certainty == .exact)
        let loader = try #require(facts.registration("#R:loader", file))
        let edge = try #require(facts.request("#S:synchronizedEdge", file))
        #expect(edge.container == services && edge.service == "Cache" && edge.inRegistration == loader.id && edge.phase == .factory)
    }
}

@Suite struct FactoryStyleTests {
    let file = "Factory/Containers.swift"

    @Test func membersScopesAndOverrides() throws {
        let facts = try Fixture.scan(file)
        let singleton = try #require(facts.registration("#R:singleton", file))
        #expect(singleton.form == .factoryMember && singleton.style == .factory && singleton.member == "network" && singleton.service == "Networking")
        #expect(singleton.scope?.normalized == "singleton" && singleton.implementation == "Network" && singleton.container?.type == "Container")
        let api = try #require(facts.registration("#R:api", file))
        let selfCall = try #require(facts.request("#S:selfCall", file))
        #expect(selfCall.form == .factoryCall && selfCall.keyPath == KeyPathFact(root: "Container", components: ["network"]) && selfCall.inRegistration == api.id)
        let factory2 = try #require(facts.registration("#R:factory2", file))
        #expect(factory2.form == .factoryMember && factory2.scope?.normalized == "cached" && factory2.implementation == "Cache")
        let parameter = try #require(facts.registration("#R:parameter", file))
        #expect(parameter.form == .parameterFactory && parameter.argumentTypes == ["Int"] && parameter.service == "Detail")
        let onTestLine = Fixture.line("#R:onTest", in: file)
        let onTest = facts.registrations.filter { $0.line == onTestLine && $0.form == .contextOverride }
        #expect(onTest.count == 1 && onTest.first?.member == "service" && onTest.first?.modifiers == ["onTest"] && onTest.first?.implementation == "MockService")
        let custom = try #require(facts.registration("#R:custom", file))
        #expect(custom.container?.type == "FeatureContainer" && custom.member == "feature")
        let cross = try #require(facts.request("#S:crossContainer", file))
        #expect(cross.keyPath == KeyPathFact(root: "Container", components: ["api"]) && cross.inRegistration == custom.id)
        let autoOverride = try #require(facts.registration("#R:autoOverride", file))
        #expect(autoOverride.form == .factoryOverride && autoOverride.member == "api" && autoOverride.implementation == "MockAPI")
        let defaultScope = try #require(facts.container("#C:defaultScope", file))
        #expect(defaultScope.kind == .defaultScope && defaultScope.scope?.normalized == "cached")
        #expect(facts.container("#C:shared", file)?.kind == .sharedContainer)
    }

    @Test func siteForms() throws {
        let file = "Factory/Sites.swift"
        let facts = try Fixture.scan(file)
        let injected = try #require(facts.request("#S:injected", file))
        #expect(injected.style == .factory && injected.keyPath == KeyPathFact(components: ["api"]) && injected.access == .eager)
        let lazy = try #require(facts.request("#S:lazy", file))
        #expect(lazy.keyPath == KeyPathFact(root: "FeatureContainer", components: ["feature"]) && lazy.access == .lazy)
        #expect(facts.request("#S:weak", file)?.access == .weakLazy)
        // `@DynamicInjected` resolves on each read: lazy, never while its holder is built.
        let dynamic = try #require(facts.request("#S:dynamic", file))
        #expect(dynamic.wrapper == "DynamicInjected" && dynamic.access == .lazy && dynamic.keyPath == KeyPathFact(components: ["network"]))
        #expect(facts.request("#S:object", file)?.wrapper == "InjectedObject")
        let observable = try #require(facts.request("#S:observable", file))
        #expect(observable.wrapper == "InjectedObservable" && observable.style == .factory && observable.access == .eager
                && observable.keyPath == KeyPathFact(components: ["observable"]) && observable.typeSource == .keyPath)
        let call = try #require(facts.request("#S:call", file))
        #expect(call.form == .factoryCall && call.keyPath == KeyPathFact(root: "Container", components: ["network"]) && call.inRegistration == nil)
        #expect(facts.request("#S:parameterCall", file)?.arguments == ["3"])
        #expect(facts.request("#S:resolveKeyPath", file)?.keyPath?.components == ["cache"])
        let override = try #require(facts.registration("#R:override", file))
        #expect(override.form == .factoryOverride && override.member == "api" && override.container?.expression == "Container.shared")
        let preview = try #require(facts.registration("#R:onPreview", file))
        #expect(preview.form == .contextOverride && preview.member == "network" && preview.modifiers == ["onPreview"])
    }
}
