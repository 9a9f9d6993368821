// Resolver's `@Injected`, in a file that imports no other library with a wrapper of that name.
#if canImport(Resolver) && canImport(FactoryKit) && canImport(Dependencies)
import Resolver

/// A view model injecting through Resolver's `@Injected` (from `Resolver.root`, the main resolver).
final class ResolverViewModel {
    @Injected var fetcher: Fetching
    @Injected var tracker: Tracker
}

/// The same with Resolver's `@LazyInjected`: resolved at the first read.
final class ResolverLazyViewModel {
    @LazyInjected var fetcher: Fetching
    @LazyInjected var tracker: Tracker
}
#endif
