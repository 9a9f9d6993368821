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
                service = (container ?? Container.shared).resolve(Service.self, name: name, file: file, line: line)
            }
            return service
        }
        set {
            resolvedOnce = true
            service = newValue
        }
    }

    public var projectedValue: WeakLazyInjected<Service> {
        get { self }
        set { self = newValue }
    }
}
