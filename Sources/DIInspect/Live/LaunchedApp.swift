import Foundation
import Injection
import InjectionTrace
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An app launched for live inspection (`run`, `demo`): started with `DI_INSPECT` pointing at the
/// listener, its output in a log file, watched from a thread of its own, and ended with the
/// inspector.
///
/// Ending it: ``requestStop()`` sends SIGTERM (so it can flush its trace) as the inspector starts
/// its way out, and ``stop(grace:)`` sends SIGKILL when the grace period runs out. On Linux the child also asks the kernel (`PR_SET_PDEATHSIG`) for a
/// SIGKILL when the inspector dies, so not even a SIGKILLed inspector leaves it running; with
/// `--keep-app` it is left alone in both cases.
///
/// ```swift
/// let app = try LaunchedApp(command: ["./my-app"], destination: "unix:/tmp/x.sock", keepRunning: false) { ending, output in
///     print(ending.description)   // "exited with status 0", "crashed (signal 11)"
///     if !ending.succeeded { print(output().joined(separator: "\n")) }   // its last lines
/// }
/// app.requestStop()                      // SIGTERM, at once
/// app.stop(grace: .milliseconds(500))     // SIGKILL if still running 500 ms after it
/// ```
final class LaunchedApp: Sendable {
    /// How the app ended.
    struct Ending: Sendable, CustomStringConvertible {
        let processID: Int32
        /// The exit status, or the signal that ended it.
        let status: Int32
        let bySignal: Bool

        var succeeded: Bool { !bySignal && status == 0 }
        var description: String { bySignal ? "crashed (signal \(status))" : "exited with status \(status)" }
    }

    let processID: Int32
    let logPath: String
    private let keepRunning: Bool
    private let ended = EndFlag()
    private let watcher: Mutex<BackgroundThread?>
    /// When ``requestStop()`` sent SIGTERM: the grace period counts from there.
    private let stopRequested = Mutex<ContinuousClock.Instant?>(nil)

    /// Starts `command` (a path, or a name found on PATH) with `DI_INSPECT=destination`;
    /// `onExit` is called from the watching thread with how it ended and a function that reads
    /// the last lines it wrote (its error): read only when wanted, so an app ended on the way
    /// out costs no file read.
    init(
        command: [String], destination: String, token: String? = nil, keepRunning: Bool = false,
        onExit: @escaping @Sendable (Ending, _ output: () -> [String]) -> Void
    ) throws {
        let name = (command[0] as NSString).lastPathComponent
        logPath = NSTemporaryDirectory() + "di-inspect-\(getpid())-\(name).log"
        self.keepRunning = keepRunning
        guard let executable = Self.find(command[0]) else {
            throw LaunchError("cannot start \(command[0]): no such executable (not a path, and not found on PATH)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["DI_INSPECT"] = destination
        environment[TraceConnectionToken.environmentVariable] = token
        let output = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw LaunchError("cannot create the app's log file \(logPath): \(PosixIO.errorDescription(errno))") }
        defer { close(output) }
        processID = try Self.spawn(
            executable: executable, arguments: command, environment: environment.map { "\($0.key)=\($0.value)" },
            log: output, dieWithParent: !keepRunning)
        let pid = processID
        let ended = self.ended
        let log = logPath
        let thread = try BackgroundThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            ended.value.store(true, ordering: .releasing)
            // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import as macros.
            let signal = status & 0x7f
            let ending = signal != 0 ? Ending(processID: pid, status: signal, bySignal: true)
                : Ending(processID: pid, status: (status >> 8) & 0xff, bySignal: false)
            onExit(ending) { Self.lastLines(of: log) }
        }
        watcher = Mutex(thread)
    }

    /// Whether the app is still running.
    var isRunning: Bool { !ended.value.load(ordering: .acquiring) }

    /// Set by the watching thread once `waitpid` returned (a class: an `Atomic` cannot be copied
    /// into the thread's closure).
    private final class EndFlag: Sendable {
        let value = Atomic<Bool>(false)
    }

    /// Asks the app to end (SIGTERM, so it can flush its trace) without waiting, unless
    /// `--keep-app` was given; ``stop(grace:)`` waits. The inspector calls it first thing on its
    /// way out, so the grace period runs while the terminal is restored and the listener stops.
    func requestStop() {
        guard !keepRunning, isRunning else { return }
        stopRequested.withLock { $0 = $0 ?? ContinuousClock.now }
        kill(processID, SIGTERM)
    }

    /// Ends the app unless `--keep-app` was given: SIGTERM, then SIGKILL once `grace` has
    /// passed since ``requestStop()`` (or now). Returns when the app is gone and its watcher has
    /// reported how it ended, or at the latest ``reapWait`` after the SIGKILL: a killed process
    /// runs no more of its code, and waiting longer for the kernel to finish it would only hold
    /// the inspector's own exit (on Linux its parent-death signal ends it with the inspector in
    /// any case).
    func stop(grace: Duration = LaunchedApp.grace) {
        guard !keepRunning else { return }
        if isRunning {
            let deadline = (stopRequested.withLock { $0 } ?? ContinuousClock.now).advanced(by: grace)
            kill(processID, SIGTERM)
            while isRunning, ContinuousClock.now < deadline { usleep(1_000) }
            if isRunning {
                kill(processID, SIGKILL)
                let killed = ContinuousClock.now.advanced(by: Self.reapWait)
                while isRunning, ContinuousClock.now < killed { usleep(1_000) }
            }
        }
        // The watcher reports right after `waitpid`; not joined while the app is not reaped.
        if !isRunning { watcher.withLock { $0 }?.join() }
    }

    /// How long an app asked to end gets before its SIGKILL. The inspector's exit must fit in
    /// 200 ms at full load: the grace runs from the start of the way out, and the process's own
    /// teardown (the kernel unmapping 150–250 MB, 25–140 ms on a loaded machine) comes after it.
    static let grace: Duration = .milliseconds(60)

    /// The longest ``stop(grace:)`` waits after the SIGKILL for the app to be reaped here (so it
    /// is not left a zombie for whoever inherits it).
    static let reapWait: Duration = .milliseconds(15)

    /// The last lines of the app's log (its error when it could not start), at most `count`.
    static func lastLines(of logPath: String, count: Int = 24) -> [String] {
        guard let handle = FileHandle(forReadingAtPath: logPath) else { return [] }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > 4_096 ? size - 4_096 : 0)
        let data = (try? handle.readToEnd()) ?? Data()
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: true).suffix(count).map(String.init)
    }

    /// `name` itself when it has a slash, otherwise the first executable of that name on PATH.
    static func find(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            var info = stat()
            if access(candidate, X_OK) == 0, stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG { return candidate }
        }
        return nil
    }

    /// Forks and execs. Everything the child needs is built before `fork`, so the child calls
    /// only async-signal-safe functions (`prctl`, `dup2`, `execve`, `write`, `_exit`); a failed
    /// `execve` reports its errno through a close-on-exec pipe, which stays empty on success.
    private static func spawn(
        executable: String, arguments: [String], environment: [String], log: Int32, dieWithParent: Bool
    ) throws -> Int32 {
        let argv = CStringArray(arguments)
        let envp = CStringArray(environment)
        let path = CStringArray([executable])
        defer { argv.free(); envp.free(); path.free() }
        var report: [Int32] = [-1, -1]
        guard pipe(&report) == 0 else { throw LaunchError("cannot start \(arguments[0]): pipe: \(PosixIO.errorDescription(errno))") }
        _ = fcntl(report[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(report[1], F_SETFD, FD_CLOEXEC)
        let nullInput = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { if nullInput >= 0 { close(nullInput) } }
        let parent = getpid()
        #if os(Linux)
        let setDeathSignal = dieWithParent ? ParentDeathSignal.setter : nil
        #endif
        let pid = fork()
        if pid == 0 {
            #if os(Linux)
            if let setDeathSignal {
                _ = setDeathSignal(1 /* PR_SET_PDEATHSIG */, UInt(SIGKILL), 0, 0, 0)
                // The inspector may have died between fork and prctl.
                if getppid() != parent { _exit(127) }
            }
            #endif
            // The inspector's own signal handling must not carry over: restore the defaults.
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
            signal(SIGHUP, SIG_DFL)
            var none = sigset_t()
            sigemptyset(&none)
            sigprocmask(SIG_SETMASK, &none, nil)
            if nullInput >= 0 { dup2(nullInput, 0) }
            dup2(log, 1)
            dup2(log, 2)
            execve(path.pointers[0]!, argv.pointers, envp.pointers)
            var code = errno
            _ = write(report[1], &code, MemoryLayout<Int32>.size)
            _exit(127)
        }
        close(report[1])
        defer { close(report[0]) }
        guard pid > 0 else { throw LaunchError("cannot start \(arguments[0]): fork: \(PosixIO.errorDescription(errno))") }
        var code: Int32 = 0
        var got = 0
        repeat { got = read(report[0], &code, MemoryLayout<Int32>.size) } while got < 0 && errno == EINTR
        if got == MemoryLayout<Int32>.size {
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            throw LaunchError("cannot start \(arguments[0]): \(PosixIO.errorDescription(code))")
        }
        return pid
    }
}

/// A NULL-terminated array of C strings, allocated before `fork` and freed after.
private struct CStringArray {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

    init(_ strings: [String]) {
        pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
        pointers[strings.count] = nil
    }

    func free() {
        var index = 0
        while let pointer = pointers[index] {
            pointer.deallocate()  // strdup's malloc: deallocate is free()
            index += 1
        }
        pointers.deallocate()
    }
}

struct LaunchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
