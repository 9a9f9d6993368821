import Swinject

protocol Networking {}
final class Network: Networking {}
final class API { init(network: Networking) {} }
final class Detail { init(id: Int, api: API) {} }
protocol View: AnyObject {}
final class Presenter { weak var view: View? }
final class Cache {}

final class ServiceAssembly: Assembly {  // #C:assembly
    func assemble(container: Container) {
        container.register(Networking.self) { _ in Network() }.inObjectScope(.container)  // #R:scoped
        container.register(API.self, name: "v2") { r in API(network: r.resolve(Networking.self)!) }  // #R:named #S:edge
        container.register(Detail.self) { (r: Resolver, id: Int) in Detail(id: id, api: r.resolve(API.self, name: "v2")!) }  // #R:arguments #S:namedEdge
        container.register(Presenter.self) { _ in Presenter() }  // #R:presenter
            .initCompleted { r, presenter in presenter.view = r.resolve(View.self) }  // #S:initCompleted
    }
}

let assembler = Assembler([ServiceAssembly()])  // #C:assembler
let services = Container()  // #C:services

func screen() {
    services.register(Cache.self) { _ in Cache() }  // #R:anyName
    let api = assembler.resolver.resolve(API.self, name: "v2")!  // #S:locator
    let detail = assembler.resolver.resolve(Detail.self, argument: 3)  // #S:argument
    _ = (api, detail)
}

protocol InstanceProvider { func resolve<T>(_ type: T.Type) -> T }
final class SwinjectInstanceProvider: InstanceProvider {
    let resolver: Resolver
    init(resolver: Resolver) { self.resolver = resolver }
    func resolve<T>(_ type: T.Type) -> T { resolver.resolve(type)! }  // #N:generic
}

func start(instanceProvider: InstanceProvider) {
    _ = instanceProvider.resolve(API.self)  // #S:wrapper
    let detail: Detail = instanceProvider.resolve(arguments: 3, "x")  // #S:wrapperArguments
    _ = detail
}

// A synchronized resolver is the same container: its resolves are sites, and edges in a factory.
final class Loader { init(cache: Cache) {} }
func synchronizedScreen() {
    let threadSafe = services.synchronize()
    let cache = threadSafe.resolve(Cache.self)!  // #S:synchronized
    let again = services.synchronize().resolve(Cache.self)  // #S:synchronizedChain
    services.register(Loader.self) { _ in Loader(cache: services.synchronize().resolve(Cache.self)!) }  // #R:loader #S:synchronizedEdge
    _ = (cache, again)
}
