/// A thread's stack of resolution frames (``ResolutionContext/frames``): an array's interface
/// over storage the context owns alone.
///
/// Not an `Array`: every build pushes a frame and pops it, and an array's `append` and
/// `removeLast` each check that its buffer is uniquely referenced (~20 instructions per build,
/// callgrind), which a stack only one thread's context ever holds never needs. A frame holds
/// only trivial values (its references are `unowned(unsafe)`), so nothing is retained or
/// destroyed on a push or a pop.
///
/// A copy shares the storage: only ``ResolutionContext`` keeps one, and it frees the storage
/// (``deallocate()``) when it goes. Code that reads the stack (`last`, `indices`, `map`) reads it
/// in place, as it read the array.
struct FrameStack: RandomAccessCollection, MutableCollection {
    typealias Frame = ResolutionContext.Frame

    private var base: UnsafeMutablePointer<Frame>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        precondition(_isPOD(Frame.self), "a frame must hold trivial values only: the stack neither retains nor destroys them")
        self.capacity = Swift.max(capacity, 1)
        base = UnsafeMutablePointer<Frame>.allocate(capacity: self.capacity)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    var isEmpty: Bool { @inline(__always) get { count == 0 } }

    subscript(index: Int) -> Frame {
        @inline(__always) get {
            precondition(index >= 0 && index < count, "frame index out of range")
            return base[index]
        }
        @inline(__always) set {
            precondition(index >= 0 && index < count, "frame index out of range")
            base[index] = newValue
        }
    }

    /// Pushes `frame`.
    @inline(__always)
    mutating func append(_ frame: Frame) {
        if count == capacity { grow() }
        (base + count).initialize(to: frame)
        count += 1
    }

    /// Pops the innermost frame.
    @inline(__always)
    mutating func removeLast() {
        precondition(count > 0, "no frame to pop")
        count -= 1
    }

    /// Doubles the storage (a deep resolution; the context starts with room for 16 frames).
    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Frame>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// Frees the storage; called once, by the owning context's `deinit`.
    func deallocate() {
        base.deallocate()
    }
}
