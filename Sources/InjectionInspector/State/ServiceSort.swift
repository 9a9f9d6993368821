import Injection
import InjectionGraph

/// How the Services screen is sorted; `s` cycles the column, `S` reverses the order.
///
/// ```swift
/// var sort = ServiceSort()
/// sort.cycle()            // by layer
/// sort.column.title       // "Layer"
/// ```
struct ServiceSort: Sendable, Hashable {
    /// The columns a list of services can be sorted by, in the order `s` visits them.
    enum Column: Int, CaseIterable, Sendable, Hashable {
        case name, layer, scope, resolves, instances, flags

        var title: String {
            switch self {
            case .name: "Service"
            case .layer: "Layer"
            case .scope: "Scope"
            case .resolves: "Resolves"
            case .instances: "Live"
            case .flags: "Flags"
            }
        }

        /// Counts and problems read best largest first.
        var startsDescending: Bool { self == .resolves || self == .instances || self == .flags }
    }

    var column: Column = .name
    var descending = false

    init(column: Column = .name, descending: Bool = false) {
        self.column = column
        self.descending = descending
    }

    /// Moves to the next column, in its natural direction.
    mutating func cycle() {
        let all = Column.allCases
        column = all[(all.firstIndex(of: column)! + 1) % all.count]
        descending = column.startsDescending
    }

    /// `ids` sorted by this column, ties broken by name then id so the order is stable.
    ///
    /// Names and layers are compared by their ranks in `order` (kept from revision to revision
    /// and up to date with `graph`): a live graph's tens of thousands of services sort by integers.
    func sorted(_ ids: [NodeID], in graph: DependencyGraph, flags: ServiceFlags.Index, order: ServiceOrder) -> [NodeID] {
        let nodes = graph.nodes
        let names = ids.map { order.nameRank(of: $0) }
        var positions = Array(ids.indices)
        let descending = self.descending
        switch column {
        case .name:
            positions.sort { descending ? names[$0] > names[$1] : names[$0] < names[$1] }
        case .layer:
            let layerRanks = order.layerRanks()
            let layers = ids.map { layerRanks[order.layerIndex(of: $0)] }
            positions.sort { a, b in
                if layers[a] != layers[b] { return descending ? layers[a] > layers[b] : layers[a] < layers[b] }
                return names[a] < names[b]
            }
        case .scope:
            let scopes = ids.map { nodes[$0].scope?.name ?? "~" }
            positions.sort { a, b in
                if scopes[a] != scopes[b] { return descending ? scopes[a] > scopes[b] : scopes[a] < scopes[b] }
                return names[a] < names[b]
            }
        case .resolves, .instances, .flags:
            let keys: [UInt64] = ids.map { id in
                switch column {
                case .resolves: nodes[id].resolveCount
                case .instances: nodes[id].aliveInstances ?? 0
                default: UInt64(flags.flags(of: id).rawValue.nonzeroBitCount)
                }
            }
            positions.sort { a, b in
                if keys[a] != keys[b] { return descending ? keys[a] > keys[b] : keys[a] < keys[b] }
                return names[a] < names[b]
            }
        }
        return positions.map { ids[$0] }
    }
}
