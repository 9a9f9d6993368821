// swift-tools-version: 6.1
//
// The source reader behind `di-inspect scan`: `di-scan` reads Swift sources with swift-syntax and
// writes per-file facts (docs/SCAN_FACTS.md). A separate package, as Benchmarks/ is, so that
// swift-syntax never reaches what apps build nor the root package's sanitizer and trait builds.
import PackageDescription

let package = Package(
    name: "InjectionScan",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "di-scan", targets: ["DIScan"]),
        .executable(name: "scan-bench", targets: ["ScanBench"]),
    ],
    dependencies: [
        .package(name: "swift-injection", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Walking, prefiltering, parsing and the visitors that take facts from each tree.
        .target(
            name: "SourceFacts",
            dependencies: [
                .product(name: "InjectionScanFacts", package: "swift-injection"),
                // For the one terminal escaper (`escapingControlCharacters`) only.
                .product(name: "Injection", package: "swift-injection"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "DIScan",
            dependencies: [
                "SourceFacts",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Synthetic apps in every style, and `make bench`'s scan figures (release only).
        .target(name: "SyntheticApps"),
        .executableTarget(name: "ScanBench", dependencies: ["SyntheticApps"]),
        .testTarget(
            name: "SourceFactsTests",
            dependencies: [
                "SourceFacts", "SyntheticApps", .product(name: "InjectionScanFacts", package: "swift-injection"),
                // To hold the fast paths to the swift-syntax calls they replace.
                .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
