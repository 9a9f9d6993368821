/// Keyed arguments: a resolve passes a labelled tuple or a dictionary, the factory reads each
/// value by its key, as Resolver's `Args` does.
///
/// ```swift
/// container.register { _, args in
///     EditorViewModel(id: args("id"), mode: args.optional("mode") ?? "view")
/// }
/// let editor: EditorViewModel = container.resolve(args: (id: 3, mode: "edit"))
/// let same: EditorViewModel = container.resolve(args: ["id": 3, "mode": "edit"])
/// ```
/// A labelled tuple is read where it lies, by its type's labels: nothing is built for it. A
/// dictionary (Resolver's spelling) is built by the call, hashed and allocated, as any
/// dictionary is. The value's type is inferred from where it is used. A key that was not
/// passed, or a value of another type, stops the program with a message that names the
/// service, the keys and types it expected and the ones it was given; ``optional(_:)-(String)``
/// reads nil instead.
extension Arguments {
    /// The value passed under `key`, as `T`.
    public func callAsFunction<T>(
        _ key: String, as type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        get(key, as: type, file: file, line: line)
    }

    /// The value passed under `key`, as `T`.
    ///
    /// A labelled tuple's element of exactly `T` is copied from where it lies (its label found
    /// in the tuple type's metadata, `tupleElement(labelled:in:of:)`), and so is
    /// the value of a dictionary passed as `[String: Any]` (what `["id": 3, "mode": "edit"]`
    /// is): converting the dictionary to `[String: Any?]` and casting each value cost ~10 000
    /// instructions per key, callgrind. Anything else takes the converting path and its message.
    @inlinable
    public func get<T>(
        _ key: String, as type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        if let address, let given = self.type {
            // A dictionary literal first: its type is one comparison, where asking a type for
            // a tuple label looks up its metadata (~50 instructions a read, callgrind).
            if given == KeyedArguments.self {
                if let entry = Self.keyedEntry(key, at: address, file: file, line: line),
                   let payload = Self.payload(ofExistentialAt: UnsafeRawPointer(entry), ifExactly: T.self) {
                    return payload.load(as: T.self)
                }
                return convertedEntry(key, T.self, file: file, line: line)
            }
            switch Self.tupleElement(labelled: key, in: given, of: T.self) {
            case .offset(let offset)?: return address.load(fromByteOffset: offset, as: T.self)
            case .index(let index)?: return reflectedElement(index, T.self, file: file, line: line)
            case nil: break
            }
            if given == [String: Any].self,
               let entry = address.assumingMemoryBound(to: [String: Any].self).pointee[key],
               let typed = Self.exactly(entry, T.self) {
                return typed
            }
        }
        return convertedEntry(key, T.self, file: file, line: line)
    }

    /// ``get(_:as:file:line:)-(String,_,_,_)`` for a value not read in place: converted and cast, or trap.
    @usableFromInline
    func convertedEntry<T>(_ key: String, _ type: T.Type, file: StaticString, line: UInt) -> T {
        guard let entry = keyed?[key], let present = entry, let typed = present as? T else {
            argumentTrap(expected: "[\"\(key)\": \(typeName(T.self))]", file: file, line: line)
        }
        return typed
    }

    /// The value passed under `key` as `T`, or nil when the key is absent, its value is nil, or
    /// it has another type.
    public func optional<T>(_ key: String, as type: T.Type = T.self) -> T? {
        guard let entry = keyed?[key], let present = entry else { return nil }
        return present as? T
    }

    /// The keys passed, sorted; empty when the resolve passed no dictionary or labelled tuple.
    public var keys: [String] { keyed.map { $0.keys.sorted() } ?? [] }

    /// The keyed values a resolve passed: a dictionary, whether written `[String: Any]` or
    /// `[String: Any?]` (converted to the latter), a dictionary literal's pairs
    /// (``KeyedArguments``), or a labelled tuple's labelled elements (for messages and the
    /// converting path).
    var keyed: [String: Any?]? {
        guard let value else { return nil }
        if let dictionary = value as? [String: Any?] { return dictionary }
        if let dictionary = value as? [String: Any] { return dictionary.mapValues { $0 as Any? } }
        if let literal = value as? KeyedArguments {
            return Dictionary(literal.pairs.map { ($0.0, $0.1 as Any?) }, uniquingKeysWith: { first, _ in first })
        }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .tuple else { return nil }
        let labelled = mirror.children.compactMap { child in child.label.flatMap { Self.isTupleLabel($0) ? ($0, child.value as Any?) : nil } }
        return labelled.isEmpty ? nil : Dictionary(labelled, uniquingKeysWith: { first, _ in first })
    }

    /// Whether `label`, a tuple element's label as `Mirror` gives it, was written: an unlabelled
    /// element's is `.0`, `.1`, ….
    private static func isTupleLabel(_ label: String) -> Bool { !label.hasPrefix(".") }

    /// What the resolve passed, as a type a person reads: `["id": Int, "mode": String]`, `Int`.
    var givenDescription: String {
        guard let value else { return "no arguments" }
        guard let keyed, Mirror(reflecting: value).displayStyle != .tuple else { return typeName(Swift.type(of: value)) }
        if keyed.isEmpty { return "[:]" }
        let entries = keyed.keys.sorted().map { key in
            "\"\(key)\": " + (keyed[key].flatMap { $0 }.map { typeName(Swift.type(of: $0)) } ?? "nil")
        }
        return "[" + entries.joined(separator: ", ") + "]"
    }

    /// Stops the program: the factory being built asked for an argument the resolve did not give.
    private func argumentTrap(expected: String, file: StaticString, line: UInt) -> Never {
        let service = ResolutionContext.current.frames.last?.registration.identity
            ?? ServiceIdentity(type: "<no service being built>", name: nil, container: "?")
        InjectionDiagnostics.trap(
            .argumentMismatch(service: service, expected: expected, given: givenDescription),
            file: file, line: line)
    }
}

extension Arguments {
    /// Where the value held by the `Any` at `container` lies, when it is exactly a `type`; nil
    /// otherwise. Read from the existential's layout, so a value is neither copied out as an
    /// `Any` nor opened to be compared (~130 instructions per keyed read, callgrind): an `Any`
    /// is three words of buffer and its type's metadata; the value lies in the buffer unless its
    /// type's value witnesses say it is not inline, and then in a box the buffer's first word
    /// points at, after the box's header rounded up to the value's alignment. That layout (the
    /// runtime's `OpaqueExistentialContainer`, `ValueWitnessTable` flags) is part of the stable
    /// ABI; `BorrowedArgumentTests` reads inline, boxed and over-aligned values through it.
    @usableFromInline
    static func payload(ofExistentialAt container: UnsafeRawPointer, ifExactly type: any Any.Type) -> UnsafeRawPointer? {
        let word = MemoryLayout<Int>.size
        let stored = container.load(fromByteOffset: 3 * word, as: UnsafeRawPointer.self)
        guard stored == unsafeBitCast(type, to: UnsafeRawPointer.self) else { return nil }
        // The value witness table, a word before the metadata: eight functions, then size,
        // stride, and the flags (alignment mask in the low byte; `IsNonInline` 0x20000).
        let witnesses = stored.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
        let flags = witnesses.load(fromByteOffset: 10 * word, as: UInt32.self)
        guard flags & 0x0002_0000 != 0 else { return container }
        let alignmentMask = Int(flags & 0xFF)
        let headerSize = 2 * word
        return container.load(as: UnsafeRawPointer.self) + ((headerSize + alignmentMask) & ~alignmentMask)
    }

    /// `value` as the `T` it is exactly; nil when it is anything else (the caller casts then).
    @inlinable
    static func exactly<T>(_ value: Any, _ type: T.Type) -> T? {
        func take<Payload>(_ payload: Payload) -> T? {
            Payload.self == T.self ? unsafeBitCast(payload, to: T.self) : nil
        }
        return take(value)
    }
}
