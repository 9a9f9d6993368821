import ArgumentParser
import Foundation
import InjectionGraph
import InjectionScan
import InjectionTrace
import Injection

/// The declarations in `path` when it is a scan graph (`di-inspect scan -o FILE`), nil when it is
/// anything else (a trace: the caller reads it as one). A scan graph that cannot be read prints
/// `error: …` and exits with status 2.
func loadScanGraphIfScan(_ path: String) throws -> Declarations? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }  // the trace reader says why
    let start = (try? handle.read(upToCount: 512)) ?? Data()
    try? handle.close()
    let firstLine = String(decoding: start.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    guard ScanGraphFile.isScanGraph(firstLine: firstLine) else { return nil }
    do {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try ScanGraphFile.read(String(decoding: data, as: UTF8.self))
    } catch let error as ScanGraphFile.ReadError {
        PosixIO.printError("error: \(path): \(error)")
        throw ExitCode(2)
    } catch {
        PosixIO.printError("error: \(path): cannot read it (\(error.localizedDescription))")
        throw ExitCode(2)
    }
}

/// Turns the file IDs of a scan's problems into the paths the scan read them from (under the
/// scanned root), for xcode, github and sarif: a scan knows each file's path, so it does not
/// guess from the file name.
func scanPaths(_ declarations: Declarations) -> (String) -> String {
    var byFileID: [String: String] = [:]
    let root = declarations.summary.root
    func note(_ location: DeclaredLocation?) {
        guard let location, byFileID[location.fileID] == nil else { return }
        byFileID[location.fileID] = root == "." || root.isEmpty ? location.path : (root as NSString).appendingPathComponent(location.path)
    }
    for registration in declarations.registrations { note(registration.location) }
    for site in declarations.sites { note(site.location) }
    for container in declarations.containers { note(container.location) }
    for scanNote in declarations.notes { note(scanNote.location) }
    return { byFileID[$0] ?? $0 }
}
