import Synchronization

extension Container {
    /// Adds a container to search after this one, as Resolver's `add(child:)`: a key this container
    /// does not register is looked up in its added children (in order, depth first), before the parent.
    ///
    /// ```swift
    /// let main = Container(name: "main")
    /// let network = Container(name: "network")
    /// network.register { APIClient() }
    /// main.add(child: network)
    /// let client: APIClient = main.resolve()     // found in `network`
    /// ```
    /// The factory runs in the container the resolve started in; the instance is kept in the child
    /// that holds the registration. Adding a container that already reaches this one stops the program.
    public func add(child: Container, file: StaticString = #fileID, line: UInt = #line) {
        // The loop check and the append are one step under one lock: two threads adding each other
        // could otherwise both pass.
        let closesLoop = Container.childAdditions.withLock { _ -> Bool in
            if child.reachesByAddedChildren(self) { return true }
            core.addedChildren.withLock { $0.append(child) }
            core.hasAddedChildren.store(true, ordering: .releasing)
            return false
        }
        if !closesLoop, EventHub.shared.isActive {
            // The graph needs the search order to tell which of two registrations of one key
            // answers (shadowing).
            EventHub.shared.emit(.containerCreated(ContainerCreated(
                container: child.traceName, parent: child.parent?.traceName, location: SourceLocation(file, line),
                addedTo: traceName)))
        }
        if closesLoop {
            InjectionDiagnostics.trap(
                "Container loop: add(child:) would make '\(name)' search '\(child.name)', which already searches "
                    + "'\(name)' (or is it), so a missing key would be looked for forever.\n"
                    + "  Fix: add '\(child.name)' to a container it does not already search.",
                file: file, line: line)
        }
    }

    /// Serialises ``add(child:file:line:)`` across containers, so its loop check holds.
    private static let childAdditions = Lock<Void>(())

    /// The containers added with ``add(child:file:line:)``, in search order (not theirs).
    public var children: [Container] { core.addedChildren.withLock { $0 } }

    /// Whether `other` is this container or one it searches through added children.
    func reachesByAddedChildren(_ other: Container) -> Bool {
        if isSame(as: other) { return true }
        return children.contains { $0.reachesByAddedChildren(other) }
    }

    /// The first added child (depth first, in order added) whose own table has `key`.
    func addedChild(holding key: EntryKey) -> Container? {
        for child in children {
            if child.core.state.withLock({ $0.entry(key) != nil }) { return child }
            if child.core.hasAddedChildren.load(ordering: .acquiring), let found = child.addedChild(holding: key) {
                return found
            }
        }
        return nil
    }
}
