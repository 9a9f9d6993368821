import Injection
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program the UI loop runs in the foreground with the terminal given back to it (the editor
/// behind `o`), started from an argument vector, never through a shell.
///
/// ```swift
/// let program = ForegroundProgram(arguments: ["vi", "+12", "Sources/App/Wiring.swift"])
/// driver.stop()
/// let outcome = program.run()   // waits until the editor exits
/// try driver.start()
/// ```
struct ForegroundProgram: Sendable, Hashable {
    /// How the program ended.
    enum Outcome: Sendable, Hashable {
        case exited(Int32)
        case signalled(Int32)
        /// It could not be started (errno: not found, not executable).
        case couldNotStart(Int32)
    }

    var arguments: [String]
    /// What the inspector says when the program is back, e.g. which file it opened.
    var description: String

    init(arguments: [String], description: String = "") {
        self.arguments = arguments
        self.description = description
    }

    /// Starts the program with this process's terminal and environment, and waits for it.
    func run() -> Outcome {
        guard let first = arguments.first, !arguments.contains(where: { $0.contains("\0") }) else { return .couldNotStart(EINVAL) }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let environment: [UnsafeMutablePointer<CChar>?] = PosixIO.environmentVariables().map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            environment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let started = posix_spawnp(&pid, first, nil, nil, argv, environment)
        guard started == 0 else { return .couldNotStart(started) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return .couldNotStart(errno) }
        }
        // WIFEXITED / WEXITSTATUS are macros Swift cannot import.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}
