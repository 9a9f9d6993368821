/// Names the computed properties of a keypath, for identities such as `Login.viewModel`.
///
/// On Linux a `KeyPath`'s description shows a computed property as `<computed 0x… (Type)>`,
/// the address of its getter thunk, which `dladdr` cannot name (not exported). The binary's
/// full symbol table can: ``PosixIO/functionName(at:)`` finds and demangles it. Runs once per
/// keypath (``PlainKeyPaths`` remembers); nil where it cannot (stripped binary, unreadable file).
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
