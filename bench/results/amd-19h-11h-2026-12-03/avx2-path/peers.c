/* DPDK's rte_memcpy, inlined into the same loop (built for x86-64-v3, its
   AVX2 code), and the C library's memcpy through a pointer. */
#include <string.h>
#include <rte_memcpy.h>
static void *(*volatile libc_memcpy)(void *, const void *, size_t) = memcpy;
#include "loop.h"
LOOP(via_dpdk, rte_memcpy(d, s, m))
LOOP(via_libc, libc_memcpy(d, s, m))
