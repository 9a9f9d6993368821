import Testing
import Injection

protocol XYZFetching: AnyObject {}
final class XYZFetcher: XYZFetching { let service: XYZService; init(service: XYZService) { self.service = service } }
final class XYZService {}

struct SmokeTests {
    @Test func registerAndResolve() throws {
        let app = Container(name: "smoke")
        app.register { XYZService() }
        app.register { c in XYZFetcher(service: c.resolve()) as XYZFetching }
        let f: XYZFetching = app.resolve()
        #expect(f is XYZFetcher)
        do {
            _ = try app.tryResolve(Int.self, name: "x")
            Issue.record("expected failure")
        } catch {
            print(error.message)
        }
    }
}
