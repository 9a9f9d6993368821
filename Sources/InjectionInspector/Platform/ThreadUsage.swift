#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the calling thread has used so far (`getrusage(RUSAGE_THREAD)` on Linux; the whole
/// process elsewhere): its CPU time, its context switches and its page faults. The difference
/// across a long step says why it was long: little CPU and many involuntary switches is a thread
/// the scheduler kept waiting (a loaded machine); voluntary switches are waits for a lock or the
/// kernel; faults are memory first touched (or read back from disk, for major ones).
///
/// ```swift
/// let before = ThreadUsage.now()
/// work()
/// let spent = ThreadUsage.now() - before
/// print(spent.cpuMicroseconds, spent.involuntarySwitches)
/// ```
struct ThreadUsage: Sendable, Hashable {
    /// User plus system CPU time, in microseconds.
    var cpuMicroseconds: Int64 = 0
    /// Context switches the thread asked for (it waited: a lock, I/O, a fault served from disk).
    var voluntarySwitches: Int64 = 0
    /// Context switches the scheduler imposed (its time slice ended and others wanted the CPU).
    var involuntarySwitches: Int64 = 0
    /// Page faults served without I/O (memory touched for the first time, a copy-on-write).
    var minorFaults: Int64 = 0
    /// Page faults that waited for I/O.
    var majorFaults: Int64 = 0

    /// The calling thread's usage since it started.
    static func now() -> ThreadUsage {
        var usage = rusage()
        #if os(Linux)
        // RUSAGE_THREAD (1): Glibc's module leaves it out (it needs _GNU_SOURCE).
        let who: __rusage_who_t = 1
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return ThreadUsage() }
        func microseconds(_ time: timeval) -> Int64 { Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_usec) }
        return ThreadUsage(
            cpuMicroseconds: microseconds(usage.ru_utime) + microseconds(usage.ru_stime),
            voluntarySwitches: Int64(usage.ru_nvcsw), involuntarySwitches: Int64(usage.ru_nivcsw),
            minorFaults: Int64(usage.ru_minflt), majorFaults: Int64(usage.ru_majflt))
    }

    /// What was used between `earlier` and `later`.
    static func - (later: ThreadUsage, earlier: ThreadUsage) -> ThreadUsage {
        ThreadUsage(
            cpuMicroseconds: later.cpuMicroseconds - earlier.cpuMicroseconds,
            voluntarySwitches: later.voluntarySwitches - earlier.voluntarySwitches,
            involuntarySwitches: later.involuntarySwitches - earlier.involuntarySwitches,
            minorFaults: later.minorFaults - earlier.minorFaults,
            majorFaults: later.majorFaults - earlier.majorFaults)
    }

    /// The figures as `DI_INSPECT_STATS` lines' values, keyed by a suffix
    /// (`cpu_us`, `voluntary_switches`, `involuntary_switches`, `minor_faults`, `major_faults`).
    var figures: [(suffix: String, value: UInt64)] {
        [("cpu_us", cpuMicroseconds), ("voluntary_switches", voluntarySwitches),
         ("involuntary_switches", involuntarySwitches), ("minor_faults", minorFaults), ("major_faults", majorFaults)]
            .map { ($0.0, UInt64(max(0, $0.1))) }
    }
}
