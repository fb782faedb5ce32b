// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One malloc arena for the whole process (glibc): the image cache's decoder threads would
// otherwise each get an arena of their own, and the memory a decoded picture leaves behind in a
// worker's arena is never reused by the GUI thread. With 10,000 posts of pictures scrolled
// through, that fragmentation was about 40 MiB of the peak (bench_memory: 147 MiB peak RSS with
// the default arenas, 136 MiB with one; docs/performance.md, "cold start and memory"). The
// decoders' few allocations a picture make the single arena's lock cheap.
//
// A fixed mmap threshold of 256 KiB: every block that large is mapped on its own and given back
// to the system when freed. glibc's default raises the threshold to the largest block freed so
// far (up to 32 MiB), after which picture downloads' growing buffers and the network's 256 KiB
// chunks come from the heap, whose holes are never returned: ten picture bodies that never end,
// cut at the downloads' shared 32 MiB, left a peak of 119–174 MB in the real client against
// 104–107 MB with the threshold fixed (63 MB without them; docs/reliability.md).
//
// Call first thing in main().
#pragma once

#include <cstdlib> // defines __GLIBC__ on glibc (tested below)

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace threadline::core {

inline void tuneAllocator()
{
#if defined(__GLIBC__)
    mallopt(M_ARENA_MAX, 1);
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
}

} // namespace threadline::core
