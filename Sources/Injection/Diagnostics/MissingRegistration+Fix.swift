extension MissingRegistration {
    /// The `register` line that fixes a missing registration of `asked` in `receiver`, or the name
    /// probably meant: the one rule for the runtime and the source scan.
    ///
    /// - Parameters:
    ///   - requesterScope: The asking service's scope: a long-lived requester's scope is proposed
    ///     (the default `unique` would be a captive dependency).
    ///   - isProtocol: A protocol cannot be built, so the fix names a type that implements it.
    package static func fixLine(
        receiver: String, asked: String, name: String?, near: [NearMiss], requesterScope: Scope?, isProtocol: Bool
    ) -> String {
        let nameArgument = name.map { "(name: \"\($0)\")" } ?? ""
        if let name, let meant = near.compactMap({ $0.kind == .otherName ? $0.service.name : nil })
            .min(by: { editDistance($0, name) < editDistance($1, name) }),
            editDistance(meant, name) <= max(2, name.count / 4) {
            return "did you mean the name \"\(meant)\"? Resolve \(asked) with name: \"\(meant)\", "
                + "or add \(receiver).register\(nameArgument) { <#\(asked)#>() }"
        }
        if asked.hasPrefix("Optional<"), asked.hasSuffix(">"),
           let plain = near.first(where: { $0.kind == .optional && "Optional<\($0.service.type)>" == asked })?.service {
            // `resolve(X?.self)` looks for a registration of `X?`; the registration is of `X`.
            let nameLabel = plain.name.map { ", name: \"\($0)\"" } ?? ""
            return "resolve the non-optional \(plain.type): `\(receiver).optional(\(plain.type).self\(nameLabel))` "
                + "gives nil when it is not registered (or `@OptionalInjected var x: \(plain.type)?`)"
        }
        let scope = requesterScope.flatMap { $0.isLongLived ? "scope: \(Container.literal($0))" : nil }
        let arguments = [name.map { "name: \"\($0)\"" }, scope].compactMap { $0 }
        let options = arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")"
        if let implementation = near.first(where: { $0.kind == .concreteType })?.service.type {
            return "\(receiver).register\(options) { \(implementation)() as \(isProtocol ? "any " : "")\(asked) }"
        }
        if isProtocol {
            return "\(receiver).register\(options) { <#Implementation#>() as any \(asked) }"
        }
        return "\(receiver).register\(options) { <#\(asked)#>() }"
    }

    /// Whether a registered type's name reads as an implementation of the requested one: one stem
    /// with a short suffix each (`XYZFetcher` for `XYZFetching`), not merely a shared prefix.
    package static func namesLookLikeImplementation(_ found: String, of asked: String) -> Bool {
        guard found != asked else { return false }
        if asked.hasSuffix("Protocol"), found.hasPrefix(asked.dropLast("Protocol".count)),
           found.count - (asked.count - "Protocol".count) <= 4 { return true }
        let stem = zip(found, asked).prefix { $0 == $1 }.count
        return stem >= 4 && asked.count - stem <= 4 && found.count - stem <= 4
    }
}
