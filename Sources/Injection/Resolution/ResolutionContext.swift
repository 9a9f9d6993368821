import Synchronization

/// What one thread is resolving right now: the stack of services under construction (for cycle
/// detection, the requester chain and captive checks) and the graph scope's instances.
///
/// A resolution pass is synchronous and never leaves its thread, so each thread owns one context
/// and nothing in it is shared: a factory that waits on another thread's resolve does not see
/// (or falsely cycle with) that thread's stack.
final class ResolutionContext: ResolutionPassStorage {
    typealias Frame = ResolutionFrame

    let threadNumber: UInt64
    /// Captive dependencies a validation found, by the stack index of their holder, until the
    /// holder's build ends (see ``settleMismatches(heldAt:built:)``).
    var pendingMismatches: [(holderIndex: Int, mismatch: ScopeMismatch)] = []
    /// The `.implements` aliases being followed, with the stack depth at which each was entered:
    /// an alias builds nothing, so only this shows a resolve coming back to one
    /// (``Container/follow(alias:_:holder:origin:lifetime:args:file:line:site:)``).
    var followedAliases: [(alias: AnyRegistration, depth: Int)] = []
    /// The decorator running on this thread: the stack index of the frame it decorates and the
    /// line that installed it (``Container/decorate(built:)``); read only to word a captive.
    var runningDecorator: (holderIndex: Int, file: StaticString, line: UInt)?
    /// The `@LazyInjected` declaration whose first read, from app code, started the resolve
    /// running on this thread (``Container/readingLazily(file:line:_:)``); read only by failures.
    var lazyRead: (file: StaticString, line: UInt)?
    /// Set when a build found a cycle, until the resolve that asked reports it with its site.
    var hasUnreportedCycle = false
    /// The line of the `.newSingleton` resolve being built on this thread, for the event that
    /// says which instance it replaced (set around such a build only).
    var replacingSite: (file: StaticString, line: UInt)?

    /// Takes ``retired``, leaving it empty.
    func takeRetired() -> [AnyObject] {
        if retired.isEmpty { return [] }
        defer { retired = [] }
        return retired
    }

    /// Takes back the room of a list ``takeRetired()`` returned, once emptied, unless a change
    /// made meanwhile (in a `deinit`) started a new list; a big one (a reset of many instances)
    /// is not kept for the thread's whole life.
    func giveBackRetiredRoom(_ emptied: inout [AnyObject]) {
        if retired.isEmpty && retired.capacity < emptied.capacity && emptied.capacity <= 64 { swap(&retired, &emptied) }
    }

    /// This thread's mark for reading containers' tables without their locks
    /// (``ContainerTables/read(_:lifetime:in:)``), listed for writers while the thread lives.
    let readSection = ReadSection()

    init(threadNumber: UInt64) {
        self.threadNumber = threadNumber
        super.init()
        ReadSections.add(readSection)
    }

    deinit {
        ReadSections.remove(readSection)
        // The thread exited; its last counts are still collected.
        repeatTable?.retire()
    }

    /// The calling thread's context (made on its first resolve, kept until it exits:
    /// ``ThreadContextSlot``).
    @inline(__always)
    static var current: ResolutionContext {
        ThreadContextSlot.load() ?? makeCurrent()
    }

    /// Runs `body` with the calling thread's context, borrowed (``ThreadContextSlot``).
    @inline(__always)
    static func withCurrent<R, E: Error>(_ body: (ResolutionContext) throws(E) -> R) throws(E) -> R {
        try ThreadContextSlot.withCurrent(body)
    }

    /// The calling thread's context if it has one; nil on a thread that never resolved (or
    /// inside its exit), where making one only to find it empty would be waste.
    static var ifMade: ResolutionContext? { ThreadContextSlot.load() }

    /// Makes the calling thread's context (its first resolve).
    @inline(never)
    static func makeCurrent() -> ResolutionContext {
        let context = ResolutionContext(threadNumber: ThreadNumber.next())
        ThreadContextSlot.store(context)
        return context
    }

    /// The registration being built on this thread (whose factory is asking).
    var requester: AnyRegistration? { frames.last?.registration }

    /// Whether the innermost frame is resolving its service's properties (see
    /// ``Frame/injectsProperties``).
    var requesterInjectsProperties: Bool { frames.last?.injectsProperties ?? false }

    /// Whether an observed build that keeps its instance is under way on this thread: a resolve
    /// now is part of its pass, which is never folded (docs/TRACE_FORMAT.md, Folding).
    var isInKeptBuild: Bool { keptBuildsUnderWay > 0 }

    /// Whether the innermost frame's scope captures an instance of `kind` built for it: a
    /// captive (``Scope/captures(_:)``).
    @inline(__always)
    func requesterCaptures(_ kind: Scope.Kind) -> Bool { frames.last?.scopeKind.captures(kind) ?? false }

    /// The registrations on the stack, outermost first, as identities.
    var chain: [ServiceIdentity] { frames.map(\.registration.identity) }
}

/// Small, stable thread numbers for events (1 is the first thread that resolved anything).
enum ThreadNumber {
    private static let counter = Atomic<UInt64>(0)

    static func next() -> UInt64 { counter.add(1, ordering: .relaxed).newValue }

    static var current: UInt64 { ResolutionContext.current.threadNumber }
}
