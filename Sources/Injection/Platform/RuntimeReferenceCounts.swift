#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Swift runtime's reference-count entry points that the language does not expose: an
/// unowned reference that can be read without trapping after its object died (for
/// ``ContainerRegistry``). Looked up with `dlsym` (they are C functions exported by libswiftCore):
/// naming them with `@_silgen_name` is reserved for the compiler.
enum RuntimeReferenceCounts {
    private typealias ObjectFunction = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?

    private static func function(_ name: String) -> ObjectFunction {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        guard let symbol = dlsym(everywhere, name) else {
            fatalError("The Swift runtime does not export \(name)")
        }
        return unsafeBitCast(symbol, to: ObjectFunction.self)
    }

    private static let unownedRetainFunction = function("swift_unownedRetain")
    private static let unownedReleaseFunction = function("swift_unownedRelease")
    private static let tryRetainFunction = function("swift_tryRetain")

    /// Adds an unowned reference: the object's memory stays allocated until the matching
    /// ``unownedRelease(_:)``, even after it deinits.
    static func unownedRetain(_ object: UnsafeMutableRawPointer) { _ = unownedRetainFunction(object) }

    /// Drops an unowned reference taken with ``unownedRetain(_:)``.
    static func unownedRelease(_ object: UnsafeMutableRawPointer) { _ = unownedReleaseFunction(object) }

    /// Takes a strong reference (+1, for the caller to balance) unless the object has started to
    /// deinit; false then. Only on an object whose memory an unowned reference keeps.
    static func tryRetain(_ object: UnsafeMutableRawPointer) -> Bool { tryRetainFunction(object) != nil }
}
