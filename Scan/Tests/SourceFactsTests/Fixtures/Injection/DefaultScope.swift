import Injection

typealias Resolver = Container

func configure() {
    Container.defaultScope = .singleton  // #C:container
    Resolver.defaultScope = .cached  // #C:alias
}
