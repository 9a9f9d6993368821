import Injection
import Testing
@testable import InjectionGraph

/// Layers in dependency order, crossings as weighted arrows, loops between layers as breaches,
/// and the dot and Mermaid exports of that summary.
struct LayerMapTests {
    typealias B = TraceBuilder
    static let screen = B.id("Screen")
    static let viewModel = B.id("VM", layer: "ViewModel", member: "vm")
    static let useCase = B.id("UC", layer: "UseCase", member: "uc")
    static let repository = B.id("Repo", layer: "Repository", member: "repo")
    static let otherRepository = B.id("Repo2", layer: "Repository", member: "repo2")
    static let http = B.id("HTTP")

    static func graph(breach: Bool) -> DependencyGraph {
        var trace = B()
        trace.resolve(viewModel, by: screen)
        trace.resolve(useCase, by: viewModel)
        trace.resolve(repository, by: useCase)
        trace.resolve(otherRepository, by: useCase)
        trace.resolve(http, by: repository)
        if breach { trace.resolve(viewModel, by: otherRepository) }  // the repository reaches back up
        return trace.graph
    }

    @Test func layersComeInDependencyOrderWithPoolsLast() {
        let map = LayerMap(Self.graph(breach: false))
        #expect(map.layers.map(\.id.description) == ["app/ViewModel", "app/UseCase", "app/Repository", "app"])
        #expect(map.layers.map(\.rank) == [0, 1, 2, 3])
        #expect(map.layers[2].serviceCount == 2)
        let arrows = map.arrows.map { "\(map.layers[$0.from].id)>\(map.layers[$0.to].id):\($0.edgeCount)" }
        #expect(arrows == ["app/ViewModel>app/UseCase:1", "app/UseCase>app/Repository:2", "app/Repository>app:1", "app>app/ViewModel:1"])
        #expect(map.breachCount == 0, "crossings to and from the pool are never breaches")
    }

    @Test func aLoopThroughThreeLayersIsABreachOnEveryArrow() {
        let map = LayerMap(Self.graph(breach: true))
        let breaches = map.arrows.filter(\.isBreach).map { "\(map.layers[$0.from].id)>\(map.layers[$0.to].id)" }
        #expect(Set(breaches) == ["app/ViewModel>app/UseCase", "app/UseCase>app/Repository", "app/Repository>app/ViewModel"])
        #expect(map.layers.last?.id.description == "app")
        #expect(Set(map.layers.prefix(3).map(\.rank)).count == 1, "layers in one loop share a rank")
    }

    @Test func dotHasOneNodePerLayerWeightedEdgesAndRedBreaches() {
        let dot = LayerExporter.dot(LayerMap(Self.graph(breach: true)))
        #expect(dot.hasPrefix("digraph layers {"))
        #expect(dot.components(separatedBy: "[label=\"app").count - 1 == 4)
        #expect(dot.contains("\\n2 services"))
        #expect(dot.contains("label=\"2\""), "the use case → repository crossing has two edges")
        #expect(dot.contains("color=red, fontcolor=red, label=\"1 breach\""))
        #expect(dot.contains("constraint=false"), "arrows drawn upward do not pull the ranks")
    }

    @Test func mermaidStylesBreachLinksRed() {
        let mermaid = LayerExporter.mermaid(LayerMap(Self.graph(breach: true)))
        #expect(mermaid.hasPrefix("flowchart TB\n"))
        #expect(mermaid.contains("[\"app/UseCase<br/>1 service\"]"))
        #expect(mermaid.contains("-->|\"1 breach\"|"))
        #expect(mermaid.contains("linkStyle "))
        #expect(!LayerExporter.mermaid(LayerMap(Self.graph(breach: false))).contains("linkStyle"))
    }
}
