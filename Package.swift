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
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Injection", targets: ["Injection"]),
        .library(name: "InjectionTesting", targets: ["InjectionTesting"]),
        .library(name: "InjectionGraph", targets: ["InjectionGraph"]),
        .executable(name: "di-inspect", targets: ["DIInspect"]),
        .executable(name: "sample-app", targets: ["SampleApp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The runtime: zero package dependencies, apps embed it.
        .target(name: "Injection"),
        .target(name: "InjectionTesting", dependencies: ["Injection"]),
        .target(name: "InjectionGraph", dependencies: ["Injection"]),
        .systemLibrary(
            name: "CNCurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "InjectionInspector", dependencies: ["InjectionGraph", "CNCurses"]),
        .executableTarget(
            name: "DIInspect",
            dependencies: [
                "InjectionGraph", "InjectionInspector",
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
        .testTarget(name: "InjectionTests", dependencies: ["Injection", "InjectionTesting"]),
        .testTarget(
            name: "InjectionGraphTests", dependencies: ["InjectionGraph", "Injection"], exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "InjectionInspectorTests",
            dependencies: ["InjectionInspector", "InjectionGraph"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["InjectionGraph"]),
        .testTarget(name: "DocumentationTests", dependencies: ["Injection", "InjectionTesting"]),
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
