/* short-copy-loop.c - fm_memcpy of 8-64 bytes in a plain loop of its own
 * (the benchmark's loop shape: pointers and size opaque, a memory clobber
 * after each call), dst 2048 bytes above src; TSC ticks per call, the least
 * of 21 batches. With an argument of 1, an AVX-512 instruction runs first
 * and leaves the upper halves of the vector registers dirty.
 *
 *   gcc -O2 -I../../.. short-copy-loop.c -o short-copy-loop
 *   taskset -c 0 ./short-copy-loop 0; taskset -c 0 ./short-copy-loop 1
 */
#include "fastmem.h"
#include <stdio.h>
#include <stdlib.h>
#include <x86intrin.h>

static unsigned char src_buf[1 << 16] __attribute__((aligned(4096)));
static unsigned char dst_buf[1 << 16] __attribute__((aligned(4096)));
#define KEEP(x) __asm__ volatile("" : "+r"(x))

__attribute__((noinline, aligned(64))) static void copies(unsigned char *d, const unsigned char *s,
                                                          size_t n, long iters) {
  for (long i = 0; i < iters; i++) {
    KEEP(d);
    KEEP(s);
    KEEP(n);
    fm_memcpy(d, s, n);
    __asm__ volatile("" ::: "memory");
  }
}

int main(int argc, char **argv) {
  static const size_t sizes[] = {8, 12, 16, 24, 32, 40, 48, 64};
  if (argc > 1 && atoi(argv[1])) __asm__ volatile("vpternlogd $0xff, %%zmm1, %%zmm1, %%zmm1" ::: "xmm1");
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    double best = 1e30;
    for (int r = 0; r < 21; r++) {
      unsigned long long t0 = __rdtsc();
      copies(dst_buf + 2048, src_buf, sizes[k], 200000);
      double t = (double)(__rdtsc() - t0) / 2e5;
      if (t < best) best = t;
    }
    printf("%zu B: %.2f  ", sizes[k], best);
  }
  printf("\n");
  return 0;
}
