import Foundation
import InjectionGraph
import InjectionScan
import Testing

/// `register { Ticker(clock: SystemClock()) }` of a generic `Ticker<C>` registers `Ticker<SystemClock>`:
/// the compiler infers the arguments the sources leave unwritten. A request for the specialised
/// type is answered by it (guessed, with a note), never a missing registration.
@Suite(.serialized)
struct InferredGenericScanTests {
    static let app = """
        import Resolver

        protocol Clock {}
        struct SystemClock: Clock {}
        final class Ticker<C: Clock> {
            init(clock: C) {}
        }
        final class Plain {}
        final class Screen {
            init(ticker: Ticker<SystemClock>) {}
        }

        extension Resolver: ResolverRegistering {
            public static func registerAllServices() {
                register { Ticker(clock: SystemClock()) }
            }
        }

        func show() {
            _ = Screen(ticker: Resolver.resolve())  // #ticker
            let plain: Box<Plain> = Resolver.resolve()  // #box
        }
        final class Box<T> {}
        """

    static func line(_ marker: String) throws -> Int {
        let lines = app.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.hasSuffix("// " + marker) }, "no \(marker)") + 1
    }

    @Test func aSpecialisedRequestIsAnsweredByTheRegistrationWrittenWithoutArguments() throws {
        try ScanTools.requireBuilt()
        let (declarations, graph) = try ScanTools.scanFiles(["App.swift": Self.app])

        let ticker = try #require(declarations.sites.first { $0.location.line == (try Self.line("#ticker")) })
        let registration = try #require(declarations.registrations.first { $0.service.type == "Ticker" })
        #expect(ticker.registration == registration.id)
        #expect(ticker.certainty == .guessed)
        #expect(ticker.note == "Ticker is registered with its generic arguments inferred, not written: taken as the Ticker<SystemClock> asked for")

        // Only a registration without arguments stands for them: `Box` is registered nowhere.
        let missing = graph.check().problems.filter { $0.kind == "missing" }.map(\.message)
        #expect(missing.count == 1)
        #expect(missing.first?.contains("Missing registration: Box<Plain>") == true)
    }
}
