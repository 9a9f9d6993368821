import ArticleListingSupport
import Foundation
import Injection
import Testing

/// Proves the layer protocols refuse, at compile time, what a layer may not inject: a snippet is
/// type-checked with `swiftc` against the built `Injection` module.
struct LayerAccessCompileTests {
    /// The layer shapes of LayerFixtures again, as text on purpose: swiftc type-checks the
    /// snippet alone, against the built module, without the test target's declarations.
    static let layers = """
        import Injection
        final class AppState {}
        final class Network {}
        protocol ViewModelLayer: DependencyLayer { var appState: Provider<AppState> { get } }
        protocol InteractorLayer: DependencyLayer {
            var appState: Provider<AppState> { get }
            var network: Provider<Network> { get }
        }
        protocol AppLayers: Assembly {
            func viewModel(_ container: Container) -> any ViewModelLayer
            func interactor(_ container: Container) -> any InteractorLayer
        }
        extension Container {
            var viewModel: any ViewModelLayer { assembly(AppLayers.self).viewModel(self) }
            var interactor: any InteractorLayer { assembly(AppLayers.self).interactor(self) }
        }

        """

    @Test func aViewModelCannotInjectTheNetwork() throws {
        let result = try SnippetTypecheck.run(Self.layers + """
            final class ProfileViewModel {
                @Injected(\\.viewModel.network) var network
            }
            """)
        #expect(result.status != 0)
        #expect(result.output.contains("value of type 'any ViewModelLayer' has no member 'network'"))
    }

    @Test func theAllowedTwinCompiles() throws {
        let result = try SnippetTypecheck.run(Self.layers + """
            final class ProfileViewModel {
                @Injected(\\.viewModel.appState) var appState
            }
            final class ProfileInteractor {
                @Injected(\\.interactor.network) var network
            }
            """)
        #expect(result.status == 0, "\(result.output)")
    }
}
