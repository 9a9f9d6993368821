import Injection
import Testing

/// Keyed arguments, as Resolver's documentation passes and reads them.
struct KeyedArgumentTests {
    // MARK: - Reading by key

    @Test func aFactoryReadsEachValueByItsKey() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in EditorViewModel(id: args("id"), mode: args.get("mode")) }

        let editor: EditorViewModel = app.resolve(args: ["id": 3, "mode": "edit"])
        #expect(editor.id == 3)
        #expect(editor.mode == "edit")
    }

    @Test func optionalReadsNilForAMissingKeyANilValueOrAnotherType() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in
            EditorViewModel(id: args("id"), mode: args.optional("mode") ?? "view")
        }

        #expect(app.resolve(EditorViewModel.self, args: ["id": 1, "mode": "edit"]).mode == "edit")
        #expect(app.resolve(EditorViewModel.self, args: ["id": 2]).mode == "view")
        #expect(app.resolve(EditorViewModel.self, args: ["id": 3, "mode": 7]).mode == "view")
        let withNil: [String: Any?] = ["id": 4, "mode": nil]
        #expect(app.resolve(EditorViewModel.self, args: withNil).mode == "view")
    }

    @Test func theKeysPassedAreListed() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in args.keys.joined(separator: ",") }

        #expect(app.resolve(String.self, args: ["mode": "edit", "id": 3]) == "id,mode")
        #expect(app.resolve(String.self, args: 3) == "")
        #expect(app.resolve(String.self) == "")
    }

    @Test func resolverTestsKeyedArgumentsFunction() {
        // Resolver's testKeyedArgumentsFunction, with the optional resolve it uses.
        let resolver = Container(name: uniqueName("resolver"))
        resolver.register { (r, args) -> XYZArgumentService in
            let condition: Bool = args("condition")
            let string: String = args("name")
            return XYZArgumentService(condition: condition, string: string)
        }
        let service: XYZArgumentService? = resolver.optional(args: ["condition": true, "name": "Fred"])
        #expect(service?.condition == true)
        #expect(service?.string == "Fred")
    }

    @Test func singleAndTupleArgumentsStillWork() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in XYZArgumentService(condition: args()) }
        #expect(app.resolve(XYZArgumentService.self, args: true).condition)
    }

    // MARK: - Failures

    @Test func aMissingKeyTrapsNamingTheServiceTheKeyAndWhatWasGiven() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "app")
            app.register { _, args in EditorViewModel(id: args("id"), mode: args("mode")) }
            _ = app.resolve(EditorViewModel.self, args: ["id": 3, "mdoe": "edit"])
        }
        let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(stderr.contains("""
            Argument mismatch: EditorViewModel in 'app' expects arguments of type ["mode": String] \
            but was resolved with ["id": Int, "mdoe": String].
            """), "\(stderr)")
    }

    @Test func aValueOfAnotherTypeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "app")
            app.register { _, args in EditorViewModel(id: args("id"), mode: "edit") }
            _ = app.resolve(EditorViewModel.self, args: ["id": "3"])
        }
        let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(stderr.contains("""
            expects arguments of type ["id": Int] but was resolved with ["id": String].
            """), "\(stderr)")
    }

    // MARK: - @LazyInjected

    final class EditorScreen {
        @LazyInjected var editor: EditorViewModel
    }

    @Test func lazyInjectedPassesTheArgumentsSetBeforeTheFirstRead() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in EditorViewModel(id: args("id"), mode: args.optional("mode") ?? "view") }
        withContainer(app) {
            let screen = EditorScreen()
            screen.$editor.args = ["id": 42, "mode": "edit"]
            #expect(screen.$editor.isEmpty)
            #expect(screen.editor.id == 42)
            #expect(screen.editor.mode == "edit")
            #expect(!screen.$editor.isEmpty)
        }
    }

    @Test func lazyInjectedPassesASingleArgument() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in XYZArgumentService(condition: args()) }
        withContainer(app) {
            @LazyInjected var service: XYZArgumentService
            $service.args = true
            #expect(service.condition)
        }
    }
}
