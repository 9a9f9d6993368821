import Injection
import InjectionGraph

/// Declarations written by hand, as the linker would make them: a small app in 'app'.
struct DeclaredFixture {
    var declarations = Declarations(summary: ScanSummary(root: "Sources/App", tool: "test", files: 3))
    private var nextID = 1

    static func at(_ line: Int, _ file: String = "Wiring.swift") -> DeclaredLocation {
        DeclaredLocation(path: file, line: line, column: 5, fileID: "App/\(file)")
    }

    static func id(_ type: String, name: String? = nil, container: String = "app") -> ServiceIdentity {
        ServiceIdentity(type: type, name: name, container: container)
    }

    @discardableResult
    mutating func register(
        _ type: String, name: String? = nil, container: String = "app", scope: String? = nil, style: String = "injection",
        line: Int, overrides: Int? = nil
    ) -> Int {
        let id = nextID
        nextID += 1
        declarations.registrations.append(DeclaredRegistration(
            id: id, service: Self.id(type, name: name, container: container), scope: scope, style: style,
            location: Self.at(line), overrides: overrides))
        return id
    }

    /// A site in `requester`'s factory (nil: app code) asking for `type`, linked to the
    /// registration of that key when there is one.
    mutating func ask(
        _ type: String, name: String? = nil, from requester: String?, kind: InjectionSite.Kind = .eager, line: Int,
        file: String = "Screens.swift"
    ) {
        let requested = Self.id(type, name: name)
        let linked = declarations.registrations.last { $0.service == requested }?.id
        let id = nextID
        nextID += 1
        declarations.sites.append(InjectionSite(
            id: id, requested: requested, kind: requester == nil && kind == .eager ? .serviceLocator : kind,
            requester: requester.map { Self.id($0) }, form: "Injected", registration: linked,
            location: Self.at(line, file)))
    }
}
