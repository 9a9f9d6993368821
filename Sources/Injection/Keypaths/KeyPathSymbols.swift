/// Names a keypath's computed properties on Linux, where a description shows only the getter
/// thunk's address (`<computed 0x… (Type)>`), which `dladdr` cannot name:
/// ``PosixIO/functionName(at:)`` reads the symbol table. Once per keypath; nil where it cannot.
enum KeyPathSymbols {
    /// The property name of the computed component whose getter thunk is at `address`.
    static func memberName(at address: UInt) -> String? {
        PosixIO.functionName(at: address).flatMap(memberName(fromDemangled:))
    }

    /// `viewModel` from `key path getter for App.LoginContainer.viewModel : App.LoginViewModel :
    /// App.LoginContainer` (or from a plain `App.LoginContainer.viewModel.getter : …`).
    static func memberName(fromDemangled text: String) -> String? {
        var path = Substring(text)
        let thunkPrefix = "key path getter for "
        if path.hasPrefix(thunkPrefix) { path = path.dropFirst(thunkPrefix.count) }
        if let typeSeparator = path.firstRange(of: " : ") { path = path[..<typeSeparator.lowerBound] }
        if path.hasSuffix(".getter") { path = path.dropLast(".getter".count) }
        // The last dotted component outside generic arguments.
        var name = KeyPathDescription.topLevelParts(path).last ?? path
        // A private property carries its file's discriminator: `(plainClock in _6F1C…)`.
        if name.hasPrefix("("), name.hasSuffix(")"), let separator = name.firstRange(of: " in ") {
            name = name[name.index(after: name.startIndex)..<separator.lowerBound]
        }
        guard let first = name.first, first.isLetter || first == "_" else { return nil }
        return String(name)
    }
}
