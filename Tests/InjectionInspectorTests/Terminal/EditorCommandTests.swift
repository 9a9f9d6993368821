import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import InjectionInspector

/// The editor's argument vector, and where `o` finds a trace's files.
struct EditorCommandTests {
    let file = "Sources/Shop/App.swift"

    @Test(arguments: ["vi", "vim", "nvim", "nano", "emacs", "micro", "/usr/local/bin/nvim"])
    func plusLineEditors(editor: String) {
        #expect(EditorCommand.arguments(environment: ["EDITOR": editor], file: file, line: 12) == [editor, "+12", file])
    }

    @Test func vsCodeGetsGoto() {
        #expect(EditorCommand.arguments(environment: ["EDITOR": "code -w"], file: file, line: 7)
                == ["code", "-w", "--goto", "Sources/Shop/App.swift:7"])
    }

    @Test func visualThenViAreTheFallbacks() {
        #expect(EditorCommand.arguments(environment: ["VISUAL": "nano"], file: file, line: 3) == ["nano", "+3", file])
        #expect(EditorCommand.arguments(environment: ["EDITOR": "  ", "VISUAL": "vim"], file: file, line: 3) == ["vim", "+3", file])
        #expect(EditorCommand.arguments(environment: [:], file: file, line: 3) == ["vi", "+3", file])
        // An editor we do not know gets the file alone, not a `+3` it might open as a file.
        #expect(EditorCommand.arguments(environment: ["EDITOR": "ed"], file: file, line: 3) == ["ed", file])
    }

    @Test func aHostilePathStaysOneArgument() {
        let path = "Sources/$(rm -rf ~); `x` 'a b'.swift"
        let arguments = EditorCommand.arguments(environment: ["EDITOR": "vim"], file: path, line: 0)
        #expect(arguments == ["vim", "+1", path])
    }

    @Test func locatorFindsFilesUnderTheRootsAndNothingElse() throws {
        var template = Array("/tmp/di-inspect-locator-XXXXXX".utf8CString)
        let root = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { _ = Spawn.run(["rm", "-rf", root]) }
        for folder in ["\(root)/Sources", "\(root)/Sources/Shop", "\(root)/Sources/Shop/Wiring", "\(root)/Sources/Other",
                       "\(root)/.build", "\(root)/.build/Shop"] {
            mkdir(folder, 0o755)
        }
        for path in ["\(root)/Sources/Shop/Wiring/App.swift", "\(root)/Sources/Other/App.swift", "\(root)/.build/Shop/Cart.swift",
                     "\(root)/Sources/Shop/Main.swift"] {
            let handle = try #require(fopen(path, "w"))
            fclose(handle)
        }
        let locator = SourceFileLocator(roots: ["/nonexistent-root", root])
        // SwiftPM's layout: Sources/<module>/<file>.
        #expect(locator.path(for: "Shop/Main.swift") == "\(root)/Sources/Shop/Main.swift")
        // Deeper: the file inside a folder named after the module, not the other module's.
        #expect(locator.path(for: "Shop/App.swift") == "\(root)/Sources/Shop/Wiring/App.swift")
        // .build holds copies, never the source.
        #expect(locator.path(for: "Shop/Cart.swift") == nil)
        #expect(locator.path(for: "Elsewhere/Gone.swift") == nil)
        #expect(locator.path(for: "\(root)/Sources/Shop/Main.swift") == "\(root)/Sources/Shop/Main.swift")
    }

    @Test func theStatusLineSaysHowTheEditorEnded() {
        let program = ForegroundProgram(arguments: ["/usr/bin/vim", "+3", "A.swift"], description: "A.swift:3")
        #expect(EditorCommand.message(for: program, outcome: .exited(0)) == "Back from vim (A.swift:3)")
        #expect(EditorCommand.message(for: program, outcome: .exited(1)).contains("status 1"))
        #expect(EditorCommand.message(for: program, outcome: .couldNotStart(ENOENT)).hasPrefix("Cannot start vim"))
    }

    @Test func aProgramRunsFromItsArgumentVectorAndReportsItsStatus() {
        #expect(ForegroundProgram(arguments: ["sh", "-c", "exit 3"]).run() == .exited(3))
        #expect(ForegroundProgram(arguments: ["true"]).run() == .exited(0))
        if case .couldNotStart = ForegroundProgram(arguments: ["/nonexistent/editor"]).run() {} else {
            Issue.record("a missing program must not look like a run")
        }
    }
}
