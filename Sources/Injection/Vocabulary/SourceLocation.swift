/// Where something was declared or changed in the app's source: `#fileID` and `#line`.
///
/// Every registration, override and mapping carries one, so a message can say where to look.
///
/// ```swift
/// let location = SourceLocation(fileID: "MyApp/AppDelegate.swift", line: 12)
/// print(location)  // MyApp/AppDelegate.swift:12
/// ```
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// A `#fileID` literal stays a `StaticString` until read: a `String` made at once cost every
    /// registration an allocation.
    private var file: File
    public var line: Int

    private enum File: Sendable {
        case literal(StaticString)
        case text(String)
    }

    /// The file, as `#fileID` spells it (`MyApp/AppDelegate.swift`).
    public var fileID: String {
        get {
            switch file {
            case .literal(let literal): literal.description
            case .text(let text): text
            }
        }
        set { file = .text(newValue) }
    }

    public init(fileID: String, line: Int) {
        self.file = .text(fileID)
        self.line = line
    }

    public init(_ fileID: StaticString, _ line: UInt) {
        self.file = .literal(fileID)
        self.line = Int(line)
    }

    /// `MyApp/AppDelegate.swift:12`
    public var description: String { "\(fileID.escapingControlCharacters):\(line)" }

    /// The file's UTF-8 bytes, whichever form holds them: comparing and hashing build no string.
    private func withFileBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch file {
        case .literal(let literal):
            return literal.withUTF8Buffer(body)
        case .text(var text):
            return text.withUTF8(body)
        }
    }

    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        guard lhs.line == rhs.line else { return false }
        return lhs.withFileBytes { left in
            rhs.withFileBytes { right in left.elementsEqual(right) }
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(line)
        withFileBytes { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
    }
}
