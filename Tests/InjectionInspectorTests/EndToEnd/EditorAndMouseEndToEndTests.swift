import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `o` and the mouse in a real terminal: the built `di-inspect open` in tmux, an `EDITOR` that
/// writes its arguments to a file, and SGR mouse reports typed into the pane as xterm sends them.
struct EditorAndMouseEndToEndTests {
    /// A fresh folder with an editor script named `vim` (so it gets `+LINE FILE`) that records
    /// its arguments one per line.
    func workspace() throws -> (folder: String, editor: String, output: String) {
        var template = Array("/tmp/di-inspect-editor-\(getpid())-XXXXXX".utf8CString)
        let folder = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        mkdir("\(folder)/bin", 0o755)
        let editor = "\(folder)/bin/vim"
        let output = "\(folder)/editor-arguments"
        let script = "#!/bin/sh\nfor argument in \"$@\"; do printf '%s\\n' \"$argument\"; done > '\(output)'\n"
        let handle = try #require(fopen(editor, "w"))
        fputs(script, handle)
        fclose(handle)
        chmod(editor, 0o755)
        return (folder, editor, output)
    }

    /// The registrations the fixture names (`"at":"Network.swift:10"` on a registered line).
    func registrations(in trace: String) throws -> Set<String> {
        let text = try #require(Spawn.run(["grep", "\"kind\":\"registered\"", trace]).output as String?)
        return Set(text.split(separator: "\n").compactMap { line in
            line.range(of: "\"at\":\"").flatMap { start in
                line[start.upperBound...].firstIndex(of: "\"").map { String(line[start.upperBound..<$0]) }
            }
        })
    }

    @Test func oOpensTheRegistrationInTheEditorAndTheScreenComesBack() throws {
        let binary = try #require(BuiltProducts.diInspect, "build the package first")
        try #require(BuiltProducts.hasTmux, "tmux is needed (make test-deps installs it)")
        let trace = BuiltProducts.fixture("shop-small.ndjson")
        let (folder, editor, output) = try workspace()
        defer { _ = Spawn.run(["rm", "-rf", folder]) }
        // The sources live under --source-root, not the current folder.
        mkdir("\(folder)/src", 0o755)
        let locations = try registrations(in: trace)
        for location in locations {
            let file = String(location.split(separator: ":")[0])
            if let handle = fopen("\(folder)/src/\(file)", "w") { fclose(handle) }
        }
        let tmux = TmuxSession(command: "cd '\(folder)' && \(binary) open \(trace) --source-root '\(folder)/src'",
                               rows: 24, columns: 80,
                               environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "EDITOR": editor])
        defer { tmux.close() }
        #expect(tmux.waitFor("q Quit"))
        tmux.send("o")
        #expect(tmux.waitFor("Back from vim"), "\(tmux.capture())")
        // The screen is the inspector's again.
        let screen = tmux.capture()
        #expect(screen.contains("1 Services") || screen.contains("1 Ser"), "\(screen)")
        #expect(screen.contains("q Quit"), "\(screen)")
        let arguments = try #require(fileContents(output)).split(separator: "\n").map(String.init)
        #expect(arguments.count == 2, "\(arguments)")
        let line = try #require(arguments.first.flatMap { $0.hasPrefix("+") ? Int($0.dropFirst()) : nil })
        let path = try #require(arguments.last)
        #expect(path.hasPrefix("\(folder)/src/"), "\(path)")
        let file = String(path.split(separator: "/").last ?? "")
        #expect(locations.contains("\(file):\(line)"), "\(file):\(line) is not a registration in the trace: \(locations)")
        tmux.send("q")
        #expect(tmux.waitFor("EXIT:0"))
    }

    @Test func oSaysWhenTheFileIsNotHereAndStartsNothing() throws {
        let binary = try #require(BuiltProducts.diInspect, "build the package first")
        try #require(BuiltProducts.hasTmux, "tmux is needed (make test-deps installs it)")
        let trace = BuiltProducts.fixture("shop-small.ndjson")
        let (folder, editor, output) = try workspace()
        defer { _ = Spawn.run(["rm", "-rf", folder]) }
        let tmux = TmuxSession(command: "cd '\(folder)' && \(binary) open \(trace)", rows: 24, columns: 100,
                               environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "EDITOR": editor])
        defer { tmux.close() }
        #expect(tmux.waitFor("q Quit"))
        tmux.send("o")
        #expect(tmux.waitFor("is not under this folder"), "\(tmux.capture())")
        #expect(fileContents(output) == nil, "the editor must not start")
        tmux.send("q")
    }

    @Test func clicksSelectATabAndARow() throws {
        let binary = try #require(BuiltProducts.diInspect, "build the package first")
        try #require(BuiltProducts.hasTmux, "tmux is needed (make test-deps installs it)")
        let trace = BuiltProducts.fixture("shop-small.ndjson")
        let tmux = TmuxSession(command: "\(binary) open \(trace)", rows: 24, columns: 80,
                               environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
        defer { tmux.close() }
        tmux.tmux(["set-option", "-g", "set-clipboard", "on"])
        #expect(tmux.waitFor("q Quit"))
        let lines = tmux.capture().split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        // The Missing tab: row 1 of the screen, where its " 6 " is drawn.
        let tabColumn = try #require(column(of: " 6 ", in: lines[1]), "\(String(lines[1]))")
        click(tmux, row: 1, column: tabColumn + 1)
        #expect(tmux.waitUntil { $0.split(separator: "\n").dropFirst(2).first?.contains("Missing") == true }, "\(tmux.capture())")
        // Back on Services, a click on the third row selects it: `y` copies that row's name.
        tmux.send("1")
        #expect(tmux.waitUntil { $0.split(separator: "\n").dropFirst(2).first?.contains("Services") == true })
        let screen = tmux.capture().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rowText = screen[6]  // header, tabs, crumb, column titles, then rows 4, 5, 6
        click(tmux, row: 6, column: 4)
        tmux.send("y")
        #expect(tmux.waitFor("Copied "), "\(tmux.capture())")
        let copied = tmux.tmux(["show-buffer"]).output
        let name = String(copied.split(separator: " ").first ?? "")
        #expect(!name.isEmpty && rowText.contains(name), "copied \(copied), row was: \(rowText)")
        tmux.send("q")
        #expect(tmux.waitFor("EXIT:0"))
    }

    /// A left press and release as xterm reports them in SGR mode (1-based cells).
    func click(_ tmux: TmuxSession, row: Int, column: Int) {
        tmux.type("\u{1B}[<0;\(column + 1);\(row + 1)M")
        tmux.type("\u{1B}[<0;\(column + 1);\(row + 1)m")
    }

    func column(of text: String, in line: [Character]) -> Int? {
        let needle = Array(text)
        guard line.count >= needle.count else { return nil }
        return (0...(line.count - needle.count)).first { Array(line[$0..<($0 + needle.count)]) == needle }
    }

    func fileContents(_ path: String) -> String? {
        guard let handle = fopen(path, "r") else { return nil }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
