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
    private lazy var later: XYZService = Resolver.resolve()  // #S:lazyStored
    private let explicit = try! Resolver.resolve(XYZService.self)  // #S:storedExplicit

    init(fetcher: XYZFetching = Resolver.resolve()) {}  // #S:default
}

// Resolver names as constants of Resolver.Name.
extension Resolver.Name {
    static let fred = Self("fred")  // #P:fred
    static let barney = Resolver.Name(rawValue: "barney")
}
final class Flintstones {
    @Injected(name: .fred) var fred: XYZService  // #S:nameConstant
    let barney: XYZService = Resolver.resolve(name: .barney)  // #S:resolveNameConstant
    let wilma: XYZService = Resolver.resolve(name: .name(fromString: "wilma"))  // #S:nameFromString
}
