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
        let text = mismatch.message(holderRegisteredAt: holderRegisteredAt, capturedLazilyAt: capturedLazilyAt)
        guard let keeper else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let fix = lines.firstIndex(where: { $0.hasPrefix("  Fix: ") }),
              let or = lines.firstIndex(where: { $0.hasPrefix("  Or: ") }) else { return text }
        lines[fix] = "  Fix: " + lines[or].dropFirst("  Or: ".count)
        lines[or] = "  (Not a shorter scope for \(mismatch.holder.description): \(keeper.service.qualifiedDescription) "
            + "(\(keeper.scope)) holds it, so it would be captured in turn.)"
        return lines.joined(separator: "\n")
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
