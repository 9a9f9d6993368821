import Injection
import Testing
@testable import InjectionGraph

struct ExportTests {
    let graph = Fixtures.withProblems.graph

    // MARK: - dot

    @Test func dotOutputForSmallGraph() {
        assertSnapshot(DotExporter().render(graph), named: "graph.dot")
    }

    @Test func dotIsAcceptedByGraphviz() throws {
        let result = try runDot(DotExporter().render(graph))
        #expect(result.status == 0, "\(result.errors)")
    }

    @Test func dotEscapesQuotesBackslashesControlCharactersAndKeepsUnicode() throws {
        #expect(DotExporter.quoted("Say \"hi\"\\n") == "Say \\\"hi\\\"\\\\n")
        #expect(DotExporter.quoted("Evil\u{1B}[2J\nNext") == "Evil\\\\u{1B}[2J\\\\u{0A}Next")
        #expect(DotExporter.quoted("Überdienst 服务") == "Überdienst 服务")
        var trace = TraceBuilder()
        let odd = TraceBuilder.id("Odd\"Type\\\u{7}", name: "tab\tname", in: "con\"tainer", layer: "La\\yer", member: "m\u{1B}")
        trace.resolve(odd, by: TraceBuilder.id("Über 服务"))
        let dot = DotExporter().render(trace.graph)
        #expect(dot.contains(#"label="La\\yer""#))
        #expect(dot.contains(#"label="con\"tainer""#))
        #expect(try runDot(dot).status == 0)
    }

    @Test func dotFocusLayerAndReverse() {
        let api = graph.nodeID(for: Fixtures.api)!
        let focused = DotExporter(options: GraphExportOptions(focus: api, depth: 1, reverse: true), includesLegend: false)
        #expect(focused.render(graph) == """
            digraph dependencies {
              graph [rankdir=LR, fontname="Helvetica", fontsize=10];
              node [fontname="Helvetica", fontsize=10];
              edge [fontname="Helvetica", fontsize=9];
              subgraph cluster_c0 {
                label="app";
                style=rounded;
                subgraph cluster_c0_l0 {
                  label="Login";
                  style=dashed;
                  n2 [label="Login.useCase: LoginUseCase\\ngraph", shape=hexagon];
                }
                subgraph cluster_c0_l1 {
                  label="Network";
                  style=dashed;
                  n3 [label="Network.api: API\\ncached", shape=box];
                }
              }
              n2 -> n3 [label="1"];
            }

            """)
        let layer = DotExporter(options: GraphExportOptions(layer: "login"), includesLegend: false).render(graph)
        #expect(layer.contains("n1 -> n2 [label=\"1\"]"))
        #expect(!layer.contains("n3 "))
    }

    // MARK: - Mermaid

    @Test func mermaidOutputForSmallGraph() {
        assertSnapshot(MermaidExporter().render(graph), named: "graph.mmd")
    }

    @Test func mermaidEscapesLabels() {
        #expect(MermaidExporter.label("Say \"hi\" #1 <T> & `x`") == "Say #quot;hi#quot; #35;1 #lt;T#gt; #amp; #96;x#96;")
        #expect(MermaidExporter.label("a\u{1B}b") == "a\\u{1B}b")
    }

    // MARK: - JSON

    @Test func jsonOutputForSmallGraph() {
        assertSnapshot(JSONExporter().render(graph), named: "graph.json")
    }

    @Test func jsonEscapesStrings() {
        #expect(JSONValue.string("q\"b\\n\n\u{1}é").compact == #""q\"b\\n\n\u0001é""#)
    }
}
