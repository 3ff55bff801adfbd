/* A 100/300-byte memcpy and memset whose destination crosses a 4 KiB boundary
   against the same mid-page: glibc and fastmem (default build), one process.
   gcc -O2 -I. bench/results/amd-19h-11h-2026-12-03/page-splits-peers.c (page-splits.sh) */
#include "fastmem.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
typedef void *(*cp_t)(void *, const void *, size_t);
typedef void *(*st_t)(void *, int, size_t);
static cp_t volatile lcp = memcpy;
static st_t volatile lst = memset;
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e9 + t.tv_nsec; }
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
#define IT 20000
__attribute__((noinline)) static double run(int which, unsigned char *d, const unsigned char *s, size_t n) {
  double t0 = now();
  for (int i = 0; i < IT; i++) {
    __asm__ volatile("" : "+r"(d), "+r"(n));
    switch (which) {
    case 0: lcp(d, s, n); break;
    case 1: fm_memcpy(d, s, n); break;
    case 2: lst(d, 7, n); break;
    default: fm_memset(d, 7, n); break;
    }
    __asm__ volatile("" ::: "memory");
  }
  return (now() - t0) / IT;
}
int main(void) {
  unsigned char *b = aligned_alloc(1 << 21, 1 << 22);
  memset(b, 1, 1 << 22);
  static const char *name[] = {"glibc memcpy", "fastmem memcpy", "glibc memset", "fastmem memset"};
  size_t sizes[] = {100, 300};
  for (int si = 0; si < 2; si++)
    for (int w = 0; w < 4; w++) {
      size_t n = sizes[si];
      double mid[15], cross[15];
      for (int r = 0; r < 15; r++) {
        mid[r] = run(w, b + 8192 + 1000, b + 65536 + 5, n);
        cross[r] = run(w, b + 8192 + 4096 - n / 2, b + 65536 + 5, n);
      }
      qsort(mid, 15, sizeof(double), cmpd);
      qsort(cross, 15, sizeof(double), cmpd);
      printf("%-15s n=%zu: mid-page %.1f ns, across 4 KiB %.1f ns (%.1fx)\n", name[w], n, mid[7], cross[7], cross[7] / mid[7]);
    }
  return 0;
}
