import Injection
import Testing

/// Tuple and keyed arguments of several shapes (widths, alignments, classes, labels): every
/// element read back as what was passed.
struct TupleArgumentLayoutTests {
    final class Token: Sendable {
        let number: Int
        init(number: Int) { self.number = number }
    }
    final class Reading: @unchecked Sendable {  // written once, in init
        let values: [String]
        init(_ values: [String]) { self.values = values }
    }

    private func reading(_ args: Any, _ read: @escaping @Sendable (Arguments) -> [String]) -> [String] {
        let app = Container(name: uniqueName("app"))
        app.register { _, arguments in Reading(read(arguments)) }
        return app.resolve(Reading.self, args: args).values
    }

    @Test func everyElementOfATupleFittingTheInlineBufferIsRead() {
        let values = reading((7, "seven")) { args in ["\(args.get(0, as: Int.self))", args.get(1, as: String.self)] }
        #expect(values == ["7", "seven"])
    }

    @Test func elementsOfMixedAlignmentAreReadAtTheirOffsets() {
        let values = reading((UInt8(3), 2.5, "x", Int16(-4), true)) { args in
            ["\(args.get(0, as: UInt8.self))", "\(args.get(1, as: Double.self))", args.get(2, as: String.self),
             "\(args.get(3, as: Int16.self))", "\(args.get(4, as: Bool.self))"]
        }
        #expect(values == ["3", "2.5", "x", "-4", "true"])
    }

    @Test func aTupleTooLargeForTheInlineBufferIsRead() {
        let long = String(repeating: "long ", count: 10)
        let values = reading(("a", long, 99, Token(number: 5))) { args in
            [args.get(0, as: String.self), args.get(1, as: String.self), "\(args.get(2, as: Int.self))",
             "\(args.get(3, as: Token.self).number)"]
        }
        #expect(values == ["a", long, "99", "5"])
    }

    @Test func aLabelledTupleIsReadByIndex() {
        let values = reading((id: 12, name: "twelve")) { args in ["\(args.get(0, as: Int.self))", args.get(1, as: String.self)] }
        #expect(values == ["12", "twelve"])
    }

    @Test func anElementOfAnotherStaticTypeIsCast() {
        let boxed: Any = 41
        let values = reading((boxed, Token(number: 1) as AnyObject)) { args in
            ["\(args.get(0, as: Int.self))", "\((args.get(1, as: AnyObject.self) as! Token).number)",
             "\(args.get(1, as: Token.self).number)"]
        }
        #expect(values == ["41", "1", "1"])
    }

    /// Up to six elements are read by a cast, a longer tuple by reflection: the same answers.
    @Test func tuplesOfEveryLengthAreReadTheSameWay() {
        let six = reading((1, 2, 3, 4, 5, "sixth")) { args in
            (0..<5).map { "\(args.get($0, as: Int.self))" } + [args.get(5, as: String.self)]
        }
        #expect(six == ["1", "2", "3", "4", "5", "sixth"])
        let seven = reading((1, 2, 3, 4, 5, 6, (name: "seventh", rank: 7))) { args in
            (0..<6).map { "\(args.get($0, as: Int.self))" } + [args.get(6, as: (name: String, rank: Int).self).name]
        }
        #expect(seven == ["1", "2", "3", "4", "5", "6", "seventh"])
    }

    /// A label is found once per tuple type; every later resolve of that type, and a tuple of
    /// the same labels in another order or past six elements, reads its own values.
    @Test func labelledTuplesOfEveryLengthAreReadByKeyOnEveryResolve() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in
            Reading([args("name", as: String.self), "\(args("rank", as: Int.self))", "\(args.optional("note", as: String.self) ?? "none")"])
        }
        for rank in 1...3 {
            #expect(app.resolve(Reading.self, args: (name: "n\(rank)", rank: rank)).values == ["n\(rank)", "\(rank)", "none"])
            #expect(app.resolve(Reading.self, args: (rank: rank, name: "m\(rank)")).values == ["m\(rank)", "\(rank)", "none"])
        }
        let none: String? = nil
        #expect(app.resolve(Reading.self, args: (rank: 4, note: none, name: "n4")).values == ["n4", "4", "none"])
        let seven = app.resolve(Reading.self, args: (1, 2, 3, 4, 5, rank: 7, name: "seventh")).values
        #expect(seven == ["seventh", "7", "none"])
        #expect(app.resolve(Reading.self, args: ["name": "d", "rank": 8, "note": "x"]).values == ["d", "8", "x"])
    }

    @Test func optionalAndNestedElementsKeepTheirTypes() {
        let none: Int? = nil
        let values = reading((none, (1, "inner"), Optional("some"))) { args in
            ["\(args.get(0, as: Int?.self) as Any)", args.get(1, as: (Int, String).self).1, args.get(2, as: String?.self) ?? "nil"]
        }
        #expect(values == ["nil", "inner", "some"])
    }

    @Test func keyedValuesAreReadWhetherPassedAsAnyOrAsOptionalAny() {
        let plain = reading(["id": 3, "mode": "edit"]) { args in ["\(args("id", as: Int.self))", args("mode")] }
        #expect(plain == ["3", "edit"])
        let optional: [String: Any?] = ["id": 4, "mode": nil]
        let read = reading(optional) { args in ["\(args("id", as: Int.self))", args.optional("mode") ?? "view"] }
        #expect(read == ["4", "view"])
        let cast = reading(["token": Token(number: 8)]) { args in ["\((args("token", as: AnyObject.self) as! Token).number)"] }
        #expect(cast == ["8"])
    }
}
