import Injection
/// Why one line of a trace could not be read; becomes a ``TraceDiagnostic`` with the line number.
struct TraceLineError: Error {
    var message: String
    /// A name in the line was longer than the reader takes (``TraceReader/maximumNameLength``).
    var isNameTooLong = false

    init(_ message: String) {
        self.message = message
    }

    static func nameTooLong(_ length: Int, maximum: Int) -> TraceLineError {
        var error = TraceLineError("a name of \(length) bytes, longer than the \(maximum) a name may have here")
        error.isNameTooLong = true
        return error
    }
}
