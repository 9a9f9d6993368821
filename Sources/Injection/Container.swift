/// A dependency-injection container: registrations keyed by type (and name), or by keypath
/// provider, the instances their scopes keep, and an optional parent to fall back to.
///
/// ```swift
/// let app = Container(name: "app")
/// app.register { XYZService() }
/// app.register { XYZFetcher(service: app.resolve()) as XYZFetching }
/// app.register(scope: .singleton) { XYZSessionManager() }
///
/// let fetcher: XYZFetching = app.resolve()
/// ```
///
/// Every registration and resolution is reported to ``ResolutionObserver``s as a
/// ``ResolutionEvent``. A missing registration or a cycle stops the program (or throws, with
/// ``tryResolve(_:name:lifetime:args:file:line:)-swift.method``) with a message that says what was asked, who
/// asked, what was near and how to fix it.
///
/// Containers are safe to use from any thread; a factory may resolve other services, and may
/// wait on another thread that resolves, without deadlock: the container's lock is never held
/// while a factory runs.
public final class Container: Sendable {
    /// The container's name, shown in messages, events and the inspector.
    public let name: String
    /// The name events and service identities carry: ``name``, or `name#2` (`#3`, …) for a
    /// container named like one of its ancestors, so that two containers stay two containers in
    /// a trace (a child `app` decorating its parent `app`'s `Logger` is no `Logger → Logger` loop).
    let traceName: String
    /// The container this one falls back to when it has no registration for a key.
    public let parent: Container?
    /// Everything else: the tables, mappings, assembly, added children and decorators
    /// (``ContainerCore``). The registry references the core, weakly, never the container: a
    /// weak reference gives its object a side table, and every retain and release of an object
    /// with one takes the runtime's slow path, so the object apps retain all the time has none.
    @usableFromInline let core: ContainerCore
    /// Whether this is the container that made ``core``, not a registry handle on it.
    private let isOwner: Bool

    /// Whether `other` is a handle on the same container (``ContainerRegistry`` hands out
    /// handles of its own, which share the container's core).
    @inline(__always)
    func isSame(as other: Container) -> Bool { core === other.core }

    /// Creates a container.
    ///
    /// - Parameters:
    ///   - name: The name shown in messages and the inspector; unique names keep traces readable.
    ///   - parent: A container to fall back to for keys this one does not register.
    ///   - file: The creating file, shown in the inspector; leave the default.
    ///   - line: The creating line, shown in the inspector; leave the default.
    public init(name: String? = nil, parent: Container? = nil, file: StaticString = #fileID, line: UInt = #line) {
        #if Tracing
        TraceBootstrap.startIfRequested()  // DI_INSPECT: record without code changes (once per process)
        #endif
        let name = name ?? "container-\(ContainerRegistry.shared.nextNumber())"
        self.name = name
        self.parent = parent
        let namesakes = parent?.lineage.count { $0.name == name } ?? 0
        self.traceName = namesakes == 0 ? name : "\(name)#\(namesakes + 1)"
        self.core = ContainerCore(name: name, traceName: traceName, parent: parent?.core)
        self.isOwner = true
        ContainerRegistry.shared.add(core)
        if EventHub.shared.isActive {
            EventHub.shared.emit(.containerCreated(ContainerCreated(
                container: traceName, parent: parent?.traceName, location: SourceLocation(file, line))))
        }
    }

    deinit {
        // Only the container that made the core releases it (``ContainerRegistry`` handles never
        // do): what it keeps goes with it, whoever still holds the core.
        guard isOwner else { return }
        core.releaseContents()
        // After the contents: what the container kept has gone by the time its end is reported.
        if EventHub.shared.isActive {
            EventHub.shared.emit(.containerReleased(ContainerReleased(container: traceName)))
        }
    }

    /// Another handle on the container `core` belongs to, for ``ContainerRegistry``: it reads
    /// and changes the same tables, and compares equal to it with ``isSame(as:)``, not `===`.
    /// Its parent is a handle on the parent's core (a handle holds no container alive).
    init(sharing core: ContainerCore) {
        self.name = core.name
        self.traceName = core.traceName
        self.parent = core.parent.map(Container.init(sharing:))
        self.core = core
        self.isOwner = false
    }

    /// A child container: it resolves its own registrations first, then this container's.
    ///
    /// ```swift
    /// let tests = app.makeChild(name: "tests")
    /// tests.register { MockFetcher() as XYZFetching }   // app is untouched
    /// ```
    public func makeChild(name: String? = nil, file: StaticString = #fileID, line: UInt = #line) -> Container {
        Container(name: name, parent: self, file: file, line: line)
    }

    /// A container made as a child of `parent`, in Resolver's spelling (`Resolver(child: main)`):
    /// the same as `Container(parent: parent)` and ``makeChild(name:file:line:)``.
    ///
    /// ```swift
    /// let mock = Container(child: .shared)
    /// mock.register { MockFetcher() as XYZFetching }   // the parent is untouched
    /// ```
    public convenience init(child parent: Container, file: StaticString = #fileID, line: UInt = #line) {
        self.init(name: nil, parent: parent, file: file, line: line)
    }

    /// The default container, used by the property wrappers and the static conveniences.
    ///
    /// It is task-local: ``withContainer(_:operation:)`` (or the `.container` test trait) gives a
    /// task and its children their own, so tests running in parallel never see each other's
    /// registrations.
    @TaskLocal public static var shared: Container = defaultShared

    /// ``shared``'s default value: the container read where no ``withContainer(_:operation:)``
    /// (or `Container.$shared.withValue`) binds another.
    static let defaultShared = Container(name: "shared")

    /// Resolver's `Resolver.main`: ``shared``, the container the static forms use (task-local:
    /// swap it for a section of code with `withContainer`).
    public static var main: Container { shared }

    /// Resolver's `Resolver.root`: ``shared`` (Resolver's `root = mock` is `withContainer(mock) { … }`).
    public static var root: Container { shared }

    /// Whether `other` is this container or one of its ancestors.
    func hasAncestor(_ other: Container) -> Bool {
        lineage.contains { $0.isSame(as: other) }
    }
}

/// Runs `operation` with `container` as ``Container/shared`` for the current task and the tasks it
/// creates.
///
/// ```swift
/// let test = Container(name: "test", parent: .shared)
/// test.register { MockFetcher() as XYZFetching }
/// let items = withContainer(test) {
///     XYZViewModel().fetcher.fetch()   // its @Injected properties resolve from `test`
/// }
/// ```
@discardableResult
public func withContainer<R, E: Error>(
    _ container: Container, operation: () throws(E) -> R
) throws(E) -> R {
    do {
        return try Container.$shared.withValue(container) { () throws -> R in try operation() }
    } catch {
        throw error as! E
    }
}

/// The `async` form of ``withContainer(_:operation:)``.
@discardableResult
public func withContainer<R>(
    _ container: Container, operation: () async throws -> R,
    isolation: isolated (any Actor)? = #isolation
) async rethrows -> R {
    try await Container.$shared.withValue(container, operation: operation, isolation: isolation)
}

@usableFromInline
struct NamedKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: String

    @usableFromInline
    init(type: ObjectIdentifier, name: String) {
        self.type = type
        self.name = name
    }
}

/// The key of a type-keyed registration (a type's metadata pointer), also used for a keypath
/// literal's identity.
struct TypeKey: Hashable, Sendable {
    let type: ObjectIdentifier

    init(_ type: ObjectIdentifier) { self.type = type }

    /// A multiplicative hash instead of SipHash: the key is a metadata pointer chosen by the
    /// runtime, not by an attacker, and SipHash was a measurable share of a cache hit
    /// (`Benchmarks/guard.sh`, singleton).
    func _rawHashValue(seed: Int) -> Int {
        FastHash.mix(UInt(bitPattern: type), seed: seed)
    }
}

/// The key of a keypath provider: the type it provides plus the layer and member that declare it.
///
/// `@usableFromInline`: a provider call is inlined into the app, where the key is made (see
/// ``Container/resolve(_:lifetime:)``).
@usableFromInline
struct ProviderKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let layer: ObjectIdentifier
    let site: UInt

    @usableFromInline
    init(type: ObjectIdentifier, layer: ObjectIdentifier, site: UInt) {
        self.type = type
        self.layer = layer
        self.site = site
    }

    /// A multiplicative hash instead of SipHash, as for ``TypeKey``.
    @usableFromInline
    func _rawHashValue(seed: Int) -> Int {
        FastHash.mix(
            UInt(bitPattern: type) &+ UInt(bitPattern: layer) &* 31 &+ site &* 1_000_003,
            seed: seed)
    }
}

/// Cheap hashing for keys made of runtime pointers.
enum FastHash {
    @inline(__always)
    static func mix(_ value: UInt, seed: Int) -> Int {
        var x = value ^ UInt(bitPattern: seed)
        x = (x ^ (x >> 33)) &* 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        return Int(bitPattern: x)
    }
}

extension ObjectIdentifier {
    /// The identifier's pointer bits.
    @inline(__always)
    var hashValueBits: Int { Int(bitPattern: UInt(bitPattern: self)) }
}
