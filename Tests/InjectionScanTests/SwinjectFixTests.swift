import Injection
import InjectionGraph
import Testing
@testable import InjectionScan

/// A missing registration in a Swinject app is fixed in Swinject's spelling: `register(P.self)
/// { _ in … }` on the assembly's `container`, with its object scope when the requester is long-lived.
struct SwinjectFixTests {
    @Test func aProtocolAConcreteTypeANameAndALongLivedRequester() {
        #expect(SwinjectFix.line(receiver: "container", asked: "Feed", name: nil, near: [], requesterScope: nil, isProtocol: true)
            == "container.register(Feed.self) { _ in <#Implementation#>() }")
        #expect(SwinjectFix.line(receiver: "container", asked: "Clock", name: "utc", near: [], requesterScope: .unique, isProtocol: false)
            == "container.register(Clock.self, name: \"utc\") { _ in <#Clock#>() }")
        let concrete = NearMiss(kind: .concreteType, service: ServiceIdentity(type: "LiveFeed", container: "container"))
        #expect(SwinjectFix.line(receiver: "app", asked: "Feed", name: nil, near: [concrete], requesterScope: .singleton, isProtocol: true)
            == "app.register(Feed.self) { _ in LiveFeed() }.inObjectScope(.container)")
        #expect(SwinjectFix.line(receiver: "app", asked: "Feed", name: nil, near: [], requesterScope: .shared, isProtocol: true)
            == "app.register(Feed.self) { _ in <#Implementation#>() }")  // a weak holder keeps no captive
    }

    @Test func aNameThatReadsAsATypoIsNamedAndAnUnrelatedOneIsNot() {
        let registered = NearMiss(kind: .otherName, service: ServiceIdentity(type: "Clock", name: "utc", container: "container"))
        #expect(SwinjectFix.line(receiver: "container", asked: "Clock", name: "ucc", near: [registered], requesterScope: nil, isProtocol: false)
            == "did you mean the name \"utc\"? Resolve Clock with name: \"utc\", or add container.register(Clock.self, name: \"ucc\") { _ in <#Clock#>() }")
        #expect(SwinjectFix.line(receiver: "container", asked: "Clock", name: "berlin", near: [registered], requesterScope: nil, isProtocol: false)
            == "container.register(Clock.self, name: \"berlin\") { _ in <#Clock#>() }")
    }

    @Test func onlyAnAllSwinjectContainerOrASwinjectRequesterTakesIt() {
        func registration(_ style: String) -> DeclaredRegistration {
            DeclaredRegistration(
                id: 1, service: ServiceIdentity(type: "A", container: "c"), scope: nil, form: "register", style: style,
                location: DeclaredLocation(path: "A.swift", line: 1, column: 1, fileID: "App/A.swift"))
        }
        #expect(SwinjectFix.applies(requester: registration("swinject"), container: [registration("injection")]))
        #expect(!SwinjectFix.applies(requester: registration("resolver"), container: [registration("swinject")]))
        #expect(SwinjectFix.applies(requester: nil, container: [registration("swinject"), registration("swinject")]))
        #expect(!SwinjectFix.applies(requester: nil, container: [registration("swinject"), registration("injection")]))
        #expect(!SwinjectFix.applies(requester: nil, container: []))
    }
}
