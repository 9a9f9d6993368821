@testable import Injection
import Testing

/// The registry of live containers (read by diagnostics, assemblies and mapping loops) lists
/// containers without keeping them alive, and never hands out one that has died.
struct ContainerRegistryTests {
    @Test func aLiveContainerIsListedAndADeadOneIsNot() {
        let name = uniqueName("registry-live")
        weak var dropped: Container?
        do {
            let container = Container(name: name)
            dropped = container
            #expect(ContainerRegistry.shared.all.contains { $0 === container })
        }
        #expect(dropped == nil, "the registry kept a container alive")
        #expect(!ContainerRegistry.shared.all.contains { $0.name == name })
    }

    @Test func containersCreatedAndDroppedInBulkAreNotListed() {
        let survivor = Container(name: uniqueName("registry-survivor"))
        for index in 0..<200 { _ = Container(name: uniqueName("registry-temporary-\(index)")) }
        let listed = ContainerRegistry.shared.all
        #expect(listed.contains { $0 === survivor })
        #expect(!listed.contains { $0.name.hasPrefix("registry-temporary-") })
    }

    @Test func listingWhileContainersDieOnOtherThreadsHandsOutOnlyLiveOnes() async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    for index in 0..<500 {
                        let container = Container(name: "registry-churn-\(index)")
                        container.register { XYZService() }
                        _ = container.resolve(XYZService.self)
                    }
                }
            }
            group.addTask {
                for _ in 0..<200 {
                    // Every container handed out is alive: reading its state must not crash.
                    for container in ContainerRegistry.shared.all { _ = container.state.withLock { $0.unnamed.count } }
                }
            }
        }
    }
}
