import Injection
import Testing

/// Every scope × every `ServiceLifetime` × a reset of each scope × every access style, for class
/// instances and values: each style must give the same answer, and that answer must be the one
/// the scope rules define (`expected`).
///
/// The scenario: resolve twice from app code, twice inside one resolution pass (a factory that
/// resolves the service two times), reset one scope, resolve once more. The answer is the order
/// in which new instances appeared: `[0, 0, 0, 0, 1]` means one instance until the reset.
struct AccessStyleTableTests {
    static let scopes: [Scope] = [.unique, .graph, .cached, .shared, .singleton, .custom("table")]

    struct Case: CustomTestStringConvertible, Sendable {
        let scope: Scope
        let lifetime: ServiceLifetime
        let reset: Scope
        var testDescription: String { "\(scope) × \(lifetime) × reset(\(reset))" }
    }

    static let cases: [Case] = scopes.flatMap { scope in
        ServiceLifetime.allCases.flatMap { lifetime in
            scopes.map { Case(scope: scope, lifetime: lifetime, reset: $0) }
        }
    }

    @Test(arguments: cases)
    func classInstancesGetTheSameAnswerInEveryStyle(_ table: Case) {
        check(TableObject.self, table, isClass: true)
    }

    @Test(arguments: cases)
    func valuesGetTheSameAnswerInEveryStyle(_ table: Case) {
        check(TableValue.self, table, isClass: false)
    }

    private func check<S: TableKeyPaths>(_ type: S.Type, _ table: Case, isClass: Bool) {
        let want = expected(table, isClass: isClass)
        for style in AccessStyle.allCases {
            let answer = run(style, S.self, table)
            #expect(answer == want, "\(style) gave \(answer), the scope rules say \(want)")
        }
    }

    /// Runs the scenario in a fresh container; returns the first-appearance order of instances.
    private func run<S: TableKeyPaths>(_ style: AccessStyle, _ type: S.Type, _ table: Case) -> [Int] {
        let container = Container(name: uniqueName("table-\(style)"))
        style.prepare(container, S.self, scope: table.scope)
        container.register([Int].self, name: "pass") { c in
            [style.resolve(c, S.self, scope: table.scope, lifetime: table.lifetime).serial,
             style.resolve(c, S.self, scope: table.scope, lifetime: table.lifetime).serial]
        }
        // Held until the end, so a `.shared` instance stays alive.
        let first = style.resolve(container, S.self, scope: table.scope, lifetime: table.lifetime)
        let second = style.resolve(container, S.self, scope: table.scope, lifetime: table.lifetime)
        let pass = container.resolve([Int].self, name: "pass")
        container.reset(table.reset)
        let afterReset = style.resolve(container, S.self, scope: table.scope, lifetime: table.lifetime)
        let serials = [first.serial, second.serial] + pass + [afterReset.serial]
        var order: [Int: Int] = [:]
        return serials.map { serial in
            if let seen = order[serial] { return seen }
            order[serial] = order.count
            return order.count - 1
        }
    }

    /// The scope rules, as the table expects them.
    private func expected(_ table: Case, isClass: Bool) -> [Int] {
        let fresh = [0, 1, 2, 3, 4]
        func kept(under scope: Scope) -> [Int] { [0, 0, 0, 0, table.reset == scope ? 1 : 0] }
        switch table.lifetime {
        case .new, .newSingleton:
            return fresh
        case .singleton:
            return kept(under: table.scope.isLongLived ? table.scope : .singleton)
        case .automatic:
            if table.scope.isLongLived { return kept(under: table.scope) }
            switch table.scope.kind {
            case .shared: return isClass ? kept(under: .shared) : fresh
            case .graph: return isClass ? [0, 1, 2, 2, 3] : fresh
            default: return fresh
            }
        }
    }
}
