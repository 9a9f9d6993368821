import Testing
@testable import InjectionInspector

struct CanvasTests {
    // MARK: - Text

    @Test func putWritesTextAndDumpTrimsTrailingSpace() {
        var canvas = Canvas(rows: 3, columns: 10)
        canvas.put("Services", row: 0, column: 1)
        #expect(canvas.textDump() == " Services")
    }

    @Test func controlCharactersInNamesAreDrawnEscaped() {
        var canvas = Canvas(rows: 1, columns: 40)
        canvas.put("Evil\u{1B}[2J\nNext\u{7}", row: 0, column: 0)
        #expect(canvas.textDump() == "Evil\\u{1B}[2J\\u{0A}Next\\u{07}")
        #expect(!canvas.textDump().contains("\u{1B}"))
    }

    @Test func putClipsAtTheLimit() {
        var canvas = Canvas(rows: 1, columns: 10)
        let end = canvas.put("abcdefghijkl", row: 0, column: 2, limit: 6)
        #expect(end == 6)
        #expect(canvas.textDump() == "  abcd")
    }

    @Test func wideCharactersTakeTwoCells() {
        var canvas = Canvas(rows: 1, columns: 8)
        let end = canvas.put("日本x", row: 0, column: 0)
        #expect(end == 5)
        #expect(canvas[0, 1].isContinuation)
        #expect(canvas.textDump() == "日本x")
    }

    @Test func aWideCharacterThatDoesNotFitBecomesASpace() {
        var canvas = Canvas(rows: 1, columns: 3)
        canvas.put("ab日", row: 0, column: 0)
        #expect(canvas.line(0) == "ab")
        #expect(!canvas[0, 2].isContinuation)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var canvas = Canvas(rows: 1, columns: 4)
        canvas.put("日本", row: 0, column: 0)
        canvas.put("x", row: 0, column: 1)
        #expect(canvas.line(0) == " x本")
    }

    @Test func paddedPutTruncatesWithEllipsis() {
        var canvas = Canvas(rows: 1, columns: 20)
        canvas.put("NetworkService", row: 0, column: 0, width: 8)
        canvas.put("12", row: 0, column: 9, width: 5, alignment: .trailing)
        #expect(canvas.textDump() == "Network…    12")
    }

    // MARK: - Styles

    @Test func styleDumpShowsRoles() {
        var canvas = Canvas(rows: 1, columns: 6)
        canvas.put("ab", row: 0, column: 0, style: Style(.warning))
        canvas.restyle(Rect(row: 0, column: 3, height: 1, width: 2), style: Style(.selection))
        #expect(canvas.styleDump() == "WW SS")
    }
}

struct TextWidthTests {
    @Test func asciiWideAndCombining() {
        #expect(TextWidth.of("abc") == 3)
        #expect(TextWidth.of("日本") == 4)
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.of("┌─┐") == 3)
        #expect(TextWidth.of("✓") == 1)
    }

    @Test func truncateEndsInEllipsis() {
        #expect(TextWidth.truncate("NetworkService", to: 8) == "Network…")
        #expect(TextWidth.truncate("short", to: 8) == "short")
        #expect(TextWidth.truncate("日本語です", to: 5) == "日本…")
    }
}
