/*
 * bench/peer_dpdk.c - DPDK's rte_memcpy as a peer column of the benchmark.
 *
 * rte_memcpy.h is a static inline header, like fastmem.h: DPDK users get it
 * expanded at each call site, compiled for the ISA of their build, chosen
 * by target macros only (no run-time dispatch):
 *   __AVX512F__ and RTE_MEMCPY_AVX512 (DPDK's opt-in)  64-byte vectors
 *   __AVX2__                                            32-byte vectors
 *   otherwise (SSSE3 and up, DPDK's default -march=corei7) 16-byte vectors
 * bench.mk compiles this file once per ISA with those flags, each object
 * with its own function names (-DPEER_ISA=avx512|avx2|sse).  The loops
 * below are harness.c's loops: rte_memcpy is inlined into them, with the same
 * barriers as fastmem's inline call, so neither side pays a call per copy.
 */
#include "peer.h"

#include <rte_memcpy.h>

#define OPAQUE(x) __asm__ volatile("" : "+r"(x))
#define CLOBBER() __asm__ volatile("" ::: "memory")

#define PEER_CAT2(a, b) a##b
#define PEER_CAT(a, b) PEER_CAT2(a, b)
#define FIXED_NAME PEER_CAT(bench_dpdk_fixed_, PEER_ISA)
#define TABLE_NAME PEER_CAT(bench_dpdk_table_, PEER_ISA)
#define VERSION_NAME PEER_CAT(bench_dpdk_version_, PEER_ISA)
#define PEER_STR2(x) #x
#define PEER_STR(x) PEER_STR2(x)

const char *VERSION_NAME(void);

/* DPDK's version from its build configuration (rte_version() needs the
 * library; this is header-only use) */
const char *VERSION_NAME(void) {
  return PEER_STR(RTE_VER_YEAR) "." PEER_STR(RTE_VER_MONTH) "." PEER_STR(RTE_VER_MINOR);
}

void FIXED_NAME(unsigned char *d, const unsigned char *s, size_t n, long iters);
void TABLE_NAME(const struct entry *tab, size_t tabn, unsigned char *db, const unsigned char *sb,
                long iters);

void FIXED_NAME(unsigned char *d, const unsigned char *s, size_t n, long iters) {
  long i;
  for (i = 0; i < iters; i++) {
    OPAQUE(d);
    OPAQUE(s);
    OPAQUE(n);
    rte_memcpy(d, s, n);
    CLOBBER();
  }
}

void TABLE_NAME(const struct entry *tab, size_t tabn, unsigned char *db, const unsigned char *sb,
                long iters) {
  long i;
  for (i = 0; i < iters;) {
    const struct entry *e = tab, *end = tab + tabn;
    for (; e != end; e++, i++) {
      unsigned char *d = db + e->dst;
      const unsigned char *s = sb + e->src;
      size_t n = e->n;
      OPAQUE(d);
      OPAQUE(s);
      OPAQUE(n);
      rte_memcpy(d, s, n);
      CLOBBER();
    }
  }
}
