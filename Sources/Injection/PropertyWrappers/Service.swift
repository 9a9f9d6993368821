/// Resolves a service at init with a service type chosen at the use site, in the style of
/// service-container code.
///
/// ```swift
/// final class WeatherDataService {
///     @Service private var network: NetworkService            // .automatic
///     @Service(.singleton) private var location: LocationService
///     @Service(.new) private var formatter: TemperatureFormatter
/// }
///
/// func greet() {
///     @Service var translator: TranslationService            // also on local variables
///     print(translator.translate("Hello"))
/// }
/// ```
/// It is ``Injected`` with the ``ServiceLifetime`` first; both resolve from the same container
/// with the same diagnostics.
@propertyWrapper
public struct Service<Value> {
    public var wrappedValue: Value

    /// Resolves at once; `@inlinable`, as ``Injected``'s type-keyed form is.
    @inlinable
    public init(
        _ lifetime: ServiceLifetime = .automatic, name: String? = nil, container: Container? = nil,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        wrappedValue = (container ?? Container.shared).resolve(Value.self, name: name, lifetime: lifetime, file: file, line: line)
    }

    public var projectedValue: Service<Value> {
        get { self }
        set { self = newValue }
    }
}
