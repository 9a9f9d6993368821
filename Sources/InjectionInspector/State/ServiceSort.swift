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
    func sorted(_ ids: [NodeID], in graph: DependencyGraph, flags: ServiceFlags.Index) -> [NodeID] {
        let nodes = graph.nodes
        // Precompute keys once: comparing Strings built per comparison would dominate.
        let names = ids.map { nodes[$0].identity.description.lowercased() }
        var order = Array(ids.indices)
        func byName(_ a: Int, _ b: Int) -> Bool {
            names[a] != names[b] ? names[a] < names[b] : ids[a] < ids[b]
        }
        let descending = self.descending
        switch column {
        case .name:
            order.sort { descending ? byName($1, $0) : byName($0, $1) }
        case .layer:
            let layers = ids.map { LayerID(nodes[$0].identity).description.lowercased() }
            order.sort { a, b in
                if layers[a] != layers[b] { return descending ? layers[a] > layers[b] : layers[a] < layers[b] }
                return byName(a, b)
            }
        case .scope:
            let scopes = ids.map { nodes[$0].scope?.name ?? "~" }
            order.sort { a, b in
                if scopes[a] != scopes[b] { return descending ? scopes[a] > scopes[b] : scopes[a] < scopes[b] }
                return byName(a, b)
            }
        case .resolves, .instances, .flags:
            let keys: [UInt64] = ids.map { id in
                switch column {
                case .resolves: nodes[id].resolveCount
                case .instances: nodes[id].aliveInstances ?? 0
                default: UInt64(flags.flags(of: id).rawValue.nonzeroBitCount)
                }
            }
            order.sort { a, b in
                if keys[a] != keys[b] { return descending ? keys[a] > keys[b] : keys[a] < keys[b] }
                return byName(a, b)
            }
        }
        return order.map { ids[$0] }
    }
}
