import Resolver

protocol XYZFetching {}
final class XYZFetcher: XYZFetching {}
final class MockFetcher: XYZFetching {}
final class XYZService {}
protocol XYZViewModel {}
final class EditViewModel: XYZViewModel {}
final class Detail { init(id: Int) {} }
final class Model { init(fetcher: XYZFetching, service: XYZService) {} }

extension Resolver: ResolverRegistering {  // #C:registering
    public static func registerAllServices() {
        register { XYZFetcher() }.implements(XYZFetching.self)  // #R:implements
        register(XYZService.self) { XYZService() }.scope(.application)  // #R:application
        register(name: "edit") { EditViewModel() as XYZViewModel }  // #R:named
        register(name: .fred) { XYZService() }  // #R:nameConstant
        register { _, args in Detail(id: args("id")) }  // #R:args
        register { Model(fetcher: resolve(), service: resolve()) }  // #R:model #S:modelEdge
        Resolver.register { XYZService() }  // #R:static
        register(name: "background") { DispatchQueue.global() }  // #R:staticFactory
        #if DEBUG
        register { MockFetcher() as XYZFetching }  // #R:debugMock
        #else
        register { XYZFetcher() as XYZFetching }  // #R:release
        #endif
    }
}

extension Resolver {
    static var mock = Resolver(child: main)  // #C:mock
    static func registerMockServices() {
        root = mock  // #C:root
        mock.register { MockFetcher() as XYZFetching }  // #R:mockRegister
    }
}
