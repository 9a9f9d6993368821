/// A clean, module-free name for a type: `XYZFetching`, `Optional<Session>`, `Array<Int>`.
///
/// Qualified names (`MyApp.XYZFetching`) are noise in messages and in the inspector's columns.
@inlinable
public func typeName(_ type: Any.Type) -> String {
    _typeName(type, qualified: false)
}
