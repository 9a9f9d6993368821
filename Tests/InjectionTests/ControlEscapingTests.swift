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
}
