import Injection
import InjectionGraph
import InjectionTrace

/// The inspector without a terminal: a trace opened as `di-inspect open` opens it (or fed as a
/// live app's stream), keys pressed as the terminal would deliver them, and frames drawn into
/// the cell buffer the terminal would be sent. What a trace can do to the screen's path (its
/// arithmetic, its widths, the time cursor) is reachable here without ncurses: the fuzzer
/// (`Fuzzing/`, `InspectorFuzzer`) and the hostile-trace tests drive it.
///
/// ```swift
/// let inspector = HeadlessInspector(records: records)
/// for key in 0..<HeadlessInspector.keyCount { inspector.press(key: key) }
/// print(inspector.frame(rows: 24, columns: 80))
/// ```
@MainActor
public final class HeadlessInspector {
    private let inspector: Inspector

    /// - Parameters:
    ///   - records: The trace's records, header first.
    ///   - live: Whether they arrive as a live app's stream (a session, then its records) rather
    ///     than as a file loaded at once.
    public init(records: [TraceRecord], live: Bool = false) {
        if live {
            inspector = Inspector(model: InspectorModel(connection: .waiting("headless")))
            inspector.apply([.session(connection: 1, name: "headless", processID: nil), .connection(1, .live),
                             .records(connection: 1, records)])
        } else {
            var model = InspectorModel(connection: .file("headless"))
            model.apply(records, now: 0)
            inspector = Inspector(model: model)
        }
    }

    /// Every key the inspector answers, in a fixed order: the views, moving, drilling, sorting,
    /// explaining, the time cursor and a typed time, the filter, help and the sessions.
    static let keys: [Key] = "1234567".map { Key.character($0) } + [
        .down, .up, .pageDown, .pageUp, .home, .end, .enter, .escape, .tab, .backTab, .left, .right,
        .character("j"), .character("k"), .character("g"), .character("G"), .character("s"), .character("S"),
        .character("w"), .character("d"), .character("D"), .character("v"), .character("n"), .character("N"),
        .character("<"), .character(">"), .character("{"), .character("}"), .character("t"),
        .character("+"), .character("-"), .character("9"), .character("m"), .character("s"),
        .character("/"), .character("a"), .backspace, .control("u"), .character("?"),
        .character("["), .character("]"), .character("p"),
    ]

    /// The number of the key that types `character` (for tests that press a given key).
    static func keyNumber(of character: Character) -> Int {
        keys.firstIndex(of: .character(character)) ?? 0
    }

    /// How many keys ``press(key:)`` chooses from.
    public static var keyCount: Int { keys.count }

    /// Presses key number `key` (modulo ``keyCount``); quitting, exporting and opening an
    /// editor are never among them.
    public func press(key: Int) {
        let index = ((key % Self.keys.count) + Self.keys.count) % Self.keys.count
        _ = inspector.handle(Self.keys[index])
    }

    /// The screen at `rows` × `columns`, as text (one line per row, trailing blanks removed).
    public func frame(rows: Int, columns: Int) -> String {
        inspector.render(rows: rows, columns: columns).textDump()
    }
}
