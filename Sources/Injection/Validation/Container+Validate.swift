extension Container {
    /// Builds every registration once in a sandbox and reports every missing dependency, cycle and
    /// scope mismatch at once: this container's, its added children's and its ancestors', with the
    /// keypath providers already used or passed in. Real scopes are untouched; no events are emitted.
    ///
    /// ```swift
    /// @Test func appGraphIsComplete() {
    ///     let report = App.makeContainer().validate(\.login.viewModel, \.login.useCase)
    ///     #expect(report.isValid, "\(report)")
    /// }
    /// ```
    /// > Note: Factories run for real (once each), so they should not have side effects
    /// > beyond building their service.
    public func validate<each Value>(_ keyPaths: repeat any KeyPath<Container, each Value> & Sendable) -> ValidationReport {
        for keyPath in repeat each keyPaths { declareForValidation(keyPath) }
        var registrations: [(Container, AnyRegistration)] = []
        var answering: [String: (registration: AnyRegistration, distance: Int)] = [:]
        let run = ValidationRun()
        // The search order a resolve from here follows, added children included.
        for (container, distance) in searchOrder() {
            let entries = container.core.state.withLock { $0.allEntries.map(\.registration) }
            for registration in entries {
                let key = ServiceIdentity(
                    type: registration.identity.type, name: registration.identity.name, container: "",
                    layer: registration.identity.layer, member: registration.identity.member).key
                if let first = answering[key] {
                    // A registration a nearer container overrides is not what the app resolves;
                    // one passed over by an answer no nearer than it is shadowed.
                    if registration.identity.member == nil, distance <= first.distance {
                        run.record(.shadowed(answering: first.registration.identity, passedOver: registration.identity,
                                             searchedFrom: name))
                    }
                } else {
                    answering[key] = (registration, distance)
                    registrations.append((container, registration))
                }
            }
        }
        registrations.sort { $0.1.identity.key < $1.1.identity.key }
        // Built as the app resolves it: from this container (where a child's overrides apply), with it
        // as `Container.shared` on the helper thread.
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

extension Container {
    /// The containers a resolve from here searches, in order, with their distance: own table,
    /// added children depth first, then the parent with its added children.
    func searchOrder() -> [(Container, Int)] {
        var order: [(Container, Int)] = []
        var visited: Set<ObjectIdentifier> = []
        func addChildren(of container: Container, distance: Int) {
            for child in container.children where visited.insert(ObjectIdentifier(child)).inserted {
                order.append((child, distance + 1))
                addChildren(of: child, distance: distance + 1)
            }
        }
        for (distance, container) in lineage.enumerated() {
            guard visited.insert(ObjectIdentifier(container)).inserted else { break }
            order.append((container, distance))
            addChildren(of: container, distance: distance)
        }
        return order
    }
}

/// Lets validation register a provider reached through a type-erased keypath.
protocol ProviderRegistering {
    func registerForValidation()
}

extension Provider: ProviderRegistering {
    func registerForValidation() { container.registerDeclaredIfNeeded(self) }
}

extension Container {
    /// Makes a keypath named to ``validate(_:)`` known, as a resolve through it would.
    func declareForValidation<Value>(_ keyPath: any KeyPath<Container, Value> & Sendable) {
        if PlainKeyPaths.isPlain(keyPath) {
            // A plain property is declared, not read: reading it would build the service.
            declarePlain(keyPath, file: #fileID, line: #line)
        } else if let provider = self[keyPath: keyPath] as? any ProviderRegistering {
            provider.registerForValidation()
        }
    }
}
