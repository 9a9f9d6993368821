#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the inspector's allocator gives memory back to the system, so that its RSS follows its
/// memory budget.
///
/// glibc raises its mmap threshold after the first large block is freed, so a history's chunks
/// (≈ 300 KB each) would come from the heap from then on and a compaction would leave the RSS at
/// its peak. A fixed threshold keeps every block of 128 KB or more in its own mapping, unmapped
/// the moment the background task frees it. (`malloc_trim(0)` after each free was tried first:
/// it holds each arena's lock while it walks the whole heap, and the UI thread's next allocation
/// waited for it.) At most two arenas: glibc gives each allocating thread its own 64 MB one, and
/// the listener's decoding, the UI's applying and the freeing task each kept tens of MB of freed
/// memory in theirs during a flood of short-lived apps (an RSS of 250 MB for 70 MB in use).
/// Darwin's allocator returns pages on its own: nothing to do there.
enum FreedMemory {
    /// Called once, before the threads start.
    static func configure() {
        #if os(Linux)
        // M_ARENA_MAX and M_MMAP_THRESHOLD, from <malloc.h>.
        _ = mallopt?(-8, 2)
        _ = mallopt?(-3, 128 << 10)
        #endif
    }

    #if os(Linux)
    /// `mallopt(3)`, looked up in libc (Glibc's module map leaves `<malloc.h>` out).
    private typealias Option = @convention(c) (Int32, Int32) -> Int32

    private static let mallopt: Option? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: Option.self)
    }()
    #endif
}
