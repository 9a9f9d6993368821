import Testing
import Injection

struct KeypathContainerTests {
    // MARK: - Resolving

    @Test func injectInfersTheTypeFromTheKeyPath() {
        let container = Container(name: "kp-infer")
        withContainer(container) {
            final class Screen { @Inject(\.login.viewModel) var viewModel }
            let screen = Screen()
            #expect(screen.viewModel.title == "Login")
        }
    }

    @Test func subscriptResolvesWithoutAWrapper() {
        let container = Container(name: "kp-subscript")
        withContainer(container) {
            let useCase = Container[\.login.useCase]
            #expect(useCase.login())
        }
        #expect(container[\.login.useCase] is DefaultLoginUseCase)
    }

    @Test func eachResolveBuildsANewInstanceUnlessAScopeSaysOtherwise() {
        let container = Container(name: "kp-scopes")
        #expect(container[\.login.useCase] !== container[\.login.useCase])
        #expect(container[\.login.sharedUseCase] === container[\.login.sharedUseCase])
    }

    // MARK: - Mapping

    @Test func mapperRedirectsLaterResolutionsAndResets() {
        let container = Container(name: "kp-mapper")
        withContainer(container) {
            let before = Container[\.login.viewModel]
            InjectionMapper[\.login.viewModel] = \.login.mockTestViewModel
            #expect(InjectionMapper.target(of: \.login.viewModel) == \.login.mockTestViewModel)
            #expect(Container[\.login.viewModel].title == "Mock")
            #expect(before.title == "Login")
            InjectionMapper.map(\.login.previewViewModel, to: \.login.viewModel)
            #expect(Container[\.login.viewModel].title == "Preview")
            InjectionMapper.reset(\.login.viewModel)
            #expect(Container[\.login.viewModel].title == "Login")
            #expect(InjectionMapper[\.login.viewModel] == nil, "unmapped, the article's getter answers nil")
            #expect(InjectionMapper.target(of: \.login.viewModel) == \.login.viewModel, "unmapped, it answers for itself")
            InjectionMapper[\.login.viewModel] = \.login.mockTestViewModel
            InjectionMapper[\.login.viewModel] = \.login.viewModel
            #expect(Container[\.login.viewModel].title == "Login", "assigning itself removes the mapping")
            #expect(container.mapping(for: \.login.viewModel) == nil)
            InjectionMapper.map(\.login.mockTestUseCase, to: \.login.useCase)
            InjectionMapper.map(\.login.mockTestViewModel, to: \.login.viewModel)
            InjectionMapper.resetAll()
            #expect(Container[\.login.viewModel].title == "Login")
            #expect(Container[\.login.useCase].login())
        }
    }

    @Test func aMappingAlsoRedirectsProvidersCalledDirectlyInsideFactories() {
        let container = Container(name: "kp-mapper-direct")
        container.map(\.login.mockTestUseCase, to: \.login.useCase)
        // The view model's factory calls `c.login.useCase()`, not a keypath.
        let viewModel = container[\.login.viewModel] as? DefaultLoginViewModel
        #expect(viewModel?.useCase is MockTestLoginUseCase)
        #expect(container.login.useCase() is MockTestLoginUseCase)
        container.resetMapping(\.login.useCase)
        #expect(container.login.useCase() is DefaultLoginUseCase)
    }

    @Test func providerOverrideLastOneWins() {
        let container = Container(name: "kp-override")
        container.login.useCase.register { MockTestLoginUseCase() }
        #expect(container[\.login.useCase].login() == false)
        #expect((container[\.login.viewModel] as? DefaultLoginViewModel)?.useCase is MockTestLoginUseCase)
        container.login.useCase.reset()
        #expect(container[\.login.useCase].login())
    }

    @Test func identityNamesLayerMemberAndType() {
        let container = Container(name: "kp-identity")
        #expect(container.login.viewModel.identity.description == "Login.viewModel: LoginViewModel")
        #expect(container.login.viewModel.identity.qualifiedDescription == "Login.viewModel: LoginViewModel in 'kp-identity'")
    }
}
