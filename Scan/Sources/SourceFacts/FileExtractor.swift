import InjectionScanFacts
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// One file's bytes to its facts: checked (binary, UTF-8, nesting), parsed, walked by one
/// visitor per construct family, and the tree dropped on return.
public struct FileExtractor: Sendable {
    public enum Depth: Sendable {
        /// Every family of facts.
        case full
        /// Only declared types (a file no DI code is in, read for the types DI code names).
        case declarations
        /// Parse and nothing else (`--parse-only`, the speed limit a scan is measured against).
        case parseOnly
    }

    let defines: Set<String>
    let configuration: ScanConfiguration
    let maximumNestingLevel: Int
    /// Syntax errors listed per file; the rest are counted in one more entry.
    static let syntaxErrorLimit = 20

    public init(defines: Set<String>, configuration: ScanConfiguration, maximumNestingLevel: Int = ScanOptions.defaultNestingLevel) {
        self.defines = defines
        self.configuration = configuration
        self.maximumNestingLevel = maximumNestingLevel
    }

    /// Why these bytes are not Swift source text (checked for every file read), or nil.
    public static func encodingProblem(with bytes: [UInt8], path: String) -> SkipFact? {
        if bytes.contains(0) { return SkipFact(reason: .binary, message: "\(path): binary file (NUL bytes), not Swift source") }
        if String(validating: bytes, as: UTF8.self) == nil {
            return SkipFact(reason: .notUTF8, message: "\(path): not UTF-8 text")
        }
        return nil
    }

    /// Why these bytes cannot be parsed, or nil when they can.
    public func problem(with bytes: [UInt8], path: String) -> SkipFact? {
        if let problem = Self.encodingProblem(with: bytes, path: path) { return problem }
        let nesting = NestingDepth.excess(maximumNestingLevel, in: bytes)
        switch nesting.excess {
        case .brackets?:
            return SkipFact(reason: .tooDeep, message: "\(path):\(nesting.line): nested more than \(maximumNestingLevel) brackets deep; not parsed (the parser's limit)")
        case .squareBrackets?:
            return SkipFact(
                reason: .tooDeep,
                message: "\(path):\(nesting.line): '[' nested more than \(NestingDepth.squareBracketLimit) deep; not parsed (the parser's time doubles with each level)")
        case nil:
            return nil
        }
    }

    public func extract(_ bytes: [UInt8], into facts: inout FileFacts, depth: Depth) {
        if let problem = problem(with: bytes, path: facts.path) {
            facts.skipped = problem
            return
        }
        // The parser copies the bytes into its own arena (`Parser.init` interns the buffer), so
        // the tree never points into `bytes` once `parse` returns.
        let tree = bytes.withUnsafeBufferPointer { buffer in
            Parser.parse(source: buffer, maximumNestingLevel: maximumNestingLevel)
        }
        if depth == .parseOnly { return }
        let context = FileContext(tree: tree, source: bytes, path: facts.path, configuration: configuration, defines: defines)
        if tree.hasError { facts.syntaxErrors = syntaxErrors(tree, context) }
        facts.imports = context.imports

        let declarations = DeclarationVisitor(context: context)
        declarations.walk(tree)
        facts.types = declarations.types
        facts.variables = declarations.variables
        facts.functions = declarations.functions
        if depth == .declarations { return }

        let receivers = Receivers(context: context, types: declarations.types, variables: declarations.variables)
        let registrations = RegistrationVisitor(context: context, receivers: receivers)
        let containers = ContainerVisitor(context: context, receivers: receivers)
        let mappings = MappingVisitor(context: context)
        let walk = SharedWalk(registrations, containers, mappings)
        walk.walk(tree)
        // Requests need every registration of the file first (their factories, their members):
        // handed the nodes the shared walk kept, in the order a walk of their own would visit.
        let requests = RequestVisitor(context: context, receivers: receivers, registrations: registrations)
        for site in walk.requestSites {
            switch site {
            case .variable(let node): _ = requests.visit(node)
            case .call(let node): _ = requests.visit(node)
            case .subscriptCall(let node): _ = requests.visit(node)
            case .sequence(let node): _ = requests.visit(node)
            case .postfix(let node): _ = requests.visit(node)
            }
        }
        facts.registrations = registrations.registrations
        facts.requests = requests.requests
        facts.containers = containers.containers
        facts.mappings = mappings.mappings
        facts.notes = (registrations.notes + requests.notes).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    private func syntaxErrors(_ tree: SourceFileSyntax, _ context: FileContext) -> [SyntaxErrorFact] {
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree).filter { $0.diagMessage.severity == .error }
        var errors = diagnostics.prefix(Self.syntaxErrorLimit).map { diagnostic -> SyntaxErrorFact in
            let (line, column) = context.position(of: diagnostic.node)
            return SyntaxErrorFact(line: line, column: column, message: diagnostic.message)
        }
        if diagnostics.count > Self.syntaxErrorLimit, let last = errors.last {
            errors.append(SyntaxErrorFact(line: last.line, column: last.column, message: "and \(diagnostics.count - Self.syntaxErrorLimit) more syntax errors"))
        }
        return errors
    }
}
