/// The cheap text check before parsing (as SafeDI's and Needle's): a file is parsed when it holds
/// a word of the DI vocabulary, or declares a type that a DI file names (the linker needs that
/// type's initialisers and members). Everything else is listed as `prefiltered` and not parsed.
///
/// It reads identifiers byte by byte; a false positive only costs a parse, so comments and
/// strings are not told apart.
public struct Prefilter: Sendable {
    /// Words whose presence makes a file worth extracting.
    public let interestingWords: Set<String>

    static let vocabulary: Set<String> = [
        "register", "resolve", "optional", "tryResolve", "Injected", "LazyInjected", "WeakLazyInjected",
        "OptionalInjected", "InjectedObject", "Inject", "Service", "Provider", "provide", "Factory",
        "ParameterFactory", "SharedContainer", "Container", "Resolver", "Resolving", "Assembly", "Assembler",
        "InjectionMapper", "DependencyLayer", "makeChild", "decorate", "autoregister", "DynamicInjected", "FactoryKit",
    ]

    static let declarationKeywords: Set<String> = ["class", "struct", "enum", "actor", "extension", "protocol"]

    public init(configuration: ScanConfiguration) {
        interestingWords = Self.vocabulary
            .union(configuration.wrappers.keys)
            .union(configuration.registrationHelpers)
            .union(configuration.resolveHelpers)
            .union(configuration.containers)
    }

    /// True when the file holds a word of the vocabulary.
    public func isInteresting(_ bytes: [UInt8]) -> Bool {
        var found = false
        Self.forEachIdentifier(in: bytes) { word, _ in
            if interestingWords.contains(word) { found = true; return false }
            return true
        }
        return found
    }

    /// Capitalised identifiers in a file: the type names a DI file may need declared.
    public static func typeNames(in bytes: [UInt8]) -> Set<String> {
        var names: Set<String> = []
        forEachIdentifier(in: bytes) { word, _ in
            if let first = word.utf8.first, first >= 0x41 && first <= 0x5A { names.insert(word) }
            return true
        }
        return names
    }

    /// The names a file declares a type or extension for (`struct X`, `extension X`).
    public static func declaredNames(in bytes: [UInt8]) -> [String] {
        var names: [String] = []
        var afterKeyword = false
        forEachIdentifier(in: bytes) { word, _ in
            if afterKeyword { names.append(word) }
            afterKeyword = declarationKeywords.contains(word)
            return true
        }
        return names
    }

    /// Calls `body` with each identifier (ASCII letters, digits, `_`, and any non-ASCII byte run)
    /// and its offset; stops when `body` returns false.
    static func forEachIdentifier(in bytes: [UInt8], _ body: (String, Int) -> Bool) {
        var start = -1
        var index = 0
        let count = bytes.count
        while index <= count {
            let byte: UInt8 = index < count ? bytes[index] : 0x20
            let isWordByte =
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F
                || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80
            if isWordByte {
                if start < 0 { start = index }
            } else if start >= 0 {
                let first = bytes[start]
                if !(first >= 0x30 && first <= 0x39) {
                    let word = String(decoding: bytes[start..<index], as: UTF8.self)
                    if !body(word, start) { return }
                }
                start = -1
            }
            index += 1
        }
    }
}
