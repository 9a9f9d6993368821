/// What every implementation of a scenario must answer, checked once before anything is timed, so
/// that no library is measured doing less than the others (a "transient" that returns a kept
/// instance, a graph missing a branch, the wrong named registration).
enum Check {
    /// Two resolves give two instances, each a real `Leaf`.
    static func transient(_ resolve: @escaping @Sendable () -> Leaf) -> @Sendable () -> String? {
        {
            let first = resolve(), second = resolve()
            if first === second { return "transient: two resolves answered the same instance" }
            return first.value == 42 ? nil : "transient: a wrong Leaf"
        }
    }

    /// Two resolves give the same instance.
    static func singleton(_ resolve: @escaping @Sendable () -> Session) -> @Sendable () -> String? {
        {
            let first = resolve(), second = resolve()
            if first !== second { return "singleton: two resolves answered two instances" }
            return first.id == 7 ? nil : "singleton: a wrong Session"
        }
    }

    /// The whole graph, every object new on each resolve.
    static func graph(_ resolve: @escaping @Sendable () -> GraphA) -> @Sendable () -> String? {
        {
            let first = resolve(), second = resolve()
            let values = [first.b.e.value, first.b.f.value, first.c.g.value, first.c.h.value,
                          first.d.i.value, first.d.j.value]
            if values != [5, 6, 7, 8, 9, 10] { return "graph: wrong leaves \(values)" }
            if first === second || first.b === second.b || first.d.j === second.d.j {
                return "graph: a transient object was reused"
            }
            return nil
        }
    }

    /// The registration named "medium" (style 1), new on each resolve.
    static func named(_ resolve: @escaping @Sendable () -> Formatter) -> @Sendable () -> String? {
        {
            let first = resolve(), second = resolve()
            if first === second { return "named: two resolves answered the same instance" }
            return first.style == 1 ? nil : "named: answered style \(first.style), not the \"medium\" registration"
        }
    }
}
