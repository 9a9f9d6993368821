import Injection
import Testing

/// What every message, listing and screen cell shows of a name from a trace.
struct ControlEscapingTests {
    /// Invisible characters made two services look like one (`zerowidth` and `zero\u{200B}width`
    /// in a hidden-check app); they are shown escaped, like the controls.
    @Test func invisibleCharactersInANameAreShownEscaped() {
        #expect("zero\u{200B}width".escapingControlCharacters == #"zero\u{200B}width"#)
        #expect("Log\u{2060}ger\u{FEFF}".escapingControlCharacters == #"Log\u{2060}ger\u{FEFF}"#)
        #expect("soft\u{00AD}hyphen".escapingControlCharacters == #"soft\u{AD}hyphen"#)
    }

    /// What is written with them stays as written: accents, CJK, emoji, and the zero-width
    /// joiners an emoji sequence or a Persian word is made of.
    @Test func textThatNeedsNoEscapeIsKept() {
        for text in ["naïve café", "日本語の名前", "🚀 rocket", "👨\u{200D}👩\u{200D}👧", "می\u{200C}خواهم"] {
            #expect(text.escapingControlCharacters == text)
        }
    }

    /// Text made of lines keeps the line breaks it is made of and escapes every other control.
    @Test func textMadeOfLinesKeepsItsLineBreaks() {
        #expect("a\u{1B}[2J\nb\n".escapingControlCharacters(keepingNewlines: true) == #"a\u{1B}[2J"# + "\nb\n")
        #expect("plain\n\nlines\n".escapingControlCharacters(keepingNewlines: true) == "plain\n\nlines\n")
        #expect("tab\there\n".escapingControlCharacters(keepingNewlines: true) == #"tab\u{09}here"# + "\n")
        #expect("a\nb".escapingControlCharacters(keepingNewlines: false) == #"a\u{0A}b"#)
    }

    /// The byte pass that returns a report unchanged when only its line breaks could need an
    /// escape gives what escaping it line by line gives, for text with and without line breaks,
    /// carriage returns, controls, and non-ASCII characters whose lead bytes are a control's.
    @Test func keepingNewlinesGivesWhatEscapingEachLineGives() {
        func lineByLine(_ text: String) -> String {
            guard text.contains("\n") else { return text.escapingControlCharacters }
            return text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0).escapingControlCharacters }.joined(separator: "\n")
        }
        let pieces = ["", "a", "\n", "\r", "\r\n", "\u{1B}", "é", "\u{85}", "\u{A0}", "\u{2019}", "\u{2028}", "\u{200B}", "日本", "\u{FEFF}", "\u{FF21}"]
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    let text = first + second + "x" + third
                    #expect(text.escapingControlCharacters(keepingNewlines: true) == lineByLine(text), "\(Array(text.unicodeScalars))")
                }
            }
        }
    }
}
