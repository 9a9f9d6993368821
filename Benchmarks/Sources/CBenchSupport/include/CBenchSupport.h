#ifndef CBENCHSUPPORT_H
#define CBENCHSUPPORT_H

#include <stdint.h>

/// Consumes a pointer in a way the Swift optimizer cannot see through (defined in C, no LTO).
void bench_consume(const void *pointer);

/// Starts counting heap allocations (malloc, calloc, realloc, aligned allocations) made by the
/// calling thread, from zero.
void bench_alloc_counting_start(void);
/// Stops counting on the calling thread and returns how many allocations it made meanwhile.
uint64_t bench_alloc_counting_stop(void);

#endif
