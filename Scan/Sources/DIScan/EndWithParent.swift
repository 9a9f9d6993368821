#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `di-inspect scan` starts di-scan with `DI_SCAN_PARENT` set to its own pid: di-scan then ends
/// when di-inspect does (interrupted, killed, timed out) instead of scanning on for nobody.
enum EndWithParent {
    static let variable = "DI_SCAN_PARENT"

    static func arrange() {
        guard let value = getenv(variable), let parent = pid_t(String(cString: value)) else { return }
        #if os(Linux)
        // Linux's `prctl(PR_SET_PDEATHSIG, SIGKILL)`: the kernel ends this process when the parent
        // does. `prctl` is public libc API that Glibc's module map leaves out (`<sys/prctl.h>`),
        // hence the lookup; the cast gives the pointer `prctl`'s C signature, which it has.
        typealias Setter = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        if let symbol = dlsym(dlopen(nil, RTLD_NOW), "prctl") {
            _ = unsafeBitCast(symbol, to: Setter.self)(1 /* PR_SET_PDEATHSIG */, UInt(SIGKILL), 0, 0, 0)
        }
        #endif
        // The parent may have ended before the request was made: no signal would come.
        if getppid() != parent { exit(2) }
    }
}
