import Injection

/// The keypath providers the fuzzer wires: one per scope (and a second unique one). What each
/// builds is looked up in the wiring of the run its container belongs to.
struct FuzzLayer: DependencyLayer {
    let container: Container

    var p0: Provider<Built> { provide { c in try WiringRun.buildProvider(0, in: c) } }
    var p1: Provider<Built> { provide(.cached) { c in try WiringRun.buildProvider(1, in: c) } }
    var p2: Provider<Built> { provide(.singleton) { c in try WiringRun.buildProvider(2, in: c) } }
    var p3: Provider<Built> { provide(.graph) { c in try WiringRun.buildProvider(3, in: c) } }
    var p4: Provider<Built> { provide(.shared) { c in try WiringRun.buildProvider(4, in: c) } }
    var p5: Provider<Built> { provide { c in try WiringRun.buildProvider(5, in: c) } }

    static let scopes: [Scope] = [.unique, .cached, .singleton, .graph, .shared, .unique]

    /// The keypath of provider `index` (a literal each: keypaths are resolved by identity).
    static func keyPath(_ index: Int) -> any KeyPath<Container, Provider<Built>> & Sendable {
        switch index {
        case 0: \.fuzz.p0
        case 1: \.fuzz.p1
        case 2: \.fuzz.p2
        case 3: \.fuzz.p3
        case 4: \.fuzz.p4
        default: \.fuzz.p5
        }
    }

    func provider(_ index: Int) -> Provider<Built> {
        switch index {
        case 0: p0
        case 1: p1
        case 2: p2
        case 3: p3
        case 4: p4
        default: p5
        }
    }
}

extension Container {
    var fuzz: FuzzLayer { FuzzLayer(container: self) }
}
