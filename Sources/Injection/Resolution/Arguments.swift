/// The arguments given to a resolve, handed to a factory that takes them.
///
/// ```swift
/// container.register { _, args in UserViewModel(userID: args()) }
/// let model: UserViewModel = container.resolve(args: 42)
///
/// container.register { _, args in Search(query: args.get(0), limit: args.get(1)) }
/// let search: Search = container.resolve(args: ("swift", 10))
/// ```
///
/// Not `Sendable`: arguments travel down one resolve, from the call to the factory, on one
/// thread; the container never stores them. A factory that wants to hand them to another thread
/// takes out the typed values it needs, whose own `Sendable` conformance the compiler checks.
public struct Arguments {
    /// The arguments, boxed: an `Arguments` travels through every resolve, and most resolves
    /// pass none. As a bare `Any?` each copy and destruction of it went through the existential's
    /// value witnesses (~250 instructions per resolve, callgrind); a box is one pointer, nil when
    /// there is nothing, so passing `.none` along costs nothing.
    @usableFromInline let box: Box?

    /// Holds one resolve's arguments (immutable; made only when a resolve passes some).
    @usableFromInline
    final class Box {
        @usableFromInline let value: Any
        init(_ value: Any) { self.value = value }

        /// Whether the argument is exactly a `T` (not a subclass, not an existential holding one).
        /// The existential opened, its stored type compared: `type(of:)` asked the runtime for
        /// the dynamic type (~50 instructions, callgrind).
        @inlinable
        func holds<T>(_ type: T.Type) -> Bool {
            func stored<Payload>(_ payload: Payload) -> Any.Type { Payload.self }
            return stored(value) == T.self
        }

        /// The argument as the `T` it is: only after ``holds(_:)`` said so. The existential is
        /// opened and its payload taken as it lies; no dynamic cast.
        @inlinable
        func load<T>(_ type: T.Type) -> T {
            func take<Payload>(_ payload: Payload) -> T { unsafeBitCast(payload, to: T.self) }
            return take(value)
        }
    }

    /// `__shared` and `== nil`: the resolve's `args` is looked at where it lies. Taking it
    /// owned, `if let`, or a `switch` binding the payload copied the existential first, and
    /// destroyed the copy (~60 instructions per resolve, callgrind); `== nil` borrows it, and
    /// only a resolve that passes arguments copies them, into the box. `@inlinable`, with the
    /// resolve front ends: at a call site that passes none, the test folds away with the `nil`.
    @inlinable
    init(_ value: __shared Any?) {
        if value == nil { self = .none } else { self.init(boxing: value.unsafelyUnwrapped) }
    }

    /// Arguments that hold `value`.
    @usableFromInline
    init(boxing value: Any) { box = Box(value) }

    /// No arguments. Inlinable, as ``none`` is: a call to make nothing cost every resolve that
    /// passes no arguments (callgrind).
    @inlinable
    init() { box = nil }

    @inlinable
    static var none: Arguments { Arguments() }

    /// The arguments as passed; nil when there are none.
    var value: Any? { box?.value }

    /// Whether any argument was given.
    public var isEmpty: Bool { box == nil }

    /// The single argument, as `T`. Traps with a clear message, naming `file` and `line` (the
    /// factory), when it is missing or of another type.
    @inlinable
    public func callAsFunction<T>(_ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) -> T {
        get(type, file: file, line: line)
    }

    /// The single argument as `T`.
    ///
    /// An argument of exactly `T` (what a resolve passes nearly always: `resolve(args: 42)` read
    /// as an `Int`) is taken out of the box without a dynamic cast: `as? T` looked up
    /// `Optional<T>`'s metadata and ran the runtime's cast on every resolve (~600 of the ~2 300
    /// instructions of a resolve with an argument, callgrind). Inlined into the factory, where
    /// `T` is known. Anything else (a subclass, an existential, a mismatch) takes the cast.
    @inlinable
    public func get<T>(_ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) -> T {
        if let box, box.holds(T.self) { return box.load(T.self) }
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
    /// An element of exactly `T` is read in place, at the offset the tuple's type gives
    /// (`Box.tupleElementOffset`); reflecting the tuple (`Mirror`) cost ~19 000
    /// instructions per element, callgrind. Anything else (an element to cast, not a tuple, no
    /// such element) takes the reflecting path and its messages.
    @inlinable
    public func get<T>(_ index: Int, as type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) -> T {
        if let box, let offset = box.tupleElementOffset(index, of: T.self) { return box.loadElement(at: offset, as: T.self) }
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
    private static var factory: String {
        guard let building = ResolutionContext.current.frames.last else { return "the factory" }
        return "the factory of \(building.registration.identity.qualifiedDescription)"
    }
}
