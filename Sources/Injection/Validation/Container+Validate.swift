import Synchronization

extension Container {
    /// Builds every registration once in a sandbox and reports every missing dependency, cycle
    /// and scope mismatch at once, not just the first.
    ///
    /// Type-keyed registrations of this container and its ancestors are all checked, as are the
    /// keypath providers already used and the ones passed in (a keypath provider is declared by
    /// a computed property, so it is known once used or named here). Keypaths to plain
    /// properties (`\.login.viewModel` returning the service itself) are covered the same way:
    /// each is built once, and what it resolves through a container is checked with it. Real scopes are untouched:
    /// kept instances are neither read nor created, and no events are emitted.
    ///
    /// ```swift
    /// @Test func appGraphIsComplete() {
    ///     let report = App.makeContainer().validate(\.login.viewModel, \.login.useCase)
    ///     #expect(report.isValid, "\(report)")
    /// }
    /// ```
    /// > Note: Factories run for real (once each), so they should not have side effects
    /// > beyond building their service.
    public func validate(_ providers: PartialKeyPath<Container>...) -> ValidationReport {
        for keyPath in providers {
            if PlainKeyPaths.isPlain(keyPath) {
                // A plain property is declared, not read: reading it would build the service.
                (keyPath as? any PlainKeyPathDeclaring)?.declarePlain(in: self)
            } else if let provider = self[keyPath: keyPath] as? any ProviderRegistering {
                provider.registerForValidation()
            }
        }
        var registrations: [(Container, AnyRegistration)] = []
        var seenKeys: Set<String> = []
        var current: Container? = self
        while let container = current {
            let entries = container.state.withLock { $0.allEntries.map(\.registration) }
            // A registration a nearer container overrides is not what the app resolves.
            for registration in entries {
                let key = ServiceIdentity(
                    type: registration.identity.type, name: registration.identity.name, container: "",
                    layer: registration.identity.layer, member: registration.identity.member).key
                if seenKeys.insert(key).inserted { registrations.append((container, registration)) }
            }
            current = container.parent
        }
        registrations.sort { $0.1.identity.key < $1.1.identity.key }
        let run = ValidationRun()
        // Each registration is built the way the app resolves it: from this container (an
        // ancestor's registration resolves its dependencies here, where a child's overrides
        // apply), with this container as `Container.shared` on the helper thread, so factories
        // and property wrappers that use `Container.shared` see the app's container.
        for (_, registration) in registrations where !registration.takesArguments {
            run.check { () throws(ResolutionError) in
                try withContainer(self) { () throws(ResolutionError) in
                    do throws(ResolutionError) {
                        try registration.validationBuild(self)
                    } catch .noInstance {
                        // A factory that may return nil (`as Feed?`) did: allowed, `optional()` expects it.
                    }
                }
            }
        }
        return ValidationReport(checked: registrations.count, problems: run.recorded)
    }
}

/// Lets validation register a provider reached through a type-erased keypath.
protocol ProviderRegistering {
    func registerForValidation()
}

extension Provider: ProviderRegistering {
    func registerForValidation() { container.registerDeclaredIfNeeded(self) }
}
