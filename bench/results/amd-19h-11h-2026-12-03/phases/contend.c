/* fastmem against glibc in one process, interleaved, medians of 11 rounds:
   memcpy or memcmp (equal buffers) of the given sizes; src at a page start,
   dst/b 1 MiB + 2048 on. LIMIT=mask: fm_cpu_limit. Run it alone and with
   copies on the other vCPU (contention.sh) to see what sharing the core
   costs each side.
   gcc -O2 -I. bench/results/amd-19h-11h-2026-12-03/phases/contend.c -o contend && taskset -c 0 ./contend memcmp 193 255 256 385 */
#define _GNU_SOURCE
#include "fastmem.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e9 + t.tv_nsec; }
static void *(*volatile libc_cpy)(void *, const void *, size_t) = memcpy;
static int (*volatile libc_cmp)(const void *, const void *, size_t) = memcmp;
static long sink;
/* the tiers through a pointer, as libc is called: the call site left out */
static int (*volatile tier_cmp)(const fm__u8 *, const fm__u8 *, size_t);
static void (*volatile tier_cpy)(fm__u8 *, const fm__u8 *, size_t);
#define LOOP(name, CALL)                                                                          \
  __attribute__((noinline, aligned(64))) static double name(char *d, const char *s, size_t n, long it) { \
    long acc = 0;                                                                                 \
    double t0 = now();                                                                            \
    for (long i = 0; i < it; i++) { CALL; __asm__ volatile("" ::: "memory"); }                    \
    sink += acc;                                                                                  \
    return (now() - t0) / it;                                                                     \
  }
LOOP(cpy_fm, fm_memcpy(d, s, n))
LOOP(cpy_libc, libc_cpy(d, s, n))
LOOP(cmp_fm, acc += fm_memcmp(d, s, n))
LOOP(cmp_libc, acc += libc_cmp(d, s, n))
LOOP(cmp_tier, acc += tier_cmp((const fm__u8 *)d, (const fm__u8 *)s, n))
LOOP(cpy_tier, tier_cpy((fm__u8 *)d, (const fm__u8 *)s, n))
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
int main(int argc, char **argv) {
  int cmp = argc > 1 && !strcmp(argv[1], "memcmp");
  char *base = mmap(0, 4u << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  char *s = base + (1u << 20), *d = s + (1u << 20) + 2048;
  if (getenv("LIMIT")) fm_cpu_limit((unsigned)strtoul(getenv("LIMIT"), 0, 0));
  memset(base, 1, 4u << 20);
  {
    unsigned f = fm_cpu_features();
    tier_cmp = (f & FM_CPU_AVX512) ? fm__cmp_avx512 : fm__cmp_avx2;
    tier_cpy = (f & FM_CPU_AVX512) ? fm__move_avx512 : fm__move_avx2;
  }
  printf("%s (%s)   fastmem     libc     tier  libc/fastmem  libc/tier\n", cmp ? "memcmp" : "memcpy", fm_path_name());
  for (int k = 2; k < argc; k++) {
    size_t n = strtoul(argv[k], 0, 0);
    double a[11], b[11], c[11];
    for (int r = 0; r < 11; r++) {
      a[r] = cmp ? cmp_fm(d, s, n, 100000) : cpy_fm(d, s, n, 100000);
      b[r] = cmp ? cmp_libc(d, s, n, 100000) : cpy_libc(d, s, n, 100000);
      c[r] = cmp ? cmp_tier(d, s, n, 100000) : cpy_tier(d, s, n, 100000);
    }
    qsort(a, 11, sizeof a[0], cmpd);
    qsort(b, 11, sizeof b[0], cmpd);
    qsort(c, 11, sizeof c[0], cmpd);
    printf("%6zu   %8.2f %8.2f %8.2f  %6.2f  %6.2f\n", n, a[5], b[5], c[5], b[5] / a[5], b[5] / c[5]);
  }
  return 0;
}
