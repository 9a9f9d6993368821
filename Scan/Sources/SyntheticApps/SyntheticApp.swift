#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A synthetic app in one DI style (or all of them mixed), written as Swift files, for `make
/// bench`'s scan figures: features of a protocol, its implementation with constructor
/// dependencies, a registration and injection sites, plus the plain model and view files real
/// apps are mostly made of.
public struct SyntheticApp: Sendable {
    public enum Style: String, CaseIterable, Sendable {
        case injection, resolver, swinject, factory, mixed
    }

    public var style: Style
    public var files: Int
    /// Roughly the lines written in total (plain files are padded to reach it).
    public var lines: Int
    public var seed: UInt64

    public init(style: Style, files: Int, lines: Int, seed: UInt64 = 1) {
        self.style = style
        self.files = max(files, 4)
        self.lines = lines
        self.seed = seed
    }

    /// Writes the app under `folder` (`Sources/<Module>/…`), returning the files and lines written.
    @discardableResult
    public func write(to folder: String) throws -> (files: Int, lines: Int) {
        var generator = SplitMix(seed: seed)
        // A third of the files wire DI (a feature each); the rest are plain code.
        let features = max(2, files / 3)
        let plain = files - features - 1
        let linesPerPlain = max(20, (lines - features * 30) / max(1, plain))
        var written = 0
        var lineCount = 0
        func emit(_ path: String, _ text: String) throws {
            let full = folder + "/" + path
            let directory = String(full[..<full.lastIndex(of: "/")!])
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
            written += 1
            lineCount += text.utf8.count { $0 == 0x0A }
        }
        var wiring: [String] = []
        for index in 0..<features {
            let style = self.style == .mixed ? Style.allCases[index % 4] : self.style
            let module = "Feature\(index % 20)"
            let dependency = index > 0 ? generator.next(below: index) : nil
            let (file, registration) = Self.feature(index, style: style, dependency: dependency, named: index % 7 == 3, model: index % max(1, plain))
            try emit("Sources/\(module)/Feature\(index).swift", file)
            wiring.append(registration)
        }
        try emit("Sources/App/Wiring.swift", Self.wiring(wiring, style: style))
        for index in 0..<max(0, plain) {
            let names = (0..<3).map { _ in "Service\(generator.next(below: features))" }
            try emit("Sources/Model\(index % 20)/Model\(index).swift", Self.plain(index, mentions: names, lines: linesPerPlain))
        }
        return (written, lineCount)
    }

    static func imports(_ style: Style) -> String {
        switch style {
        case .injection, .mixed: "import Injection"
        case .resolver: "import Resolver"
        case .swinject: "import Swinject"
        case .factory: "import Factory"
        }
    }

    /// A feature file: protocol, implementation, its registration (returned separately for the
    /// wiring file, except Factory's, which lives beside it) and a screen with sites.
    static func feature(_ index: Int, style: Style, dependency: Int?, named: Bool, model: Int) -> (file: String, registration: String) {
        let name = "Service\(index)"
        let dependencyType = dependency.map { "Service\($0)Protocol" }
        let initializer = dependencyType.map { "init(dependency: \($0)) { self.dependency = dependency }" } ?? "init() {}"
        let stored = dependencyType.map { "    let dependency: \($0)\n" } ?? ""
        var text = """
            \(imports(style))

            protocol \(name)Protocol: AnyObject {
                func perform\(index)(_ value: Int) -> Int
            }

            final class \(name): \(name)Protocol {
            \(stored)    var recent: [Model\(model)] = []
                \(initializer)
                func perform\(index)(_ value: Int) -> Int {
                    var total = value
                    for step in 0..<3 { total += step * \(index % 11) }
                    return total
                }
            }

            """
        let nameArgument = named ? #"name: "special", "# : ""
        let registration: String
        switch style {
        case .injection, .mixed:
            let build = dependency.map { _ in "\(name)(dependency: c.resolve())" } ?? "\(name)()"
            registration = "    app.register(\(nameArgument)scope: .\(index % 3 == 0 ? "singleton" : "graph")) { c in \(build) as \(name)Protocol }"
            text += """
                final class Screen\(index) {
                    @Injected\(named ? #"(name: "special")"# : "") var service: \(name)Protocol
                    @LazyInjected var later: \(name)Protocol
                    func show() -> Int { service.perform\(index)(1) + later.perform\(index)(2) }
                }

                """
        case .resolver:
            let build = dependency.map { _ in "\(name)(dependency: resolve())" } ?? "\(name)()"
            registration = "        register(\(named ? #"name: "special""# : "")) { \(build) as \(name)Protocol }.scope(.application)"
            text += """
                final class Screen\(index) {
                    @Injected var service: \(name)Protocol
                    @OptionalInjected var maybe: \(name)Protocol?
                    func show() -> Int { service.perform\(index)(1) }
                }

                """
        case .swinject:
            let build = dependency.map { "\(name)(dependency: r.resolve(Service\($0)Protocol.self)!)" } ?? "\(name)()"
            registration = "        container.register(\(name)Protocol.self\(named ? #", name: "special""# : "")) { r in \(build) }.inObjectScope(.container)"
            text += """
                final class Screen\(index) {
                    let service: \(name)Protocol
                    init(resolver: Resolver) { service = resolver.resolve(\(name)Protocol.self)! }
                    func show() -> Int { service.perform\(index)(1) }
                }

                """
        case .factory:
            let build = dependency.map { "\(name)(dependency: self.service\($0)())" } ?? "\(name)()"
            registration = ""
            text += """
                extension Container {
                    var service\(index): Factory<\(name)Protocol> { self { \(build) }\(index % 3 == 0 ? ".singleton" : "") }
                }

                final class Screen\(index) {
                    @Injected(\\.service\(index)) var service
                    @LazyInjected(\\.service\(index)) var later
                    func show() -> Int { service.perform\(index)(1) + Container.shared.service\(index)().perform\(index)(2) }
                }

                """
        }
        return (text, registration)
    }

    static func wiring(_ registrations: [String], style: Style) -> String {
        switch style {
        case .injection, .mixed:
            var text = (style == .mixed ? "import Injection\nimport Resolver\nimport Swinject\n" : "import Injection\n") + "\nlet app = Container(name: \"app\")\n\nfunc wireInjection() {\n"
            text += registrations.filter { $0.hasPrefix("    app.") }.joined(separator: "\n") + "\n}\n"
            let resolver = registrations.filter { $0.hasPrefix("        register") }
            let swinject = registrations.filter { $0.hasPrefix("        container.") }
            if !resolver.isEmpty || style == .mixed {
                text += "\nextension Resolver: ResolverRegistering {\n    public static func registerAllServices() {\n" + resolver.joined(separator: "\n") + "\n    }\n}\n"
            }
            if !swinject.isEmpty || style == .mixed {
                text += "\nfinal class AppAssembly: Assembly {\n    func assemble(container: Container) {\n" + swinject.joined(separator: "\n") + "\n    }\n}\n"
            }
            return text
        case .resolver:
            return "import Resolver\n\nextension Resolver: ResolverRegistering {\n    public static func registerAllServices() {\n"
                + registrations.joined(separator: "\n") + "\n    }\n}\n"
        case .swinject:
            return "import Swinject\n\nfinal class AppAssembly: Assembly {\n    func assemble(container: Container) {\n"
                + registrations.joined(separator: "\n") + "\n    }\n}\n\nlet assembler = Assembler([AppAssembly()])\n"
        case .factory:
            return "import Factory\n\nextension Container: AutoRegistering {\n    func autoRegister() {\n        manager.defaultScope = .cached\n    }\n}\n"
        }
    }

    /// A plain file: a model and a view-ish type, padded with ordinary code to `lines`.
    static func plain(_ index: Int, mentions: [String], lines: Int) -> String {
        var text = "import Foundation\n\nstruct Model\(index): Codable, Hashable {\n    var id: Int\n    var title: String\n    var tags: [String]\n}\n\n"
        text += "final class Presenter\(index) {\n    private var items: [Model\(index)] = []\n    // Uses \(mentions.joined(separator: ", ")) through its screen.\n"
        var line = text.utf8.count { $0 == 0x0A }
        var function = 0
        while line < lines - 3 {
            text += """
                    func update\(function)(_ value: Int) -> [String] {
                        let filtered = items.filter { $0.id % \(function + 2) == value }
                        return filtered.map { "\\($0.title) #\\($0.id)" }.sorted()
                    }

                """
            line += 5
            function += 1
        }
        return text + "}\n"
    }
}

/// A small deterministic generator (SplitMix64), so one seed gives one app.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
