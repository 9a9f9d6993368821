#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Swift runtime's reference-count entry points that the language does not expose: an
/// unowned reference that can be read without trapping after its object died (for
/// ``ContainerRegistry``). Looked up with `dlsym` (they are C functions exported by libswiftCore):
/// naming them with `@_silgen_name` is reserved for the compiler.
///
/// ``available`` is nil when the process does not export them (an executable linked with
/// `-static-stdlib` and no `--export-dynamic`, for example): callers then keep a `weak`
/// reference instead, slower but never wrong.
struct RuntimeReferenceCounts: Sendable {
    private typealias ObjectFunction = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
    /// `bool swift_tryRetain(HeapObject *)`: a C `bool`, so only its low byte is defined.
    private typealias TryRetainFunction = @convention(c) (UnsafeMutableRawPointer) -> Bool

    private let unownedRetainFunction: ObjectFunction
    private let unownedReleaseFunction: ObjectFunction
    private let tryRetainFunction: TryRetainFunction

    /// The three functions, or nil when any of them cannot be found.
    static let available: RuntimeReferenceCounts? = {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        guard let retain = dlsym(everywhere, "swift_unownedRetain"),
              let release = dlsym(everywhere, "swift_unownedRelease"),
              let tryRetain = dlsym(everywhere, "swift_tryRetain") else { return nil }
        return RuntimeReferenceCounts(
            unownedRetainFunction: unsafeBitCast(retain, to: ObjectFunction.self),
            unownedReleaseFunction: unsafeBitCast(release, to: ObjectFunction.self),
            tryRetainFunction: unsafeBitCast(tryRetain, to: TryRetainFunction.self))
    }()

    /// Adds an unowned reference: the object's memory stays allocated until the matching
    /// ``unownedRelease(_:)``, even after it deinits.
    func unownedRetain(_ object: UnsafeMutableRawPointer) { _ = unownedRetainFunction(object) }

    /// Drops an unowned reference taken with ``unownedRetain(_:)``.
    func unownedRelease(_ object: UnsafeMutableRawPointer) { _ = unownedReleaseFunction(object) }

    /// Takes a strong reference (+1, for the caller to balance) unless the object has started to
    /// deinit; false then. Only on an object whose memory an unowned reference keeps.
    func tryRetain(_ object: UnsafeMutableRawPointer) -> Bool { tryRetainFunction(object) }
}
