/* example.h - what the examples share: a clock, a deterministic random
 * generator, and a line that reports libc's time against fastmem's.
 * Each example runs the same workload twice, once calling the C library
 * and once calling fastmem, checks that both gave the right result, and
 * times them in alternating rounds (this machine is shared and noisy: the
 * median of the rounds, side by side, is what it prints). */
#ifndef EXAMPLE_H
#define EXAMPLE_H
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "fastmem.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A workload function is written once, with "int fast" selecting the C
   library (0) or fastmem (1); it is always inlined into two callers with a
   constant, so each copy makes direct calls, as real code would. */
#define EX_INLINE static inline __attribute__((always_inline))
EX_INLINE void *ex_memcpy(int fast, void *d, const void *s, size_t n) { return fast ? fm_memcpy(d, s, n) : memcpy(d, s, n); }
EX_INLINE void *ex_memmove(int fast, void *d, const void *s, size_t n) { return fast ? fm_memmove(d, s, n) : memmove(d, s, n); }
EX_INLINE int ex_memcmp(int fast, const void *a, const void *b, size_t n) { return fast ? fm_memcmp(a, b, n) : memcmp(a, b, n); }
EX_INLINE int ex_memeq(int fast, const void *a, const void *b, size_t n) { return fast ? fm_memeq(a, b, n) : memcmp(a, b, n) == 0; }

static inline double ex_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* xorshift64: the same sequence on every run. */
static inline uint64_t ex_rand(uint64_t *state) {
  uint64_t x = *state;
  x ^= x << 13; x ^= x >> 7; x ^= x << 17;
  return *state = x;
}

/* Rounds: 7, or 1 with the argument -q (quick, as the test suite runs it). */
static inline int ex_rounds(int argc, char **argv) {
  return argc > 1 && strcmp(argv[1], "-q") == 0 ? 1 : 7;
}

static int ex_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}
static inline double ex_median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, ex_cmp_double);
  return v[n / 2];
}

/* Times run(0) and run(1) in alternating rounds; prints the medians per
   operation and the speedup of fastmem over libc. */
static inline void ex_time(const char *what, long ops, int rounds, void (*run)(int fast)) {
  double t[2][16];
  int r, f;
  if (rounds > 16) rounds = 16;
  for (r = 0; r < rounds; r++)
    for (f = 0; f < 2; f++) {
      double t0 = ex_now();
      run(f);
      t[f][r] = ex_now() - t0;
    }
  {
    double libc = ex_median(t[0], rounds), fast = ex_median(t[1], rounds);
    printf("  %-44s libc %8.1f ns/op   fastmem %8.1f ns/op   x%.2f\n", what, libc * 1e9 / (double)ops,
           fast * 1e9 / (double)ops, libc / fast);
  }
}

/* Checks: print the failures; the program's exit status is theirs. */
static int ex_failed;
#define EX_CHECK(cond, ...)                                                    \
  do {                                                                         \
    if (!(cond)) { ex_failed++; printf("  FAIL: "); printf(__VA_ARGS__); printf("\n"); } \
  } while (0)
static inline int ex_done(const char *name) {
  printf("%s: %s\n", name, ex_failed ? "FAILED" : "results checked, ok");
  return ex_failed != 0;
}
#endif
