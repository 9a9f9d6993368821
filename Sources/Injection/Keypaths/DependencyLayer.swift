/// A group of keypath providers: a sub-container (`\.login.viewModel`) or a layer protocol
/// that exposes only what one layer of the app may inject (`\.viewModel.appState`).
///
/// Each member is a computed property returning a ``Provider``, built with
/// ``provide(_:file:line:member:_:)-(_,_,_,_,()->T)`` so that it knows its member name
/// (`#function`: a `KeyPath`'s description on Linux is opaque):
///
/// ```swift
/// extension Container {
///     var login: LoginContainer { LoginContainer(container: self) }
/// }
///
/// struct LoginContainer: DependencyLayer {
///     let container: Container
///     var viewModel: Provider<LoginViewModel> { provide { DefaultLoginViewModel() } }
///     var useCase: Provider<LoginUseCase> { provide(.singleton) { DefaultLoginUseCase() } }
///     var mockTestViewModel: Provider<LoginViewModel> { provide { MockTestLoginViewModel() } }
/// }
/// ```
/// Code injects them by keypath:
/// ```swift
/// final class LoginScreen {
///     @Inject(\.login.viewModel) var viewModel   // the type is inferred from the keypath
///     let useCase = Container[\.login.useCase]   // the same from code, in Container.shared
/// }
/// ```
public protocol DependencyLayer: SendableMetatype {
    /// The container the layer's providers resolve in.
    var container: Container { get }
    /// The layer's name in messages and the inspector: by default the type's name without its
    /// `Live`/`Mock`/… prefix and `Container`/`Layer`/… suffix (`MockViewModelLayer` →
    /// `ViewModel`), so a layer's live and mock implementations share it.
    static var layerName: String { get }
}

extension DependencyLayer {
    public static var layerName: String { LayerName.derive(from: typeName(Self.self)) }

    /// Declares a provider that builds its service with `make`.
    ///
    /// - Parameters:
    ///   - scope: How long instances live; a new one per resolve by default.
    ///   - file: The declaring file, shown in diagnostics and the inspector; leave the default.
    ///   - line: The declaring line, shown in diagnostics and the inspector; leave the default.
    ///   - member: The declaring property's name; leave the default.
    ///   - make: Builds the service; it may resolve other services (keypath or type-keyed).
    @inlinable
    public func provide<T>(
        _ scope: Scope = .unique, file: StaticString = #fileID, line: UInt = #line,
        member: StaticString = #function, _ make: @escaping @Sendable () throws -> T
    ) -> Provider<T> {
        Provider(
            container: container, layer: Self.self, member: member, scope: scope, file: file, line: line,
            make: .plain(make))
    }

    /// Declares a provider whose factory receives the resolving container.
    ///
    /// ```swift
    /// var repository: Provider<UserRepository> {
    ///     provide(.cached) { c in UserRepository(api: c.network.client(), cache: c.resolve()) }
    /// }
    /// ```
    @inlinable
    public func provide<T>(
        _ scope: Scope = .unique, file: StaticString = #fileID, line: UInt = #line,
        member: StaticString = #function, _ make: @escaping @Sendable (Container) throws -> T
    ) -> Provider<T> {
        Provider(container: container, layer: Self.self, member: member, scope: scope, file: file, line: line, make: .withContainer(make))
    }
}

/// Derives readable layer names from type names.
package enum LayerName {
    static let prefixes = ["Live", "Default", "Mock", "Preview", "Test", "App", "Stub", "Fake"]
    static let suffixes = ["Container", "Layer", "Injection", "Assembly", "Dependencies", "Protocol", "Impl"]

    package static func derive(from typeName: String) -> String {
        var name = Substring(typeName.split(separator: ".").last ?? Substring(typeName))
        var changed = true
        while changed {
            changed = false
            for suffix in suffixes where name.count > suffix.count && name.hasSuffix(suffix) {
                name = name.dropLast(suffix.count)
                changed = true
            }
        }
        for prefix in prefixes where name.count > prefix.count && name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if rest.first?.isUppercase == true {
                name = rest
                break
            }
        }
        return String(name)
    }
}
