/* The same fastmem code at eight places: memcmp of 33-300 bytes through
 * fm_memcmp (the call site and the tier) and through the AVX2 tier alone,
 * with PAD x 16 bytes of code ahead of both. Twenty-seventh session, AMD
 * EPYC family 19h model 11h (Zen 4), AVX2 tier (fm_cpu_limit(0x3b)):
 *
 *   for p in 0 1 2 3 4 5 6 7; do
 *     clang -O2 -I../../.. -DPAD=$p placement-pads.c -o /tmp/pp$p && /tmp/pp$p 33 100 300
 *   done
 *
 * ns per call, the least of 30 runs of 100000 calls; output in
 * placement-pads.txt. */
#include "fastmem.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define OPAQUE(x) __asm__ volatile("" : "+r"(x))
#define STR2(x) #x
#define STR(x) STR2(x)
#if PAD > 0
__asm__(".text\n\t.skip " STR(PAD) " * 16, 0x90");
#endif

/* a loop of ITERS calls of CALL(a, b, n), its results summed */
#define TIMED_LOOP(name, CALL)                                                                     \
  __attribute__((noinline)) static long name(const unsigned char *a, const unsigned char *b,      \
                                             size_t n, long iters) {                               \
    long acc = 0, i;                                                                               \
    for (i = 0; i < iters; i++) {                                                                  \
      OPAQUE(a);                                                                                   \
      OPAQUE(b);                                                                                   \
      OPAQUE(n);                                                                                   \
      acc += CALL(a, b, n);                                                                        \
    }                                                                                              \
    return acc;                                                                                    \
  }
TIMED_LOOP(by_call_site, fm_memcmp)
TIMED_LOOP(by_tier, fm__cmp_avx2)

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

int main(int argc, char **argv) {
  static unsigned char a[4096] __attribute__((aligned(64))), b[4096] __attribute__((aligned(64)));
  int k, r, w;
  memset(a, 1, sizeof a);
  memset(b, 1, sizeof b);
  fm_cpu_limit(0x3b);
  for (k = 1; k < argc; k++) {
    size_t n = strtoul(argv[k], NULL, 0);
    double best[2] = {1e9, 1e9};
    for (r = 0; r < 30; r++)
      for (w = 0; w < 2; w++) {
        double t = now();
        if (w) by_tier(a, b, n, 100000);
        else by_call_site(a, b, n, 100000);
        t = (now() - t) / 100000;
        if (t < best[w]) best[w] = t;
      }
    printf("pad %d x 16: %4zu B  fm_memcmp %.2f ns  tier alone %.2f ns\n", PAD, n, best[0],
           best[1]);
  }
  return 0;
}
