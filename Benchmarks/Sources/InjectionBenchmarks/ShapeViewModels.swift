import Injection

// This library's view models and keypath layer for the shapes scenarios (ShapeScenarios.swift),
// in a file of their own: Swinject also has a `Provider`.

extension DIContainer {
    /// The keypath providers of the shapes scenarios.
    var shapes: ShapesLayer { ShapesLayer(container: self) }
}

struct ShapesLayer: DependencyLayer {
    let container: DIContainer
    var fetcher: Provider<any Fetching> { provide { Fetcher() } }
    var tracker: Provider<Tracker> { provide(.singleton) { Tracker() } }
}

/// A view model injecting a transient protocol-typed service and a singleton, with `@Injected`
/// (from `Container.shared`).
final class InjectedViewModel {
    @Injected var fetcher: any Fetching
    @Injected var tracker: Tracker
}

/// The same with `@Service`.
final class ServiceViewModel {
    @Service var fetcher: any Fetching
    @Service var tracker: Tracker
}

/// The same with keypath providers, `@Inject(\.shapes.fetcher)`.
final class KeyPathViewModel {
    @Inject(\.shapes.fetcher) var fetcher
    @Inject(\.shapes.tracker) var tracker
}

/// What the direct baseline builds by hand.
final class DirectViewModel {
    let fetcher: any Fetching
    let tracker: Tracker
    init(fetcher: any Fetching, tracker: Tracker) { self.fetcher = fetcher; self.tracker = tracker }
}

/// The same with `@LazyInjected`: resolved at the first read.
final class LazyViewModel {
    @LazyInjected var fetcher: any Fetching
    @LazyInjected var tracker: Tracker
}

/// The same with `@LazyInjected(\.shapes.fetcher)`, keypath providers resolved at the first read.
final class LazyKeyPathViewModel {
    @LazyInjected(\.shapes.fetcher) var fetcher
    @LazyInjected(\.shapes.tracker) var tracker
}

/// A model whose optional dependency is registered nowhere.
final class OptionalAnalyticsModel {
    @OptionalInjected(container: ShapeContainers.optional) var analytics: (any Analytics)?
}

/// Containers a wrapper names (`container:`), shared by the scenario and its model.
enum ShapeContainers {
    static let optional: DIContainer = {
        let container = DIContainer(name: "bench.optional-wrapper")
        container.register { Fetcher() as Fetching }
        return container
    }()
}
