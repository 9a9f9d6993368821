import SwiftSyntax

/// The variables each code block declares, by name, in source order: built once per block when a
/// receiver is first looked up in it, so that each lookup reads the declarations of one name
/// instead of every statement before the use. One per file, used by that file's walk only.
final class LocalVariableIndex {
    /// A binding and where its statement starts (a use sees the bindings of statements before it).
    struct Binding {
        let position: AbsolutePosition
        let typeAnnotation: TypeAnnotationSyntax?
        let initializer: InitializerClauseSyntax?
    }

    private var blocks: [SyntaxIdentifier: [String: [Binding]]] = [:]

    func bindings(named name: String, in items: CodeBlockItemListSyntax) -> [Binding] {
        if let block = blocks[items.id] { return block[name] ?? [] }
        var block: [String: [Binding]] = [:]
        for item in items {
            guard let declaration = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in declaration.bindings {
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                block[identifier, default: []].append(
                    Binding(position: item.position, typeAnnotation: binding.typeAnnotation, initializer: binding.initializer))
            }
        }
        blocks[items.id] = block
        return block[name] ?? []
    }
}
