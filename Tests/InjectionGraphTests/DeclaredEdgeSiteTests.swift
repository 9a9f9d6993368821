import Testing
@testable import InjectionGraph

/// Where the sources ask for an edge is kept out of line (a run's edges never have one); an
/// edge's copies still read their own.
struct DeclaredEdgeSiteTests {
    @Test func aDeclaredSiteReadsBackAsWritten() {
        var edge = DependencyEdge(id: 0, from: 0, to: 1)
        #expect(edge.declaredAt == nil)
        let site = DeclaredLocation(path: "App/Wiring.swift", line: 12, column: 5, fileID: "App/Wiring.swift")
        edge.declaredAt = site
        let copy = edge
        edge.declaredAt = nil
        #expect(copy.declaredAt == site)
        #expect(edge.declaredAt == nil)
    }
}
