import Injection
/// Remembers which event `seq` numbers a stream has had, to flag duplicates.
///
/// Sequence numbers are dense and increasing within an app (from 1, process-wide), so a bit per
/// number is enough; but a stream does not have to start at 1 (an app that reconnects goes on
/// from where it was, at seq 400 000 000 after a day), so the bits cover a window of at most
/// ``window`` numbers that starts at the first number seen and slides up with the highest.
/// A number below the window is too old to check (not flagged). Memory is ``window`` / 8 bytes
/// at most, whatever the numbers are: a reader's memory is bounded by its window, never by how
/// far an app's counter has gone or by a (hostile) file's length.
///
/// (It was a bitmap from 0: a connection from an app at seq 4 M cost 500 KB for its first line,
/// and 256 such connections held more than a 64 MB budget during a flood of reconnects.)
struct SequenceTracker {
    /// Bits from ``base`` on (bit `n` of word `w` is number `base + 64w + n`).
    private var bits: [UInt64] = []
    /// The number of the first bit; a multiple of 64.
    private(set) var base: UInt64 = 0
    /// The most numbers tracked at once (a multiple of 64).
    let window: UInt64
    /// Numbers below the window seen since the last reset: not checked.
    private(set) var uncheckedCount = 0

    /// The window a file's reader uses: 2^28 numbers (32 MB at most, reached only by a stream
    /// of 268 M events).
    static let fileWindow: UInt64 = 1 << 28
    /// How far below the first number the window starts.
    static let slack: UInt64 = 1_024

    init(window: UInt64 = SequenceTracker.fileWindow) {
        self.window = max(128, (window + 63) & ~63)
    }

    /// Bytes of bits in use now (the allocation may round them up by a few bytes).
    var bytes: Int { bits.count * 8 }
    /// Bytes allocated for the bits.
    var allocatedBytes: Int { bits.capacity * 8 }

    /// Records `sequence`; false if it was already seen.
    @inline(__always)
    mutating func insert(_ sequence: UInt64) -> Bool {
        // A little below the first number: events from other threads may come slightly out of order.
        if bits.isEmpty { base = (sequence - min(sequence, Self.slack)) & ~63 }
        guard sequence >= base else {
            uncheckedCount += 1
            return true
        }
        var word = Int((sequence - base) >> 6)
        let windowWords = Int(window >> 6)
        if word >= windowWords { word = slide(toward: word, windowWords: windowWords) }
        if word >= bits.count {
            // Doubling (within the window): a dense stream grows it a few times, not per word.
            // (Reserved exactly: an append's own growth would double the capacity past the window.)
            let target = min(windowWords, max(word + 1, bits.count * 2))
            if target > bits.capacity {
                var grown: [UInt64] = []
                grown.reserveCapacity(target)
                grown.append(contentsOf: bits)
                bits = grown
            }
            bits.append(contentsOf: repeatElement(0, count: target - bits.count))
        }
        let mask: UInt64 = 1 << (sequence & 63)
        if bits[word] & mask != 0 { return false }
        bits[word] |= mask
        return true
    }

    /// Moves the window up so that `word` (from the current base) is in it: by half the window at
    /// least, so a dense stream slides once per half window (amortised O(1) a number); a jump
    /// further than the window starts it again. Returns `word` from the new base.
    private mutating func slide(toward word: Int, windowWords: Int) -> Int {
        let shift = max(word - windowWords + 1, windowWords / 2)
        if shift >= bits.count {
            bits.removeAll(keepingCapacity: true)
        } else {
            bits.removeFirst(shift)
        }
        base &+= UInt64(shift) << 6
        return word - shift
    }

    mutating func reset() {
        bits.removeAll(keepingCapacity: true)
        base = 0
        uncheckedCount = 0
    }
}
