/*
 * bench/core_watch.c - `make bench-core-watch`: the probe of
 * bench/core_share.c, every 0.1 s, next to calls whose speed depends on
 * having the core alone: fastmem's and glibc's memcmp of 256 equal bytes
 * and memcpy of 64 bytes (fastmem at the tier that LIMIT allows, e.g. 0x3b
 * for AVX2). One line per probe, then the medians on a core of its own and
 * on a shared one (probe ratio above CORE_SHARED_ABOVE times the least
 * seen).
 *
 *   core_watch [SECONDS [LIMIT]]
 */
#define _GNU_SOURCE
#include "fastmem.h"
#include "core_probe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STEPS 100000
#define MAXP 20000

typedef int (*cmp_fn)(const void *, const void *, size_t);
typedef void *(*cpy_fn)(void *, const void *, size_t);
static cmp_fn volatile libc_memcmp = memcmp;
static cpy_fn volatile libc_memcpy = memcpy;
static volatile long sink;
static unsigned char A[8192] __attribute__((aligned(64))), B[8192] __attribute__((aligned(64)));

#define OPAQUE(x) __asm__ volatile("" : "+r"(x))
/* ns per call of CALL, STEPS calls */
#define TIME(CALL)                                                                                 \
  do {                                                                                             \
    double t0 = now_ns();                                                                          \
    long i;                                                                                        \
    for (i = 0; i < STEPS; i++) {                                                                  \
      OPAQUE(a);                                                                                   \
      OPAQUE(n);                                                                                   \
      CALL;                                                                                        \
      __asm__ volatile("" ::: "memory");                                                           \
    }                                                                                              \
    t[k++] = (now_ns() - t0) / STEPS;                                                              \
  } while (0)

static double col[5][MAXP];

int main(int argc, char **argv) {
  double secs = argc > 1 ? atof(argv[1]) : 60, end, best = 1e30, med[2][5];
  int np = 0, j, c, g, cnt[2];
  const unsigned char *a = A, *b = B + 2048;
  unsigned char *d = B + 4096;
  long acc = 0;
  if (argc > 2) fm_cpu_limit((unsigned)strtoul(argv[2], NULL, 0));
  memset(A, 7, sizeof A);
  memset(B, 7, sizeof B);
  printf("# %s; ns per call: probe ratio, fastmem memcmp 256, glibc memcmp 256, fastmem "
         "memcpy 64, glibc memcpy 64\n",
         fm_path_name());
  end = now_ns() + secs * 1e9;
  while (now_ns() < end && np < MAXP) {
    double t[5];
    int k = 1;
    size_t n = 256;
    struct timespec pause = {0, 100000000};
    t[0] = core_probe_ratio(&sink);
    TIME(acc += fm_memcmp(a, b, n));
    TIME(acc += libc_memcmp(a, b, n));
    n = 64;
    TIME(fm_memcpy(d, a, n));
    TIME(libc_memcpy(d, a, n));
    printf("%.3f %.3f %.3f %.3f %.3f\n", t[0], t[1], t[2], t[3], t[4]);
    fflush(stdout);
    for (c = 0; c < 5; c++) col[c][np] = t[c];
    if (t[0] < best) best = t[0];
    np++;
    nanosleep(&pause, NULL);
  }
  /* medians per state of the core */
  for (g = 0; g < 2; g++) {
    static double v[MAXP];
    for (c = 0; c < 5; c++) {
      int m = 0;
      for (j = 0; j < np; j++)
        if ((col[0][j] > CORE_SHARED_ABOVE * best) == g) v[m++] = col[c][j];
      med[g][c] = m ? median_of(v, m) : 0;
      cnt[g] = m;
    }
  }
  for (g = 0; g < 2; g++)
    printf("# %s: %d probes, medians: ratio %.2f, fastmem memcmp 256 %.2f ns, glibc %.2f ns "
           "(glibc/fastmem %.2f), fastmem memcpy 64 %.2f ns, glibc %.2f ns (%.2f)\n",
           g ? "shared core" : "core of its own", cnt[g], med[g][0], med[g][1], med[g][2],
           med[g][1] > 0 ? med[g][2] / med[g][1] : 0, med[g][3], med[g][4],
           med[g][3] > 0 ? med[g][4] / med[g][3] : 0);
  sink += acc;
  return 0;
}
