import Factory

protocol Networking {}
final class Network: Networking {}
final class MockNetwork: Networking {}
final class API { init(network: Networking) {} }
final class MockAPI {}
final class Cache {}
final class Detail { init(id: Int) {} }
final class Service {}
final class MockService {}
final class Feature { init(api: API) {} }

extension Container {
    var network: Factory<Networking> { self { Network() }.singleton }  // #R:singleton
    var api: Factory<API> { self { API(network: self.network()) } }  // #R:api #S:selfCall
    var cache: Factory<Cache> { Factory(self) { Cache() }.scope(.cached) }  // #R:factory2
    var detail: ParameterFactory<Int, Detail> { self { Detail(id: $0) } }  // #R:parameter
    var service: Factory<Service> {  // #R:service
        self { Service() }
            .onTest { MockService() }  // #R:onTest
    }
}

final class FeatureContainer: SharedContainer {  // #C:shared
    static let shared = FeatureContainer()
    let manager = ContainerManager()
    var feature: Factory<Feature> { self { Feature(api: Container.shared.api()) } }  // #R:custom #S:crossContainer
}

extension Container: AutoRegistering {
    func autoRegister() {
        manager.defaultScope = .cached  // #C:defaultScope
        api.register { MockAPI() }  // #R:autoOverride
    }
}
