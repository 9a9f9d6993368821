import Injection

/// A captive dependency the runtime reported, deduplicated with a count.
///
/// ```swift
/// for record in graph.scopeMismatches { print(record.mismatch.message) }
/// ```
public struct ScopeMismatchRecord: Sendable, Hashable {
    /// The holder, the captive and their scopes.
    public let mismatch: ScopeMismatch
    /// How many times it was reported.
    public internal(set) var count = 1
    public internal(set) var firstSeen: UInt64
    /// Whether the holder was seen built afterwards. A holder whose build failed (a cycle or a
    /// missing dependency stopped it) captured nothing, and is not reported.
    public internal(set) var isConfirmed = false
    /// Where the holder was registered, when the trace saw it.
    public internal(set) var holderRegisteredAt: SourceLocation?

    /// Where the holder's `@LazyInjected` that captured it is declared, when the capture came
    /// from a first read rather than from the holder's build.
    public internal(set) var capturedLazilyAt: SourceLocation?

    /// The holder's registration and the factory the two fixes write, in the spelling of the
    /// library the sources register with (Swinject's, Resolver's) where it is not this one's.
    public internal(set) var spelledFixes: SpelledFixes?

    /// For a holder whose factory only returns the captive it resolves (`{ r in
    /// r.resolve(Router.self)! }` registered as a singleton `AuthorizationRouter`): the
    /// registration that answers the holder's key with the captive's own (`.implements`). The
    /// holder then holds nothing: it keeps the captive itself, one per such forward.
    public internal(set) var forwardFix: ForwardFix?

    /// The fix of a forward, in the library's spelling: the captive's registration with
    /// `.implements` of the holder's key, and the scope that keeps one instance for the app.
    public struct ForwardFix: Sendable, Hashable {
        public let registration: String
        public let oneForTheApp: String

        public init(registration: String, oneForTheApp: String) {
            self.registration = registration
            self.oneForTheApp = oneForTheApp
        }
    }

    /// A fix's two spellings: the holder registered with the captive's scope, and a factory
    /// that resolves the captive at each use.
    public struct SpelledFixes: Sendable, Hashable {
        public let registration: String
        public let factory: String

        public init(registration: String, factory: String) {
            self.registration = registration
            self.factory = factory
        }
    }

    /// A long-lived service that holds the holder (set by ``DependencyGraph/check(strict:)``,
    /// which knows who resolved it): making the holder short-lived would make it that service's
    /// captive in turn, so the fix keeps the holder's scope and hands it a factory instead.
    public internal(set) var holderKeptBy: (service: ServiceIdentity, scope: Scope)? {
        get { keeper.map { ($0.service, $0.scope) } }
        set { keeper = newValue.map { Keeper(service: $0.service, scope: $0.scope) } }
    }
    private var keeper: Keeper?
    private struct Keeper: Sendable, Hashable {
        let service: ServiceIdentity
        let scope: Scope
    }

    /// The warning, naming where the holder is registered, with the fixes that end the chase:
    /// the first fix (a shorter scope for the holder) only when nothing long-lived holds the
    /// holder, since otherwise it moves the captive one level up.
    public var message: String {
        if mismatch.captiveHoldsNothing { return holdsNothingMessage }
        if let forwardFix { return forwardingMessage(forwardFix) }
        var text = mismatch.message(holderRegisteredAt: holderRegisteredAt, capturedLazilyAt: capturedLazilyAt)
        if let spelledFixes { text = Self.respelled(text, spelledFixes) }
        guard let keeper else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let fix = lines.firstIndex(where: { $0.hasPrefix("  Fix: ") }),
              let or = lines.firstIndex(where: { $0.hasPrefix("  Or: ") }) else { return text }
        lines[fix] = "  Fix: " + lines[or].dropFirst("  Or: ".count)
        lines[or] = "  (Not a shorter scope for \(mismatch.holder.description): \(keeper.service.qualifiedDescription) "
            + "(\(keeper.scope)) holds it, so it would be captured in turn.)"
        return lines.joined(separator: "\n")
    }

    /// `text` with the code each fix line ends with (after "what it keeps…: ", "not an
    /// instance: ") written in `spelled`'s spelling; the words before it stay the runtime's.
    static func respelled(_ text: String, _ spelled: SpelledFixes) -> String {
        func replacingCode(in line: Substring, after anchor: String, with code: String) -> String {
            guard let words = line.firstRange(of: anchor), let colon = line[words.upperBound...].firstRange(of: ": ") else { return String(line) }
            return line[..<colon.upperBound] + code
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            if line.hasPrefix("  Fix: ") { return replacingCode(in: line, after: "what it keeps", with: spelled.registration) }
            if line.hasPrefix("  Or: ") { return replacingCode(in: line, after: "not an instance", with: spelled.factory) }
            return String(line)
        }.joined(separator: "\n")
    }

    /// A forward kept longer than what it forwards to: each such registration keeps an instance
    /// of its own, and a resolve of the captive's key makes yet another.
    ///
    /// ```
    /// Scope mismatch: AuthorizationRouter in 'app' (singleton) forwards to Router in 'app' (graph): it keeps the Router it resolved, so each singleton that forwards to Router keeps one of its own, and a resolve of Router makes another.
    ///   Fix: answer AuthorizationRouter with Router's own registration (the forward is registered at App/Assembly.swift:114): container.register(Router.self) { … }.implements(AuthorizationRouter.self)
    ///   Then its scope decides both: give it .inObjectScope(.container) if one Router is meant for the whole app.
    /// ```
    func forwardingMessage(_ fix: ForwardFix) -> String {
        let holder = mismatch.holder, captive = mismatch.captive
        let at = holderRegisteredAt.map { " (the forward is registered at \($0))" } ?? ""
        return "Scope mismatch: \(holder.qualifiedDescription) (\(mismatch.holderScope)) forwards to "
            + "\(captive.qualifiedDescription) (\(mismatch.captiveScope)): it keeps the \(captive.description) it resolved, so "
            + "each \(mismatch.holderScope) that forwards to \(captive.description) keeps one of its own, and a resolve of "
            + "\(captive.description) makes another.\n"
            + "  Fix: answer \(holder.description) with \(captive.description)'s own registration\(at): \(fix.registration)\n"
            + "  Then its scope decides both: give it \(fix.oneForTheApp) if one \(captive.description) is meant for the whole app."
    }

    /// The note for a captive with no stored properties: one instance kept for good loses
    /// nothing, so there is nothing to fix until it gains state.
    ///
    /// ```
    /// Captive that holds nothing: Checkout in 'app' (singleton) keeps PriceFormatter in 'app' (unique), which has no stored properties: nothing it keeps can go stale.
    ///   Holder registered at: App/Setup.swift:12
    ///   Nothing to fix; once PriceFormatter holds state, this is a scope mismatch.
    /// ```
    var holdsNothingMessage: String {
        var lines = ["Captive that holds nothing: \(mismatch.holder.qualifiedDescription) (\(mismatch.holderScope)) keeps "
            + "\(mismatch.captive.qualifiedDescription) (\(mismatch.captiveScope)), which has no stored properties: "
            + "nothing it keeps can go stale."]
        if let holderRegisteredAt { lines.append("  Holder registered at: \(holderRegisteredAt)") }
        lines.append("  Nothing to fix; once \(mismatch.captive.description) holds state, this is a scope mismatch.")
        return lines.joined(separator: "\n")
    }

    init(_ mismatch: ScopeMismatch, time: UInt64) {
        self.mismatch = mismatch
        self.firstSeen = time
    }
}
