/// The readable identity of one service: what a person sees in messages, events, traces and the
/// inspector.
///
/// Type-keyed registrations have a type, an optional name and a container. Keypath providers add
/// the layer (the sub-container or layer protocol that declares them) and the member name, because
/// on Linux a `KeyPath`'s description of a computed property is opaque (`\Container.<computed
/// 0x…>`), so the names are captured at the declaration site instead.
///
/// ```swift
/// let id = ServiceIdentity(type: "LoginViewModel", container: "app", layer: "Login", member: "viewModel")
/// print(id)  // Login.viewModel: LoginViewModel
/// ```
public struct ServiceIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The type as written in code, without the module prefix (`XYZFetching`, `Optional<Int>`).
    public var type: String
    /// The registration name, for named registrations (`"edit"`).
    public var name: String?
    /// The name of the container that owns the registration.
    public var container: String
    /// The layer or sub-container that declares a keypath provider (`Login`, `ViewModel`).
    public var layer: String?
    /// The member of the layer that declares a keypath provider (`viewModel`).
    public var member: String?

    public init(
        type: String, name: String? = nil, container: String,
        layer: String? = nil, member: String? = nil
    ) {
        self.type = type
        self.name = name
        self.container = container
        self.layer = layer
        self.member = member
    }

    /// `Login.viewModel: LoginViewModel`, `XYZFetching`, or `XYZViewModel (name: "edit")`.
    public var description: String {
        var text = ""
        if let member {
            text = (layer.map { "\($0)." } ?? "") + member + ": " + type
        } else {
            text = type
        }
        if let name { text += " (name: \"\(name)\")" }
        return text
    }

    /// ``description`` followed by the container: `XYZFetching in 'app'`.
    public var qualifiedDescription: String { "\(description) in '\(container)'" }

    /// A stable string key that tells services apart across a trace: the graph's node id.
    public var key: String {
        var key = container + "|" + type
        if let name { key += "#" + name }
        if let member { key += "@" + (layer ?? "") + "." + member }
        return key
    }
}
