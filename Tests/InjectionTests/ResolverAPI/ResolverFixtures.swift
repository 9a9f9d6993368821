import Injection

// Services shaped like the ones in Resolver's documentation and tests.

final class XYZArgumentService {
    var condition: Bool
    var string: String
    init(condition: Bool = false, string: String = "Barney") {
        self.condition = condition
        self.string = string
    }
}

final class EditorViewModel {
    let id: Int
    let mode: String
    init(id: Int, mode: String) {
        self.id = id
        self.mode = mode
    }
}

protocol XYZUpdating: AnyObject { func update() -> String }
protocol XYZNaming: AnyObject { var label: String { get } }

/// One object behind several protocols (Resolver's `XYZCombinedService`).
final class XYZCombinedService: XYZFetching, XYZUpdating, XYZNaming {
    let number = InstanceNumbers.next()
    func getData(_ token: String) -> String { "data \(number)" }
    func update() -> String { "updated \(number)" }
    var label: String { "combined \(number)" }
}

/// Resolver's cyclic-dependency example: A needs B, B needs C, C points back to A weakly and is
/// given its A after construction (`resolveProperties`).
final class CyclicA {
    let b: CyclicB
    init(_ b: CyclicB) { self.b = b }
}
final class CyclicB {
    let c: CyclicC
    init(_ c: CyclicC) { self.c = c }
}
final class CyclicC {
    weak var a: CyclicA?
}

/// Property injection: everything set after `init`.
final class PropertyInjectedViewModel {
    var fetcher: XYZFetching!
    var service: XYZService!
}

/// A service that may fail to build (a failable initializer).
final class RemoteFeed {
    let url: String
    init?(url: String) {
        guard url.hasPrefix("https://") else { return nil }
        self.url = url
    }
}
