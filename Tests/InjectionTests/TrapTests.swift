#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Injection
import Testing

/// Every trap of the library runs the trap handlers with its reason before the program stops (so
/// a trace can record why the app died). Each test runs in its own process (an exit test).
struct TrapTests {
    func standardError(_ result: ExitTest.Result?) -> String {
        result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    }

    @Test func aWrongArgumentTypeRunsTheHandlersWithTheReason() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            InjectionDiagnostics.addTrapHandler { reason in writeToStandardError("handler saw: \(reason)\n") }
            let app = Container(name: "app")
            app.register { _, args in Greeting(text: args()) }
            _ = app.resolve(Greeting.self, args: 42)
        }
        let output = standardError(result)
        #expect(output.contains(
            "handler saw: Argument mismatch: the factory of Greeting in 'app' expected String but the resolve passed Int."),
            "\(output)")
    }

    @Test func aMissingAssemblyRunsTheHandlersWithTheReason() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            InjectionDiagnostics.addTrapHandler { reason in writeToStandardError("handler saw: \(reason)\n") }
            let app = Container(name: "app")
            _ = app[\.seedInteractor.network]
        }
        let output = standardError(result)
        #expect(output.contains("handler saw: Missing assembly: 'app' has no assembly of type SeedLayers"), "\(output)")
    }

    @Test func aValueInjectedWeaklyStopsWithAClearMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "app")
            app.register { TableValue() }
            @WeakLazyInjected(container: app) var value: TableValue?
            _ = value
        }
        let output = standardError(result)
        #expect(output.contains("Weak injection of a value: @WeakLazyInjected holds its service weakly, but TableValue resolved to a value of type TableValue"), "\(output)")
    }
}

struct Greeting {
    let text: String
}

/// Writes to file descriptor 2 (the C `stderr` global is not concurrency-safe to reference).
func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
