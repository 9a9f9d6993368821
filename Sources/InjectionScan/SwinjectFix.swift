import Injection
import InjectionGraph

/// The fix line of a missing registration in a Swinject app, in Swinject's own spelling: the
/// runtime's rule (``MissingRegistration/fixLine(receiver:asked:name:near:requesterScope:isProtocol:)``)
/// writes this library's `register { X() as P }`, which Swinject's `register` does not take.
enum SwinjectFix {
    /// Whether the sources around a missing key register in Swinject's style: its requester's
    /// registration, else every registration of its container.
    static func applies(requester: DeclaredRegistration?, container: [DeclaredRegistration]) -> Bool {
        if let requester { return requester.style == "swinject" }
        return !container.isEmpty && container.allSatisfy { $0.style == "swinject" }
    }

    /// `container.register(P.self, name: "n") { _ in X() }.inObjectScope(.container)`: the
    /// implementation a near miss names (else a placeholder), the requester's scope when it is
    /// long-lived (a transient would be its captive), and the name the resolve asked for.
    static func line(
        receiver: String, asked: String, name: String?, near: [NearMiss], requesterScope: Scope?, isProtocol: Bool
    ) -> String {
        // The runtime's rule for a name that reads as a typo of a registered one.
        if let name, let meant = near.compactMap({ $0.kind == .otherName ? $0.service.name : nil })
            .min(by: { editDistance($0, name) < editDistance($1, name) }),
            editDistance(meant, name) <= max(2, name.count / 4) {
            return "did you mean the name \"\(meant)\"? Resolve \(asked) with name: \"\(meant)\", or add "
                + "\(receiver).register(\(asked).self, name: \"\(name)\") { _ in <#\(asked)#>() }"
        }
        let implementation = near.first { $0.kind == .concreteType }?.service.type
            ?? (isProtocol ? "<#Implementation#>" : "<#\(asked)#>")
        let nameArgument = name.map { ", name: \"\($0)\"" } ?? ""
        var line = "\(receiver).register(\(asked).self\(nameArgument)) { _ in \(implementation)() }"
        // Swinject's one object scope that keeps an instance as long as its container.
        if let scope = requesterScope, scope.isLongLived { line += ".inObjectScope(.container)" }
        return line
    }

    /// Types an app passes as values and never registers: one an autoregister initialiser takes
    /// is given when resolving (`argument:`), not registered.
    static func isPlainValue(_ type: String) -> Bool {
        if type.hasPrefix("[") || type.hasPrefix("(") || type.contains("->") { return true }
        return plainValues.contains(SourceTypes.withoutGenericArguments(type))
    }

    static let plainValues: Set<String> = [
        "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8",
        "UInt16", "UInt32", "UInt64", "Double", "Float", "CGFloat", "Decimal", "TimeInterval", "Date", "URL",
        "UUID", "Data", "Array", "Dictionary", "Set",
    ]

    /// The values an autoregister's initialiser takes, given at resolve time:
    /// `container.autoregister(Screen.self, argument: String.self, initializer: Screen.init)`,
    /// resolved with `container.resolve(Screen.self, argument: <#String#>)`. Those it gives
    /// already come first, in the order written.
    static func argumentLine(
        receiver: String, service: ServiceIdentity, implementation: String?, given: [String], values: [String]
    ) -> String {
        let all = given + values.filter { !given.contains($0) }
        let label = all.count == 1 ? "argument" : "arguments"
        let types = all.map { "\($0).self" }.joined(separator: ", ")
        let placeholders = all.map { "<#\($0)#>" }.joined(separator: ", ")
        let name = service.name.map { ", name: \"\($0)\"" } ?? ""
        let builds = implementation ?? service.type
        let one = values.count == 1
        return "\(values.joined(separator: " and ")) \(one ? "is a value" : "are values") \(builds).init takes, not "
            + "\(one ? "a service" : "services"): give \(one ? "it" : "them") when resolving, "
            + "\(receiver).autoregister(\(service.type).self\(name), \(label): \(types), initializer: \(builds).init) "
            + "and \(receiver).resolve(\(service.type).self\(name), \(label): \(placeholders))"
    }
}
