/// Resolves a class service at first read and holds it weakly, for parents, delegates and
/// ``Scope/shared`` services that must not be kept alive by their users.
///
/// ```swift
/// protocol Coordinator: AnyObject { func finish() }
///
/// final class DetailViewModel {
///     @WeakLazyInjected var coordinator: Coordinator?   // a class-bound protocol, as in Resolver
/// }
/// ```
/// The service must be a class instance (a value type cannot be held weakly): resolving a value
/// type stops the program with a message saying so.
@propertyWrapper
public struct WeakLazyInjected<Service> {
    // Held as `AnyObject` so that `Service` may be a class-bound protocol existential, which does
    // not satisfy an `AnyObject` generic constraint.
    private weak var object: AnyObject?
    private var resolvedOnce = false
    public var name: String?
    public var container: Container?
    /// Arguments for a factory registered with `{ container, args in … }`; set before the first read.
    public var args: Any?
    private let file: StaticString
    private let line: UInt

    public init(name: String? = nil, container: Container? = nil, file: StaticString = #fileID, line: UInt = #line) {
        self.name = name
        self.container = container
        self.file = file
        self.line = line
    }

    /// Resolves once; afterwards it is whatever the weak reference still holds.
    public var wrappedValue: Service? {
        mutating get {
            if !resolvedOnce {
                resolvedOnce = true
                let (container, name, args, file, line) = (container ?? Container.shared, name, args, file, line)
                let resolved = Container.readingLazily(file: file, line: line) {
                    container.resolve(Service.self, name: name, args: args, file: file, line: line)
                }
                guard ScopeRules.isClassInstance(resolved) else {
                    InjectionDiagnostics.trap(
                        "Weak injection of a value: @WeakLazyInjected holds its service weakly, but \(typeName(Service.self)) resolved to a value of type \(typeName(Swift.type(of: resolved as Any))), which nothing can hold weakly.\n  Fix: use @LazyInjected for value types.",
                        file: file, line: line)
                }
                object = resolved as AnyObject
            }
            return object.map { $0 as! Service }
        }
        set {
            resolvedOnce = true
            object = newValue.map { $0 as AnyObject }
        }
    }

    /// Whether the wrapper holds no instance: not resolved yet, or the instance it resolved has
    /// been released by everybody else (`$coordinator.isEmpty`).
    public var isEmpty: Bool { object == nil }

    /// Whether the first read has resolved (or a value was assigned), even if the weak reference
    /// has emptied since.
    public var isResolved: Bool { resolvedOnce }

    public var projectedValue: WeakLazyInjected<Service> {
        get { self }
        set { self = newValue }
    }
}
