import Injection

/// The overrides (or mappings) of one service by one replacement, drawn as one edge.
struct OverrideEdge {
    struct Key: Hashable {
        let from: NodeID, to: NodeID, isMapping: Bool
    }

    let from: NodeID
    let to: NodeID
    /// In the order they were set; never empty.
    var records: [OverrideRecord]

    var isMapping: Bool { records[0].kind == .mapping }
    /// The last one set decides whether it is still in effect.
    var isActive: Bool { records[records.count - 1].isActive }
    var isLeftActive: Bool { isMapping && isActive }
    var isStale: Bool { records.contains { $0.isStale } }
    /// The services that held an old instance, over every stale record, each once.
    var holders: [ServiceIdentity] {
        var seen: Set<ServiceIdentity> = []
        return records.filter(\.isStale).flatMap(\.holders).map(\.service).filter { seen.insert($0).inserted }
    }

    /// `mapping ×25 (left active)`, `override (ended) (stale)`.
    var label: String {
        var label = isMapping ? "mapping" : "override"
        if records.count > 1 { label += " ×\(records.count)" }
        if isLeftActive { label += " (left active)" } else if !isActive { label += " (ended)" }
        if isStale { label += " (stale)" }
        return label
    }
}
