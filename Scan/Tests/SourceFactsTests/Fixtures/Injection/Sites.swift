import Injection

final class Banner {}
final class Presenter { init(client: Client, logger: Logger) {} }

final class Screen {
    @Injected var fetcher: Fetching  // #S:injected
    @LazyInjected var title: String  // #S:lazy
    @OptionalInjected var banner: Banner?  // #S:optional
    @Injected(name: "list") var list: String  // #S:named
    @Service(.singleton) var logger: Logger  // #S:service
    @Injected(container: app) var session: Session  // #S:container

    func load() throws {
        @Service(.new) var local: Logger  // #S:local
        let client: Client = app.resolve()  // #S:annotated
        let presenter = Presenter(client: app.resolve(), logger: app.resolve())  // #S:contextual
        let named: String = try app.tryResolve(name: "list")  // #S:try
        let maybe: Banner? = app.optional()  // #S:maybe
        let withArguments: Client = app.resolve(args: ["id": 3])  // #S:args
        let explicit = app.resolve(Session.self)  // #S:explicit
        _ = (local, client, presenter, named, maybe, withArguments, explicit)
    }
}
