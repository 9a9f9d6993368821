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

// The side-by-side run (`Benchmarks/peers.sh`) sets INJECTION_PEERS to a scratch folder holding
// Resolver 1.5.1 and Factory 3.2.1 (fetched there, never committed) and adds swift-dependencies;
// the peer scenarios compile only when these modules can be imported.
if let peers = Context.environment["INJECTION_PEERS"] {
    package.dependencies += [
        .package(path: "\(peers)/Resolver"),
        .package(path: "\(peers)/Factory"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
    ]
    let benchmarks = package.targets.first { $0.name == "InjectionBenchmarks" }!
    benchmarks.dependencies += [
        .product(name: "Resolver", package: "Resolver"),
        .product(name: "FactoryKit", package: "Factory"),
        .product(name: "Dependencies", package: "swift-dependencies"),
    ]
}
