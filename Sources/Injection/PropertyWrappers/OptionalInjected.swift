/// Resolves a service at init if it is registered, and is nil otherwise.
///
/// ```swift
/// final class Checkout {
///     @OptionalInjected var analytics: Analytics?
/// }
/// ```
@propertyWrapper
public struct OptionalInjected<Service> {
    public var wrappedValue: Service?

    /// `@inlinable`, as `Container.optional()` is: specialised where `Service` is known, a miss
    /// costs what the optional resolve does, not a metadata lookup per init (Benchmarks/).
    @inlinable
    public init(name: String? = nil, container: Container? = nil, file: StaticString = #fileID, line: UInt = #line) {
        wrappedValue = (container ?? Container.shared).optional(Service.self, name: name, file: file, line: line)
    }

    public var projectedValue: OptionalInjected<Service> {
        get { self }
        set { self = newValue }
    }
}
