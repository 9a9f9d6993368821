import Injection
import Testing

/// `add(child:)`: containers searched after this one, before its parent (Resolver 1.4.3).
struct ChildContainerTests {
    @Test func aMissingKeyIsFoundInAnAddedChild() {
        let main = Container(name: uniqueName("main"))
        let network = Container(name: uniqueName("network"))
        network.register { NetworkService() }
        main.add(child: network)

        #expect(main.isRegistered(NetworkService.self))
        _ = main.resolve(NetworkService.self)
        #expect(main.children.map(\.name) == [network.name])
    }

    @Test func childrenAreSearchedInTheOrderAddedAfterTheContainerItself() {
        let main = Container(name: uniqueName("main"))
        let a = Container(name: uniqueName("a"))
        let b = Container(name: uniqueName("b"))
        a.register(name: "which") { "a" }
        b.register(name: "which") { "b" }
        b.register(name: "only-b") { "b" }
        main.add(child: a)
        main.add(child: b)

        #expect(main.resolve(String.self, name: "which") == "a")
        #expect(main.resolve(String.self, name: "only-b") == "b")
        main.register(name: "which") { "main" }
        #expect(main.resolve(String.self, name: "which") == "main")
    }

    @Test func theSearchIsDepthFirstAndBeforeTheParent() {
        let root = Container(name: uniqueName("root"))
        let main = Container(name: uniqueName("main"), parent: root)
        let a = Container(name: uniqueName("a"))
        let nested = Container(name: uniqueName("nested"))
        let b = Container(name: uniqueName("b"))
        root.register(name: "which") { "root" }
        nested.register(name: "which") { "nested" }
        b.register(name: "which") { "b" }
        a.add(child: nested)
        main.add(child: a)
        main.add(child: b)

        #expect(main.resolve(String.self, name: "which") == "nested")
        #expect(root.resolve(String.self, name: "which") == "root")
    }

    @Test func theInstanceIsKeptInTheChildAndItsFactoryResolvesFromTheStart() {
        let main = Container(name: uniqueName("main"))
        let feature = Container(name: uniqueName("feature"))
        feature.register { c in XYZFetcher(session: c.resolve()) as XYZFetching }.scope(.cached)
        main.register { XYZSessionManager() }   // only the resolving container has it
        main.add(child: feature)

        let fetcher: XYZFetching = main.resolve()
        #expect(main.resolve(XYZFetching.self) === fetcher)
        feature.reset(.cached)
        #expect(main.resolve(XYZFetching.self) !== fetcher)
    }

    @Test func aChildIsNotSearchedThroughItsParent() {
        let main = Container(name: uniqueName("main"))
        let parentOfChild = Container(name: uniqueName("other"))
        parentOfChild.register { XYZService() }
        let child = parentOfChild.makeChild(name: uniqueName("child"))
        main.add(child: child)
        #expect(!main.isRegistered(XYZService.self))
        #expect(main.optional(XYZService.self) == nil)
    }

    @Test func aLazyReadAnsweredByAnAddedChildNamesTheChildsRegistration() {
        let main = Container(name: uniqueName("main"))
        let network = Container(name: uniqueName("network"))
        network.register { NetworkService() }
        main.add(child: network)
        let recorder = EventRecorder(main.name, network.name)
        recorder.record {
            var service = LazyInjected<NetworkService>(container: main)
            _ = service.wrappedValue
        }
        // The registration that answered is the child's: an identity in `main` would name a
        // service nobody registered.
        #expect(recorder.lazyResolutions.map(\.service) == [ServiceIdentity(type: "NetworkService", container: network.name)])
    }

    @Test func isRegisteredAndResolveSearchInTheSameOrder() {
        let root = Container(name: uniqueName("root"))
        let main = Container(name: uniqueName("main"), parent: root)
        let child = Container(name: uniqueName("child"))
        root.register(name: "root-only") { "root" }
        child.register(name: "child-only") { "child" }
        main.add(child: child)
        for name in ["root-only", "child-only"] {
            #expect(main.isRegistered(String.self, name: name))
            #expect(main.optional(String.self, name: name) != nil)
        }
        #expect(!main.isRegistered(String.self, name: "nowhere"))
        #expect(!child.isRegistered(String.self, name: "root-only"))
    }

    @Test func addingALoopStops() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let a = Container(name: "a")
            let b = Container(name: "b")
            a.add(child: b)
            b.add(child: a)
        }
        let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(stderr.contains("Container loop: add(child:) would make 'b' search 'a', which already searches 'b'"), "\(stderr)")
    }

    @Test func addingAContainerToItselfStops() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let a = Container(name: "self-loop")
            a.add(child: a)
        }
        let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(stderr.contains("Container loop: add(child:) would make 'self-loop' search 'self-loop'"), "\(stderr)")
    }
}
