/* bench/novec.c - fastmem without vector registers (the kernel-style build,
 * bench/novec_ops.c) on x86: its general-register loops against rep movsb and
 * rep stosb, size by size, and fastmem as built (whatever its plan picks for
 * this CPU) against both. The measurement behind the no-vector sizes of the
 * x86 plan (fm__x86_find_plan); run by `sh bench/tune.sh novec`.
 *
 *   bench/out/novec [--off=K]     src % 64 = K, dst % 64 = 3K % 64 (default 0)
 *
 * Strategies take turns in batches, each after an untimed warm-up call;
 * medians of 11. Ratios are the loop's time over the other's (> 1: faster
 * than the loop). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cpuid.h>
#include "timing.h" /* bench/timing.h */

#ifndef FM_CPU_ERMS
#define FM_CPU_ERMS 0x08u /* fastmem.h's bit; this file does not include it */
#endif

void novec_copy(unsigned char *d, const unsigned char *s, size_t n);
void novec_set(unsigned char *d, int c, size_t n);
unsigned novec_features(void);
void novec_limit(unsigned mask);
const char *novec_path(void);
void novec_movsb(unsigned char *d, const unsigned char *s, size_t n);
void novec_stosb(unsigned char *d, int c, size_t n);

enum { LOOP, STRING, BUILT, NSTRAT };

static unsigned feats;

static void run(int op, int strat, unsigned char *d, const unsigned char *s, size_t n) {
  novec_limit(strat == LOOP ? feats & ~FM_CPU_ERMS : feats);
  if (op == 0) {
    if (strat == STRING) novec_movsb(d, s, n);
    else novec_copy(d, s, n);
  } else {
    if (strat == STRING) novec_stosb(d, 0x5a, n);
    else novec_set(d, 0x5a, n);
  }
}

static double batch(int op, int strat, unsigned char *d, const unsigned char *s, size_t n) {
  size_t it = 1 + (2u << 20) / (n + 64), i;
  double t0;
  run(op, strat, d, s, n);
  t0 = now_ns();
  for (i = 0; i < it; i++) {
    run(op, strat, d, s, n);
    __asm__ volatile("" ::: "memory");
  }
  return (now_ns() - t0) / (double)it;
}

int main(int argc, char **argv) {
  int off = 0, op, k, j;
  size_t n, max = 16u << 20;
  unsigned a, b, c, dd, fam, model;
  char brand[49] = "";
  unsigned char *src = aligned_alloc(4096, max + 4096), *dst = aligned_alloc(4096, max + 4096);
  if (argc > 1 && !strncmp(argv[1], "--off=", 6)) off = atoi(argv[1] + 6) & 63;
  if (!src || !dst) return 1;
  memset(src, 1, max + 4096);
  memset(dst, 2, max + 4096);
  __cpuid(1, a, b, c, dd);
  fam = ((a >> 8) & 15) + ((a >> 8 & 15) == 15 ? (a >> 20) & 255 : 0);
  model = ((a >> 4) & 15) | (((a >> 8 & 15) >= 6) ? ((a >> 16) & 15) << 4 : 0);
  for (k = 0; k < 3; k++) __cpuid(0x80000002u + (unsigned)k, *(unsigned *)(brand + 16 * k),
                                  *(unsigned *)(brand + 16 * k + 4), *(unsigned *)(brand + 16 * k + 8),
                                  *(unsigned *)(brand + 16 * k + 12));
  feats = novec_features();
  printf("cpu: %s, family %02xh model %02xh\n", brand, fam, model);
  printf("fastmem without vector registers: path %s, features 0x%x; src %% 64 = %d, dst %% 64 = %d\n",
         novec_path(), feats, off, 3 * off % 64);
  if (!(feats & FM_CPU_ERMS)) printf("(no ERMS bit: the string columns run anyway, fastmem does not)\n");
  for (op = 0; op < 2; op++) {
    printf("\n%s: ns per call of the word loop; loop time / other time (> 1: faster than the loop)\n",
           op ? "memset" : "memcpy");
    printf("%9s %11s %10s %10s\n", "size", "loop ns", op ? "stosb" : "movsb", "fastmem");
    for (n = 128; n <= max; n += n / 2 > 64 && (n & (n - 1)) == 0 ? n / 2 : n / 3) {
      double t[NSTRAT][11];
      for (k = 0; k < 11; k++)
        for (j = 0; j < NSTRAT; j++) t[j][k] = batch(op, j, dst + 3 * off % 64, src + off, n);
      for (j = 0; j < NSTRAT; j++) qsort(t[j], 11, sizeof(double), cmp_double);
      printf("%9zu %11.1f %10.2f %10.2f\n", n, t[LOOP][5], t[LOOP][5] / t[STRING][5], t[LOOP][5] / t[BUILT][5]);
    }
  }
  novec_limit(feats);
  return 0;
}
