import Injection
import InjectionGraph

/// The `/` filter: the text typed so far, whether it is being edited, and the parsed filter
/// (the graph module's ``ServiceFilter``: `layer:Network scope:singleton login`).
///
/// While the text does not parse (an unknown key, an open quote) the last filter that did stays
/// in force and ``error`` says what is wrong.
///
/// ```swift
/// var filter = FilterState()
/// filter.type("scope:singleton")
/// filter.filter.matches(identity, scope: .singleton)  // true
/// ```
struct FilterState: Sendable, Hashable {
    private(set) var text = ""
    var isEditing = false
    private(set) var filter = ServiceFilter()
    /// Why the text does not parse, if it does not.
    private(set) var error: String?
    /// With a baseline: the kinds of change a `changed:` term keeps (`changed:` alone keeps all
    /// three; `changed:added`, `changed:removed,changed`); nil without such a term.
    private(set) var changes: Set<GraphDiff.Change>?

    init() {}

    var isActive: Bool { !filter.isEmpty }

    /// Appends typed text and reparses.
    mutating func type(_ more: String) { set(text + more) }

    /// Removes the last character and reparses.
    mutating func deleteBackward() {
        guard !text.isEmpty else { return }
        set(String(text.dropLast()))
    }

    /// Clears the filter and stops editing.
    mutating func clear() {
        set("")
        isEditing = false
    }

    /// Replaces the text and reparses.
    mutating func set(_ newText: String) {
        text = newText
        let rest: String
        let parsedChanges: Set<GraphDiff.Change>?
        do {
            (rest, parsedChanges) = try Self.changeTerms(in: newText)
        } catch {
            self.error = error.description
            return
        }
        do {
            filter = try ServiceFilter(parsing: rest)
            changes = parsedChanges
            error = nil
        } catch {
            self.error = error.description
        }
    }

    /// Whether a service passes (always true without a filter); `flags` are its Flags column.
    func matches(_ identity: ServiceIdentity, scope: Scope?, flags: [String] = []) -> Bool {
        filter.isEmpty || filter.matches(identity, scope: scope, flags: flags)
    }

    /// Whether free text (an event line) passes: every plain word must occur in it; `key:value`
    /// terms are checked against `identity` when there is one. The line is only worded when a
    /// word has to be looked for in it.
    func matches(text line: @autoclosure () -> String, identity: ServiceIdentity?, scope: Scope?) -> Bool {
        if filter.isEmpty { return true }
        if let identity, filter.matches(identity, scope: scope) { return true }
        guard filter.values.isEmpty else { return false }
        let lowered = line().lowercased()
        return filter.words.allSatisfy { lowered.contains($0) }
    }
}
