import Injection
import Testing

/// A location made from a `#fileID` literal keeps the literal until it is read
/// (``SourceLocation``): it must still equal, hash and print like one made from the same text.
struct SourceLocationTests {
    @Test func aLiteralAndTheSameTextAreEqualAndHashAlike() {
        let literal = SourceLocation("MyApp/AppDelegate.swift", 12)
        let text = SourceLocation(fileID: "MyApp/AppDelegate.swift", line: 12)
        #expect(literal == text)
        #expect(literal.hashValue == text.hashValue)
        #expect(Set([literal, text]).count == 1)
        #expect(literal.fileID == "MyApp/AppDelegate.swift")
        #expect("\(literal)" == "MyApp/AppDelegate.swift:12")
    }

    @Test func anotherFileOrLineIsAnotherLocation() {
        let here = SourceLocation("MyApp/AppDelegate.swift", 12)
        #expect(here != SourceLocation("MyApp/AppDelegate.swift", 13))
        #expect(here != SourceLocation(fileID: "MyApp/AppDelegate.swif", line: 12))
        #expect(here != SourceLocation(fileID: "MyApp/AppDelegate.swift ", line: 12))
        #expect(SourceLocation(fileID: "", line: 1) != SourceLocation("x", 1))
    }

    @Test func settingTheFileReplacesTheLiteral() {
        var location = SourceLocation(#fileID, #line)
        location.fileID = "Other/File.swift"
        location.line = 3
        #expect(location == SourceLocation("Other/File.swift", 3))
        #expect(location.description == "Other/File.swift:3")
    }

    @Test func aNonASCIIPathComparesByItsBytes() {
        let literal = SourceLocation("Café/Ünïcode.swift", 7)
        let text = SourceLocation(fileID: "Café/Ünïcode.swift", line: 7)
        #expect(literal == text && literal.hashValue == text.hashValue)
        #expect(literal.fileID == "Café/Ünïcode.swift")
    }

    @Test func controlCharactersInATextPathAreShownEscaped() {
        let location = SourceLocation(fileID: "Evil\u{1B}[2J.swift", line: 1)
        #expect(location.description == #"Evil\u{1B}[2J.swift:1"#)
    }
}
