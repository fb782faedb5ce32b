// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One malloc arena for the whole process (glibc): the image cache's decoder threads would
// otherwise each get an arena of their own, and the memory a decoded picture leaves behind in a
// worker's arena is never reused by the GUI thread. With 10,000 posts of pictures scrolled
// through, that fragmentation was about 40 MiB of the peak (bench_memory: 147 MiB peak RSS with
// the default arenas, 136 MiB with one; docs/performance.md, "cold start and memory"). The
// decoders' few allocations a picture make the single arena's lock cheap. Call first thing in
// main().
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
#endif
}

} // namespace threadline::core
