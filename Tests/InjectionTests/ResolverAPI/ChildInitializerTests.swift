import Injection
import Testing

/// `Container(child:)`: Resolver's `Resolver(child: main)`, a container whose parent is `main`.
struct ChildInitializerTests {
    final class Greeting {
        let text: String
        init(_ text: String) { self.text = text }
    }

    @Test func theChildFindsWhatItsParentRegisters() {
        let main = Container(name: uniqueName("main"))
        let mock = Container(child: main)
        main.register { Greeting("from main") }
        #expect(mock.parent === main)
        #expect(mock.resolve(Greeting.self).text == "from main")
    }

    @Test func theChildOverridesWithoutChangingItsParent() {
        let main = Container(name: uniqueName("main"))
        let mock = Container(child: main)
        main.register { Greeting("overridden") }
        main.register(name: "named") { Greeting("main's named") }
        mock.register { Greeting("resolved") }
        #expect(mock.resolve(Greeting.self).text == "resolved")
        #expect(main.resolve(Greeting.self).text == "overridden")
        #expect(mock.resolve(Greeting.self, name: "named").text == "main's named")
    }
}
