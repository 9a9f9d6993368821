// Counts heap allocations by interposing malloc & co. The executable defines these symbols, and
// because libc and the Swift runtime reference them, the linker exports them from the executable,
// which the dynamic linker searches first: every malloc in the process lands here. Each forwards
// to glibc's own allocator entry points (__libc_*), so there is no dlsym bootstrap problem.
//
// Counting is per thread (a TLS flag and counter, no atomics), so a measurement counts only what
// the measuring thread allocates, and other threads pay nothing.
#include "CBenchSupport.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__linux__) && defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

// initial-exec: the executable's own TLS block, reached without a __tls_get_addr call.
static __thread int counting __attribute__((tls_model("initial-exec")));
static __thread uint64_t allocations __attribute__((tls_model("initial-exec")));
#define COUNT() do { if (counting) allocations += 1; } while (0)

void *malloc(size_t size) { COUNT(); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { COUNT(); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { COUNT(); return __libc_realloc(pointer, size); }
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { COUNT(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { COUNT(); return __libc_memalign(alignment, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    COUNT();
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

void bench_alloc_counting_start(void) { allocations = 0; counting = 1; }
uint64_t bench_alloc_counting_stop(void) { counting = 0; return allocations; }

#else

void bench_alloc_counting_start(void) {}
uint64_t bench_alloc_counting_stop(void) { return 0; }

#endif

void bench_consume(const void *pointer) {
    __asm__ volatile("" : : "r"(pointer) : "memory");
}
