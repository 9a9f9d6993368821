import Injection
import Testing

/// Every spelling of arguments that reaches a factory (a labelled tuple read by key, a
/// dictionary literal, an optional, an `Any`) read against what was passed, and the failures'
/// messages.
struct ArgumentReadingTests {
    final class Token: Sendable {
        let number: Int
        init(number: Int) { self.number = number }
    }
    final class Reading: @unchecked Sendable {  // written once, in init
        let values: [String]
        init(_ values: [String]) { self.values = values }
    }

    // MARK: - A labelled tuple, read by key

    @Test func aLabelledTupleIsReadByItsLabels() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in Reading(["\(args("id", as: Int.self))", args("name", as: String.self)]) }
        let id = 12, name = String(repeating: "twelve ", count: 4)
        #expect(app.resolve(Reading.self, args: (id: id, name: name)).values == ["12", name])
        #expect(app.resolve(Reading.self, args: (name: name, id: id)).values == ["12", name])
    }

    @Test func aTupleLabelledInPartIsReadByIndexAndByLabel() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in
            Reading(["\(args.get(0, as: Int.self))", args("mode", as: String.self), "\(args.get(1, as: String.self))"])
        }
        #expect(app.resolve(Reading.self, args: (7, mode: "edit")).values == ["7", "edit", "edit"])
    }

    @Test func aLabelledElementOfAnotherStaticTypeIsCast() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in
            Reading(["\(args("token", as: Token.self).number)", "\(args("count", as: Int.self))"])
        }
        let boxed: Any = 3
        #expect(app.resolve(Reading.self, args: (token: Token(number: 9) as AnyObject, count: boxed)).values == ["9", "3"])
    }

    @Test func theLabelsOfATupleAreItsKeys() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in Reading(args.keys + [args.optional("missing", as: Int.self).map { "\($0)" } ?? "nil"]) }
        #expect(app.resolve(Reading.self, args: (mode: "edit", id: 3)).values == ["id", "mode", "nil"])
    }

    @Test func aMissingLabelTrapsNamingTheServiceTheKeyAndWhatWasGiven() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "app")
            app.register { _, args in Reading([args("mode", as: String.self)]) }
            _ = app.resolve(Reading.self, args: (id: 3, mdoe: "edit"))
        }
        let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(stderr.contains("expects arguments of type [\"mode\": String]"), "\(stderr)")
        #expect(stderr.contains("(id: Int, mdoe: String)"), "\(stderr)")
    }

    // MARK: - A dictionary literal, kept as its pairs

    @Test func moreThanFourKeysAreAllRead() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in
            Reading(["a", "b", "c", "d", "e", "f"].map { "\(args($0, as: Int.self))" } + args.keys)
        }
        let read = app.resolve(Reading.self, args: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6]).values
        #expect(read == ["1", "2", "3", "4", "5", "6", "a", "b", "c", "d", "e", "f"])
    }

    @Test func aKeyMatchesAsStringsCompareCanonicallyAndAtAnyLength() {
        // What a `[String: Any]` would find: "é" written decomposed is the precomposed key, and
        // a key too long for a small string is compared by its characters.
        let long = String(repeating: "identifier.", count: 4)
        let app = Container(name: uniqueName("app"))
        app.register { _, args in Reading(["\(args("caf\u{E9}", as: Int.self))", "\(args(long, as: Int.self))"]) }
        #expect(app.resolve(Reading.self, args: ["cafe\u{301}": 1, String(long): 2]).values == ["1", "2"])
    }

    /// Five words: too large for an `Any`'s inline buffer, so the literal's value is boxed.
    struct Wide: Equatable {
        var a = 1, b = 2, c = 3, d = 4, e = 5
    }

    @Test func literalValuesAreReadWhetherTheAnyHoldsThemInlineBoxedOrOverAligned() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in
            let wide: Wide = args("wide")
            let vector: SIMD4<Float> = args("vector")
            let token: Token = args("token")
            let text: String = args("text")
            return Reading(["\(wide.e)", "\(vector.w)", "\(token.number)", text])
        }
        let long = String(repeating: "long text ", count: 5)
        let read = app.resolve(Reading.self, args: [
            "wide": Wide(e: 50), "vector": SIMD4<Float>(1, 2, 3, 4.5), "token": Token(number: 6), "text": long,
        ]).values
        #expect(read == ["50", "4.5", "6", long])
    }

    @Test func aLiteralValueIsCastWhenItIsNotExactlyTheTypeAskedFor() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in Reading(["\((args("token", as: AnyObject.self) as! Token).number)", "\(args("token", as: Token.self).number)"]) }
        #expect(app.resolve(Reading.self, args: ["token": Token(number: 4), "other": 1]).values == ["4", "4"])
    }

    @Test func aKeyGivenTwiceTrapsAsADictionaryLiteralDoes() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "app")
            app.register { _, args in Reading([args("id", as: String.self)]) }
            _ = app.resolve(Reading.self, args: ["id": "a", "mode": "edit", "id": "b"])
        }
        let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(stderr.contains("Dictionary literal contains duplicate keys"), "\(stderr)")
    }

    @Test func theThrowingAndOptionalResolvesTakeALiteralToo() throws {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in Reading([args("id", as: String.self)]) }
        #expect(try app.tryResolve(Reading.self, args: ["id": "thrown"]).values == ["thrown"])
        #expect(app.optional(Reading.self, args: ["id": "optional"])?.values == ["optional"])
    }

    // MARK: - Optionals and existentials

    @Test func aNilOptionalPassesNoArgumentsAndAValuePassesTheValue() throws {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in Reading([args.isEmpty ? "none" : "\(args(Int.self))"]) }
        let none: Int? = nil, some: Int? = 5
        #expect(app.resolve(Reading.self, args: none).values == ["none"])
        #expect(app.resolve(Reading.self, args: some).values == ["5"])
        #expect(try app.tryResolve(Reading.self, args: some).values == ["5"])
        #expect(app.optional(Reading.self, args: none)?.values == ["none"])
    }

    @Test func anArgumentPassedAsAnyIsReadAsTheValueItHolds() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in Reading(["\(args.get(0, as: Int.self))", args.get(1, as: String.self)]) }
        let opaque: Any = (1, "one")
        let optional: Any? = (2, "two")
        #expect(app.resolve(Reading.self, args: opaque).values == ["1", "one"])
        #expect(app.resolve(Reading.self, args: optional).values == ["2", "two"])
        // The static resolve, from inside a factory: it resolves in the container building.
        app.register(name: "outer") { _ in Container.resolve(Reading.self, args: (3, "three")) }
        #expect(app.resolve(Reading.self, name: "outer").values == ["3", "three"])
    }

    @Test func theStaticResolvesTakeEverySpelling() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in Reading([args.isEmpty ? "none" : "\(args("id", as: Int.self))"]) }
        // From inside a factory, the static forms resolve in the container building.
        app.register(name: "outer") { _ in
            Reading([
                Container.resolve(Reading.self, args: ["id": 1]).values[0],
                Container.resolve(Reading.self, args: (id: 2, other: "x")).values[0],
                try Container.tryResolve(Reading.self, args: ["id": 3]).values[0],
                Container.optional(Reading.self, args: (id: 4, other: "y"))?.values[0] ?? "nil",
                Container.resolve(Reading.self, args: nil as Int?).values[0],
            ])
        }
        #expect(app.resolve(Reading.self, name: "outer").values == ["1", "2", "3", "4", "none"])
    }

    @Test func anInstanceTakenOutOfTheArgumentsOutlivesTheResolve() {
        let app = Container(name: uniqueName("app"))
        final class Holder: Sendable {
            let token: Token
            init(token: Token) { self.token = token }
        }
        app.register { _, args in Holder(token: args.get(1)) }
        weak var weakToken: Token?
        let holder: Holder = {
            let token = Token(number: 11)
            weakToken = token
            return app.resolve(args: ("first", token))
        }()
        #expect(weakToken != nil)
        #expect(holder.token.number == 11)
    }
}
