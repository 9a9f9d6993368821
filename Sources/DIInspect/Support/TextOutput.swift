import Injection

/// Writes a command's text report to standard output with every control character but the
/// line breaks escaped: the one way `check`, `list` and `why` print names from a trace.
func printText(_ text: String) {
    print(text.escapingControlCharacters(keepingNewlines: true), terminator: "")
}
