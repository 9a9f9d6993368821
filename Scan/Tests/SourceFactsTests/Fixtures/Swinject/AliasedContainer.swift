import Foundation
import SwinjectAutoregistration

// `AppContainer` is a typealias of Swinject's `Container` declared in another file.
final class StoreRegistration: AppAssembly {
    func assemble(container: AppContainer) {
        container.autoregister(Store.self, initializer: DiskStore.init)  // #R:aliasedAutoregister
        container.autoregister(Cart.self, argument: String.self) { id in Cart(id: id) }  // #R:aliasedArgument
        container.observe(Store.self, using: StoreObserver.init)  // #N:aliasedOther
    }
}
