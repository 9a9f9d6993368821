public import Injection
public import Testing

/// Gives each test (or every test of a suite) a fresh ``/Injection/Container`` as `Container.shared`, so
/// tests that run in parallel never see each other's registrations, overrides or mappings.
///
/// ```swift
/// final class ItemsModel {
///     @Injected var fetcher: XYZFetching
///     var items: [String] { fetcher.fetch() }
/// }
///
/// @Test(.container { $0.register { MockFetcher() as XYZFetching } })
/// func showsTheMockedItems() {
///     #expect(ItemsModel().items == ["mock"])   // resolved from this test's container
/// }
/// ```
/// The container is named after the test, so events and traces say which test they came from.
public struct ContainerTrait: TestTrait, SuiteTrait, TestScoping {
    let configure: @Sendable (Container) -> Void

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let container = Container(name: "test: \(test.name)")
        configure(container)
        try await withContainer(container) {
            try await function()
        }
    }
}

extension Trait where Self == ContainerTrait {
    /// A fresh, empty container for the test.
    public static var container: Self { ContainerTrait(configure: { _ in }) }

    /// A fresh container, set up by `configure` before the test runs.
    public static func container(_ configure: @escaping @Sendable (Container) -> Void) -> Self {
        ContainerTrait(configure: configure)
    }
}
