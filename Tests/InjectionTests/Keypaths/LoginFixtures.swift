import Injection

// The seed-004 style: sub-containers of keypath providers on the one `Container`.

protocol LoginViewModel: AnyObject { var title: String { get } }
protocol LoginUseCase: AnyObject { func login() -> Bool }

final class DefaultLoginViewModel: LoginViewModel {
    let useCase: LoginUseCase
    init(useCase: LoginUseCase) { self.useCase = useCase }
    var title: String { "Login" }
}
final class MockTestLoginViewModel: LoginViewModel { var title: String { "Mock" } }
final class PreviewLoginViewModel: LoginViewModel { var title: String { "Preview" } }
final class DefaultLoginUseCase: LoginUseCase { func login() -> Bool { true } }
final class MockTestLoginUseCase: LoginUseCase { func login() -> Bool { false } }

extension Container {
    var login: LoginContainer { LoginContainer(container: self) }
}

struct LoginContainer: DependencyLayer {
    let container: Container

    var viewModel: Provider<LoginViewModel> { provide { c in DefaultLoginViewModel(useCase: c.login.useCase()) } }
    var useCase: Provider<LoginUseCase> { provide { DefaultLoginUseCase() } }
    var sharedUseCase: Provider<LoginUseCase> { provide(.singleton) { DefaultLoginUseCase() } }
    var mockTestViewModel: Provider<LoginViewModel> { provide { MockTestLoginViewModel() } }
    var previewViewModel: Provider<LoginViewModel> { provide { PreviewLoginViewModel() } }
    var mockTestUseCase: Provider<LoginUseCase> { provide { MockTestLoginUseCase() } }
}
