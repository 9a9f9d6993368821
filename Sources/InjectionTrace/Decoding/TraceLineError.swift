import Injection
/// Why one line of a trace could not be read; becomes a ``TraceDiagnostic`` with the line number.
struct TraceLineError: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
