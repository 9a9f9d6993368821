import Injection

protocol Fetching {}
final class Fetcher: Fetching { init() {} }
final class Session {}
final class Client { init(session: Session) {} }
protocol Greeting {}
final class Hello: Greeting {}
final class Logger {}
final class Cache { var logger: Logger? }
protocol Gateway {}

let app = Container(name: "app")  // #C:app

func wire() {
    app.register { Fetcher() }  // #R:plain
    app.register { Fetcher() as Fetching }  // #R:cast
    app.register { c in Client(session: c.resolve()) }  // #R:edge #S:edge
    app.register(Greeting.self) { Hello() }  // #R:explicit
    app.register(name: "list") { "Repositories" as String }  // #R:named
    app.register(scope: .singleton) { Session() }  // #R:scoped
    app.register { Logger() }.scope(.cached).implements(Greeting.self)  // #R:chained
    app.register { Cache() }  // #R:props
        .resolveProperties { c, cache in cache.logger = c.optional() }  // #S:props
    app.decorate(Fetching.self) { c, fetcher in fetcher }  // #R:decorate
    app.register(Logger())  // #R:instance
    app.register(Fetching.self, Fetcher())  // #R:autoclosure
    Container.register { Session() }  // #R:static
    Container.register(type: Fetching.self, Fetcher())  // #R:type
    let child = app.makeChild()  // #C:child
    app.add(child: child)  // #C:add
}

func wireInLoop(names: [String]) {
    for name in names {
        app.register(name: name) { Hello() as Greeting }  // #R:loop
    }
}

func wireGeneric<T: Greeting>(_ make: @escaping @Sendable () -> T) {
    app.register { make() as T }  // #R:generic
}

func resolveAny<Service>(_ type: Service.Type) -> Service {
    app.resolve(Service.self)  // #S:genericResolve
}
