import Testing
import Injection
@testable import InjectionTrace

/// The duplicate `seq` check holds a window of bits, never a bitmap from 0: a connection from an
/// app whose counter is at 4 million costs what its own few events cost.
struct SequenceWindowTests {
    @Test func aStreamStartingFarFromOneCostsItsOwnSpanOnly() {
        var tracker = SequenceTracker(window: 1 << 16)
        let fresh = (UInt64(4_000_001)...4_000_400).map { tracker.insert($0) }
        #expect(fresh.allSatisfy { $0 })
        // Base 4 000 001 - 1 024 slack, rounded down to 64: 3 998 976. 400 numbers from bit 1 025 on
        // end at bit 1 424, word 22: words grow 17 (the first, word 16), then 34 (doubled).
        #expect(tracker.base == 3_998_976)
        #expect(tracker.bytes == 34 * 8)
        #expect(tracker.allocatedBytes < 34 * 8 + 64)
        let repeated = tracker.insert(4_000_200)
        #expect(!repeated)
        let next = tracker.insert(4_000_401)
        #expect(next)
    }

    @Test func theWindowSlidesByHalfAndForgetsWhatFellBelowIt() {
        var tracker = SequenceTracker(window: 1 << 12)   // 4 096 numbers, 64 words
        let fresh = (UInt64(1)...10_000).map { tracker.insert($0) }
        #expect(fresh.allSatisfy { $0 })
        // Base 0; 10 000 is word 156: slid by 32 words (half the window) at word 64, 96, 128 and
        // 160 would be next: base = 3 × 32 × 64 = 6 144.
        #expect(tracker.base == 6_144)
        #expect(tracker.bytes == 64 * 8)
        #expect(tracker.allocatedBytes < 64 * 8 + 64)
        let inside = tracker.insert(9_000)
        #expect(!inside, "inside the window: a duplicate")
        let below = tracker.insert(6_000)
        #expect(below, "below the window: too old to check")
        #expect(tracker.uncheckedCount == 1)
    }

    @Test func aJumpBeyondTheWindowStartsItAgain() {
        var tracker = SequenceTracker(window: 1 << 12)
        for sequence in UInt64(1)...100 { _ = tracker.insert(sequence) }
        let first = tracker.insert(1 << 40)
        #expect(first)
        let again = tracker.insert(1 << 40)
        #expect(!again)
        #expect(tracker.base > (1 << 40) - 4_096 && tracker.base <= 1 << 40)
        #expect(tracker.bytes == 64 * 8)
        #expect(tracker.allocatedBytes < 64 * 8 + 64)
    }

    @Test func aListenerConnectionsReaderKeepsTheWindowItWasGiven() {
        var reader = TraceReader(sequenceWindow: TraceListener.sequenceWindow)
        var bytes: [UInt8] = []
        TraceEncoder.encode(.header(TraceHeader(app: "far", pid: 1, startTime: "2026-11-25T08:00:00Z")), into: &bytes)
        for sequence in UInt64(50_000_000)..<50_200_000 {
            TraceEncoder.encode(.event(ResolutionEvent(sequence: sequence, time: sequence, thread: 1, kind: .scopeReset(
                ScopeReset(container: "c", scope: .cached, discarded: 0)))), into: &bytes)
        }
        let records = bytes.withUnsafeBytes { reader.feed($0) }
        #expect(records.count == 200_001)
        #expect(reader.takeDiagnostics().isEmpty)
        // 2^16 numbers: 1 024 words, 8 KB; the old bitmap from 0 held 50.2 M bits (6.3 MB).
        #expect(reader.sequenceBytes == 8_192)
        #expect(reader.sequenceAllocatedBytes < 8_192 + 64)
    }
}
