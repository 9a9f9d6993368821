import Synchronization

/// The readable identity of one service, as messages, events, traces and the inspector show it:
/// a type, an optional name and a container; keypath providers add the layer and member.
///
/// ```swift
/// let id = ServiceIdentity(type: "LoginViewModel", container: "app", layer: "Login", member: "viewModel")
/// print(id)  // Login.viewModel: LoginViewModel
/// ```
///
/// One reference to immutable storage: a copy is one retain, and copies compare by pointer.
public struct ServiceIdentity: Hashable, Sendable, CustomStringConvertible {
    /// Every field is a `let` of a `Sendable` type: `Sendable` without an unchecked conformance.
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let type: String
        @usableFromInline let name: String?
        @usableFromInline let container: String
        @usableFromInline let layer: String?
        @usableFromInline let member: String?
        /// The fields' hash, computed on first use (only traced or diagnosed identities need it;
        /// Benchmarks/). 0 means not yet; racing threads store the same value.
        @usableFromInline let cachedHash = Atomic<Int>(0)
        /// The escaped ``ServiceIdentity/description`` and ``ServiceIdentity/qualifiedDescription``,
        /// made once: escaping per comparison made sorting a hostile, megabyte-long name quadratic.
        let shown = Lock(ShownText())

        struct ShownText {
            var description: String?
            var qualified: String?
        }

        @usableFromInline
        init(type: String, name: String?, container: String, layer: String?, member: String?) {
            self.type = type
            self.name = name
            self.container = container
            self.layer = layer
            self.member = member
        }

        @inlinable
        var hash: Int {
            let cached = cachedHash.load(ordering: .relaxed)
            return cached != 0 ? cached : computeHash()
        }

        @usableFromInline
        func computeHash() -> Int {
            var hasher = Hasher()
            hasher.combine(type)
            hasher.combine(name)
            hasher.combine(container)
            hasher.combine(layer)
            hasher.combine(member)
            let hash = hasher.finalize()
            let kept = hash == 0 ? 1 : hash
            cachedHash.store(kept, ordering: .relaxed)
            return kept
        }

        @usableFromInline
        func hasSameFields(as other: Storage) -> Bool {
            hash == other.hash && type == other.type && container == other.container && name == other.name
                && member == other.member && layer == other.layer
        }
    }

    @usableFromInline var storage: Storage

    /// The type as written in code, without the module prefix (`XYZFetching`, `Optional<Int>`).
    public var type: String {
        @inlinable get { storage.type }
        set { storage = Storage(type: newValue, name: name, container: container, layer: layer, member: member) }
    }
    /// The registration name, for named registrations (`"edit"`).
    public var name: String? {
        @inlinable get { storage.name }
        set { storage = Storage(type: type, name: newValue, container: container, layer: layer, member: member) }
    }
    /// The name of the container that owns the registration.
    public var container: String {
        @inlinable get { storage.container }
        set { storage = Storage(type: type, name: name, container: newValue, layer: layer, member: member) }
    }
    /// The layer or sub-container that declares a keypath provider (`Login`, `ViewModel`).
    public var layer: String? {
        @inlinable get { storage.layer }
        set { storage = Storage(type: type, name: name, container: container, layer: newValue, member: member) }
    }
    /// The member of the layer that declares a keypath provider (`viewModel`).
    public var member: String? {
        @inlinable get { storage.member }
        set { storage = Storage(type: type, name: name, container: container, layer: layer, member: newValue) }
    }

    public init(
        type: String, name: String? = nil, container: String,
        layer: String? = nil, member: String? = nil
    ) {
        storage = Storage(type: type, name: name, container: container, layer: layer, member: member)
    }

    init(storage: Storage) {
        self.storage = storage
    }

    /// The hash ``hash(into:)`` feeds the hasher, for the graph's own tables.
    @inlinable
    package var precomputedHash: Int { storage.hash }

    /// Equal when the five fields are equal; copies of one value compare by reference.
    @inlinable
    public static func == (lhs: ServiceIdentity, rhs: ServiceIdentity) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.hasSameFields(as: rhs.storage)
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.hash)
    }

    /// `Login.viewModel: LoginViewModel`, `XYZFetching`, or `XYZViewModel (name: "edit")`, escaped
    /// once for a terminal (a hostile trace must not forge lines).
    public var description: String {
        if let kept = storage.shown.withLock({ $0.description }) { return kept }
        let text = rawDescription.escapingControlCharacters
        storage.shown.withLock { $0.description = text }
        return text
    }

    /// ``description`` as the fields spell it, before escaping.
    private var rawDescription: String {
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
    public var qualifiedDescription: String {
        if let kept = storage.shown.withLock({ $0.qualified }) { return kept }
        let text = "\(description) in '\(container.escapingControlCharacters)'"
        storage.shown.withLock { $0.qualified = text }
        return text
    }

    /// A stable string key that tells services apart across a trace: the graph's node id.
    public var key: String {
        var key = container + "|" + type
        if let name { key += "#" + name }
        if let member { key += "@" + (layer ?? "") + "." + member }
        return key
    }
}
