/// Which builds on one thread are timed while every observer folds repeats: a build of a
/// registration already counted here is timed about one in ``meanInterval``, the others take a
/// coarse stamp, and a key's total is scaled from its timed builds (``RepeatCounts``). Kept for
/// speed: timing every build breaks the recorder-attached target (DECISIONS.md, "Mechanisms kept
/// only for speed"; Benchmarks/peers.sh). Owner-thread only; a slot collision only means a timed build.
struct BuildSampling: ~Copyable {
    /// One registration this thread timed and counted recently (address 0: none).
    struct Slot {
        var registration: UInt = 0
        var generation: UInt64 = 0
        var nanoseconds: UInt64 = 0
    }

    static let slotCount = 64
    /// Mean builds between timed ones; intervals are random so a fixed pattern is not always sampled alike.
    static let meanInterval: UInt64 = 64

    private let slots: UnsafeMutablePointer<Slot>
    /// In memory of their own, so the table holds this as a `let` and asks without exclusivity checks.
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

    /// A timed build was counted under `generation`: its next builds may skip the clock.
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
