// swift-tools-version: 6.1
//
// `make fuzz`: libFuzzer harnesses over the trace line decoder and the graph's ingest
// (TraceFuzzer), and over the inspector's screen path, every view and key drawn at several
// terminal sizes (InspectorFuzzer). A separate package so its sanitizer flags never touch the
// main build:
//
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
import PackageDescription

let package = Package(
    name: "InjectionFuzzing",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "swift-injection", path: ".."),
    ],
    targets: [
        .target(name: "FuzzerDriver"),
        .executableTarget(
            name: "TraceFuzzer",
            dependencies: [
                "FuzzerDriver",
                .product(name: "Injection", package: "swift-injection"),
                .product(name: "InjectionTrace", package: "swift-injection"),
                .product(name: "InjectionGraph", package: "swift-injection"),
            ]
        ),
        .executableTarget(
            name: "InspectorFuzzer",
            dependencies: [
                "FuzzerDriver",
                .product(name: "Injection", package: "swift-injection"),
                .product(name: "InjectionTrace", package: "swift-injection"),
                .product(name: "InjectionInspector", package: "swift-injection"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
