import Testing
import Injection

private final class Leaf {}
private final class Branch { init(_ leaf: Leaf) {} }
private final class Root { init(_ branch: Branch, _ missing: Int) {} }
private final class Loop1 { init(_ other: Loop2) {} }
private final class Loop2 { init(_ other: Loop1) {} }
private final class Counter: @unchecked Sendable { var built = 0 }

struct ValidationTests {
    @Test func aCompleteContainerValidates() {
        let container = Container(name: "validate-ok")
        container.register(scope: .cached) { Leaf() }
        container.register(scope: .singleton) { c in Branch(c.resolve()) }
        let report = container.validate(\.login.viewModel)
        #expect(report.isValid, "\(report)")
        #expect(report.checked == 3)  // Leaf, Branch and Login.viewModel
        #expect(report.description == "Validation passed: 3 registrations, no problems.")
    }

    @Test func everyProblemIsReportedAtOnce() {
        let container = Container(name: "validate-bad")
        container.register { Leaf() }
        container.register(scope: .singleton) { c in Branch(c.resolve()) }     // captive Leaf
        container.register { c in Root(c.resolve(), c.resolve(Int.self, name: "limit")) }  // missing Int
        container.register { c in Loop1(c.resolve()) }
        container.register { c in Loop2(c.resolve()) }                           // cycle
        let report = container.validate()
        let kinds = report.problems.map { problem -> String in
            switch problem {
            case .missing(let missing): "missing \(missing.requested.description)"
            case .cycle(let cycle): "cycle \(cycle.path.map(\.type).joined(separator: ">"))"
            case .scopeMismatch(let mismatch): "mismatch \(mismatch.holder.type)<\(mismatch.captive.type)"
            case .factoryFailed(let service, _): "failed \(service.type)"
            case .shadowed(let answering, _, _): "shadowed \(answering.type)"
            }
        }
        // The cycle is met from Loop1 and from Loop2: it is one cycle, reported once.
        #expect(kinds.count == 3)
        #expect(Set(kinds) == [
            "mismatch Branch<Leaf",
            "cycle Loop1>Loop2>Loop1",
            "missing Int (name: \"limit\")",
        ])
    }

    @Test func validationLeavesRealScopesUntouched() {
        let container = Container(name: "validate-sandbox")
        let counter = Counter()
        container.register(scope: .singleton) { () -> Leaf in counter.built += 1; return Leaf() }
        let before = container.resolve(Leaf.self)
        #expect(counter.built == 1)
        _ = container.validate()
        #expect(counter.built == 2)              // validation built its own
        #expect(container.resolve(Leaf.self) === before)   // the kept one is still the real one
    }
}
