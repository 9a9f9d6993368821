import Synchronization

/// Where a container looks for a key, written once. Every lookup that follows the chain goes
/// through here: the resolve path (``Container/locateElsewhere(_:lifetime:in:)``),
/// ``Container/isRegistered(_:name:)`` and the lazy-read report.
///
/// The order is this container's own table; then the containers added with
/// ``Container/add(child:file:line:)``, in the order added, each with its own added children
/// depth first (never their parents); then the parent, which searches the same way.
extension Container {
    /// The next container to search once this one's own table has missed `key`: the added
    /// child that holds it, else the parent; nil at the end of the chain, or for a keypath
    /// identity (which only the container that projected it knows).
    @inline(__always)
    func nextInSearch(afterMissing key: EntryKey) -> Container? {
        if case .keyPath = key { return nil }
        if core.hasAddedChildren.load(ordering: .acquiring), let child = addedChild(holding: key) {
            return child
        }
        return parent
    }

    /// The registration that answers `key` when resolved from this container; nil when none does.
    func registration(answering key: EntryKey) -> AnyRegistration? {
        var container = self
        while true {
            if let found = container.core.state.withLock({ $0.entry(key)?.registration }) {
                return found
            }
            guard let next = container.nextInSearch(afterMissing: key) else { return nil }
            container = next
        }
    }

    /// This container and its ancestors, nearest first: the one walk up the parent chain.
    var lineage: Lineage { Lineage(upcoming: self) }

    struct Lineage: Sequence, IteratorProtocol {
        var upcoming: Container?

        mutating func next() -> Container? {
            guard let container = upcoming else { return nil }
            upcoming = container.parent
            return container
        }
    }
}
