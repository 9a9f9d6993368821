/// Which builds on one thread are timed, while every observer folds repeats.
///
/// A precise clock reading costs wall time instructions do not show, and timing every build
/// breaks the recorder's ≤ 1.3× target (DECISIONS.md, "Mechanisms kept only for speed"). A
/// counted repeat needs only its key's total, so a build of a registration already counted on
/// this thread is timed about one in ``meanInterval``; the others get a coarse stamp, and the
/// key's total is the timed builds' total scaled by the count (``RepeatCounts``).
///
/// Everything delivered as an event is still timed: a build is untimed only if its registration
/// was timed and counted on this thread under the same observer generation; if its key turns
/// out unknown after all, the event carries the last measured duration (``lastDuration(of:)``).
///
/// Owned by one thread (its ``RepeatTable``'s owner) and never read by another, so it needs no
/// synchronisation. A fixed block of ``slotCount`` slots indexed by the registration's address:
/// a lookup is a mix, a mask and two compares, and a collision only means a build is timed.
struct BuildSampling: ~Copyable {
    /// One registration this thread timed and counted recently.
    struct Slot {
        /// The registration's address; 0 for none.
        var registration: UInt = 0
        /// The observer generation it was counted under.
        var generation: UInt64 = 0
        /// Its last measured build, in nanoseconds.
        var nanoseconds: UInt64 = 0
    }

    static let slotCount = 64
    /// The mean number of builds between two timed ones (intervals uniform in 1…2×−1, so a fixed
    /// pattern is not always sampled at one place): rare enough to vanish in a transient's cost,
    /// frequent enough that a key resolved a few hundred times per interval has samples.
    static let meanInterval: UInt64 = 64

    private let slots: UnsafeMutablePointer<Slot>
    /// Builds left until the next timed one, and the xorshift64 state for the intervals: in
    /// memory of their own, so that the table holds this as a `let` and a build's question runs
    /// no exclusivity check.
    private let countdown: UnsafeMutablePointer<UInt64>
    private let random: UnsafeMutablePointer<UInt64>

    init(seed: UInt64) {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
        countdown = .allocate(capacity: 2)
        random = countdown + 1
        random.initialize(to: seed | 1)
        countdown.initialize(to: 1)
        countdown.pointee = nextInterval()
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
        countdown.deinitialize(count: 2)
        countdown.deallocate()
    }

    @inline(__always)
    private static func index(_ registration: UInt) -> Int {
        // Objects are 16-byte aligned: the low bits carry nothing.
        Int(truncatingIfNeeded: (registration >> 4) ^ (registration >> 10)) & (slotCount - 1)
    }

    private func nextInterval() -> UInt64 {
        var state = random.pointee
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        random.pointee = state
        return 1 + state % (2 * Self.meanInterval - 1)
    }

    /// Whether the build of `registration` starting now may go without clock readings.
    @inline(__always)
    func skipsClock(_ registration: UInt, generation: UInt64) -> Bool {
        let slot = slots[Self.index(registration)]
        guard slot.registration == registration, slot.generation == generation else { return false }
        countdown.pointee &-= 1
        if countdown.pointee != 0 { return true }
        countdown.pointee = nextInterval()
        return false
    }

    /// A timed build of `registration`, `nanoseconds` long, was counted (or remembered as its
    /// key's first occurrence) under `generation`: its next builds may skip the clock.
    @inline(__always)
    func timed(_ registration: UInt, generation: UInt64, nanoseconds: UInt64) {
        slots[Self.index(registration)] = Slot(registration: registration, generation: generation, nanoseconds: nanoseconds)
    }

    /// The last measured build of `registration` on this thread; 0 if its slot was taken since.
    func lastDuration(of registration: UInt) -> UInt64 {
        let slot = slots[Self.index(registration)]
        return slot.registration == registration ? slot.nanoseconds : 0
    }
}
