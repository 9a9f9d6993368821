import Synchronization

extension Container {
    /// Adds a container to search after this one, as Resolver's `add(child:)` does: a key this
    /// container does not register is looked up in its added children, in the order they were
    /// added (each with its own added children, depth first), before the parent.
    ///
    /// ```swift
    /// let main = Container(name: "main")
    /// let network = Container(name: "network")
    /// network.register { APIClient() }
    /// main.add(child: network)
    /// let client: APIClient = main.resolve()     // found in `network`
    /// ```
    /// The factory runs in the container the resolve started in, so the services it resolves
    /// come from there (and its overrides apply); the instance is kept in the child that holds the
    /// registration. Adding a container that already reaches this one would make the search loop,
    /// so it stops the program with a message.
    public func add(child: Container) {
        precondition(
            !child.reachesByAddedChildren(self),
            "add(child:) would make a loop: '\(name)' is '\(child.name)' or one of the containers added to it. "
                + "Fix: add '\(child.name)' to a container it does not already search.")
        addedChildren.withLock { $0.append(child) }
        hasAddedChildren.store(true, ordering: .releasing)
    }

    /// The containers added with ``add(child:)``, in search order (not theirs).
    public var children: [Container] { addedChildren.withLock { $0 } }

    /// Whether `other` is this container or one it searches through added children.
    func reachesByAddedChildren(_ other: Container) -> Bool {
        if self === other { return true }
        return children.contains { $0.reachesByAddedChildren(other) }
    }

    /// The first added child (depth first, in order added) that has `key`, with what its table
    /// says about it.
    func lookupInAddedChildren<Key: EntryKey>(_ key: Key, lifetime: ServiceLifetime) -> (Container, Lookup)? {
        for child in children {
            let lookup = child.state.withLock { key.lookup(in: $0, lifetime: lifetime) }
            if case .missing = lookup {
                if child.hasAddedChildren.load(ordering: .acquiring),
                   let found = child.lookupInAddedChildren(key, lifetime: lifetime) {
                    return found
                }
                continue
            }
            return (child, lookup)
        }
        return nil
    }
}
