import ArgumentParser
import InjectionInspector

/// The options every live command (`demo`, `run`, `listen`) shares: how the inspector draws and
/// how much memory its history may take.
struct LiveOptions: ParsableArguments {
    @Flag(help: "Attributes only (bold, reverse, underline); the NO_COLOR variable does the same.")
    var noColor = false

    @Option(help: "Memory the inspector may use, in MB: past it the oldest history is compacted (the time bar says where history starts), ended sessions are forgotten, and a live graph shows at most a service per KB of a quarter of it.")
    var memoryBudget: Int = Inspector.defaultMemoryBudget >> 20

    /// `--memory-budget` in bytes, as ``LiveInspection`` takes it.
    var memoryBudgetBytes: Int { memoryBudget << 20 }

    func validate() throws {
        if memoryBudget < 32 { throw ValidationError("--memory-budget is in MB and at least 32 (the default is \(Inspector.defaultMemoryBudget >> 20)).") }
    }
}
