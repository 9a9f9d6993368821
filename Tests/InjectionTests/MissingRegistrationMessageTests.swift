import Injection
import Testing

/// The message for a missing registration: what was asked, who asked, what was near, how to fix
/// it.
///
/// Near misses are looked for in every live container of the process, so the tests run one at a
/// time and each empties its containers when it ends: a container another thread still holds a
/// moment longer (a concurrent diagnostic scan does) then has nothing left to be near.
@Suite(.serialized)
final class MissingRegistrationMessageTests {
    /// Where the failing resolves say they were written.
    static let file: StaticString = "App/ReportScreen.swift"

    private var containers: [Container] = []

    deinit {
        for container in containers { container.removeAll() }
    }

    /// A container emptied when the test ends.
    func container(_ name: String, parent: Container? = nil) -> Container {
        let container = Container(name: name, parent: parent)
        containers.append(container)
        return container
    }

    /// The `.missing` payload of a failed throwing resolve.
    func missing<T>(_ type: T.Type, name: String? = nil, in container: Container) -> MissingRegistration? {
        do {
            _ = try container.tryResolve(type, name: name, file: Self.file, line: 7)
            Issue.record("\(type) resolved, but it should be missing")
        } catch .missing(let missing) {
            return missing
        } catch {
            Issue.record("expected a missing registration, got \(error)")
        }
        return nil
    }

    // MARK: - What was asked, who asked

    @Test func askedFromAppCode() {
        let app = container("app")
        #expect(missing(XYZReportStore.self, in: app)?.message == """
            Missing registration: XYZReportStore in 'app'
              Requested by: app code at App/ReportScreen.swift:7 (no service was being resolved)
              Fix: app.register { <#XYZReportStore#>() }
            """)
    }

    @Test func namedRequest() {
        let app = container("app")
        #expect(missing(XYZReportStore.self, name: "archive", in: app)?.message == """
            Missing registration: XYZReportStore (name: "archive") in 'app'
              Requested by: app code at App/ReportScreen.swift:7 (no service was being resolved)
              Fix: app.register(name: "archive") { <#XYZReportStore#>() }
            """)
    }

    @Test func requesterChainIsOutermostFirstWithContainers() {
        let app = container("app")
        let feature = container("feature", parent: app)
        app.register { c in try XYZReportViewModel(reporter: c.tryResolve()) }
        app.register { c in try XYZReporter(store: c.tryResolve(file: "App/Reporter.swift", line: 3)) as XYZReporting }
        feature.register { c in try XYZReportScreen(model: c.tryResolve()) }

        #expect(missing(XYZReportScreen.self, in: feature)?.message == """
            Missing registration: XYZReportStore in 'feature'
              Requested by: XYZReportScreen in 'feature' → XYZReportViewModel in 'app' → XYZReporting in 'app', at App/Reporter.swift:3
              Fix: feature.register { <#XYZReportStore#>() }
            """)
    }

    @Test func sharedContainerFixNamesContainerShared() throws {
        let shared = container("shared")
        #expect(missing(XYZReportStore.self, in: shared)?.fix == "Container.shared.register { <#XYZReportStore#>() }")
    }

    // MARK: - What was near

    @Test func sameTypeUnderAnotherName() {
        let app = container("app")
        app.register(name: "archive") { XYZReportStore() }
        #expect(missing(XYZReportStore.self, in: app)?.message == """
            Missing registration: XYZReportStore in 'app'
              Requested by: app code at App/ReportScreen.swift:7 (no service was being resolved)
              Near: XYZReportStore is registered in 'app' under the name "archive"
              Fix: app.register { <#XYZReportStore#>() }
            """)
    }

    @Test func sameTypeWithoutTheNameInTheParent() {
        let app = container("app")
        let feature = container("feature", parent: app)
        app.register { XYZReportStore() }
        #expect(missing(XYZReportStore.self, name: "archive", in: feature)?.message == """
            Missing registration: XYZReportStore (name: "archive") in 'feature'
              Requested by: app code at App/ReportScreen.swift:7 (no service was being resolved)
              Near: XYZReportStore is registered in 'app' without a name
              Fix: feature.register(name: "archive") { <#XYZReportStore#>() }
            """)
    }

    @Test func sameKeyInAChildContainer() {
        let app = container("app")
        let feature = container("feature", parent: app)
        feature.register { XYZReportStore() }
        #expect(missing(XYZReportStore.self, in: app)?.message == """
            Missing registration: XYZReportStore in 'app'
              Requested by: app code at App/ReportScreen.swift:7 (no service was being resolved)
              Near: XYZReportStore is registered in the child container 'feature'
              Fix: app.register { <#XYZReportStore#>() }
            """)
    }

    @Test func sameKeyInAnUnrelatedContainer() {
        let app = container("app")
        let widget = container("widget")
        widget.register { XYZReportStore() }
        #expect(missing(XYZReportStore.self, in: app)?.message == """
            Missing registration: XYZReportStore in 'app'
              Requested by: app code at App/ReportScreen.swift:7 (no service was being resolved)
              Near: XYZReportStore is registered in the other container 'widget'
              Fix: app.register { <#XYZReportStore#>() }
            """)
    }

    @Test func concreteTypeRegisteredWhereTheProtocolWasAsked() {
        let app = container("app")
        app.register { XYZReporter(store: XYZReportStore()) }
        #expect(missing(XYZReporting.self, in: app)?.message == """
            Missing registration: XYZReporting in 'app'
              Requested by: app code at App/ReportScreen.swift:7 (no service was being resolved)
              Near: XYZReporter is registered in 'app'; register it as the requested type to bind it
              Fix: app.register { XYZReporter() as any XYZReporting }
            """)
    }

    /// An implementation named by a word before the protocol's name shares no prefix with it.
    @Test func aWordBeforeTheProtocolsNameIsNearToo() {
        let app = container("app")
        app.register { SMTPReportSender() }
        app.register { ReportSenderFactory() }
        #expect(missing(ReportSender.self, in: app)?.message == """
            Missing registration: ReportSender in 'app'
              Requested by: app code at App/ReportScreen.swift:7 (no service was being resolved)
              Near: SMTPReportSender is registered in 'app'; register it as the requested type to bind it
              Fix: app.register { SMTPReportSender() as any ReportSender }
            """)
    }

    @Test func unrelatedTypesWithACommonPrefixAreNotNear() {
        // XYZReportScreen and XYZReportViewModel share "XYZReport" with the asked type, but are
        // not implementations of it.
        let app = container("app")
        app.register { c in XYZReportScreen(model: c.resolve()) }
        app.register { c in XYZReportViewModel(reporter: c.resolve()) }
        #expect(missing(XYZReportStore.self, in: app)?.nearMisses == [])
        #expect(missing(XYZReporting.self, in: app)?.nearMisses == [])
    }

    @Test func aFactoryReturningAnOptionalRegistersTheWrappedType() {
        // Resolver's optional factories: `register { X() as X? }` registers X (nil is "no
        // instance", not "missing"), so asking for X is no near miss of an optional any more.
        let app = container("app")
        app.register { XYZReportStore() as XYZReportStore? }
        #expect(app.isRegistered(XYZReportStore.self))
        #expect(!app.isRegistered(XYZReportStore?.self))
        #expect(app.optional(XYZReportStore.self) != nil)
    }

    @Test func severalNearMissesAreListedInAStableOrder() {
        let app = container("app")
        let feature = container("feature", parent: app)
        app.register(name: "archive") { XYZReportStore() }
        app.register(name: "cache") { XYZReportStore() }
        feature.register { XYZReportStore() }
        #expect(missing(XYZReportStore.self, in: app)?.message == """
            Missing registration: XYZReportStore in 'app'
              Requested by: app code at App/ReportScreen.swift:7 (no service was being resolved)
              Near: XYZReportStore is registered in 'app' under the name "archive"
              Near: XYZReportStore is registered in 'app' under the name "cache"
              Near: XYZReportStore is registered in the child container 'feature'
              Fix: app.register { <#XYZReportStore#>() }
            """)
    }

    @Test func nearMissesWithOtherNamesAreSortedByHowCloseTheNameIs() {
        let app = container("app")
        app.register(name: "archive") { XYZReportStore() }
        app.register(name: "catalog") { XYZReportStore() }
        app.register(name: "catalogs") { XYZReportStore() }
        let found = missing(XYZReportStore.self, name: "catalogue", in: app)
        // Closest first, not alphabetical: "catalog" is 2 edits away, "catalogs" 3, "archive" 7.
        #expect(found?.nearMisses.map { $0.service.name ?? "" } == ["catalog", "catalogs", "archive"])
        #expect(found?.fix.hasPrefix("did you mean the name \"catalog\"?") == true)
    }

    @Test func anOptionalAskedWhereTheNonOptionalIsRegisteredSaysToResolveTheNonOptional() {
        let app = container("app")
        app.register { XYZReportStore() }
        #expect(missing(XYZReportStore?.self, in: app)?.message == """
            Missing registration: Optional<XYZReportStore> in 'app'
              Requested by: app code at App/ReportScreen.swift:7 (no service was being resolved)
              Near: XYZReportStore is registered in 'app' (optional and non-optional differ)
              Fix: resolve the non-optional XYZReportStore: `app.optional(XYZReportStore.self)` gives nil when it is not registered (or `@OptionalInjected var x: XYZReportStore?`)
            """)
    }

    // MARK: - Structured payload

    @Test func payloadCarriesTheParts() throws {
        let app = container("app")
        app.register(name: "archive") { XYZReportStore() }
        let found = try #require(missing(XYZReportStore.self, in: app))
        #expect(found.requested == ServiceIdentity(type: "XYZReportStore", container: "app"))
        #expect(found.requesterChain == [])
        #expect(found.nearMisses == [NearMiss(
            kind: .otherName, service: ServiceIdentity(type: "XYZReportStore", name: "archive", container: "app"))])
        #expect(found.location == SourceLocation(fileID: "App/ReportScreen.swift", line: 7))
        #expect(ResolutionError.missing(found).message == found.message)
    }
}

protocol ReportSender {}
final class SMTPReportSender: ReportSender {}
/// Ends with no word of its own before the protocol's name: never near it.
final class ReportSenderFactory {}
