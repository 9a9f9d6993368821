import Testing
@testable import InjectionInspector

/// Hit rates beside exact counts: the Scopes view said `hit 100%` for a singleton that `list`
/// showed with NEW 1 and CACHED 2 943. A share is 100% or 0% only when it is exactly that.
struct PercentFormatTests {
    @Test func aShareIsWholeOnlyWhenExact() {
        #expect(Format.percent(2_943, of: 2_944) == "99%")
        #expect(Format.percent(2_944, of: 2_944) == "100%")
        #expect(Format.percent(1, of: 2_944) == "1%")
        #expect(Format.percent(0, of: 2_944) == "0%")
        #expect(Format.percent(1, of: 2) == "50%")
        #expect(Format.percent(2, of: 3) == "67%")
        #expect(Format.percent(0, of: 0) == "—")
        #expect(Format.percent(.max, of: 1) == "1000000000000000%", "a hostile count is clamped, not trapped")
    }
}
