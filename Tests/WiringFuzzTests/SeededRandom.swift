import InjectionSynthetic

/// A repeatable random number generator (SplitMix64): the same seed gives the same wiring on
/// every platform, so a failing seed replays (swift-collections'
/// `RepeatableRandomNumberGenerator`).
struct SeededRandom: RandomNumberGenerator {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    /// True with probability `percent`/100.
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }

    mutating func pick<C: Collection>(_ values: C) -> C.Element { values.randomElement(using: &self)! }
}
