import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

/// The Missing, Cycles and Scopes views and the tab badges show what `check` reports: problems
/// with a badge, notes (optional nils, loops broken lazily) listed without one; lazy edges marked.
struct ProblemViewTests {
    static func id(_ type: String) -> ServiceIdentity { ServiceIdentity(type: type, container: "app") }
    static let pricing = id("CartPricing"), engine = id("PromotionEngine")
    static let analytics = id("Analytics"), context = id("RequestContext")

    static func model() -> InspectorModel {
        var seq: UInt64 = 0
        func event(_ kind: ResolutionEvent.Kind) -> TraceRecord {
            seq += 1
            return .event(ResolutionEvent(sequence: seq, time: seq * 1_000, thread: 1, kind: kind))
        }
        func resolved(_ service: ServiceIdentity, by requester: ServiceIdentity?, _ scope: Scope) -> TraceRecord {
            event(.resolved(Resolved(service: service, requester: requester, scope: scope, outcome: .created,
                                     source: .factory, durationNanoseconds: 100, depth: requester == nil ? 1 : 2)))
        }
        let at = SourceLocation(fileID: "Shop/Cart.swift", line: 7)
        var model = InspectorModel(connection: .file("shop.ndjson"))
        model.apply([
            .header(TraceHeader(app: "shop-app", pid: 7, startTime: "2026-11-22T04:23:13Z")),
            resolved(pricing, by: nil, .singleton),
            resolved(pricing, by: engine, .singleton),
            resolved(engine, by: nil, .singleton),
            event(.lazyResolved(LazyResolution(owner: pricing, service: engine, location: at))),
            event(.scopeMismatch(ScopeMismatch(holder: analytics, holderScope: .singleton, captive: context, captiveScope: .graph))),
            resolved(context, by: analytics, .graph),
            resolved(analytics, by: nil, .singleton),
            event(.resolvedToNil(MissingRegistration(
                requested: id("PromotionBanner"), requesterChain: [pricing], nearMisses: [],
                fix: "app.register { <#PromotionBanner#>() }", location: at))),
        ], now: 0)
        model.advance(to: 10_000)
        return model
    }

    func render(_ keys: [Key]) -> [String] {
        let model = Self.model()
        var state = InspectorState()
        state.pageSize = InspectorLayout(rows: 40, columns: 140).pageSize
        state.sync(with: model)
        for key in keys { _ = state.handle(key, model: model) }
        return InspectorView.render(model: model, state: state, rows: 40, columns: 140).textDump()
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func notesAreListedWithoutABadgeAndProblemsWithOne() {
        let text = render([])
        #expect(text[1].contains(" 3 Scopes ⚠1 "), "\(text[1])")
        #expect(text[1].contains(" 4 Cycles 1 "), "\(text[1])")
        #expect(!text[1].contains("Cycles 1 ⚠"), "\(text[1])")
        #expect(text[1].contains(" 6 Missing 1 "), "\(text[1])")
        #expect(!text[1].contains("Missing 1 ⚠"), "\(text[1])")
    }

    @Test func cyclesShowALoopBrokenLazilyAsInformational() {
        let text = render([.character("4")]).joined(separator: "\n")
        #expect(text.contains("⇢ CartPricing ⇢ PromotionEngine → CartPricing in 'app'"), "\(text)")
        #expect(text.contains("broken lazily"))
        #expect(text.contains("Cycle broken lazily"))   // the detail pane, selected first
    }

    @Test func scopesLeadWithTheCaptiveTheBadgeCounts() {
        let text = render([.character("3")]).joined(separator: "\n")
        #expect(text.contains("⚠ captive: Analytics (singleton) keeps RequestContext (graph)"), "\(text)")
        #expect(text.contains("Fix: make the holder as short-lived as"), "\(text)")
    }

    @Test func missingListsOptionalsThatGaveNil() {
        let text = render([.character("6")]).joined(separator: "\n")
        #expect(text.contains("∅ PromotionBanner in 'app'  ← CartPricing  nil ×1"), "\(text)")
    }

    @Test func aLazyDependencyIsMarkedInTheDetailPane() {
        // Services are sorted by name: CartPricing is the second.
        let text = render([.character("j")]).joined(separator: "\n")
        #expect(text.contains("⇢ PromotionEngine  lazy ×1"), "\(text)")
    }
}
