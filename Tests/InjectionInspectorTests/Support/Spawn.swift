#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Injection

/// Runs a program the way a shell would, for end-to-end tests: `posix_spawnp` with an empty
/// signal mask and default signal actions (Swift Testing's worker threads block most signals,
/// and children would inherit that), output to a file, then `waitpid`.
///
/// Foundation's `Process` is not used: a tmux server started through it inherits the pipe, so
/// reading never sees EOF.
enum Spawn {
    struct Result {
        var status: Int32
        var output: String
    }

    /// Runs `arguments` (found on PATH) and waits for it.
    static func run(_ arguments: [String], environment: [String: String]? = nil) -> Result {
        let outputPath = "/tmp/di-inspect-spawn-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).out"
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let env = (environment ?? currentEnvironment()).map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(env) { envp in posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp) }
        }
        guard status == 0 else { return Result(status: -1, output: "posix_spawnp failed: \(status)") }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR {}
        let exitCode = (waitStatus & 0x7F) == 0 ? (waitStatus >> 8) & 0xFF : 128 + (waitStatus & 0x7F)
        return Result(status: exitCode, output: readFile(outputPath))
    }

    static func currentEnvironment() -> [String: String] { PosixIO.environmentVariables() }

    static func readFile(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
