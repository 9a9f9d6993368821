import Injection
import Testing

/// `assembly(_:)` casts the installed assembly to the asked protocol once and keeps the answer:
/// the kept answers follow the assembly installed now, per protocol and per container.
struct AssemblyAnswerTests {
    protocol Greeting: Assembly { func greeting() -> String }
    protocol Farewell: Assembly { func farewell() -> String }
    struct English: Greeting, Farewell {
        func greeting() -> String { "hello" }
        func farewell() -> String { "bye" }
    }
    struct French: Greeting {
        func greeting() -> String { "bonjour" }
    }

    @Test func anAssemblyAskedAsTwoProtocolsAnswersAsEach() {
        let container = Container(name: "assembly-answers-two")
        container.use(English())
        for _ in 0..<2 {   // the first asks cast, the second find the kept answers
            #expect(container.assembly(Greeting.self).greeting() == "hello")
            #expect(container.assembly(Farewell.self).farewell() == "bye")
        }
    }

    @Test func replacingTheAssemblyReplacesItsAnswers() {
        let container = Container(name: "assembly-answers-replaced")
        container.use(English())
        #expect(container.assembly(Greeting.self).greeting() == "hello")
        container.use(French())
        #expect(container.assembly(Greeting.self).greeting() == "bonjour")
        container.use(English())
        #expect(container.assembly(Greeting.self).greeting() == "hello")
    }

    @Test func aChildAnswersFromTheNearestAssembly() {
        let parent = Container(name: "assembly-answers-parent")
        parent.use(English())
        let child = parent.makeChild(name: "assembly-answers-child")
        #expect(child.assembly(Greeting.self).greeting() == "hello")   // the parent's, kept there
        child.use(French())
        #expect(child.assembly(Greeting.self).greeting() == "bonjour")
        #expect(parent.assembly(Greeting.self).greeting() == "hello")
        #expect(child.makeChild().assembly(Greeting.self).greeting() == "bonjour")
    }
}
