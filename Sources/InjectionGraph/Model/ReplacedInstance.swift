import Injection

/// A kept instance that stopped being the one its scope hands out, while long-lived services
/// built with it still held it: a `.newSingleton` put another in its place, or a reset dropped it
/// and the next resolve built another. Then two instances of a key whose scope promises one live
/// at once. (An override is the same break, reported as a ``GraphProblem/staleOverride(_:)``.)
///
/// ```swift
/// for replaced in graph.replacedInstances where replaced.isHeld {
///     print(replaced.service, replaced.holders.map(\.service))
/// }
/// ```
public struct ReplacedInstance: Sendable, Hashable {
    /// How the instance was replaced.
    public enum Cause: Sendable, Hashable {
        /// A `.newSingleton` resolve built a new one and kept it in its place (at the resolve's
        /// line, when it has one).
        case newSingleton(at: SourceLocation?)
        /// `reset(_:)` dropped it (at the reset's line, when the trace has it), and a later
        /// resolve built another.
        case reset(at: SourceLocation?)

        /// Where the replacement was made.
        public var location: SourceLocation? {
            switch self {
            case .newSingleton(let at), .reset(let at): at
            }
        }
    }

    public let service: ServiceIdentity
    /// The scope it was kept under.
    public let scope: Scope
    public let cause: Cause
    /// Which of the service's kept instances was replaced (1 for the first one built).
    public internal(set) var instance: UInt64
    /// The `t` of the latest replacement this record stands for.
    public internal(set) var time: UInt64
    /// How many replacements of this kind, at this line, it stands for.
    public internal(set) var count = 1
    /// Whether another instance was built after it (a reset is a replacement only then).
    public internal(set) var isRebuilt: Bool
    /// The long-lived services alive when it was replaced that were built with it (directly or
    /// through short-lived services) and kept it: each held the older instance while another
    /// was handed out. One rebuilt since is marked (``OverrideRecord/Holder/isRebuilt``); one
    /// rebuilt before another instance was built is dropped.
    public internal(set) var holders: [OverrideRecord.Holder]

    /// The thread whose resolve built the next instance (the first build after the replacement),
    /// when the trace says (a folded build does not).
    public internal(set) var rebuiltOnThread: UInt64?
    /// The thread that reset or replaced it, when the trace says.
    public internal(set) var replacedOnThread: UInt64?
    /// A reset of the holders' own scope that came after the next instance was built: the app
    /// rebuilds the holders, but something resolved the service in between.
    public internal(set) var holdersReset: HoldersReset?

    /// A reset that dropped the holders of a replaced instance once another one lived.
    public struct HoldersReset: Sendable, Hashable {
        public let container: String
        public let scope: Scope
        public let location: SourceLocation?
        /// The thread that reset them.
        public let thread: UInt64
    }

    /// Whether the break happened: another instance was built while a holder kept this one.
    public var isHeld: Bool { isRebuilt && !holders.isEmpty }

    /// Whether every holder was reset after the next instance was built (a reset of their own
    /// scope), in a way that shows the two resets were meant as one step with a resolve between
    /// them: the resetting thread built it itself, or the thread that made the first reset made
    /// the holders' too while another thread built it. A `newSingleton` builds its successor
    /// itself, and a build the trace folded names no thread: then a later reset of the holders is
    /// no evidence of one step (a refresh much later resets them too), and the plain fix stands.
    public var holdersWereResetTooLate: Bool {
        guard case .reset = cause, let holdersReset, let rebuilt = rebuiltOnThread,
              !holders.isEmpty, holders.allSatisfy(\.isRebuilt) else { return false }
        return rebuilt == holdersReset.thread || holdersReset.thread == replacedOnThread
    }
}
