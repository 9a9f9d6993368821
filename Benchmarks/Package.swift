// swift-tools-version: 6.1
//
// The benchmark suite for `make bench`: `swift run -c release InjectionBenchmarks` from this
// folder. A separate package so the runtime keeps zero dependencies; Swinject is here only as a
// point of comparison.
import PackageDescription

let package = Package(
    name: "InjectionBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "swift-injection", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        // C helpers: a malloc counter (interposes malloc & co. in the executable) and an opaque
        // sink that the optimizer cannot see through.
        .target(name: "CBenchSupport"),
        .executableTarget(
            name: "InjectionBenchmarks",
            dependencies: [
                "CBenchSupport",
                .product(name: "Injection", package: "swift-injection"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
