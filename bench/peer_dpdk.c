/* bench/peer_dpdk.c - DPDK's rte_memcpy as a peer column. rte_memcpy.h is
 * static inline, like fastmem.h, and picks its code by target macros only
 * (64-byte vectors with __AVX512F__ and RTE_MEMCPY_AVX512, 32-byte with
 * __AVX2__, else 16-byte SSSE3), so bench.mk compiles this file once per
 * ISA, each object with its own names (-DPEER_ISA=avx512|avx2|sse). The
 * loops are harness.c's, with rte_memcpy inlined into them. */
#include "bench.h"

#include <rte_memcpy.h>

PEER_DECLARE(PEER_ISA)

const char CAT(bench_dpdk_version_, PEER_ISA)[] =
    STR(RTE_VER_YEAR) "." STR(RTE_VER_MONTH) "." STR(RTE_VER_MINOR); /* header-only use */

void CAT(bench_dpdk_fixed_, PEER_ISA)(unsigned char *d, const unsigned char *s, size_t n,
                                      long iters) {
  long i;
  FIXED_LOOP(rte_memcpy(d, s, n));
}

void CAT(bench_dpdk_table_, PEER_ISA)(const struct entry *tab, size_t tabn, unsigned char *db,
                                      const unsigned char *sb, long iters) {
  long i;
  TABLE_LOOP(tab, tabn, rte_memcpy(d, s, n));
}
