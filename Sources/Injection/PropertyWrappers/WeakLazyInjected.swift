/// Resolves a class service at first read and holds it weakly, for parents, delegates and
/// ``Scope/shared`` services that must not be kept alive by their users.
///
/// ```swift
/// final class DetailViewModel {
///     @WeakLazyInjected var coordinator: Coordinator?
/// }
/// ```
@propertyWrapper
public struct WeakLazyInjected<Service: AnyObject> {
    private weak var service: Service?
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
                service = (container ?? Container.shared).resolve(
                    Service.self, name: name, args: args, file: file, line: line)
            }
            return service
        }
        set {
            resolvedOnce = true
            service = newValue
        }
    }

    /// Whether the wrapper holds no instance: not resolved yet, or the instance it resolved has
    /// been released by everybody else (`$coordinator.isEmpty`).
    public var isEmpty: Bool { service == nil }

    /// Whether the first read has resolved (or a value was assigned), even if the weak reference
    /// has emptied since.
    public var isResolved: Bool { resolvedOnce }

    public var projectedValue: WeakLazyInjected<Service> {
        get { self }
        set { self = newValue }
    }
}
