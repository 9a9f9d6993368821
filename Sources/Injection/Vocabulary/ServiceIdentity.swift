import Synchronization

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
///
/// A value is one reference to an immutable storage object that holds the five strings and their
/// hash, computed once: copying an identity (into every event, record and graph node) is one
/// retain, hashing it combines one integer, and comparing two copies of the same value is a
/// pointer comparison. The setters build a new storage object (copy-on-write).
public struct ServiceIdentity: Hashable, Sendable, CustomStringConvertible {
    /// Immutable, so it is `Sendable` without any unchecked conformance: every field is a `let`
    /// of a `Sendable` type.
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let type: String
        @usableFromInline let name: String?
        @usableFromInline let container: String
        @usableFromInline let layer: String?
        @usableFromInline let member: String?
        /// The hash of the five fields (per process, like every `Hasher` value), computed on
        /// first use and kept: identities key the hot tables. Not at creation: every
        /// registration makes an identity, and hashing its strings was a large share of a
        /// registration (Benchmarks/) that only traced or diagnosed identities need. 0 means
        /// not yet computed (a computed 0 is kept as 1). Threads racing to compute it store the
        /// same value. (`ResolutionFoldKey` precomputes its own hash, over different fields,
        /// deliberately: each is the key of a different table.)
        @usableFromInline let cachedHash = Atomic<Int>(0)
        /// The terminal-escaped ``ServiceIdentity/description`` and
        /// ``ServiceIdentity/qualifiedDescription``, each made on first use and kept: escaping
        /// scans the whole name, and a listing, a search or a sort that asked for it per
        /// comparison was quadratic in a long name (a megabyte-long name from a hostile trace).
        /// Never read on a resolve.
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

    /// The identity that `storage` holds (shared, not copied).
    init(storage: Storage) {
        self.storage = storage
    }

    /// The hash of the five fields, computed once (on first use): what ``hash(into:)`` feeds the hasher, for the
    /// graph's own tables in this package.
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

    /// `Login.viewModel: LoginViewModel`, `XYZFetching`, or `XYZViewModel (name: "edit")`.
    ///
    /// Escaped for a terminal (names can come from a hostile trace: a line break or escape
    /// sequence in one must not forge lines or steer a terminal in any message built from it; a
    /// no-op for real names), once per identity: later reads return the kept text.
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

    /// ``description`` followed by the container: `XYZFetching in 'app'` (escaped once, as
    /// ``description`` is).
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
