extension FixedWidthInteger {
    /// Adds `other`, stopping at the largest value instead of trapping: counts, times and
    /// durations summed from a trace come from outside, and no trace may crash a reader (a
    /// `count` of 2^63 twice is a lie, not a reason to stop).
    ///
    /// ```swift
    /// var total: UInt64 = .max - 1
    /// total.addSaturating(5)   // UInt64.max
    /// ```
    @inlinable
    package mutating func addSaturating(_ other: Self) {
        let (sum, overflow) = addingReportingOverflow(other)
        self = overflow ? (other < 0 ? .min : .max) : sum
    }

    /// `self + other`, saturated (see ``addSaturating(_:)``).
    @inlinable
    package func addingSaturated(_ other: Self) -> Self {
        var result = self
        result.addSaturating(other)
        return result
    }
}
