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
    // The runtime products (Injection, InjectionTrace, InjectionTesting) build for every Apple
    // platform; the inspector is a command-line tool for Linux and macOS.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Injection", targets: ["Injection"]),
        .library(name: "InjectionTesting", targets: ["InjectionTesting"]),
        .library(name: "InjectionTrace", targets: ["InjectionTrace"]),
        .library(name: "InjectionGraph", targets: ["InjectionGraph"]),
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
        // The trace format: the event vocabulary, records, encoder, decoder and the client end
        // of the transport. No dependencies.
        .target(name: "InjectionTrace"),
        // The runtime: depends only on InjectionTrace (same package), apps embed it.
        .target(name: "Injection", dependencies: ["InjectionTrace"]),
        .target(name: "InjectionTesting", dependencies: ["Injection"]),
        // The graph model and the listening end of the transport (never linked into apps). It uses
        // the runtime's name matching for suggestions.
        .target(name: "InjectionGraph", dependencies: ["InjectionTrace", "Injection"]),
        .systemLibrary(
            name: "CNCurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(
            name: "InjectionInspector",
            dependencies: ["InjectionGraph", "InjectionTrace", "CNCurses"],
            linkerSettings: [
                // The wide-character ncurses: a separate library on Linux, the system one on macOS.
                .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ]
        ),
        .executableTarget(
            name: "DIInspect",
            dependencies: [
                "InjectionTrace", "InjectionGraph", "InjectionInspector",
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
        .target(name: "InjectionSynthetic", dependencies: ["InjectionTrace", "InjectionGraph"]),
        // `make bench`'s graph-at-scale and big-trace figures.
        .executableTarget(name: "GraphBenchmarks", dependencies: ["InjectionTrace", "InjectionGraph", "InjectionSynthetic"]),
        .testTarget(name: "InjectionTraceTests", dependencies: ["InjectionTrace", "Injection"]),
        .testTarget(name: "InjectionTests", dependencies: ["Injection", "InjectionTesting", "InjectionTrace"]),
        .testTarget(
            name: "InjectionGraphTests",
            dependencies: ["InjectionGraph", "InjectionTrace", "InjectionSynthetic", "Injection"],
            exclude: ["Snapshots", "FuzzCrashers"]
        ),
        .testTarget(
            name: "InjectionInspectorTests",
            dependencies: ["InjectionInspector", "InjectionGraph", "InjectionTrace", "InjectionSynthetic"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["InjectionGraph", "InjectionTrace", "InjectionSynthetic"]),
        .testTarget(name: "DocumentationTests", dependencies: ["Injection", "InjectionTrace", "InjectionTesting"]),
        // The seed articles' listings, compiled as they stand: one module per article, because
        // their listings declare the same names (Tests/ArticleListings/README.md).
        .target(name: "ArticleListingSupport", path: "Tests/ArticleListings/Support"),
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
