/*
 * bench/peer.h - the interface between the harness (harness.c) and the peer loops that are
 * compiled in their own translation units (bench/peer_dpdk.c, once per ISA),
 * because they need compiler flags that harness.c itself must not get.
 */
#ifndef BENCH_PEER_H
#define BENCH_PEER_H

#include <stddef.h>
#include <stdint.h>

/* one call of a random table: pointers are base + offset */
struct entry {
  uint32_t src, dst, n;
  int c;
};

/* A copy loop over one (d, s, n), `iters` calls, and a loop over a table
 * of calls, repeated until `iters` calls (a multiple of tabn) are done.
 * The copy routine is inlined into each loop, with the same barriers as
 * harness.c's loops for fastmem and libc. */
typedef void (*peer_fixed_fn)(unsigned char *d, const unsigned char *s, size_t n, long iters);
typedef void (*peer_table_fn)(const struct entry *tab, size_t tabn, unsigned char *db,
                              const unsigned char *sb, long iters);

struct peer_build {
  const char *isa;   /* "avx512", "avx2" or "sse" */
  const char *flags; /* the ISA flags it was compiled with */
  peer_fixed_fn fixed;
  peer_table_fn table;
  const char *(*version)(void);
};

#define PEER_DECLARE(isa)                                                                          \
  void bench_dpdk_fixed_##isa(unsigned char *, const unsigned char *, size_t, long);               \
  void bench_dpdk_table_##isa(const struct entry *, size_t, unsigned char *,                       \
                              const unsigned char *, long);                                        \
  const char *bench_dpdk_version_##isa(void);

#endif
