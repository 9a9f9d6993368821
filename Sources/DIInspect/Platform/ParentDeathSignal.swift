#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if os(Linux)

/// Linux's `prctl(PR_SET_PDEATHSIG, …)`: a launched app asks the kernel for a signal when the
/// inspector dies, so not even a SIGKILLed inspector leaves it running. Darwin has no equivalent
/// (there the app is ended by ``LaunchedApp/stop(grace:)`` only).
enum ParentDeathSignal {
    /// `prctl(2)`, which Glibc's module map leaves out (`<sys/prctl.h>`), looked up in libc before
    /// `fork` so that the child calls only the function pointer (async-signal-safe).
    typealias Setter = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

    static var setter: Setter? {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "prctl") else { return nil }
        return unsafeBitCast(symbol, to: Setter.self)
    }
}
#endif
