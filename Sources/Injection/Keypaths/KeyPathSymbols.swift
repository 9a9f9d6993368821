/// Names the computed properties of a keypath, for identities such as `Login.viewModel`.
///
/// A `KeyPath`'s description names stored properties but, on Linux, shows a computed one as
/// `<computed 0x… (LoginViewModel)>`: the address of the compiler's "key path getter" thunk,
/// which the runtime could not name because `dladdr` sees exported symbols only. The thunk is in
/// the binary's full symbol table: ``PosixIO/functionName(at:)`` finds it there and demangles it,
/// and `key path getter for App.LoginContainer.viewModel : …` names the member `viewModel`.
///
/// It runs once per distinct keypath in a process (``PlainKeyPaths`` remembers the answer) and
/// answers nil where it cannot: a stripped binary, Darwin (whose runtime names them itself), an
/// unreadable file.
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
