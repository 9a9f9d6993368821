import Injection
import Testing

/// An argument is read as the type the factory asks for: exactly that type (taken out without a
/// cast), or a supertype or protocol it can be cast to; optional resolves answer nil only when
/// nothing answers.
struct ArgumentTypeTests {
    class Vehicle: @unchecked Sendable {  // immutable: no state at all
        var wheels: Int { 0 }
    }
    final class Bicycle: Vehicle, @unchecked Sendable {  // immutable, as its superclass
        override var wheels: Int { 2 }
    }
    protocol Wheeled { var wheels: Int { get } }
    struct Cart: Wheeled { let wheels: Int }
    final class Garage {
        let wheels: Int
        init(wheels: Int) { self.wheels = wheels }
    }

    @Test func anArgumentOfExactlyTheTypeAskedForIsPassed() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in Garage(wheels: args()) }
        let id = [3, 4][1]
        #expect(app.resolve(Garage.self, args: id).wheels == 4)
        #expect(app.resolve(Garage.self, args: 7).wheels == 7)
    }

    @Test func aSubclassInstanceIsReadAsItsSuperclass() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in Garage(wheels: args(Vehicle.self).wheels) }
        #expect(app.resolve(Garage.self, args: Bicycle()).wheels == 2)
    }

    @Test func aValueIsReadAsAProtocolItConformsTo() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in Garage(wheels: args(Wheeled.self).wheels) }
        #expect(app.resolve(Garage.self, args: Cart(wheels: 3)).wheels == 3)
        #expect(app.optional(Garage.self, args: Cart(wheels: 5))?.wheels == 5)
    }

    @Test func optionalAnswersNilForAMissingDependencyOfTheFactory() {
        let app = Container(name: uniqueName("app"))
        app.register { c in Garage(wheels: try c.tryResolve(Vehicle.self).wheels) }
        #expect(app.optional(Garage.self) == nil)
        app.register { Bicycle() as Vehicle }
        #expect(app.optional(Garage.self)?.wheels == 2)
    }
}
