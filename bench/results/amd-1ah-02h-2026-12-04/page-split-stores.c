/* page-split-stores.c - copies and sets of 100, 300 and 2000 bytes whose
 * last or first 64-byte block crosses a 4 KiB boundary, against the same
 * call mid-page: fastmem (default, or built with FASTMEM_AVOID_PAGE_SPLITS)
 * or, with -DUSE_LIBC, the C library through a pointer. TSC ticks per call,
 * the least of 15 batches of 100000.
 *
 *   gcc -O2 -I../../.. page-split-stores.c -o fm
 *   gcc -O2 -I../../.. -DFASTMEM_AVOID_PAGE_SPLITS page-split-stores.c -o fm-split
 *   gcc -O2 -I../../.. -DUSE_LIBC page-split-stores.c -o libc
 */
#include "fastmem.h"
#include <stdio.h>
#include <string.h>
#include <x86intrin.h>

static unsigned char src_buf[1 << 16] __attribute__((aligned(4096)));
static unsigned char dst_buf[1 << 16] __attribute__((aligned(4096)));
#define KEEP(x) __asm__ volatile("" : "+r"(x))
#ifdef USE_LIBC
static void *(*volatile copy_fn)(void *, const void *, size_t) = memcpy;
static void *(*volatile set_fn)(void *, int, size_t) = memset;
#define COPY(d, s, n) copy_fn(d, s, n)
#define SET(d, n) set_fn(d, 7, n)
#else
#define COPY(d, s, n) fm_memcpy(d, s, n)
#define SET(d, n) fm_memset(d, 7, n)
#endif

typedef void call_loop(unsigned char *, const unsigned char *, size_t, long);
__attribute__((noinline)) static void copies(unsigned char *d, const unsigned char *s, size_t n,
                                             long iters) {
  for (long i = 0; i < iters; i++) {
    KEEP(d);
    KEEP(s);
    KEEP(n);
    COPY(d, s, n);
    __asm__ volatile("" ::: "memory");
  }
}
__attribute__((noinline)) static void sets(unsigned char *d, const unsigned char *s, size_t n,
                                           long iters) {
  (void)s;
  for (long i = 0; i < iters; i++) {
    KEEP(d);
    KEEP(n);
    SET(d, n);
    __asm__ volatile("" ::: "memory");
  }
}
static double ticks(call_loop *f, unsigned char *d, const unsigned char *s, size_t n) {
  double best = 1e30;
  for (int r = 0; r < 15; r++) {
    unsigned long long t0 = __rdtsc();
    f(d, s, n, 100000);
    double t = (double)(__rdtsc() - t0) / 1e5;
    if (t < best) best = t;
  }
  return best;
}

int main(void) {
  static const size_t sizes[] = {100, 300, 2000};
  static call_loop *const fns[2] = {copies, sets};
  static const char *const names[2] = {"copy", "set"};
  for (int f = 0; f < 2; f++)
    for (unsigned k = 0; k < 3; k++) {
      size_t n = sizes[k];
      unsigned char *boundary = dst_buf + 8192;
      double mid = ticks(fns[f], boundary + 1024, src_buf + 2048, n);
      double tail = ticks(fns[f], boundary - n + 30, src_buf + 2048, n); /* last block crosses */
      double head = ticks(fns[f], boundary - 20, src_buf + 2048, n);     /* first block crosses */
      printf("%-4s %4zu B: mid-page %6.2f, last block crossing %6.2f (%.1fx), first %6.2f (%.1fx)\n",
             names[f], n, mid, tail, tail / mid, head, head / mid);
    }
  return 0;
}
