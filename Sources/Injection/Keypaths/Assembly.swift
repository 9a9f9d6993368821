import Synchronization

/// The set of layer implementations a container uses, swapped as a whole for the app, for
/// previews and for tests, without touching the code that injects.
///
/// ```swift
/// protocol AppLayers: Assembly {
///     func viewModel(_ container: Container) -> any ViewModelLayer
///     func interactor(_ container: Container) -> any InteractorLayer
/// }
/// extension Container {
///     var viewModel: any ViewModelLayer { assembly(AppLayers.self).viewModel(self) }
///     var interactor: any InteractorLayer { assembly(AppLayers.self).interactor(self) }
/// }
///
/// container.use(LiveLayers())       // the app
/// container.use(PreviewLayers())    // previews: no network
/// container.use(MockLayers())       // tests: mocks per layer
/// ```
public protocol Assembly: Sendable {}

extension Container {
    /// Installs `assembly` in this container (replacing any earlier one). Children without an
    /// assembly of their own use their parent's.
    public func use(_ assembly: some Assembly) {
        assemblyState.withLock { $0 = assembly }
    }

    /// The installed assembly, as `A` (usually the app's assembly protocol). Stops the program
    /// with a message saying what to install when there is none.
    public func assembly<A>(_ type: A.Type = A.self, file: StaticString = #fileID, line: UInt = #line) -> A {
        var current: Container? = self
        while let container = current {
            if let assembly = container.assemblyState.withLock({ $0 }) {
                guard let typed = assembly as? A else {
                    fatalError("Assembly mismatch: '\(container.name)' uses \(typeName(Swift.type(of: assembly))), which is not a \(typeName(A.self)).\n  Fix: \(container.name).use(<#an assembly conforming to \(typeName(A.self))#>)", file: file, line: line)
                }
                return typed
            }
            current = container.parent
        }
        fatalError("Missing assembly: '\(name)' has no assembly of type \(typeName(A.self)) (nor do its parents).\n  Fix: \(name == "shared" ? "Container.shared" : name).use(<#an assembly conforming to \(typeName(A.self))#>) before the first keypath injection", file: file, line: line)
    }
}
