import Injection
import InjectionGraph

/// The linked registrations by what a request can ask for, so each request is linked in one
/// look-up rather than a pass over every registration (BENCHMARKS.md, "Reading sources"). Each
/// list keeps the registrations' order, which decides the one that wins.
struct RegistrationLookup {
    struct Key: Hashable {
        var container: String
        var name: String?
        var type: String
    }

    /// Registrations that answer a type under a name in a container: keyed by their own type (not
    /// a keypath provider's member), or by a protocol they implement.
    private var answering: [Key: [Int]] = [:]
    /// Keypath providers by member.
    private var providing: [String: [Int]] = [:]

    init() {}

    init(_ registrations: [LinkedRegistration]) {
        for (index, registration) in registrations.enumerated() {
            let service = registration.declared.service
            var types: Set<String> = []
            if service.member == nil { types.insert(service.type) }
            for implemented in registration.declared.implements { types.insert(implemented.type) }
            for type in types {
                answering[Key(container: service.container, name: service.name, type: type), default: []].append(index)
            }
            if let member = service.member { providing[member, default: []].append(index) }
        }
    }

    /// The registrations in `container` that answer `type` under `name`, in order.
    func answering(_ type: String, name: String?, in container: String) -> [Int] {
        answering[Key(container: container, name: name, type: type)] ?? []
    }

    /// The keypath providers of `member`, in order.
    func providing(_ member: String) -> [Int] {
        providing[member] ?? []
    }
}
