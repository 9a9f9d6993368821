/// Resolves a service the first time it is read.
///
/// The name and container can be chosen at run time through the projected value, before the
/// first read:
/// ```swift
/// final class XYZViewController {
///     @LazyInjected var editor: XYZEditing
///
///     func viewDidLoad(editing: Bool) {
///         $editor.name = editing ? "edit" : "add"   // chosen before the first read
///         editor.open()
///     }
/// }
/// ```
@propertyWrapper
public struct LazyInjected<Service> {
    @usableFromInline var service: Service?
    /// The registration name to resolve; settable until the first read.
    public var name: String?
    /// The container to resolve from; ``Container/shared`` when nil.
    public var container: Container?
    /// The per-use service type.
    public var lifetime: ServiceLifetime
    /// The keypath provider to resolve, for the keypath form.
    public var keyPath: (any KeyPath<Container, Provider<Service>> & Sendable)?
    /// Arguments for a factory registered with `{ container, args in … }`; settable until the
    /// first read, as the name is (type-keyed form only: keypath providers take no arguments).
    ///
    /// ```swift
    /// $editor.args = ["id": 3, "mode": "edit"]
    /// editor.load()
    /// ```
    public var args: Any?
    /// The plain property to resolve, for the plain keypath form.
    @usableFromInline var plainKeyPath: (any KeyPath<Container, Service> & Sendable)?
    @usableFromInline let file: StaticString
    @usableFromInline let line: UInt
    /// The service whose factory created this wrapper (its enclosing object), captured at
    /// creation when events are observed: the first read is reported as a lazy edge from it.
    @usableFromInline let owner: ServiceIdentity?

    ///
    /// `@inlinable`, as its first read is: unspecialised, creation and first read looked the
    /// wrapper's metadata up (Benchmarks/, `shape-lazy`).
    @inlinable
    public init(
        _ lifetime: ServiceLifetime = .automatic, name: String? = nil, container: Container? = nil,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        self.lifetime = lifetime
        self.name = name
        self.container = container
        self.file = file
        self.line = line
        self.owner = Container.lazyOwner()
    }

    /// Resolves the keypath provider at first read.
    ///
    /// ```swift
    /// final class LoginCoordinator {
    ///     @LazyInjected(\.login.useCase) var useCase   // resolved when first read
    /// }
    /// ```
    @inlinable
    public init(
        _ keyPath: any KeyPath<Container, Provider<Service>> & Sendable, lifetime: ServiceLifetime = .automatic,
        container: Container? = nil, file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(lifetime, container: container, file: file, line: line)
        self.keyPath = keyPath
    }

    /// Resolves the plain property at the keypath at first read (see ``Injected``'s plain form).
    ///
    /// ```swift
    /// final class ProfileCoordinator {
    ///     @LazyInjected(\.profile.useCase) var useCase   // `var useCase: ProfileUseCase { … }`
    /// }
    /// ```
    @inlinable
    @_disfavoredOverload
    public init(
        _ keyPath: any KeyPath<Container, Service> & Sendable, lifetime: ServiceLifetime = .automatic,
        container: Container? = nil, file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(lifetime, container: container, file: file, line: line)
        self.plainKeyPath = keyPath
    }

    /// Whether the service has been resolved (or assigned) yet.
    public var isResolved: Bool { service != nil }

    /// Whether the wrapper holds no instance yet (Resolver's spelling of `!isResolved`), or no
    /// longer after ``release()``: `if $viewModel.isEmpty { … }`.
    public var isEmpty: Bool { service == nil }

    public var wrappedValue: Service {
        @inlinable mutating get {
            if let service { return service }
            // A failure deeper in the chain names this declaration as the app-code line that
            // started it (the read's own line is unknown to a getter).
            let resolved = Container.readingLazily(file: file, line: line) { resolveOnFirstRead() }
            service = resolved
            return resolved
        }
        @inlinable set { service = newValue }
    }

    /// Resolves the service for the first read, and reports the lazy edge. The type-keyed form
    /// inlined with the read; the keypath forms out of line.
    @inlinable
    func resolveOnFirstRead() -> Service {
        if keyPath != nil || plainKeyPath != nil { return resolveKeyPathOnFirstRead() }
        let container = container ?? Container.shared
        let resolved = container.resolve(
            Service.self, name: name, lifetime: lifetime, args: args, file: file, line: line)
        container.reportLazyResolution(Service.self, name: name, owner: owner, file: file, line: line)
        return resolved
    }

    /// ``resolveOnFirstRead()`` for the keypath forms.
    @usableFromInline
    func resolveKeyPathOnFirstRead() -> Service {
        let container = container ?? Container.shared
        let resolved: Service
        if let keyPath {
            do { resolved = try container.tryResolve(keyPath, lifetime: lifetime) }
            catch { InjectionDiagnostics.trap(error, file: file, line: line) }
            container.reportLazyResolution(keyPath, owner: owner, file: file, line: line)
        } else {
            let plainKeyPath = plainKeyPath.unsafelyUnwrapped  // the caller checked: one of the two is set
            do { resolved = try container.resolvePlain(plainKeyPath, lifetime: lifetime, file: file, line: line) }
            catch { InjectionDiagnostics.trap(error, file: file, line: line) }
            container.reportLazyPlainResolution(plainKeyPath, owner: owner, file: file, line: line)
        }
        return resolved
    }

    /// The wrapper itself: `$viewModel.name = "edit"`.
    public var projectedValue: LazyInjected<Service> {
        get { self }
        set { self = newValue }
    }

    /// Forgets the resolved service; the next read resolves again.
    public mutating func release() { service = nil }
}
