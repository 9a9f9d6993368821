import Injection

/// A container, or a layer (sub-container) inside one: where a service is declared.
///
/// Type-keyed registrations belong to their container (``layer`` is nil); keypath providers
/// belong to the layer that declares them (``ServiceIdentity/layer``).
///
/// ```swift
/// let id = LayerID(container: "app", layer: "Login")
/// print(id)  // app/Login
/// ```
public struct LayerID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let container: String
    public let layer: String?

    public init(container: String, layer: String?) {
        self.container = container
        self.layer = layer
    }

    /// The layer of a service.
    public init(_ identity: ServiceIdentity) {
        self.init(container: identity.container, layer: identity.layer)
    }

    /// `app` or `app/Login`.
    public var description: String { layer.map { "\(container)/\($0)" } ?? container }

    public static func < (lhs: LayerID, rhs: LayerID) -> Bool {
        (lhs.container, lhs.layer ?? "") < (rhs.container, rhs.layer ?? "")
    }
}
