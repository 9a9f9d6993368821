// swift-tools-version: 6.1
import PackageDescription

/// Upcoming features enabled for every target (as swift-log does), on top of Swift 6 language
/// mode, which already implies complete concurrency checking.
let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "swift-injection",
    // The runtime products (Injection, InjectionTesting) and the trace reader (InjectionTrace)
    // build for every Apple platform; the inspector is a command-line tool for Linux and macOS.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Injection", targets: ["Injection"]),
        .library(name: "InjectionTesting", targets: ["InjectionTesting"]),
        .library(name: "InjectionTrace", targets: ["InjectionTrace"]),
        .library(name: "InjectionGraph", targets: ["InjectionGraph"]),
        .library(name: "InjectionScanFacts", targets: ["InjectionScanFacts"]),
        // The inspector without its command line: the fuzzer's screen target (Fuzzing/) drives
        // it headless (``HeadlessInspector``).
        .library(name: "InjectionInspector", targets: ["InjectionInspector"]),
        .executable(name: "di-inspect", targets: ["DIInspect"]),
        .executable(name: "sample-app", targets: ["SampleApp"]),
    ],
    traits: [
        // Without it the runtime has no trace recorder and ignores DI_INSPECT: for apps that
        // want none of the inspector in release builds (`--disable-default-traits`, or
        // `traits: []` on the dependency).
        .trait(name: "Tracing", description: "The trace recorder and the DI_INSPECT bootstrap in the runtime."),
        .default(enabledTraits: ["Tracing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // What an app links: the runtime, the vocabulary it emits (events, identities, scopes,
        // problem payloads) and, behind the `Tracing` trait, the small writer that streams them
        // (records, encoder, client sinks). No package dependencies.
        .target(name: "Injection"),
        .target(name: "InjectionTesting", dependencies: ["Injection"]),
        // What the tools link to read traces: the line decoder, the file reader and the live
        // listener (the server end of the transport). Never linked into an app.
        .target(name: "InjectionTrace", dependencies: ["Injection"]),
        // The graph model built from trace records, its problems, queries, diff and exports.
        .target(name: "InjectionGraph", dependencies: ["Injection"]),
        // The facts `di-scan` (the Scan/ package, which alone depends on swift-syntax) writes per
        // source file, and their reader: docs/SCAN_FACTS.md. No dependencies.
        .target(name: "InjectionScanFacts"),
        // The graph read from the sources: links what `di-scan` (the `Scan/` package, the only
        // one that builds swift-syntax) read per file, finds the problems a run would hit, and
        // reads and writes the scan-graph file. No swift-syntax here.
        .target(name: "InjectionScan", dependencies: ["Injection", "InjectionGraph", "InjectionScanFacts"]),
        .systemLibrary(
            name: "CNCurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(
            name: "InjectionInspector",
            dependencies: ["Injection", "InjectionGraph", "InjectionTrace", "CNCurses"],
            linkerSettings: [
                // The wide-character ncurses: a separate library on Linux, the system one on macOS.
                .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ]
        ),
        .executableTarget(
            name: "DIInspect",
            dependencies: [
                "Injection", "InjectionTrace", "InjectionGraph", "InjectionInspector", "InjectionScan", "InjectionScanFacts",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "SampleApp",
            dependencies: [
                "Injection",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Synthetic traces for benchmarks and scale tests: no product ships it.
        .target(name: "InjectionSynthetic", dependencies: ["Injection", "InjectionTrace", "InjectionGraph"]),
        // `make bench`'s graph-at-scale and big-trace figures.
        .executableTarget(name: "GraphBenchmarks", dependencies: ["Injection", "InjectionTrace", "InjectionGraph", "InjectionSynthetic"]),
        .testTarget(name: "InjectionScanFactsTests", dependencies: ["InjectionScanFacts"]),
        .testTarget(name: "InjectionTraceTests", dependencies: ["InjectionTrace", "Injection"]),
        .testTarget(
            name: "InjectionTests", dependencies: ["Injection", "InjectionTesting", "InjectionTrace", "ArticleListingSupport"]),
        // Its `ResolverRegistering` conformance is the whole test process's; a module of its own
        // keeps it apart from the migration guide's `registerAllServices()` in InjectionTests.
        .testTarget(name: "ResolverRegisteringTests", dependencies: ["Injection"]),
        .testTarget(
            name: "InjectionGraphTests",
            dependencies: ["InjectionGraph", "InjectionTrace", "InjectionSynthetic", "Injection"],
            exclude: ["Snapshots", "FuzzCrashers"]
        ),
        .testTarget(name: "InjectionScanTests", dependencies: ["InjectionScan", "InjectionScanFacts", "InjectionGraph", "Injection"]),
        // `di-inspect scan` driven whole, with di-scan built by the Scan package (`make scan-e2e`).
        .testTarget(name: "ScanEndToEndTests", dependencies: ["InjectionScan", "InjectionGraph", "InjectionTrace", "InjectionSynthetic", "Injection"]),
        .testTarget(
            name: "InjectionInspectorTests",
            dependencies: ["InjectionInspector", "InjectionGraph", "InjectionTrace", "InjectionSynthetic", "Injection"],
            exclude: ["FuzzCrashers"]
        ),
        .testTarget(
            name: "EndToEndTests", dependencies: ["Injection", "InjectionGraph", "InjectionTrace", "InjectionSynthetic"],
            exclude: ["Schemas"]
        ),
        .testTarget(name: "DocumentationTests", dependencies: ["Injection", "InjectionTrace", "InjectionGraph", "InjectionTesting"]),
        // Random container trees from seeds, checked against an oracle (`make fuzz-wiring`).
        .testTarget(name: "WiringFuzzTests", dependencies: ["Injection", "InjectionTrace", "InjectionGraph", "InjectionSynthetic"]),
        // The seed articles' listings, compiled as they stand: one module per article, because
        // their listings declare the same names (Tests/ArticleListings/README.md).
        .target(name: "ArticleListingSupport", dependencies: ["Injection"], path: "Tests/ArticleListings/Support"),
        .testTarget(
            name: "Seed000ResolverArticleTests", dependencies: ["Injection", "ArticleListingSupport"],
            path: "Tests/ArticleListings/Seed000Resolver"),
        .testTarget(name: "Seed001ServiceArticleTests", dependencies: ["Injection"], path: "Tests/ArticleListings/Seed001Service"),
        .testTarget(
            name: "Seed002LayeredArticleTests", dependencies: ["Injection", "ArticleListingSupport"],
            path: "Tests/ArticleListings/Seed002Layered"),
        .testTarget(name: "Seed003TestedArticleTests", dependencies: ["Injection"], path: "Tests/ArticleListings/Seed003Tested"),
        .testTarget(
            name: "Seed004KeyPathArticleTests", dependencies: ["Injection", "InjectionTrace", "InjectionGraph"],
            path: "Tests/ArticleListings/Seed004KeyPath"),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system && target.type != .test {
    target.swiftSettings = (target.swiftSettings ?? []) + upcomingFeatures
}

// `make docs` sets DI_DOCS: only then is swift-docc-plugin part of the package, so apps that embed
// the runtime never resolve it.
if Context.environment["DI_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}

// `make asan` and `make tsan` set DI_RUNTIME_TESTS_ONLY: their sanitized builds then compile only
// the runtime, the trace reader and the tests they run, not the tools and suites they never run.
if Context.environment["DI_RUNTIME_TESTS_ONLY"] != nil {
    let kept: Set = [
        "Injection", "InjectionTesting", "InjectionTrace", "ArticleListingSupport", "InjectionTests", "InjectionTraceTests",
        "ResolverRegisteringTests",
    ]
    package.targets.removeAll { !kept.contains($0.name) }
    package.products.removeAll { !kept.contains($0.name) }
    package.dependencies.removeAll()
}
