/* bench/core_probe.h - is another program sharing our core? (bench/core_share.c,
 * bench/ab.c)
 *
 * 4096 steps of four independent adds, timed against 4096 steps of one chain
 * of four adds, the least of five tries of each. The ratio does not depend on
 * the clock; it grows when another hardware thread takes the core's issue
 * slots (0.38-0.46 alone on AMD family 1Ah, 0.65-1.0 shared). Each loop is
 * one asm statement at a 64-byte boundary on x86, so every build runs the
 * same loops (with the adds alone in asm, one build's extra register moves
 * read 0.75 alone). */
#ifndef BENCH_CORE_PROBE_H
#define BENCH_CORE_PROBE_H

#include "timing.h"

#if defined(__x86_64__) || defined(__i386__)
#define CORE_PROBE_WIDE(a, b, c, d, i)                                                             \
  __asm__ volatile("xor %k4, %k4\n\t.p2align 6\n"                                                  \
                   "1:\n\tadd %4, %0\n\tadd %4, %1\n\tadd %4, %2\n\tadd %4, %3\n\t"                \
                   "add $1, %4\n\tcmp $4096, %4\n\tjne 1b"                                         \
                   : "+r"(a), "+r"(b), "+r"(c), "+r"(d), "=&r"(i)                                  \
                   :                                                                               \
                   : "cc")
#define CORE_PROBE_CHAIN(x, i)                                                                     \
  __asm__ volatile("xor %k1, %k1\n\t.p2align 6\n"                                                  \
                   "1:\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"                \
                   "add $1, %1\n\tcmp $4096, %1\n\tjne 1b"                                         \
                   : "+r"(x), "=&r"(i)                                                             \
                   :                                                                               \
                   : "cc")
#else
#define CORE_PROBE_WIDE(a, b, c, d, i)                                                             \
  for (i = 0; i < 4096; i++) {                                                                     \
    a += i, b += i, c += i, d += i;                                                                \
    __asm__ volatile("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d));                                     \
  }
#define CORE_PROBE_STEP(x, i)                                                                      \
  x += i;                                                                                          \
  __asm__ volatile("" : "+r"(x))
#define CORE_PROBE_CHAIN(x, i)                                                                     \
  for (i = 0; i < 4096; i++) {                                                                     \
    CORE_PROBE_STEP(x, i);                                                                         \
    CORE_PROBE_STEP(x, i);                                                                         \
    CORE_PROBE_STEP(x, i);                                                                         \
    CORE_PROBE_STEP(x, i);                                                                         \
  }
#endif

/* Not inlined: two inlined copies once read 0.45 and 0.75 back to back. */
__attribute__((noinline, unused)) static double core_probe_ratio(volatile long *sink) {
  unsigned long a = 1, b = 2, c = 3, d = 4, x = 5, i;
  double wide = 1e30, chain = 1e30;
  int k;
  for (k = 0; k < 5; k++) {
    double t0 = now_ns(), t1, t2;
    CORE_PROBE_WIDE(a, b, c, d, i);
    t1 = now_ns();
    CORE_PROBE_CHAIN(x, i);
    t2 = now_ns();
    if (t1 - t0 < wide) wide = t1 - t0;
    if (t2 - t1 < chain) chain = t2 - t1;
  }
  *sink += (long)(a + b + c + d + x);
  return wide / chain;
}

/* The core is shared while the ratio is above CORE_SHARED_ABOVE times *best,
   the least seen so far (kept up to date here): on AMD family 1Ah nothing
   fell between 1.1x and 1.5x of the least. Waits 10 ms at a time while it
   is, up to max_s seconds; returns the seconds waited, negated if it gave
   up on a core still shared. */
#define CORE_SHARED_ABOVE 1.5
static inline double core_wait_unshared(double *best, double max_s, volatile long *sink) {
  double waited = 0, r;
  struct timespec pause = {0, 10000000};
  while ((r = core_probe_ratio(sink)) > CORE_SHARED_ABOVE * *best || r < *best) {
    if (r < *best) {
      *best = r;
      continue;
    }
    if (waited >= max_s) return -waited - 1e-9;
    nanosleep(&pause, NULL);
    waited += 0.01;
  }
  return waited;
}

#endif
