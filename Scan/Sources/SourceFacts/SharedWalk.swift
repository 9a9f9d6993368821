import SwiftSyntax

/// One walk of a tree for the visitors that need nothing from each other (registrations,
/// containers, mappings): each is handed the nodes it visits, in the order its own walk would
/// hand them, so its facts are the same; the tree is walked once instead of once per visitor
/// (BENCHMARKS.md, "Reading sources"). They only ever visit children, which this walk does.
///
/// The request visitor needs every registration of the file first, so the same walk keeps the
/// nodes it visits (`requestSites`, in its own walk's order) to be handed to it afterwards
/// instead of a walk of its own; it, too, visits every child.
final class SharedWalk: SyntaxVisitor {
    private let registrations: RegistrationVisitor
    private let containers: ContainerVisitor
    private let mappings: MappingVisitor
    /// The nodes the request visitor visits, in pre-order.
    private(set) var requestSites: [RequestSite] = []

    enum RequestSite {
        case variable(VariableDeclSyntax)
        case call(FunctionCallExprSyntax)
        case subscriptCall(SubscriptCallExprSyntax)
        case sequence(SequenceExprSyntax)
        case postfix(PostfixOperatorExprSyntax)
    }

    init(_ registrations: RegistrationVisitor, _ containers: ContainerVisitor, _ mappings: MappingVisitor) {
        self.registrations = registrations
        self.containers = containers
        self.mappings = mappings
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        _ = registrations.visit(node)
        _ = containers.visit(node)
        _ = mappings.visit(node)
        requestSites.append(.call(node))
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = registrations.visit(node)
        requestSites.append(.variable(node))
        return .visitChildren
    }

    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        requestSites.append(.subscriptCall(node))
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = containers.visit(node)
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = containers.visit(node)
        return .visitChildren
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = containers.visit(node)
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = containers.visit(node)
        return .visitChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        _ = containers.visit(node)
        _ = mappings.visit(node)
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        _ = containers.visit(node)
        _ = mappings.visit(node)
        requestSites.append(.sequence(node))
        return .visitChildren
    }

    override func visit(_ node: PostfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        requestSites.append(.postfix(node))
        return .visitChildren
    }
}
