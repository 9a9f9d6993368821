import InjectionGraph
import InjectionScanFacts

/// The default scopes the sources set, and the registrations they apply to: a registration that
/// names no scope takes the default of its place, as the runtime reads it when it registers.
///
/// - Resolver: `Resolver.defaultScope = .x`, for every Resolver registration of the process.
/// - This library: `Container.defaultScope = .x`, for every `register` (not a keypath provider).
/// - Factory: `manager.defaultScope = .x`, for the members of the container it is set on.
/// - Swinject: `Container(defaultObjectScope: .x)`, for what is registered in that container;
///   `Assembler([A()], defaultObjectScope: .x)` (or `container:` one), for `A`'s registrations.
///
/// Where a place is given different defaults (app and tests, `#if` branches), or only under
/// `#if` clauses, it is not settled: one is picked by a fixed rule (the app's over the tests',
/// unconditional over conditional, then the first in file and line order) and a note at each
/// assignment names them all.
struct DefaultScopes {
    /// One default scope set in the sources.
    struct Assignment {
        /// As the runtime names it (``Linking/scope(_:style:)``).
        var scope: String
        var location: DeclaredLocation
        var conditions: [String]
        var isTest: Bool
        /// A statement (`… = .x`), which may not run; a construction always sets its container's.
        var isStatement: Bool
        /// The file's index (files are in path order), then line and column: the rule's tie-break.
        var order: (file: Int, line: Int, column: Int)

        /// The rule's rank: the app's before the tests', unconditional before conditional, then order.
        var rank: (Int, Int, Int, Int, Int) {
            (isTest ? 1 : 0, conditions.isEmpty ? 0 : 1, order.file, order.line, order.column)
        }
    }

    /// Where a default applies: a style's process-wide default, a container, a Swinject assembly.
    struct Place: Hashable {
        var style: FactStyle
        var container: String?
        var assembly: String?

        var description: String {
            if let assembly { return "the Swinject assembly \(assembly)" }
            if let container { return "the \(style == .factory ? "Factory" : "Swinject") container '\(container)'" }
            return style == .resolver ? "Resolver's registrations" : "this library's registrations"
        }
    }

    private var assignments: [Place: [Assignment]] = [:]
    /// The default each place ends with, by the rule.
    private(set) var settled: [Place: String] = [:]
    /// One per assignment of a place that is not settled.
    private(set) var notes: [ScanNote] = []

    /// Forms a default scope applies to: not an instance (one value, a singleton), not a
    /// decorator, not a keypath provider or member (its scope is the provider's), not an app's helper.
    static let exempt: Set<RegistrationForm> = [.instance, .decorate, .provider, .keyPathMember, .customHelper]

    init(_ files: [FileFacts], containers: ContainerNames, location: (FileFacts, Int, Int) -> DeclaredLocation) {
        var assemblers: [(ContainerFact, FileFacts, Int)] = []
        for (fileIndex, file) in files.enumerated() {
            for fact in file.containers {
                func assignment(_ scope: ScopeFact?, style: FactStyle, statement: Bool) -> Assignment {
                    Assignment(
                        scope: Linking.scope(scope, style: style) ?? "unique", location: location(file, fact.line, fact.column),
                        conditions: fact.conditions, isTest: file.isTest, isStatement: statement, order: (fileIndex, fact.line, fact.column))
                }
                switch (fact.kind, fact.style) {
                case (.defaultScope, .resolver), (.defaultScope, .injection):
                    guard let scope = fact.scope else { continue }
                    assignments[Place(style: fact.style), default: []].append(assignment(scope, style: fact.style, statement: true))
                case (.defaultScope, .factory):
                    guard let scope = fact.scope else { continue }
                    let container = containers.factoryContainer(owner: fact.parent ?? "self", type: fact.type)
                    assignments[Place(style: .factory, container: container), default: []].append(
                        assignment(scope, style: .factory, statement: true))
                case (.container, .swinject), (.child, .swinject):
                    if fact.type?.hasSuffix("Assembler") == true {
                        assemblers.append((fact, file, fileIndex))
                    } else if let name = ContainerNames.name(of: fact) {
                        // Without `defaultObjectScope:`, Swinject's own default: one construction
                        // of a name with it and one without are two defaults.
                        assignments[Place(style: .swinject, container: name), default: []].append(
                            assignment(fact.scope, style: .swinject, statement: false))
                    }
                case (.useAssembly, .swinject) where fact.type?.hasSuffix("Assembler") == true:
                    assemblers.append((fact, file, fileIndex))
                default: break
                }
            }
        }
        // An Assembler's assemblies register into its container: the one it is given (written
        // `container:`, a container the sources declare), else its own, with its default.
        let declared = Set(containers.declared.map(\.name))
        for (fact, file, fileIndex) in assemblers where !fact.members.isEmpty {
            var given: [Assignment] = []
            if fact.scope == nil, let parent = fact.parent {
                let name = containers.resolve(ContainerReference(expression: parent), enclosingType: nil, inRegistration: nil).name
                guard declared.contains(name) else { continue }
                given = assignments[Place(style: .swinject, container: name)] ?? []
            } else if fact.parent == nil || fact.scope != nil {
                given = [Assignment(
                    scope: Linking.scope(fact.scope, style: .swinject) ?? "graph", location: location(file, fact.line, fact.column),
                    conditions: fact.conditions, isTest: file.isTest, isStatement: false, order: (fileIndex, fact.line, fact.column))]
            }
            for member in fact.members {
                assignments[Place(style: .swinject, assembly: SourceTypes.lastComponent(member)), default: []] += given
            }
        }
        for (place, all) in assignments { settle(place, all) }
        notes.sort {
            ($0.location.path, $0.location.line, $0.location.column, $0.message) < ($1.location.path, $1.location.line, $1.location.column, $1.message)
        }
    }

    private mutating func settle(_ place: Place, _ all: [Assignment]) {
        let ranked = all.sorted { $0.rank < $1.rank }
        guard let winner = ranked.first else { return }
        settled[place] = winner.scope
        let values = Set(ranked.map { $0.scope })
        let onlyUnderClauses = ranked.allSatisfy { $0.isStatement && !$0.conditions.isEmpty }
        guard values.count > 1 || onlyUnderClauses else { return }
        // Two assignments on one line (a construction in an assembler's list) are one note.
        var seen: Set<DeclaredLocation> = []
        let listed = ranked.filter { seen.insert($0.location).inserted }.map { assignment in
            let clauses = assignment.conditions.isEmpty ? "" : " under #if \(assignment.conditions.joined(separator: ", "))"
            return "\(assignment.scope) at \(assignment.location.fileID):\(assignment.location.line)\(clauses)"
        }
        // A guess by a rule, not an untyped fact: an `unresolved` note about registrations would
        // keep the checks from calling any registration missing.
        let message = values.count == 1
            ? "the default scope of \(place.description) is set only under #if clauses (\(listed.joined(separator: ", "))): "
                + "registrations without a scope are read as \(winner.scope), as where they hold"
            : "the default scope of \(place.description) is not settled: \(listed.joined(separator: ", ")); "
                + "registrations without a scope are read as \(winner.scope)"
        seen = []
        for assignment in ranked where seen.insert(assignment.location).inserted {
            notes.append(ScanNote(kind: "guessed", message: message, location: assignment.location))
        }
    }

    /// The default scope `fact` takes (registered in `container`), or nil when it names its own,
    /// is exempt, or the sources set none for its place.
    func scope(of fact: RegistrationFact, container: String, containers: ContainerNames) -> String? {
        guard fact.scope == nil, !Self.exempt.contains(fact.form) else { return nil }
        switch fact.style {
        case .resolver, .injection:
            return settled[Place(style: fact.style)]
        case .factory:
            let owner = containers.factoryContainer(
                owner: fact.container?.expression ?? "self", type: fact.container?.type ?? fact.enclosing.type)
            return settled[Place(style: .factory, container: owner)]
        case .swinject:
            if let assembly = fact.enclosing.type.map(SourceTypes.lastComponent),
               let scope = settled[Place(style: .swinject, assembly: assembly)] {
                return scope
            }
            return settled[Place(style: .swinject, container: container)]
        default:
            return nil
        }
    }
}
