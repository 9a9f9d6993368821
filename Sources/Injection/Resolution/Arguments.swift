/// The arguments given to a resolve, handed to a factory that takes them.
///
/// ```swift
/// container.register { _, args in UserViewModel(userID: args()) }
/// let model: UserViewModel = container.resolve(args: 42)
///
/// container.register { _, args in Search(query: args.get(0), limit: args.get(1)) }
/// let search: Search = container.resolve(args: ("swift", 10))
///
/// container.register { _, args in Search(query: args("query"), limit: args("limit")) }
/// let labelled: Search = container.resolve(args: (query: "swift", limit: 10))
/// ```
///
/// Borrowed for the factory's call, never copied: the arguments are the caller's own value,
/// read where it lies (the resolve passes its address down, no box is made), so they exist only
/// while the resolve runs. The compiler holds a factory to that: `Arguments` is noncopyable, and
/// a factory receives it `borrowing`, so it cannot keep it or hand it on; it takes out the typed
/// values it needs, which it may keep and send anywhere their own conformances allow.
public struct Arguments: ~Copyable {
    /// Where the argument lies: the resolve's caller's value, alive for the whole resolve; nil
    /// when the resolve passed none.
    ///
    /// A box on the heap held them before (an allocation and a free per resolve with arguments,
    /// ~330 instructions, and an `Any` opened and copied for every element read, ~170 each,
    /// callgrind); the address and the type the caller's call site knows cost neither.
    @usableFromInline let address: UnsafeRawPointer?
    /// The argument's type as the call site passed it: a tuple's type for several; the type of
    /// the value an existential held, for an `Any` (``Container/resolve(_:name:lifetime:args:file:line:)-swift.method``
    /// opens it). Nil exactly when `address` is.
    @usableFromInline let type: (any Any.Type)?

    /// The arguments at `address`, a value of type `type`, borrowed for one resolve.
    @inlinable
    init(at address: UnsafeRawPointer, of type: any Any.Type) {
        self.address = address
        self.type = type
    }

    /// No arguments. Inlinable, as ``none`` is: a call to make nothing cost every resolve that
    /// passes no arguments (callgrind).
    @inlinable
    init() {
        address = nil
        type = nil
    }

    @inlinable
    static var none: Arguments { Arguments() }

    /// The arguments as passed, copied out as an `Any` (for messages, casts and the captive
    /// check); nil when there are none.
    var value: Any? {
        guard let address, let type else { return nil }
        func copied<Argument>(_ type: Argument.Type) -> Any { address.assumingMemoryBound(to: Argument.self).pointee }
        return copied(type)
    }

    /// Whether any argument was given.
    @inlinable
    public var isEmpty: Bool { address == nil }

    /// The single argument, as `T`. Traps with a clear message, naming `file` and `line` (the
    /// factory), when it is missing or of another type.
    @inlinable
    public func callAsFunction<T>(_ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) -> T {
        get(type, file: file, line: line)
    }

    /// The single argument as `T`.
    ///
    /// An argument of exactly `T` (what a resolve passes nearly always: `resolve(args: 42)` read
    /// as an `Int`) is copied from where it lies, without a dynamic cast: `as? T` looked up
    /// `Optional<T>`'s metadata and ran the runtime's cast on every resolve (~600 instructions,
    /// callgrind). Inlined into the factory, where `T` is known. Anything else (a subclass, an
    /// existential, a mismatch) takes the cast.
    @inlinable
    public func get<T>(_ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) -> T {
        if let address, self.type == T.self { return address.load(as: T.self) }
        return cast(T.self, file: file, line: line)
    }

    /// ``get(_:file:line:)`` for an argument that is not exactly a `T`: cast, or trap.
    @usableFromInline
    func cast<T>(_ type: T.Type, file: StaticString, line: UInt) -> T {
        guard let value else {
            InjectionDiagnostics.trap(
                "Missing argument: \(Arguments.factory) expected an argument of type \(typeName(T.self)) but the resolve passed none. Fix: resolve(args: <#\(typeName(T.self))#>)",
                file: file, line: line)
        }
        guard let typed = value as? T else {
            InjectionDiagnostics.trap(
                "Argument mismatch: \(Arguments.factory) expected \(typeName(T.self)) but the resolve passed \(typeName(Swift.type(of: value))).",
                file: file, line: line)
        }
        return typed
    }

    /// The element at `index` of a tuple argument, as `T`.
    ///
    /// An element of exactly `T` is copied from where it lies, at the offset the tuple's type
    /// gives (`tupleElementOffset(_:in:of:)`), checked and read inline; reflecting
    /// the tuple (`Mirror`) cost ~19 000 instructions per element, callgrind. Anything else (an
    /// element to cast, not a tuple, no such element) takes the reflecting path and its messages.
    @inlinable
    public func get<T>(_ index: Int, as type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) -> T {
        if let address, let tuple = self.type, let offset = Self.tupleElementOffset(index, in: tuple, of: T.self) {
            return address.load(fromByteOffset: offset, as: T.self)
        }
        return reflectedElement(index, T.self, file: file, line: line)
    }

    /// ``get(_:as:file:line:)-(Int,_,_,_)`` for an element not read in place: reflected and cast, or trap.
    @usableFromInline
    func reflectedElement<T>(_ index: Int, _ type: T.Type, file: StaticString, line: UInt) -> T {
        guard let value else { return get(type, file: file, line: line) }
        let children = Array(Mirror(reflecting: value).children)
        guard index < children.count else {
            InjectionDiagnostics.trap(
                "Missing argument: \(Arguments.factory) asked for argument #\(index) but the resolve passed \(children.count) (\(typeName(Swift.type(of: value)))).",
                file: file, line: line)
        }
        guard let typed = children[index].value as? T else {
            InjectionDiagnostics.trap(
                "Argument mismatch: argument #\(index) is \(typeName(Swift.type(of: children[index].value))), \(Arguments.factory) expected \(typeName(T.self)).",
                file: file, line: line)
        }
        return typed
    }

    /// The single argument as `T`, or nil when there is none or it has another type.
    public func optional<T>(_ type: T.Type = T.self) -> T? { value as? T }

    /// The factory being built on this thread, for a message: `the factory of UserViewModel in 'app'`.
    static var factory: String {
        guard let building = ResolutionContext.current.frames.last else { return "the factory" }
        return "the factory of \(building.registration.identity.qualifiedDescription)"
    }
}

extension Container {
    /// Resolves with `argument` borrowed for the resolve: `body` gets the ``Arguments`` that
    /// point at it. For the front ends whose argument is an `Any` (an optional one, or one
    /// passed on): the existential is opened, so a factory reads the value it holds as its own
    /// type, as the typed front ends pass theirs.
    @usableFromInline
    func withOpenedArguments<Result>(
        _ argument: Any, _ body: (borrowing Arguments) throws(ResolutionError) -> Result
    ) throws(ResolutionError) -> Result {
        func opened<Argument>(_ value: Argument) throws(ResolutionError) -> Result {
            try withUnsafePointer(to: value) { address throws(ResolutionError) in
                try body(Arguments(at: UnsafeRawPointer(address), of: Argument.self))
            }
        }
        return try opened(argument)
    }
}

extension Arguments {
    /// Whether `type` is an `Optional` (the runtime's `MetadataKind::Optional`: 2 | non-heap
    /// 0x200): the typed front ends pass an optional argument as the `Any?` one does, nil as
    /// none. One load and a comparison where the argument is not optional.
    @inlinable
    static func isOptional(_ type: any Any.Type) -> Bool {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: Int.self) == 0x202
    }

    /// `argument`, an `Optional` (``isOptional(_:)`` said so), as an `Any?`: nil when it is nil.
    @usableFromInline
    static func unwrapped<Argument>(_ argument: Argument) -> Any? {
        // Safe: only called for an `Optional`, which conforms.
        (argument as! any OptionalArgument).wrappedArgument
    }
}

/// An `Optional` argument's value, without knowing its wrapped type.
protocol OptionalArgument {
    var wrappedArgument: Any? { get }
}

extension Optional: OptionalArgument {
    var wrappedArgument: Any? { map { $0 } }
}
