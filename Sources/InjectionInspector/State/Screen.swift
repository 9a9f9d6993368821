/// A top-level screen: a tab of the inspector, switched with its digit key (its place in
/// ``allCases``, from `1`), listed and drawn by its ``ScreenView``.
///
/// A new screen is one file: its view (a ``ScreenView``) and its constant
/// (`extension Screen { static let name = Screen(NameView.self) }`), plus its entry in
/// ``allCases``. The tab bar, the help, the counts, clicks, the detail pane and export all go
/// through ``allCases`` and the view.
///
/// ```swift
/// Screen(key: "4")  // .cycles
/// ```
struct Screen: CaseIterable, Sendable, Hashable {
    /// Every screen, in tab order.
    static let allCases: [Screen] = [.services, .layers, .scopes, .cycles, .overrides, .missing, .events]

    /// The view that lists, draws, counts, details and exports this screen.
    let view: any ScreenView.Type

    init(_ view: any ScreenView.Type) {
        self.view = view
    }

    /// The screen for a digit key.
    init?(key: Character) {
        guard let digit = key.wholeNumberValue, Self.allCases.indices.contains(digit - 1) else { return nil }
        self = Self.allCases[digit - 1]
    }

    /// The screen's digit key, from 1 in tab order.
    var key: Int { (Self.allCases.firstIndex(of: self) ?? 0) + 1 }

    var title: String { view.title }

    /// The digit keys of the screens, as the help and the key bar spell them (`1-7`).
    static var keyRange: String { allCases.count == 1 ? "1" : "1-\(allCases.count)" }

    static func == (lhs: Screen, rhs: Screen) -> Bool {
        ObjectIdentifier(lhs.view) == ObjectIdentifier(rhs.view)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(view))
    }
}
