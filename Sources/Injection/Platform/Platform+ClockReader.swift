#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PosixIO {
    /// `clock_gettime(2)` as a C function.
    package typealias ClockReader = @convention(c) (clockid_t, UnsafeMutablePointer<timespec>) -> Int32

    /// The function an observed build reads its clocks with (``ResolutionContext/clockReader``):
    /// on Linux the kernel's own `clock_gettime`, from the vDSO the kernel maps into every process,
    /// called directly; elsewhere, or when the process has no vDSO (under valgrind) or its
    /// function does not answer as libc's does, libc's `clock_gettime`.
    ///
    /// libc's `clock_gettime` only checks its arguments and calls the vDSO's: ~2 ns of the ~7 a
    /// coarse reading costs on this machine's VM (measured in C: 6.9 ns through glibc, 4.5 ns
    /// direct), and the recorder reads the coarse clock once per resolution pass.
    package static let clockReader: ClockReader = kernelClockReader() ?? libcClockReader

    private static let libcClockReader: ClockReader = { clock, reading in clock_gettime(clock, reading) }

    private static func kernelClockReader() -> ClockReader? {
        #if os(Linux)
        // glibc lists the vDSO among the loaded objects under this name; RTLD_NOLOAD finds it
        // without loading anything (a libc that does not list it answers nil).
        guard let vdso = dlopen("linux-vdso.so.1", RTLD_LAZY | RTLD_NOLOAD) else { return nil }
        // The x86-64 name, then the arm64 one.
        guard let symbol = dlsym(vdso, "__vdso_clock_gettime") ?? dlsym(vdso, "__kernel_clock_gettime") else {
            return nil
        }
        let reader = unsafeBitCast(symbol, to: ClockReader.self)
        // One trial of each clock the events read, against libc's: a function that fails or
        // reads another clock is not used.
        for clock in [CLOCK_MONOTONIC, CLOCK_MONOTONIC_COARSE] {
            var before = timespec(), direct = timespec(), after = timespec()
            guard clock_gettime(clock, &before) == 0, reader(clock, &direct) == 0, clock_gettime(clock, &after) == 0,
                  nanoseconds(before) <= nanoseconds(direct), nanoseconds(direct) <= nanoseconds(after)
            else { return nil }
        }
        return reader
        #else
        return nil
        #endif
    }

    private static func nanoseconds(_ spec: timespec) -> UInt64 {
        UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
