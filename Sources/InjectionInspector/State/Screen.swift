/// The seven top-level screens, switched with the keys `1`–`7`.
///
/// ```swift
/// Screen(key: "4")  // .cycles
/// ```
enum Screen: Int, CaseIterable, Sendable, Hashable {
    case services = 1, layers, scopes, cycles, overrides, missing, events

    /// The screen for a digit key.
    init?(key: Character) {
        guard let digit = key.wholeNumberValue, let screen = Screen(rawValue: digit) else { return nil }
        self = screen
    }

    var title: String {
        switch self {
        case .services: "Services"
        case .layers: "Layers"
        case .scopes: "Scopes"
        case .cycles: "Cycles"
        case .overrides: "Overrides"
        case .missing: "Missing"
        case .events: "Events"
        }
    }
}
