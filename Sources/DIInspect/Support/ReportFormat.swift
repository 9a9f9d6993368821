import ArgumentParser

/// How `check` and `diff` print their findings: for people (`text`), for tools (`json`), and for
/// editors and CI (`xcode`: `file:line: error: …`; `github`: workflow annotations; `sarif`:
/// SARIF 2.1.0 for code scanning).
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, xcode, github, sarif
}
