import Testing
import Injection
import InjectionTesting

/// Many tests run at once, each mapping or overriding the same keys differently; each must see
/// only its own.
@Suite
struct ParallelIsolationTests {
    @Test(.container { $0.map(\.login.mockTestViewModel, to: \.login.viewModel) }, arguments: 0..<20)
    func mappingsStayInTheirTest(_ run: Int) async throws {
        for _ in 0..<50 {
            #expect(Container[\.login.viewModel].title == "Mock")
            await Task.yield()
        }
    }

    @Test(.container, arguments: 0..<20)
    func unmappedTestsSeeTheDefault(_ run: Int) async throws {
        for _ in 0..<50 {
            #expect(Container[\.login.viewModel].title == "Login")
            await Task.yield()
        }
    }

    @Test(arguments: 0..<20)
    func withContainerScopesTypeKeyedOverrides(_ run: Int) async throws {
        let container = Container(name: "isolation-\(run)")
        container.register(name: "run") { run }
        await withContainer(container) {
            for _ in 0..<50 {
                #expect(Container.resolve(Int.self, name: "run") == run)
                await Task.yield()
            }
        }
    }

    @Test(.container { $0.register { "from the trait" } })
    func theTraitConfiguresTheContainer() {
        @Injected var text: String
        #expect(text == "from the trait")
        #expect(Container.shared.name == "test: theTraitConfiguresTheContainer()")
    }
}
