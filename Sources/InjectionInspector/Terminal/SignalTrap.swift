import CNCurses
import Injection
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Catches SIGINT, SIGTERM and SIGHUP while the inspector owns the terminal, so the UI loop can
/// restore the terminal before the process ends.
///
/// The handler does only async-signal-safe work: it stores the signal number in an atomic and
/// writes one byte to the wake pipe. The loop sees ``caught`` and leaves through its one
/// `stop()` path.
///
/// ```swift
/// let trap = SignalTrap(wake: pipe)
/// trap.install()
/// defer { trap.uninstall() }
/// if let signal = SignalTrap.caught { … }
/// ```
@MainActor
final class SignalTrap {
    /// The signals that end the inspector.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let wake: WakePipe
    private var previous: [Int32: sigaction] = [:]

    init(wake: WakePipe) { self.wake = wake }

    /// The signal caught since ``install()``, if any.
    static var caught: Int32? {
        let value = caughtSignal.load(ordering: .acquiring)
        return value == 0 ? nil : value
    }

    func install() {
        ExitTimeline.prepareForSignals()
        caughtSignal.store(0, ordering: .releasing)
        signalWakeDescriptor.store(wake.writeDescriptor, ordering: .releasing)
        for number in Self.signals {
            // No SA_RESTART: poll() returns EINTR at once.
            var action = sigaction(calling: handleSignal, flags: 0)
            var old = sigaction()
            sigaction(number, &action, &old)
            previous[number] = old
        }
        // A test runner may have blocked these; the inspector must receive them.
        var set = sigset_t()
        sigemptyset(&set)
        for number in Self.signals { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    func uninstall() {
        for (number, var old) in previous { sigaction(number, &old, nil) }
        previous = [:]
        signalWakeDescriptor.store(-1, ordering: .releasing)
    }
}

/// Set by the handler, read by the loop. Atomics are lock-free, so this is async-signal-safe.
private let caughtSignal = Atomic<Int32>(0)
/// The wake pipe's write end while a trap is installed, -1 otherwise.
private let signalWakeDescriptor = Atomic<Int32>(-1)

private func handleSignal(_ number: Int32) {
    ExitTimeline.markSignalCaught()
    caughtSignal.store(number, ordering: .releasing)
    let descriptor = signalWakeDescriptor.load(ordering: .acquiring)
    if descriptor >= 0 {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }
}
