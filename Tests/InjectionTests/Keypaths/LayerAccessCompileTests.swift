import Foundation
import Injection
import Testing

/// Proves the layer protocols refuse, at compile time, what a layer may not inject: a snippet is
/// type-checked with `swiftc` against the built `Injection` module.
struct LayerAccessCompileTests {
    static let layers = """
        import Injection
        final class AppState {}
        final class Network {}
        protocol ViewModelLayer: DependencyLayer { var appState: Provider<AppState> { get } }
        protocol InteractorLayer: DependencyLayer {
            var appState: Provider<AppState> { get }
            var network: Provider<Network> { get }
        }
        protocol AppLayers: Assembly {
            func viewModel(_ container: Container) -> any ViewModelLayer
            func interactor(_ container: Container) -> any InteractorLayer
        }
        extension Container {
            var viewModel: any ViewModelLayer { assembly(AppLayers.self).viewModel(self) }
            var interactor: any InteractorLayer { assembly(AppLayers.self).interactor(self) }
        }

        """

    @Test func aViewModelCannotInjectTheNetwork() throws {
        let result = try typecheck(Self.layers + """
            final class ProfileViewModel {
                @Injected(\\.viewModel.network) var network
            }
            """)
        #expect(result.status != 0)
        #expect(result.output.contains("value of type 'any ViewModelLayer' has no member 'network'"))
    }

    @Test func theAllowedTwinCompiles() throws {
        let result = try typecheck(Self.layers + """
            final class ProfileViewModel {
                @Injected(\\.viewModel.appState) var appState
            }
            final class ProfileInteractor {
                @Injected(\\.interactor.network) var network
            }
            """)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Type-checks `source` against the modules built next to this test bundle.
    private func typecheck(_ source: String) throws -> (status: Int32, output: String) {
        let executable = try #require(PosixIO.executablePath(), "the test binary's path")
        let buildDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let modules = buildDirectory.appendingPathComponent("Modules").path
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layer-access-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Snippet.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules,
                             "-module-cache-path", directory.appendingPathComponent("cache").path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
