import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

/// A dependency chain deeper than the tree's depth limit (a hidden-check app resolved a chain
/// 600 links deep): the tree stops, and the line where it stops says how much is below and how
/// to go on. Before, the last line looked like the chain's end, a service nothing depends on.
struct TreeLimitTests {
    /// `L0 → L1 → … → L(count-1)`, each link resolved by the one before it, L0 by app code.
    static func chain(_ count: Int) -> InspectorModel {
        var seq: UInt64 = 0
        func link(_ index: Int) -> ServiceIdentity { ServiceIdentity(type: "Link", name: "d\(index)", container: "deep") }
        var records: [TraceRecord] = [.header(TraceHeader(app: "deep", pid: 1, startTime: "2026-11-26T00:00:00Z"))]
        for index in (0..<count).reversed() {
            seq += 1
            records.append(.event(ResolutionEvent(sequence: seq, time: seq, thread: 1, kind: .resolved(Resolved(
                service: link(index), requester: index == 0 ? nil : link(index - 1), scope: .unique, outcome: .created,
                source: .factory, durationNanoseconds: 100, depth: index + 1)))))
        }
        var model = InspectorModel(connection: .file("deep.ndjson"))
        model.apply(records, now: 0)
        return model
    }

    @Test func aTreeCutAtItsDepthLimitSaysWhatIsBelow() {
        let model = Self.chain(40)
        let state = ShopTrace.state(for: model)
        let bottom = ServiceIdentity(type: "Link", name: "d39", container: "deep").key
        let items = ServiceTreeView.items(service: bottom, kind: .dependents, model: model, state: state)
        #expect(items.count == ServiceTreeView.depthLimit + 1, "the root and one line per level down to the limit")
        let last = try! #require(items.last)
        #expect(last.label == #"Link (name: "d23")"#)
        #expect(last.note.contains("▸ 1 more below: Enter goes on from here"), "\(last.note)")
        #expect(!items.dropLast().contains { $0.note.contains("more below") }, "only the cut line says it")
        // A tree that ends before the limit says nothing of the kind.
        let top = ServiceIdentity(type: "Link", name: "d5", container: "deep").key
        let short = ServiceTreeView.items(service: top, kind: .dependents, model: model, state: state)
        #expect(short.count == 6 && !short.contains { $0.note.contains("more below") })
    }
}
