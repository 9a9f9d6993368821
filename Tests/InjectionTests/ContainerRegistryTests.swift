@testable import Injection
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The registry of live containers (read by diagnostics, assemblies and mapping loops) lists
/// containers without keeping them alive, and never hands out one that has died.
struct ContainerRegistryTests {
    @Test func aLiveContainerIsListedAndADeadOneIsNot() {
        let name = uniqueName("registry-live")
        weak var dropped: Container?
        weak var droppedCore: ContainerCore?
        do {
            let container = Container(name: name)
            dropped = container
            droppedCore = container.core
            #expect(ContainerRegistry.shared.all.contains { $0.isSame(as: container) })
        }
        #expect(dropped == nil, "the registry kept a container alive")
        // A test running in parallel may be listing the registry right now: its list holds every
        // live core (ours too) until it is done with it, so the core can outlive the container
        // for that moment. Wait for that listing to end; the registry itself holds cores weakly.
        var yields = 0
        while droppedCore != nil, yields < 1_000_000 {
            sched_yield()
            yields += 1
        }
        #expect(droppedCore == nil, "something kept the dropped container's core alive")
        #expect(!ContainerRegistry.shared.all.contains { $0.name == name })
    }

    @Test func containersCreatedAndDroppedInBulkAreNotListed() {
        let survivor = Container(name: uniqueName("registry-survivor"))
        for index in 0..<200 { _ = Container(name: uniqueName("registry-temporary-\(index)")) }
        // As above: a listing by a test running in parallel keeps the cores it listed alive until
        // it is done (seen under ASan), and they show in ours meanwhile. Ask again, letting go of
        // our own list first, until that listing is over; a core the registry kept would stay.
        func temporaryListed() -> Bool {
            ContainerRegistry.shared.all.contains { $0.name.hasPrefix("registry-temporary-") }
        }
        var tries = 0
        while temporaryListed(), tries < 2_000 {
            usleep(1_000)
            tries += 1
        }
        #expect(ContainerRegistry.shared.all.contains { $0.isSame(as: survivor) })
        #expect(!temporaryListed())
    }

    /// The registry lists handles on containers' cores (so the container itself never gets the
    /// side table a weak reference gives): a handle reads and changes the same tables.
    @Test func aListedHandleSharesTheContainersTables() throws {
        let name = uniqueName("registry-handle")
        let container = Container(name: name)
        container.register(name: "before") { XYZService() }
        let handle = try #require(ContainerRegistry.shared.all.first { $0.isSame(as: container) })
        #expect(handle !== container)
        #expect(handle.name == name && handle.parent == nil)
        #expect(handle.isRegistered(XYZService.self, name: "before"))
        handle.register(name: "after") { XYZService() }
        #expect(container.isRegistered(XYZService.self, name: "after"))
    }

    /// A handle the registry gave out keeps no container alive, neither its own nor its
    /// parent: each is released when the app drops it, with the instances it keeps (a handle
    /// still answers for the ancestry).
    @Test func aHandleKeepsNoContainerAlive() throws {
        weak var droppedParent: Container?
        weak var droppedChild: Container?
        weak var instance: XYZService?
        var handle: Container?
        do {
            let parent = Container(name: uniqueName("registry-parent"))
            let child = parent.makeChild(name: uniqueName("registry-child"))
            child.register(scope: .singleton) { XYZService() }
            instance = child.resolve(XYZService.self)
            droppedParent = parent
            droppedChild = child
            handle = ContainerRegistry.shared.all.first { $0.isSame(as: child) }
            let kept = try #require(handle)
            #expect(kept.hasAncestor(parent) && kept.parent?.isSame(as: parent) == true)
        }
        #expect(droppedChild == nil, "a registry handle kept its container alive")
        #expect(droppedParent == nil, "a registry handle kept its container's parent alive")
        #expect(instance == nil, "a registry handle kept its container's instances alive")
        #expect(handle != nil)
    }

    @Test func listingWhileContainersDieOnOtherThreadsHandsOutOnlyLiveOnes() async {
        let prefix = uniqueName("registry-churn")
        let kept = Container(name: prefix + "-kept")
        kept.register { XYZService() }
        let readings = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<2 {
                group.addTask {
                    for index in 0..<500 {
                        let container = Container(name: "\(prefix)-\(index)")
                        container.register { XYZService() }
                        _ = container.resolve(XYZService.self)
                    }
                    return []
                }
            }
            group.addTask {
                // Every container handed out is alive: its tables read (one registration at
                // most, none while it is being set up), and the one kept alive is always there.
                var counts: [Int] = []
                for _ in 0..<200 {
                    let listed = ContainerRegistry.shared.all.filter { $0.name.hasPrefix(prefix) }
                    counts.append(listed.contains { $0.isSame(as: kept) } ? 1 : -1)  // -1: the live one was missed
                    for container in listed { counts.append(container.core.state.withLock { $0.allEntries.count }) }
                }
                return counts
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(readings.count >= 200)
        #expect(readings.allSatisfy { $0 == 0 || $0 == 1 }, "a listing missed the live container (-1) or read a container's tables wrong: \(readings.filter { $0 < 0 || $0 > 1 })")
        #expect(ContainerRegistry.shared.all.contains { $0.isSame(as: kept) })
    }
}
