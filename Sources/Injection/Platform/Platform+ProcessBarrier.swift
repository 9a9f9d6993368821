#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PosixIO {
    /// A memory barrier run on every thread of the process at once: Linux's
    /// `membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)`, ~0.4 µs. Between its call and its return
    /// every running thread of the process executes a full barrier (an idle one already has),
    /// so a thread that only ever needs to be ordered against a rare caller of this function
    /// can make do with plain stores and loads: the asymmetric form of Dekker's exclusion
    /// (``RepeatTable``). Nil where the kernel, its seccomp filter or the platform has none:
    /// callers then keep symmetric, sequentially consistent operations.
    package static let processBarrier: ProcessBarrier? = ProcessBarrier.make()
}

/// The expedited `membarrier(2)` of this process, registered and tried once.
package struct ProcessBarrier: Sendable {
    #if os(Linux)
    /// `syscall(2)`, which Swift cannot call directly (it is variadic), through a fixed
    /// prototype. glibc's `syscall` is an assembly stub on x86-64 and arm64 that moves its
    /// integer arguments into the kernel's registers and reads nothing else (not `%al`, the
    /// variadic vector count), so the fixed-argument call is the same call.
    private typealias Syscall = @convention(c) (Int, Int32, UInt32, Int32) -> Int
    private let call: Syscall
    #if arch(x86_64)
    private static let number = 324
    #elseif arch(arm64)
    private static let number = 283
    #else
    private static let number = -1
    #endif
    private static let registerPrivateExpedited: Int32 = 16  // MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED
    private static let privateExpedited: Int32 = 8  // MEMBARRIER_CMD_PRIVATE_EXPEDITED

    fileprivate static func make() -> ProcessBarrier? {
        guard number > 0, let symbol = dlsym(dlopen(nil, RTLD_NOW), "syscall") else { return nil }
        let call = unsafeBitCast(symbol, to: Syscall.self)
        // Registered once per process; then one trial call, so a kernel that registers but
        // refuses the command (or a filter that answers ENOSYS or EPERM) leaves it off.
        guard call(number, registerPrivateExpedited, 0, 0) == 0, call(number, privateExpedited, 0, 0) == 0 else {
            return nil
        }
        return ProcessBarrier(call: call)
    }

    /// Runs the barrier on every thread of the process. It cannot fail once it worked in
    /// ``make()`` (the registration is for the process's lifetime); should the kernel say
    /// otherwise, the process stops rather than let two threads into the same table.
    package func run() {
        precondition(call(Self.number, Self.privateExpedited, 0, 0) == 0, "membarrier failed after it was registered")
    }
    #else
    fileprivate static func make() -> ProcessBarrier? { nil }
    package func run() {}
    #endif
}
