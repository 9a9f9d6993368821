// Factory's `@Injected(\.x)`, in a file that imports no other library with a wrapper of that name.
#if canImport(Resolver) && canImport(FactoryKit) && canImport(Dependencies)
import FactoryKit

/// A view model injecting through Factory's `@Injected`, from its default container.
final class FactoryViewModel {
    @Injected(\.shapeFetcher) var fetcher
    @Injected(\.shapeTracker) var tracker
}

/// The same with Factory's `@LazyInjected`: resolved at the first read.
final class FactoryLazyViewModel {
    @LazyInjected(\.shapeFetcher) var fetcher
    @LazyInjected(\.shapeTracker) var tracker
}
#endif
