import Injection
import Synchronization
import Testing
@testable import InjectionInspector
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `DI_INSPECT_STATS` says about a long step: the calling thread's own usage, as differences.
struct ThreadUsageTests {
    @Test func theFiguresAreTheDifferencesNamedForTheStatistics() {
        let earlier = ThreadUsage(cpuMicroseconds: 1_000, voluntarySwitches: 3, involuntarySwitches: 7, minorFaults: 40, majorFaults: 1)
        let later = ThreadUsage(cpuMicroseconds: 5_250, voluntarySwitches: 4, involuntarySwitches: 7, minorFaults: 140, majorFaults: 1)
        let spent = later - earlier
        #expect(spent == ThreadUsage(cpuMicroseconds: 4_250, voluntarySwitches: 1, involuntarySwitches: 0, minorFaults: 100, majorFaults: 0))
        #expect(spent.figures.map(\.suffix) == ["cpu_us", "voluntary_switches", "involuntary_switches", "minor_faults", "major_faults"])
        #expect(spent.figures.map(\.value) == [4_250, 1, 0, 100, 0])
        // A counter read from another thread can only look smaller: never a huge unsigned figure.
        #expect((earlier - later).figures.map(\.value) == [0, 0, 0, 0, 0])
    }

    #if os(Linux)
    static let bytes = 4 << 20
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Maps `bytes` of fresh memory and touches every page; false when it could not be mapped.
    static func touchFreshMemory() -> Bool {
        guard let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              memory != MAP_FAILED else { return false }
        defer { munmap(memory, bytes) }
        // Not merged into huge pages: one fault per page, whatever the system's setting.
        _ = madvise(memory, bytes, 15 /* MADV_NOHUGEPAGE */)
        for offset in stride(from: 0, to: bytes, by: pageSize) { memory.storeBytes(of: 1, toByteOffset: offset, as: UInt8.self) }
        return true
    }

    /// 4 MB of fresh memory touched page by page: 1 024 faults on the thread that touched it, and
    /// none of them counted for a thread that only waited meanwhile (RUSAGE_THREAD, not the process).
    @Test func faultsAreCountedForTheThreadThatTouchedTheMemory() throws {
        let before = ThreadUsage.now()
        #expect(Self.touchFreshMemory())
        let here = ThreadUsage.now() - before
        #expect(here.minorFaults >= Int64(Self.bytes / Self.pageSize))

        let waiting = ThreadUsage.now()
        let touched = Mutex(false)
        let other = try BackgroundThread { let done = Self.touchFreshMemory(); touched.withLock { $0 = done } }
        other.join()
        let meanwhile = ThreadUsage.now() - waiting
        let touchedElsewhere = touched.withLock { $0 }
        #expect(touchedElsewhere)
        #expect(meanwhile.minorFaults < Int64(Self.bytes / Self.pageSize))
    }
    #endif
}
