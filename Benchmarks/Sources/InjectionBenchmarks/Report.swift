/// The printed results: markdown tables (to paste into BENCHMARKS.md) and the targets.

func format(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "—" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    // Pad to the requested number of decimals ("1.5" -> "1.50").
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        if digits == 0 { text.removeSubrange(dot...) }
    }
    return text
}

func formatNanoseconds(_ value: Double) -> String {
    format(value, digits: value < 10 ? 2 : value < 100 ? 1 : 0)
}

func formatAllocations(_ value: Double) -> String {
    format(value, digits: value == value.rounded() ? 0 : 2)
}

struct Report {
    let scenarios: [Scenario]
    let results: Results
    let targets: [Target]

    func render() -> String {
        var lines: [String] = []
        let latency = scenarios.filter { if case .latency = $0.kind { true } else { false } }
        if !latency.isEmpty {
            lines.append("| Scenario | Implementation | ns/op | × direct | × dictionary | ÷ best peer | allocs/op |")
            lines.append("|---|---|---:|---:|---:|---:|---:|")
            for scenario in latency {
                let byImplementation = results.latency[scenario.id] ?? [:]
                func ratio(_ value: Double, to reference: Implementation) -> String {
                    guard let base = byImplementation[reference]?.nanoseconds else { return "" }
                    return format(value / base, digits: 2)
                }
                let bestPeer = results.bestPeer(scenario.id)
                for variant in scenario.variants {
                    guard let measured = byImplementation[variant.implementation] else { continue }
                    let ns = measured.nanoseconds
                    let peer = bestPeer.map { format(ns / $0.nanoseconds, digits: 2) } ?? ""
                    lines.append("| \(scenario.title) | \(variant.implementation) | \(formatNanoseconds(ns)) | "
                        + "\(ratio(ns, to: .direct)) | \(ratio(ns, to: .dictionary)) | \(peer) | "
                        + "\(measured.allocations.map(formatAllocations) ?? "") |")
                }
            }
        }
        let scaling = scenarios.filter { if case .scaling = $0.kind { true } else { false } }
        if !scaling.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("| Scenario | Implementation | 1 thread, M ops/s | N threads, M ops/s | scaling (N-thread ÷ 1-thread) | N-thread time ÷ best peer | scaling while co-running (share of chunks, chunks) |")
            lines.append("|---|---|---:|---:|---:|---:|---:|")
            for scenario in scaling {
                let bestPeer = results.bestPeerParallel(scenario.id)
                for variant in scenario.variants {
                    guard let measured = results.scaling(scenario.id, variant.implementation) else { continue }
                    let peer = bestPeer.map { format($0 / measured.parallel, digits: 2) } ?? ""
                    lines.append("| \(scenario.title) | \(variant.implementation) | \(format(measured.single / 1e6, digits: 1)) | "
                        + "\(format(measured.parallel / 1e6, digits: 1)) (N=\(measured.threads)) | \(format(measured.factor, digits: 2)) | \(peer) | "
                        + "\(coRunningScaling(measured)) |")
                }
            }
            for scenario in scaling {
                guard let injection = results.scaling(scenario.id, .injection),
                      let floor = results.scaling(scenario.id, .injectionFloor) else { continue }
                lines.append("")
                lines.append("\(scenario.title): Injection's scaling ÷ its floor's (\(Implementation.injectionFloor)): "
                    + "\(format(injection.factor, digits: 2)) ÷ \(format(floor.factor, digits: 2)) = "
                    + "\(format(injection.factor / floor.factor, digits: 2))")
            }
            for scenario in scaling {
                guard let ceiling = results.scaling(scenario.id, .unshared)?.coRunningFactor else { continue }
                let shown: [Implementation] = [
                    .injection, .injectionInjectedProperty, .injectionShared, .injectionInjected,
                    .injectionValue, .injectionFloor, .direct,
                ]
                let ratios = shown.compactMap { implementation in
                    results.scaling(scenario.id, implementation)?.coRunningFactor.map {
                        "\(implementation) \(format($0, digits: 2)) (\(format($0 / ceiling, digits: 2))× the ceiling)"
                    }
                }
                lines.append("")
                lines.append("\(scenario.title), scaling while co-running, against the ceiling measured in the same run "
                    + "(\(format(ceiling, digits: 2))): " + ratios.joined(separator: "; "))
            }
        }
        let checked = targets.compactMap { target in target.check(results).map { (target, $0) } }
        if !checked.isEmpty {
            lines.append("")
            lines.append("### Targets (Injection)")
            lines.append("")
            for (target, outcome) in checked {
                lines.append("- \(outcome.met ? "✓" : "✗") \(target.title): \(outcome.measured)")
            }
            let met = checked.filter(\.1.met).count
            lines.append("")
            lines.append("\(met) of \(checked.count) targets met.")
        }
        return lines.joined(separator: "\n")
    }
}


/// A scaling's co-running figure with its share of chunks and their number, or a dash when no round's
/// threads ran together long enough to say (``CoRunning``).
private func coRunningScaling(_ measured: Results.Scaling) -> String {
    guard let factor = measured.coRunningFactor, let share = measured.coRunningShare else { return "–" }
    return "\(format(factor, digits: 2)) (\(format(share, digits: 2)), \(measured.coRunningChunks))"
}
