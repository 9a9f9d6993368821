@testable import Injection
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The function the observed builds read their clocks with (``PosixIO/clockReader``): the
/// kernel's own where the process has one, which must read the same clocks libc's does.
struct ClockReaderTests {
    private static func nanoseconds(_ read: (inout timespec) -> Int32) -> UInt64? {
        var spec = timespec()
        guard read(&spec) == 0 else { return nil }
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    @Test(arguments: [CLOCK_MONOTONIC, CLOCK_MONOTONIC_COARSE])
    func readsTheClockLibcReadsInOrder(clock: clockid_t) throws {
        for _ in 0..<1_000 {
            let before = try #require(Self.nanoseconds { clock_gettime(clock, &$0) })
            let read = try #require(Self.nanoseconds { PosixIO.clockReader(clock, &$0) })
            let after = try #require(Self.nanoseconds { clock_gettime(clock, &$0) })
            #expect(before <= read && read <= after)
        }
    }

    @Test func anObservedBuildsReadingsComeFromIt() {
        let context = ResolutionContext(threadNumber: 0)
        let before = EventClock.raw()
        let precise = EventClock.raw(in: context)
        let coarse = EventClock.coarse(in: context)
        #expect(before <= precise && precise <= EventClock.raw())
        // The coarse clock is up to a tick behind the precise one, never ahead.
        #expect(coarse <= EventClock.raw() && coarse + 100_000_000 >= precise)
    }
}
