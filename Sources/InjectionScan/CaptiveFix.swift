import Injection
import InjectionGraph

/// The fixes of a scope mismatch in a Swinject, Resolver or Factory app, in that library's
/// spelling: the runtime's message writes this library's `register(scope: .graph)`,
/// `provide { … }` and `c.resolve(P.self)`, which none takes (Swinject has no `Container.shared`
/// either: the app's container is the assembly's parameter, as in ``SwinjectFix``).
enum CaptiveFix {
    /// Nil for this library's registrations: the runtime's words fit them.
    static func spelled(holder: DeclaredRegistration, captive: DeclaredRegistration) -> ScopeMismatchRecord.SpelledFixes? {
        let container = holder.service.container
        let graph = captive.effectiveScope.kind == .graph
        if let member = holder.service.member {
            // A Factory member's scope is a modifier of its `self { … }`; another is read through
            // its container's `shared` (`Container.shared` for Factory's own).
            guard holder.style == "factory", captive.style == "factory", let captiveMember = captive.service.member else { return nil }
            let captiveContainer = captive.service.container == "shared" ? "Container" : captive.service.container
            return ScopeMismatchRecord.SpelledFixes(
                registration: "declare \(member) with self { … }.\(graph ? "graph" : "unique")",
                factory: "{ \(captiveContainer).shared.\(captiveMember)() }")
        }
        switch holder.style {
        case "swinject":
            let receiver = container == "shared" ? "container" : container
            let holderName = holder.service.name.map { ", name: \"\($0)\"" } ?? ""
            let captiveName = captive.service.name.map { ", name: \"\($0)\"" } ?? ""
            return ScopeMismatchRecord.SpelledFixes(
                registration: "\(receiver).register(\(holder.service.type).self\(holderName)) { … }"
                    + ".inObjectScope(.\(graph ? "graph" : "transient"))",
                factory: "{ resolver.resolve(\(captive.service.type).self\(captiveName))! }")
        case "resolver":
            let receiver = container == "shared" ? "Resolver" : container
            let holderName = holder.service.name.map { "(name: \"\($0)\")" } ?? ""
            let captiveName = captive.service.name.map { ", name: \"\($0)\"" } ?? ""
            return ScopeMismatchRecord.SpelledFixes(
                registration: "\(receiver).register\(holderName) { … \(holder.service.type) … }.scope(.\(graph ? "graph" : "unique"))",
                factory: "{ \(receiver).resolve(\(captive.service.type).self\(captiveName)) }")
        default:
            return nil
        }
    }

    /// The captive's registration answering the holder's key too, in the library's spelling
    /// (`container.register(Router.self) { … }.implements(AuthorizationRouter.self)`); nil for a
    /// Factory member, which has no `.implements`.
    static func forward(holder: DeclaredRegistration, captive: DeclaredRegistration) -> ScopeMismatchRecord.ForwardFix? {
        guard holder.service.member == nil, captive.service.member == nil else { return nil }
        let implements = ".implements(\(holder.service.type).self\(holder.service.name.map { ", name: \"\($0)\"" } ?? ""))"
        let container = captive.service.container
        let captiveName = captive.service.name.map { "name: \"\($0)\"" }
        switch captive.style {
        case "swinject":
            let receiver = container == "shared" ? "container" : container
            return ScopeMismatchRecord.ForwardFix(
                registration: "\(receiver).register(\(captive.service.type).self\(captiveName.map { ", \($0)" } ?? "")) { … }\(implements)",
                oneForTheApp: ".inObjectScope(.container)")
        case "resolver":
            let receiver = container == "shared" ? "Resolver" : container
            return ScopeMismatchRecord.ForwardFix(
                registration: "\(receiver).register\(captiveName.map { "(\($0))" } ?? "") { … \(captive.service.type) … }\(implements)",
                oneForTheApp: ".scope(.application)")
        case "injection":
            let receiver = container == "shared" ? "Container.shared" : container
            return ScopeMismatchRecord.ForwardFix(
                registration: "\(receiver).register\(captiveName.map { "(\($0))" } ?? "") { … \(captive.service.type) … }\(implements)",
                oneForTheApp: "scope: .singleton")
        default:
            return nil
        }
    }
}
