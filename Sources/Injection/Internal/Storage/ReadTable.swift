import Synchronization

/// One of a container's registration tables as resolves read it: a hash table read without a
/// lock while writers change it in place, under the container's lock.
///
/// A change touches one bucket: a new key fills an empty one, a replaced registration swaps the
/// bucket's node, and only growth (at half full) copies the table. (An immutable copy rebuilt
/// after every change cost each override a copy of every registration: `Benchmarks/`.)
///
/// A node is the entry's own slot (``KeyedEntrySlot``), or a ``KeyPathNode``. What a reader
/// compares in a node never changes and a bucket never empties again (a removal stores a node
/// with no registration), so a probe sees the old node, the new one, or an empty bucket where
/// the key was not yet: never a torn entry or a chain cut short. What a writer replaces is
/// released only after every read that might see it is over (``Retirement``).
///
/// Lock-free for speed: read under the lock, the transient and singleton goals were lost
/// (`Benchmarks/guard.sh`, `Benchmarks/peers.sh`; DECISIONS.md, mechanisms kept only for speed).
///
/// Stored inline in ``ContainerTables``: the buckets are one atomic load away, no reference count.
struct ReadTable<Node: KeyedReadNode>: ~Copyable, Sendable {
    typealias Key = Node.Key
    /// The buckets, owned (+1), except the shared empty table, which its static keeps: retaining it
    /// made every new container write to one cache line all threads share.
    private let storage: Atomic<Unmanaged<ReadTableStorage>>

    init() {
        // Every table starts as the shared empty one: nothing allocated for unused kinds of key.
        storage = Atomic(Unmanaged.passUnretained(ReadTableStorage.empty))
    }

    deinit {
        // No read can be in progress: a read holds the container, which holds its tables.
        let table = storage.load(ordering: .acquiring)
        if UInt(bitPattern: table.toOpaque()) != ReadTableStorage.emptyAddress { table.release() }
    }

    // MARK: - Reads without the lock (inside a read section)

    /// The entry under `key`, borrowed: valid until the read section ends. The probe of the
    /// buckets (open addressing, linear), written here, where the table is loaded.
    @inline(__always)
    func find(_ key: Key) -> BorrowedEntry? {
        storage.load(ordering: .acquiring)._withUnsafeGuaranteedRef { table in
            var index = key._rawHashValue(seed: 0) & table.mask
            while let node = table.buckets[index].load(ordering: .acquiring) {
                // Safe: this table's buckets hold only nodes of `Node` (``ReadTableStorage``).
                let typed = Unmanaged<Node>.fromOpaque(node.toOpaque())
                if typed._withUnsafeGuaranteedRef({ $0.key == key }) {
                    return typed._withUnsafeGuaranteedRef { $0.borrowed }
                }
                index = (index &+ 1) & table.mask
            }
            return nil
        }
    }

    // MARK: - Under the container's lock

    /// The node under `key`, unless there is none or it marks a removed key. Under the lock no
    /// node can be released, so it is returned owned without a read section.
    func liveNode(_ key: Key) -> Node? {
        let table = storage.load(ordering: .acquiring).takeUnretainedValue()
        guard let node = table.bucket(of: key, as: Node.self).node?.takeUnretainedValue(), !node.isRemoved else { return nil }
        return node
    }

    /// Calls `body` with every node that does not mark a removed key, in bucket order.
    func forEachLiveNode(_ body: (Node) throws -> Void) rethrows {
        try storage.load(ordering: .acquiring).takeUnretainedValue().forEachNode(as: Node.self) { node in
            if !node.isRemoved { try body(node) }
        }
    }

    /// Puts `node` under its key (a removed key's marker removes it). What it replaces goes to
    /// `retired`; a store that changes nothing (the same entry) replaces nothing.
    func store(_ node: Node, retiring retired: inout Retirement) {
        let table = storage.load(ordering: .acquiring).takeUnretainedValue()
        let (index, existing) = table.bucket(of: node.key, as: Node.self)
        if let existing {
            if existing.takeUnretainedValue().holdsSameEntry(as: node) { return }
            let replaced = table.exchange(index, with: node)
            // A replaced entry's kept instance goes now, as a reset's does: its `deinit` is not put off.
            if unsafeDowncast(replaced.takeUnretainedValue(), to: Node.self).keepsInstance {
                retired.now.append(replaced.takeRetainedValue())
            } else {
                retired.later.append(replaced.takeRetainedValue())
            }
            return
        }
        // A key the table never held: nothing to remove.
        if node.isRemoved { return }
        if table.hasRoomForOneMore {
            table.fill(index, with: node)
        } else {
            let grown = table.copyWithRoom(forMore: 1, as: Node.self)
            grown.insert(node)
            // The old buckets only (their nodes live on); the shared empty table is never freed.
            if let old = publish(grown) { retired.later.append(old) }
        }
    }

    /// Replaces the whole table with `nodes` (a container emptied, or an assembly's layers
    /// forgotten).
    func replaceAll(with nodes: [Node], retiring retired: inout Retirement) {
        let current = storage.load(ordering: .acquiring).takeUnretainedValue()
        let live = nodes.filter { !$0.isRemoved }
        if live.isEmpty && current.isEmpty { return }
        let table = live.isEmpty
            ? ReadTableStorage.empty : ReadTableStorage(capacity: ReadTableStorage.capacity(holding: live.count))
        for node in live { table.insert(node) }
        // Released as soon as reads allow: the entries dropped with it may keep instances.
        if let old = publish(table) { retired.now.append(old) }
    }

    /// Makes `table` the one reads find; returns the one it replaced, owned, or nil for the
    /// shared empty table (never freed: no read needs waiting for).
    private func publish(_ table: ReadTableStorage) -> (any AnyObject & Sendable)? {
        let new = table === ReadTableStorage.empty ? Unmanaged.passUnretained(table) : Unmanaged.passRetained(table)
        let old = storage.exchange(new, ordering: .sequentiallyConsistent)
        return UInt(bitPattern: old.toOpaque()) == ReadTableStorage.emptyAddress ? nil : old.takeRetainedValue()
    }
}

/// What writers took out of the ``ReadTable``s: released once no read can still see it.
///
/// `now` is released after the writer's lock and ``ReadSections/waitForReaders()``. `later`
/// holds what only its own memory depends on (a replaced registration keeping no instance, a
/// grown table's old buckets): it waits in the container's batch for the next wait, so tests
/// that override before every resolve pay one wait per ``ContainerTables/laterBatchSize``.
struct Retirement {
    var now: [AnyObject] = []
    var later: [any AnyObject & Sendable] = []
}

/// What the buckets of a ``ReadTable`` hold (``KeyedReadNode``). The buckets' class is not
/// generic: unspecialised generic methods looked metadata up per bucket (`Benchmarks/guard.sh`,
/// new container); the typed methods downcast.
///
/// `@unchecked Sendable`: it has no state; subclasses are checked by their own declarations.
class ReadTableEntryNode: @unchecked Sendable {
    init() {}
}

/// A node of a ``ReadTable``: its key, and the entry a read finds under it.
protocol KeyedReadNode: ReadTableEntryNode, Sendable {
    associatedtype Key: Hashable & Sendable
    var key: Key { get }
    /// The entry, borrowed; nil for a removed key.
    var borrowed: BorrowedEntry? { get }
    /// Whether this node marks a removed key.
    var isRemoved: Bool { get }
    /// Whether dropping this node may release a kept instance (then it is released at once).
    var keepsInstance: Bool { get }
}

extension KeyedReadNode {
    /// Whether `other` answers with the same registration and slot (storing it changes nothing).
    func holdsSameEntry(as other: Self) -> Bool {
        if self === other { return true }
        switch (borrowed, other.borrowed) {
        case (nil, nil): return true
        case (let mine?, let theirs?):
            return mine.registration.toOpaque() == theirs.registration.toOpaque() && mine.slot.toOpaque() == theirs.slot.toOpaque()
        default: return false
        }
    }
}

/// A keypath literal's node in the keypath table: its provider's entry, under the literal's
/// identity.
final class KeyPathNode: ReadTableEntryNode, KeyedReadNode, @unchecked Sendable {
    let key: TypeKey
    /// The provider's entry, owned while the node can be read; nil when the provider is gone.
    let entry: ContainerState.Entry?
    let borrowed: BorrowedEntry?

    init(key: TypeKey, entry: ContainerState.Entry?) {
        self.key = key
        self.entry = entry
        self.borrowed = entry.map {
            BorrowedEntry(registration: Unmanaged.passUnretained($0.registration), slot: Unmanaged.passUnretained($0.slot))
        }
    }

    var isRemoved: Bool { entry == nil }
    var keepsInstance: Bool { entry?.slot.holdsInstance ?? false }
}

/// The buckets of a ``ReadTable``: open addressing with linear probing, a power of two of them,
/// at most half of them filled. Every bucket of one table holds nodes of one kind, which the
/// typed methods (called from the ``ReadTable`` of that kind) downcast to.
///
/// `@unchecked Sendable`: the bucket pointer is immutable and every bucket is an `Atomic`;
/// ``filled`` is a plain counter that only writers read and write, under the container's lock
/// (every writer method says so), so no two threads ever access it at once. The shared
/// ``empty`` table is never written: it has no room, so the first store grows out of it.
final class ReadTableStorage: @unchecked Sendable {
    typealias Bucket = Atomic<Unmanaged<ReadTableEntryNode>?>
    /// The capacity grown to out of the shared empty table: 16 keys before the first growth.
    static let smallest = 32
    /// The table every ``ReadTable`` starts as, and returns to when emptied.
    static let empty = ReadTableStorage(capacity: 1)
    /// ``empty``'s address, to tell it apart without retaining it.
    static let emptyAddress = UInt(bitPattern: Unmanaged.passUnretained(empty).toOpaque())

    /// Read by ``ReadTable/find(_:)``'s probe, written only by the writers' methods below.
    fileprivate let buckets: UnsafeMutablePointer<Bucket>
    fileprivate let mask: Int
    /// Buckets holding a node (removed keys' included). Writers only.
    private var filled = 0

    var capacity: Int { mask + 1 }
    var isEmpty: Bool { filled == 0 }
    var hasRoomForOneMore: Bool { (filled + 1) * 2 <= capacity }

    /// The smallest capacity that holds `count` nodes at most half full.
    static func capacity(holding count: Int) -> Int {
        var capacity = smallest
        while capacity < count * 2 { capacity *= 2 }
        return capacity
    }

    init(capacity: Int) {
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "a power of two")
        mask = capacity - 1
        buckets = .allocate(capacity: capacity)
        for index in 0..<capacity { (buckets + index).initialize(to: Bucket(nil)) }
    }

    deinit {
        // Released once no read can see these buckets (a retired table), or with the container.
        for index in 0..<capacity { buckets[index].load(ordering: .relaxed)?.release() }
        buckets.deinitialize(count: capacity)
        buckets.deallocate()
    }

    /// Writers: the bucket holding `key`'s node, or the empty one where it would go.
    func bucket<Node: KeyedReadNode>(of key: Node.Key, as: Node.Type) -> (index: Int, node: Unmanaged<Node>?) {
        var index = key._rawHashValue(seed: 0) & mask
        while let node = buckets[index].load(ordering: .relaxed) {
            let typed = Unmanaged<Node>.fromOpaque(node.toOpaque())
            if typed.takeUnretainedValue().key == key { return (index, typed) }
            index = (index &+ 1) & mask
        }
        return (index, nil)
    }

    /// Writers: calls `body` with every node, removed keys' markers included.
    func forEachNode<Node: KeyedReadNode>(as: Node.Type, _ body: (Node) throws -> Void) rethrows {
        for index in 0..<capacity {
            guard let node = buckets[index].load(ordering: .relaxed)?.takeUnretainedValue() else { continue }
            try body(unsafeDowncast(node, to: Node.self))
        }
    }

    /// Writers: stores `node` in the empty bucket at `index` (there is room for it).
    func fill(_ index: Int, with node: ReadTableEntryNode) {
        filled += 1
        buckets[index].store(Unmanaged.passRetained(node), ordering: .sequentiallyConsistent)
    }

    /// Writers: stores `node` at `index` in place of the node there, which is returned, owned.
    func exchange(_ index: Int, with node: ReadTableEntryNode) -> Unmanaged<ReadTableEntryNode> {
        buckets[index].exchange(Unmanaged.passRetained(node), ordering: .sequentiallyConsistent).unsafelyUnwrapped
    }

    /// Writers, before the table is published: adds a node for a key it does not hold.
    func insert<Node: KeyedReadNode>(_ node: Node) {
        fill(bucket(of: node.key, as: Node.self).index, with: node)
    }

    /// Writers: a table with this one's live nodes (removed keys dropped) and room for `more`.
    func copyWithRoom<Node: KeyedReadNode>(forMore more: Int, as: Node.Type) -> ReadTableStorage {
        var live = 0
        for index in 0..<capacity {
            guard let node = buckets[index].load(ordering: .relaxed)?.takeUnretainedValue() else { continue }
            if !unsafeDowncast(node, to: Node.self).isRemoved { live += 1 }
        }
        let copy = ReadTableStorage(capacity: Self.capacity(holding: live + more))
        for index in 0..<capacity {
            guard let node = buckets[index].load(ordering: .relaxed)?.takeUnretainedValue() else { continue }
            let typed = unsafeDowncast(node, to: Node.self)
            if !typed.isRemoved { copy.insert(typed) }
        }
        return copy
    }
}
