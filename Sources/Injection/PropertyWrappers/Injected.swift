/// Resolves a service when the enclosing object is initialised.
///
/// ```swift
/// final class XYZViewModel {
///     @Injected var fetcher: XYZFetching
///     @Injected(name: "edit") var editor: XYZEditing
///     @Injected(lifetime: .new) var formatter: PriceFormatter   // a fresh one for this model
/// }
/// ```
/// It works on local variables too:
/// ```swift
/// func translate(_ text: String) -> String {
///     @Injected var translator: TranslationService
///     return translator.translate(text)
/// }
/// ```
/// Without a container, it resolves from ``Container/shared`` (task-local, so tests can isolate
/// it); `@Injected(container: other)` resolves from another one. A missing registration stops the program with the full diagnostic, naming this line. The
/// value is assignable, so a test can put a double in place.
@propertyWrapper
public struct Injected<Service> {
    public var wrappedValue: Service

    /// Resolves at once. `@inlinable`, as `resolve()` is: specialised where `Service` is known.
    @inlinable
    public init(
        name: String? = nil, lifetime: ServiceLifetime = .automatic, container: Container? = nil,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        // The one resolve, called directly (`resolve()` is the same call, one front end further).
        let container = container ?? Container.shared
        do throws(Container.ResolveFailure) {
            wrappedValue = try container.resolve(
                EntryKey(Service.self, name: name), Service.self, lifetime: lifetime, args: .none, site: Container.ResolveSite(file: file, line: line))
        } catch {
            InjectionDiagnostics.trap(
                container.resolutionError(error, Service.self, name: name, file: file, line: line), file: file, line: line)
        }
    }

    /// Resolves the keypath provider at init; the type is inferred from the keypath.
    ///
    /// ```swift
    /// final class SettingsViewModel {
    ///     @Injected(\.viewModel.appState) var appState
    ///     @Inject(\.login.viewModel) var login
    ///     @Inject(\.login.viewModel, lifetime: .new) var freshLogin
    /// }
    /// ```
    @inlinable
    public init(
        _ keyPath: any KeyPath<Container, Provider<Service>> & Sendable, lifetime: ServiceLifetime = .automatic,
        container: Container? = nil, file: StaticString = #fileID, line: UInt = #line
    ) {
        do throws(ResolutionError) {
            wrappedValue = try (container ?? Container.shared).tryResolve(keyPath, lifetime: lifetime)
        } catch {
            InjectionDiagnostics.trap(error, file: file, line: line)
        }
    }

    /// Resolves the plain property at the keypath at init, through the container (so it is
    /// mapped, traced and checked like a provider); the type is inferred from the keypath.
    ///
    /// ```swift
    /// extension Container {
    ///     var profile: ProfileContainer { ProfileContainer() }
    /// }
    /// struct ProfileContainer {
    ///     var viewModel: ProfileViewModel { DefaultProfileViewModel() }
    ///     var useCase: ProfileUseCase { DefaultProfileUseCase() }
    ///     var mockViewModel: ProfileViewModel { MockProfileViewModel() }
    /// }
    ///
    /// final class ProfileViewController {
    ///     @Inject(\.profile.viewModel) var viewModel   // a new DefaultProfileViewModel, or the mapped one
    /// }
    /// ```
    @_disfavoredOverload
    public init(
        _ keyPath: any KeyPath<Container, Service> & Sendable, lifetime: ServiceLifetime = .automatic,
        container: Container? = nil, file: StaticString = #fileID, line: UInt = #line
    ) {
        do throws(ResolutionError) {
            wrappedValue = try (container ?? Container.shared).resolvePlain(keyPath, lifetime: lifetime, file: file, line: line)
        } catch {
            InjectionDiagnostics.trap(error, file: file, line: line)
        }
    }

    /// The wrapper itself: `$service`.
    public var projectedValue: Injected<Service> {
        get { self }
        set { self = newValue }
    }

    /// Not available: `@Injected` resolves when its object is created, so a name chosen
    /// afterwards (`$viewModel.name = "edit"`) could change nothing. Declare the property
    /// `@LazyInjected`, whose name is settable until the first read, or pass the name up front:
    /// `@Injected(name: "edit")`.
    @available(*, unavailable, message: "@Injected resolves when its object is created, so a name set afterwards changes nothing: declare it @LazyInjected (its $property.name is settable until the first read), or write @Injected(name: \"…\")")
    public var name: String? {
        get { nil }
        set {}
    }
}

/// `@Inject`, the name used by keypath-container code, is the same wrapper as ``Injected``.
///
/// ```swift
/// final class LoginViewController {
///     @Inject(\.login.viewModel) var viewModel
/// }
/// ```
public typealias Inject<T> = Injected<T>
