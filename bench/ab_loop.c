/* bench/ab_loop.c - one timed call loop per operation, compiled once per
 * side of an A/B comparison (see ab.sh): NAME is the side (libc, A or B),
 * and -I picks which fastmem headers it sees. */
#include "fastmem.h"
#include <string.h>

/* one call of a random table: pointers are base + offset */
struct ab_entry {
  unsigned src, dst, n;
};

#define AB_CAT2(a, b) a##b
#define AB_CAT(a, b) AB_CAT2(a, b)
#define AB_OPAQUE(x) __asm__ volatile("" : "+r"(x))

#if defined(AB_PAD) && AB_PAD > 0
/* ab.sh -P: AB_PAD x 16 bytes more code in the first object of the program,
   so that the objects linked after it (fastmem's A and B) sit that much
   further on */
#define AB_STR2(x) #x
#define AB_STR(x) AB_STR2(x)
__asm__(".text\n\t.skip " AB_STR(AB_PAD) " * 16, 0x90");
#endif

#if defined(AB_LIBC) || defined(AB_DPDK)
typedef void *(*ab_cpy)(void *, const void *, size_t);
typedef void *(*ab_set)(void *, int, size_t);
typedef int (*ab_cmp)(const void *, const void *, size_t);
/* through volatile pointers: the compiler cannot inline or specialise them */
static ab_cpy volatile ab_memcpy = memcpy, ab_memmove = memmove;
static ab_set volatile ab_memset = memset;
static ab_cmp volatile ab_memcmp = memcmp, ab_memcmpeq = __memcmpeq;
#define CPY(d, s, n) ab_memcpy(d, s, n)
#define MOV(d, s, n) ab_memmove(d, s, n)
#define SET(d, n) ab_memset(d, 0x5a, n)
#define CMP(d, s, n) ab_memcmp(d, s, n)
/* memeq: glibc's __memcmpeq where the libc has it, as in the benchmark */
extern int __memcmpeq(const void *, const void *, size_t) __attribute__((weak));
#define EQ(d, s, n) ((__memcmpeq ? ab_memcmpeq : ab_memcmp)(d, s, n) == 0)
#ifdef AB_DPDK
/* ab.sh -p dpdk: the peer side copies with DPDK's rte_memcpy, inlined here
   and built for the ISA ab.sh names, as the benchmark's dpdk column does
   (bench/peer_dpdk.c); only memcpy (rte_memcpy does not handle overlap) */
#include <rte_memcpy.h>
#undef CPY
#define CPY(d, s, n) rte_memcpy(d, s, n)
#endif
#else
#define CPY(d, s, n) fm_memcpy(d, s, n)
#define MOV(d, s, n) fm_memmove(d, s, n)
#define SET(d, n) fm_memset(d, 0x5a, n)
#define CMP(d, s, n) fm_memcmp(d, s, n)
#define EQ(d, s, n) fm_memeq(d, s, n)
#endif

#define AB_LOOP(CALL)                                                                              \
  for (i = 0; i < iters; i++) {                                                                    \
    AB_OPAQUE(d);                                                                                  \
    AB_OPAQUE(s);                                                                                  \
    AB_OPAQUE(n);                                                                                  \
    CALL;                                                                                          \
    __asm__ volatile("" ::: "memory");                                                             \
  }                                                                                                \
  break

__attribute__((noinline)) long AB_CAT(ab_run_, NAME)(int op, unsigned char *d,
                                                     const unsigned char *s, size_t n, long iters) {
  long i, acc = 0;
  switch (op) {
  case 0: AB_LOOP(CPY(d, s, n));
  case 1: AB_LOOP(MOV(d, s, n));
  case 2: AB_LOOP(SET(d, n));
  case 3: AB_LOOP(acc += CMP(d, s, n));
  case 4: AB_LOOP(acc += EQ(d, s, n));
  default: break;
  }
  return acc;
}

/* The same over a table of calls (sizes and offsets vary call to call). */
__attribute__((noinline)) long AB_CAT(ab_table_,
                                      NAME)(int op, unsigned char *db, const unsigned char *sb,
                                            const struct ab_entry *tab, size_t ntab, long iters) {
  long i, acc = 0;
  size_t k;
  for (i = 0; i < iters; i += (long)ntab)
    for (k = 0; k < ntab; k++) {
      unsigned char *d = db + tab[k].dst;
      const unsigned char *s = sb + tab[k].src;
      size_t n = tab[k].n;
      AB_OPAQUE(d);
      AB_OPAQUE(s);
      AB_OPAQUE(n);
      switch (op) {
      case 0: CPY(d, s, n); break;
      case 1: MOV(d, s, n); break;
      case 2: SET(d, n); break;
      case 3: acc += CMP(d, s, n); break;
      case 4: acc += EQ(d, s, n); break;
      default: break;
      }
      __asm__ volatile("" ::: "memory");
    }
  return acc;
}

/* fm_cpu_limit for this side (each side has its own probe state). */
void AB_CAT(ab_limit_, NAME)(unsigned mask) {
#if defined(AB_LIBC) || defined(AB_DPDK)
  (void)mask;
#else
  fm_cpu_limit(mask);
#endif
}
