/// The arguments given to a resolve, handed to a factory that takes them, as Resolver's `Args`.
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
/// A plain value: a factory may keep it, pass it to a helper, or read it inside `#expect`. A
/// value that was not passed, or one of another type, stops the program with a message naming
/// the factory, what it expected and what it was given; the `optional` reads answer nil instead.
public struct Arguments {
    /// What the resolve passed; nil when it passed none (a nil optional passes none).
    public var value: Any? { storage?.value }

    /// The value, boxed: one reference, so a resolve that passes none (nearly every resolve)
    /// passes and drops a nil pointer, where an `Any?` stored inline was destroyed through its
    /// value witnesses after every resolve, and compared with nil through a copy of the
    /// existential on every observed build (`Benchmarks/guard.sh`, singleton, recorder
    /// attached). The box is immutable, so this stays a plain value.
    @usableFromInline let storage: ArgumentsStorage?

    /// The arguments `value`, as a resolve passes them.
    @inlinable
    public init(_ value: Any?) {
        storage = value == nil ? nil : ArgumentsStorage(value.unsafelyUnwrapped)
    }

    @inlinable
    init(storage: ArgumentsStorage?) {
        self.storage = storage
    }

    /// No arguments.
    @inlinable
    static var none: Arguments { Arguments(storage: nil) }

    /// Whether any argument was given.
    public var isEmpty: Bool { storage == nil }

    /// The single argument, as `T`. Traps with a clear message, naming `file` and `line` (the
    /// factory), when it is missing or of another type.
    public func callAsFunction<T>(_ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) -> T {
        get(type, file: file, line: line)
    }

    /// The single argument as `T`.
    public func get<T>(_ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) -> T {
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

    /// The element at `index` of a tuple argument, as `T`; index 0 of a single argument is the
    /// argument itself.
    public func get<T>(_ index: Int, as type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) -> T {
        guard let value else { return get(type, file: file, line: line) }
        guard let (element, count) = Self.tupleElement(index, of: value) else {
            if index == 0 { return get(type, file: file, line: line) }
            InjectionDiagnostics.trap(
                "Missing argument: \(Arguments.factory) asked for argument #\(index) but the resolve passed one (\(typeName(Swift.type(of: value)))).",
                file: file, line: line)
        }
        guard let element else {
            InjectionDiagnostics.trap(
                "Missing argument: \(Arguments.factory) asked for argument #\(index) but the resolve passed \(count) (\(typeName(Swift.type(of: value)))).",
                file: file, line: line)
        }
        guard let typed = element as? T else {
            InjectionDiagnostics.trap(
                "Argument mismatch: argument #\(index) is \(typeName(Swift.type(of: element))), \(Arguments.factory) expected \(typeName(T.self)).",
                file: file, line: line)
        }
        return typed
    }

    /// Element `index` of a tuple, labelled or not (nil past its end), and how many it has; nil
    /// for any other value. A cast to a tuple of `Any` reads the lengths resolves pass without
    /// reflection, which costs an order of magnitude more (`Benchmarks/`, the argument shapes);
    /// longer tuples take `Mirror`.
    static func tupleElement(_ index: Int, of value: Any) -> (element: Any?, count: Int)? {
        func pick(_ count: Int, _ element: (Int) -> Any) -> (element: Any?, count: Int) {
            (index >= 0 && index < count ? element(index) : nil, count)
        }
        switch value {
        case let t as (Any, Any):
            return pick(2) { $0 == 0 ? t.0 : t.1 }
        case let t as (Any, Any, Any):
            return pick(3) { switch $0 { case 0: t.0; case 1: t.1; default: t.2 } }
        case let t as (Any, Any, Any, Any):
            return pick(4) { switch $0 { case 0: t.0; case 1: t.1; case 2: t.2; default: t.3 } }
        case let t as (Any, Any, Any, Any, Any):
            return pick(5) { switch $0 { case 0: t.0; case 1: t.1; case 2: t.2; case 3: t.3; default: t.4 } }
        case let t as (Any, Any, Any, Any, Any, Any):
            return pick(6) { switch $0 { case 0: t.0; case 1: t.1; case 2: t.2; case 3: t.3; case 4: t.4; default: t.5 } }
        default:
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .tuple else { return nil }
            let children = Array(mirror.children)
            return pick(children.count) { children[$0].value }
        }
    }

    /// The single argument as `T`, or nil when there is none or it has another type.
    public func optional<T>(_ type: T.Type = T.self) -> T? { value as? T }

    /// The factory being built on this thread, for a message: `the factory of UserViewModel in 'app'`.
    static var factory: String {
        guard let building = ResolutionContext.current.frames.last else { return "the factory" }
        return "the factory of \(building.registration.identity.qualifiedDescription)"
    }
}

/// What ``Arguments`` holds when a resolve passed a value.
@usableFromInline
final class ArgumentsStorage {
    @usableFromInline let value: Any

    @usableFromInline
    init(_ value: Any) {
        self.value = value
    }
}
