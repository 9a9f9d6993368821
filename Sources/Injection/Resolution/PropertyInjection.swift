/// Marks the resolves a `resolveProperties` block makes, so that events report them as property
/// injection of the service being built (drawn as property edges) rather than as its constructor's
/// dependencies.
enum PropertyInjection {
    /// Runs `body` with the innermost frame of this thread's resolution stack (the service whose
    /// factory is finishing) marked as injecting its properties.
    static func run(_ body: () throws -> Void) rethrows {
        let context = ResolutionContext.current
        guard let index = context.frames.indices.last else { return try body() }
        let wasInjecting = context.frames[index].injectsProperties
        context.frames[index].injectsProperties = true
        defer { if index < context.frames.count { context.frames[index].injectsProperties = wasInjecting } }
        try body()
    }
}
