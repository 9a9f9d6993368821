import Resolver

protocol Delegate: AnyObject {}
final class Banner {}
final class ObservableModel {}

final class XYZViewController {
    @Injected var fetcher: XYZFetching  // #S:injected
    @LazyInjected var service: XYZService  // #S:lazy
    @WeakLazyInjected var delegate: Delegate?  // #S:weak
    @OptionalInjected var banner: Banner?  // #S:optional
    @InjectedObject var model: ObservableModel  // #S:object
    @Injected(name: "edit") var edit: XYZViewModel  // #S:named
    private let direct: XYZService = Resolver.resolve()  // #S:locator

    init(fetcher: XYZFetching = Resolver.resolve()) {}  // #S:default
}
