import ArgumentParser
import Foundation
import Injection

/// Writes a command's text report to standard output with every control character but the
/// line breaks escaped: the one way `check`, `list` and `why` print names from a trace.
func printText(_ text: String) {
    print(text.escapingControlCharacters(keepingNewlines: true), terminator: "")
}

/// Writes a report to `path`, or to standard output when there is none; text for people has its
/// control characters escaped (JSON and SARIF escape their own strings). A file that cannot be
/// written is an error with exit status 2.
func writeReport(_ text: String, to path: String?, escaping: Bool) throws {
    let shown = escaping ? text.escapingControlCharacters(keepingNewlines: true) : text
    guard let path else {
        print(shown, terminator: "")
        return
    }
    do {
        try shown.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        PosixIO.printError("error: cannot write \(path): \(error.localizedDescription)")
        throw ExitCode(2)
    }
}
