import Swinject

final class CoreAssembly: Assembly {
    func assemble(container: Container) {}
}

let container = Container(defaultObjectScope: .container)  // #C:container
let child = Container(parent: container, defaultObjectScope: .transient)  // #C:child
let assembler = Assembler([CoreAssembly()], defaultObjectScope: .container)  // #C:assembler
