// The heap's settings for a process that holds decoded pictures (docs/performance.md, "Issue 14:
// cold start and memory"): glibc's malloc otherwise keeps freed pictures' memory.
//  - Blocks of 64 KiB and more (a decoded tile is 100–600 KiB) are mapped on their own and
//    unmapped when freed. Left alone, glibc raises this threshold to the size of each mapped
//    block freed (up to 32 MiB): after the first picture is dropped every later one comes from
//    the heap, whose freed holes stay resident between small allocations.
//  - At most 2 arenas: the image cache's decoding threads would each get a heap of their own
//    (up to 8 per core) in which the pictures they decode, freed on the GUI thread, leave holes.
// The client calls it first thing in main(); bench_memory too, so that it measures the same heap.
#pragma once

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace threadline {

inline void tuneAllocator()
{
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 64 * 1024);
    mallopt(M_ARENA_MAX, 2);
#endif
}

} // namespace threadline
