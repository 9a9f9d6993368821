import Foundation

/// Resident memory in MB, from /proc on Linux (the machine has no other reliable counter).
/// Darwin has no /proc: there the figures read 0 (the benchmark's timings still hold).
func residentMegabytes(_ field: String = "VmRSS") -> Double {
    #if os(Linux)
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
        return kilobytes / 1024
    }
    return 0
    #else
    return 0
    #endif
}
