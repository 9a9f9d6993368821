#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands memory the inspector freed back to the system, so that its RSS follows its memory budget.
///
/// glibc keeps freed heap pages for reuse, and after the first large block is freed it raises its
/// mmap threshold, so a history's chunks come from the heap from then on: without a trim, a
/// compacted history leaves the RSS at its peak. `malloc_trim(0)` gives the free pages back
/// (`madvise`); it takes a few milliseconds, so it runs on the thread that freed the history, not
/// the UI thread. Darwin's allocator returns pages on its own: nothing to do there.
enum FreedMemory {
    /// At most two malloc arenas: glibc gives each thread that allocates its own (64 MB
    /// reservations), and the listener's decoding, the UI's applying and the freeing task each
    /// kept tens of MB of freed memory in theirs during a flood of short-lived apps (an RSS of
    /// 250 MB for 70 MB in use). Called once, before the threads start.
    static func limitArenas() {
        #if os(Linux)
        // M_ARENA_MAX (-8 in <malloc.h>).
        _ = mallopt?(-8, 2)
        #endif
    }

    static func returnToSystem() {
        #if os(Linux)
        _ = trim?(0)
        #endif
    }

    #if os(Linux)
    /// `malloc_trim(3)`, looked up in libc (Glibc's module map leaves `<malloc.h>` out).
    private typealias Trim = @convention(c) (Int) -> Int32

    private typealias Option = @convention(c) (Int32, Int32) -> Int32

    private static let mallopt: Option? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: Option.self)
    }()

    private static let trim: Trim? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
    }()
    #endif
}
