import Injection

// "How To Inject Dependencies using KeyPath Like A Pro!" (seed 004), its listings as they stand.
// Not compiled: the article's own `struct InjectionMapper` (the library's `InjectionMapper` and
// `Container` are what the listings run on).

// Scaffolding: the view models and use cases the article uses without showing them.
protocol LoginViewModel: AnyObject { var title: String { get } }
protocol LoginUseCase: AnyObject { func login() -> Bool }
final class DefaultLoginViewModel: LoginViewModel { var title: String { "Login" } }
final class MockTestLoginViewModel: LoginViewModel { var title: String { "Mock" } }
final class PreviewLoginViewModel: LoginViewModel { var title: String { "Preview" } }
final class DefaultLoginUseCase: LoginUseCase { func login() -> Bool { true } }
final class MockTestLoginUseCase: LoginUseCase { func login() -> Bool { false } }
final class PreviewLoginUseCase: LoginUseCase { func login() -> Bool { false } }

// Listing: Container
//MARK: Add LoginContainer to main container
extension Container {
var login: LoginContainer {
LoginContainer()
}
}

// MARK: Default
struct LoginContainer {
var viewModel: LoginViewModel {
DefaultLoginViewModel()
}

var useCase: LoginUseCase {
DefaultLoginUseCase()
}
}

// MARK: Mock dependencies
extension LoginContainer {
var mockTestViewModel: LoginViewModel {
MockTestLoginViewModel()
}

var mockTestUseCase: LoginUseCase {
MockTestLoginUseCase()
}
}

// Scaffolding: the preview dependencies the mapper listings name, which the article does not
// declare.
extension LoginContainer {
    var previewViewModel: LoginViewModel { PreviewLoginViewModel() }
    var previewUseCase: LoginUseCase { PreviewLoginUseCase() }
}

// Scaffolding: a function around the statement listing.
func resolveUseCase() -> LoginUseCase {
// Listing: layered access through the main container
let useCase = Container[\.login.useCase]
    return useCase
}

// Scaffolding: a view controller around the property listing.
final class LoginViewController {
// Listing: Inject property wrapper
@Inject(\.login.viewModel) var viewModel
}

// Scaffolding: functions around the mapper statements.
func mapViewModelToMock() {
// Listing: the mapper line from the introduction
InjectionMapper[\.login.viewModel] = \.login.mockTestViewModel
}

func mapViewModelToPreview() {
// Listing: "To inject dependency, use it like this"
InjectionMapper[\.login.viewModel] = \.login.previewViewModel
}

func mapUseCaseToPreview() {
// Listing: "or use the map function of InjectionMapper"
InjectionMapper.map(\.login.previewUseCase, to: \.login.useCase)
}
