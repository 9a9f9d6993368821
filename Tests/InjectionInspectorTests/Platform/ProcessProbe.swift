#if canImport(Glibc)
import Foundation
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the end-to-end tests read about another process: its resident memory and whether it has
/// ended. Linux reads `/proc`; Darwin has no `/proc` and asks the kernel with `proc_pidinfo`.
enum ProcessProbe {
    #if canImport(Glibc)
    /// The resident set of `pid` in MB (`VmRSS` of `/proc/<pid>/status`); nil if it is gone.
    static func residentMegabytes(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes / 1024
    }

    /// Whether `pid` has ended: gone, or a zombie nobody reaped yet (state `Z` in `/proc/<pid>/stat`).
    static func hasEnded(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    /// The sockets `pid` holds open, each as its `/proc/<pid>/fd` link (`socket:[inode]`, unique
    /// while it is open); nil if the process is gone.
    static func sockets(of pid: Int32) -> Set<String>? {
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { return nil }
        return Set(descriptors.compactMap { descriptor in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)"))
                .flatMap { $0.hasPrefix("socket:") ? $0 : nil }
        })
    }
    #elseif canImport(Darwin)
    /// The resident set of `pid` in MB (`pti_resident_size`); nil if it is gone.
    static func residentMegabytes(_ pid: Int32) -> Int? {
        var info = proc_taskinfo()
        let size = Int32(MemoryLayout<proc_taskinfo>.size)
        guard proc_pidinfo(pid, PROC_PIDTASKINFO, 0, &info, size) == size else { return nil }
        return Int(info.pti_resident_size / 1_048_576)
    }

    /// Whether `pid` has ended: gone, or a zombie nobody reaped yet (`SZOMB`).
    static func hasEnded(_ pid: Int32) -> Bool {
        var info = proc_bsdinfo()
        let size = Int32(MemoryLayout<proc_bsdinfo>.size)
        guard proc_pidinfo(pid, PROC_PIDTBSDINFO, 0, &info, size) == size else { return true }
        return info.pbi_status == UInt32(SZOMB)
    }
    #endif
}
