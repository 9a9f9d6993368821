import Foundation
import Testing

/// Random lifetime scripts (``LifetimeScript``): the breaks the instances show are exactly what
/// `check --strict` reports, in every seed; enough seeds break something to mean it.
struct LifetimeFuzzTests {
    /// The seeds `make test` runs.
    static let fixedSeeds: [UInt64] = Array(1...300)

    @Test func fixedScriptsReportExactlyTheirBreaks() {
        var breaking = 0
        for seed in Self.fixedSeeds {
            let script = LifetimeScript.generate(seed: seed)
            let outcome = LifetimeScriptCheck.run(script)
            if !outcome.expected.isEmpty { breaking += 1 }
            for problem in outcome.problems {
                Issue.record(Comment(rawValue: "lifetime seed \(seed): \(problem)\n\(script)"))
            }
        }
        print("lifetime scripts: \(breaking) of \(Self.fixedSeeds.count) seeds break a promise")
        // At least a fifth of the seeds contain a break, and some contain none (the clean ones
        // prove silence).
        #expect(breaking * 5 >= Self.fixedSeeds.count, "\(breaking) of \(Self.fixedSeeds.count) seeds break a promise")
        #expect(breaking < Self.fixedSeeds.count, "every seed breaks a promise: silence is never checked")
    }
}
