/* bench/timing.h - the clock and the sort helper shared by the benchmark
 * (bench/ and its A/B and plan tools) and the slow-mode test (test/cliff.c).
 *
 * Needs CLOCK_MONOTONIC: define _GNU_SOURCE (or _POSIX_C_SOURCE) before the
 * first #include when compiling with -std=c11 or similar. */
#ifndef BENCH_TIMING_H
#define BENCH_TIMING_H

#include <stdlib.h>
#include <time.h>

/* Monotonic time in nanoseconds. */
static inline double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* qsort comparator for doubles, ascending. */
static inline int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Sorts v[0..n) in place and returns its median (n >= 1). */
static inline double median_of(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n & 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

#endif
