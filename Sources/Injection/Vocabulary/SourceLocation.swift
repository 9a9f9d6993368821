/// Where something was declared or changed in the app's source: `#fileID` and `#line`.
///
/// Every registration, override and mapping carries one, so a message can say where to look.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var fileID: String
    public var line: Int

    public init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }

    public init(_ fileID: StaticString, _ line: UInt) {
        self.fileID = "\(fileID)"
        self.line = Int(line)
    }

    /// `MyApp/AppDelegate.swift:12`
    public var description: String { "\(fileID.escapingControlCharacters):\(line)" }
}
