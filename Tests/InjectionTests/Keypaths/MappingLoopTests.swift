import Injection
import Testing

/// A mapping that would lead back to its own provider, through any number of other mappings, is
/// refused when it is set (an exit test: it stops the program with the message).
struct MappingLoopTests {
    @Test func aLoopThroughSeveralMappingsIsRefusedWithItsEnds() async {
        // Inside an exit test, `#line` defaults resolve to the `#expect` line that holds the body.
        let line = #line + 1
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container(name: "loops")
            container.map(\.login.mockTestViewModel, to: \.login.viewModel)
            container.map(\.login.previewViewModel, to: \.login.mockTestViewModel)
            container.map(\.login.viewModel, to: \.login.previewViewModel)
        }
        let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(stderr.contains("""
            Mapping loop: mapping Login.previewViewModel: LoginViewModel to Login.viewModel: LoginViewModel \
            at InjectionTests/MappingLoopTests.swift:\(line) would lead back to it.
              Requests for Login.previewViewModel: LoginViewModel go to Login.viewModel: LoginViewModel (mapped in 'loops' at InjectionTests/MappingLoopTests.swift:\(line))
              Requests for Login.viewModel: LoginViewModel go to Login.mockTestViewModel: LoginViewModel (mapped in 'loops' at InjectionTests/MappingLoopTests.swift:\(line))
              Requests for Login.mockTestViewModel: LoginViewModel go to Login.previewViewModel: LoginViewModel (mapped in 'loops' at InjectionTests/MappingLoopTests.swift:\(line))
              Fix: map it to a provider whose own mappings do not lead back.
            """), "\(stderr)")
    }

    @Test func aChainWithoutALoopIsFollowedToItsEnd() {
        let container = Container(name: "chains")
        container.map(\.login.mockTestViewModel, to: \.login.viewModel)
        container.map(\.login.previewViewModel, to: \.login.mockTestViewModel)
        #expect(container[\.login.viewModel].title == "Preview")
    }
}
