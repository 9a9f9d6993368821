import Foundation
import InjectionGraph
import InjectionScan
import Testing

/// SwinjectAutoregistration's `autoregister(P.self, initializer: X.init)` resolves each parameter
/// of `X`'s initialiser: each is an edge of the registration, at the call, so a missing one is
/// missing and a loop through them is a cycle. Arguments given at resolve time are not edges.
@Suite(.serialized)
struct AutoregisterScanTests {
    static let app = """
        import Swinject
        import SwinjectAutoregistration

        protocol Clock {}
        final class SystemClock: Clock { init() {} }
        protocol Store {}
        final class Database: Store { init(clock: Clock) {} }
        final class Screen { init(store: Store, clock: Clock, title: String) {} }
        final class Report {
            init(clock: Clock) {}
            init(store: Store, feed: Feed) {}
        }
        final class Twice {
            init(clock: Clock) {}
            init(store: Store) {}
        }
        protocol Feed {}

        let container = Container()
        func wire() {
            container.autoregister(Clock.self, initializer: SystemClock.init)  // #clock
            container.autoregister(Store.self, initializer: Database.init)  // #store
            container.autoregister(Screen.self, argument: String.self, initializer: Screen.init)  // #screen
            container.autoregister(Report.self, initializer: Report.init(store:feed:))  // #report
            container.autoregister(Twice.self, initializer: Twice.init)  // #twice
        }
        """

    static func line(_ marker: String) throws -> Int {
        let lines = app.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.hasSuffix("// " + marker) }, "no \(marker)") + 1
    }

    @Test func eachInitializerParameterIsAnEdgeAtTheCall() throws {
        try ScanTools.requireBuilt()
        let (declarations, graph) = try ScanTools.scanFiles(["Wiring.swift": Self.app])

        let edges = declarations.sites.map { "\($0.location.line) \($0.requester?.type ?? "-") -> \($0.requested.type)" }.sorted()
        #expect(edges == [
            "\(try Self.line("#report")) Report -> Feed",
            "\(try Self.line("#report")) Report -> Store",
            "\(try Self.line("#screen")) Screen -> Clock",
            "\(try Self.line("#screen")) Screen -> Store",
            "\(try Self.line("#store")) Store -> Clock",
        ].sorted())
        #expect(declarations.sites.allSatisfy { $0.kind == .eager })

        // Feed is registered nowhere: missing, at the autoregister line that needs it.
        let report = graph.check()
        let missing = report.problems.filter { $0.kind == "missing" }
        #expect(missing.count == 1)
        #expect(missing.first?.message.contains("Missing registration: Feed") == true)
        #expect(missing.first?.message.contains("Wiring.swift:\(try Self.line("#report"))") == true)
        // In Swinject's spelling: its `register` takes the type, and the factory the resolver.
        #expect(missing.first?.message.contains("Fix: container.register(Feed.self) { _ in <#Implementation#>() }") == true)

        // Two initialisers and none written: a note, never a guessed edge.
        let twice = try #require(declarations.notes.first { $0.message.contains("Twice") })
        #expect(twice.message == "Twice's dependencies are not read: its autoregister initialiser is one of 2; write Twice.init(label:…)")
        #expect(twice.location.line == (try Self.line("#twice")))
    }

    /// A value the initialiser takes (a title, a count) is nothing a container registers: the
    /// fix gives it when resolving, every value of that autoregister at once, after those it
    /// gives already, in Swinject's spelling.
    @Test func aValueParameterIsFixedByGivingItWhenResolving() throws {
        try ScanTools.requireBuilt()
        let app = """
            import Swinject
            import SwinjectAutoregistration

            protocol Clock {}
            final class SystemClock: Clock { init() {} }
            final class Banner { init(clock: Clock, title: String, count: Int) {} }
            final class Badge { init(clock: Clock, title: String, count: Int) {} }
            protocol Feed {}
            final class Ticker { init(feed: Feed, label: String?) {} }
            let container = Container()
            func wire() {
                container.autoregister(Clock.self, initializer: SystemClock.init)
                container.autoregister(Banner.self, initializer: Banner.init)
                container.autoregister(Badge.self, argument: String.self, initializer: Badge.init)
                container.autoregister(Ticker.self, initializer: Ticker.init)
            }
            """
        let (_, graph) = try ScanTools.scanFiles(["Wiring.swift": app])
        let fixes = graph.check().problems.filter { $0.kind == "missing" }.map { problem in
            problem.message.split(separator: "\n").first { $0.contains("Fix: ") }.map { String($0.drop { $0 == " " }) } ?? problem.message
        }
        #expect(fixes.sorted() == [
            "Fix: Int is a value Badge.init takes, not a service: give it when resolving, "
                + "container.autoregister(Badge.self, arguments: String.self, Int.self, initializer: Badge.init) "
                + "and container.resolve(Badge.self, arguments: <#String#>, <#Int#>)",
            "Fix: String and Int are values Banner.init takes, not services: give them when resolving, "
                + "container.autoregister(Banner.self, arguments: String.self, Int.self, initializer: Banner.init) "
                + "and container.resolve(Banner.self, arguments: <#String#>, <#Int#>)",
            "Fix: String and Int are values Banner.init takes, not services: give them when resolving, "
                + "container.autoregister(Banner.self, arguments: String.self, Int.self, initializer: Banner.init) "
                + "and container.resolve(Banner.self, arguments: <#String#>, <#Int#>)",
            // A service the initialiser takes is registered, as before.
            "Fix: container.register(Feed.self) { _ in <#Implementation#>() }",
        ].sorted())
        // An optional value is given nil when nothing is registered: a note, with the usual fix.
        let label = try #require(graph.check().notes.first { $0.message.contains("Resolved to nil: String") })
        #expect(!label.message.contains("give it when resolving"), "\(label.message)")
    }

    /// An optional parameter gets nil when nothing is registered: an optional site, a note.
    @Test func anOptionalParameterIsAnOptionalSiteNeverMissing() throws {
        try ScanTools.requireBuilt()
        let app = """
            import Swinject
            import SwinjectAutoregistration

            protocol Analytics {}
            final class Checkout { init(analytics: Analytics?) {} }
            let container = Container()
            func wire() {
                container.autoregister(Checkout.self, initializer: Checkout.init)
            }
            """
        let (declarations, graph) = try ScanTools.scanFiles(["Wiring.swift": app])
        #expect(declarations.sites.map(\.kind) == [.optional])
        #expect(declarations.sites.map(\.requested.type) == ["Analytics"])
        let report = graph.check()
        #expect(report.problems.isEmpty, "\(report.problems.map(\.message))")
        #expect(report.notes.contains { $0.message.contains("Analytics") })
    }

    /// `autoregister(ListView<LiveModel>.self, initializer: ListView.init)`: a parameter of the
    /// generic parameter's type is the argument written for it (a missing `Model` was reported
    /// before); with no argument written anywhere, a note names the parameter, never a missing one.
    @Test func aGenericParameterIsTheArgumentWrittenForIt() throws {
        try ScanTools.requireBuilt()
        let app = """
            import Swinject
            import SwinjectAutoregistration

            protocol ListModel {}
            protocol Clock {}
            final class SystemClock: Clock { init() {} }
            final class LiveModel: ListModel { init() {} }
            struct ListView<Model: ListModel> {
                init(model: Model, clock: Clock, rows: [Model]?) {}
            }
            protocol Detail {}
            struct DetailView<Model: ListModel>: Detail {
                init(model: Model, clock: Clock) {}
            }
            let container = Container()
            func wire() {
                container.autoregister(Clock.self, initializer: SystemClock.init)
                container.autoregister(LiveModel.self, initializer: LiveModel.init)
                container.autoregister(ListView<LiveModel>.self, initializer: ListView.init)  // #list
                container.autoregister(Detail.self, initializer: DetailView.init)  // #detail
            }
            """
        let (declarations, graph) = try ScanTools.scanFiles(["Wiring.swift": app])
        let lines = app.split(separator: "\n", omittingEmptySubsequences: false)
        let list = try #require(lines.firstIndex { $0.hasSuffix("// #list") }) + 1
        let detail = try #require(lines.firstIndex { $0.hasSuffix("// #detail") }) + 1
        let edges = declarations.sites.map { "\($0.location.line) \($0.requester?.type ?? "-") -> \($0.requested.type)" }.sorted()
        #expect(edges == [
            "\(detail) Detail -> Clock",
            "\(list) ListView<LiveModel> -> Clock",
            "\(list) ListView<LiveModel> -> LiveModel",
            "\(list) ListView<LiveModel> -> [LiveModel]",
        ].sorted())
        let report = graph.check()
        // `[LiveModel]?` is optional: nil when nothing is registered, never missing.
        #expect(report.problems.isEmpty, "\(report.problems.map(\.message))")
        let note = try #require(declarations.notes.first { $0.message.contains("DetailView") })
        #expect(note.message == "DetailView's parameter model: Model is not read: no type is written for its generic parameter")
        #expect(note.location.line == detail)
    }

    /// `autoregister(P.self) { _ in X(…) }`: the closure is the initialiser and builds `X` itself,
    /// so the resolves in its body are the edges; `X`'s own parameters are not resolved.
    @Test func aClosureGivenAsTheInitializerIsTheFactory() throws {
        try ScanTools.requireBuilt()
        let app = """
            import Swinject
            import SwinjectAutoregistration

            protocol Clock {}
            final class SystemClock: Clock { init() {} }
            protocol Store {}
            final class Database: Store { init(clock: Clock, path: String) {} }
            final class Screen { init(store: Store, title: String) {} }

            let container = Container()
            func wire() {
                container.autoregister(Clock.self, initializer: SystemClock.init)
                container.autoregister(Store.self) { _ in  // #store
                    Database(clock: container.resolve(Clock.self)!, path: "db")  // #clock
                }
                container.autoregister(Screen.self, argument: String.self) { (title: String) in  // #screen
                    Screen(store: container.resolve(Store.self)!, title: title)  // #resolveStore
                }
            }
            """
        let (declarations, graph) = try ScanTools.scanFiles(["Wiring.swift": app])
        let lines = app.split(separator: "\n", omittingEmptySubsequences: false)
        func line(_ marker: String) throws -> Int { try #require(lines.firstIndex { $0.hasSuffix("// " + marker) }) + 1 }
        let edges = declarations.sites.map { "\($0.location.line) \($0.requester?.type ?? "-") -> \($0.requested.type)" }.sorted()
        #expect(edges == [
            "\(try line("#clock")) Store -> Clock",
            "\(try line("#resolveStore")) Screen -> Store",
        ].sorted())
        // Neither `path: String` nor `title: String` is asked of the container.
        #expect(graph.check().all.isEmpty, "\(graph.check().all.map(\.message))")
    }

    /// SwinjectAutoregistration's `~>` resolves and force-unwraps: `r ~> P.self`,
    /// `r ~> (P.self, name: "n")`, and `r~>` typed by where it goes (an initialiser's parameter,
    /// also of a `.init` whose type the binding annotates). Each is an edge, eager.
    @Test func theResolveOperatorIsAnEdge() throws {
        try ScanTools.requireBuilt()
        let app = """
            import Swinject
            import SwinjectAutoregistration

            protocol Clock {}
            final class SystemClock: Clock { init() {} }
            protocol Store {}
            final class Database: Store { init(clock: Clock) {} }
            protocol Feed {}
            final class Screen { init(store: Store, feed: Feed) {} }
            final class Tab { init(clock: Clock) {} }

            let container = Container()
            func wire() {
                container.autoregister(Clock.self, initializer: SystemClock.init)
                container.register(Store.self) { r in Database(clock: r ~> Clock.self) }  // #infix
                container.register(Screen.self) { r in
                    Screen(store: r~>, feed: r ~> (Feed.self, name: "live"))  // #postfix
                }
                container.register(Tab.self) { r in
                    let tab: Tab = .init(clock: r~>)  // #implicitInit
                    return tab
                }
            }
            """
        let (declarations, graph) = try ScanTools.scanFiles(["Wiring.swift": app])
        let lines = app.split(separator: "\n", omittingEmptySubsequences: false)
        func line(_ marker: String) throws -> Int { try #require(lines.firstIndex { $0.hasSuffix("// " + marker) }) + 1 }
        let edges = declarations.sites.map {
            "\($0.location.line) \($0.requester?.type ?? "-") -> \($0.requested.type)\($0.requested.name.map { " " + $0 } ?? "")"
        }.sorted()
        #expect(edges == [
            "\(try line("#infix")) Store -> Clock",
            "\(try line("#postfix")) Screen -> Feed live",
            "\(try line("#postfix")) Screen -> Store",
            "\(try line("#implicitInit")) Tab -> Clock",
        ].sorted())
        #expect(declarations.sites.allSatisfy { $0.kind == .eager && $0.certainty == .exact })
        // Nothing registers Feed under "live": missing, as its resolve would trap.
        #expect(graph.check().problems.map(\.message).map { $0.components(separatedBy: "\n")[0] }
            == ["Missing registration: Feed (name: \"live\") in 'container'"])
    }
}
