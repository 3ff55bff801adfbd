/* bench/core_probe.h - is another program sharing our core? The probe of
 * bench/core_share.c (which explains it) and bench/core_watch.c.
 *
 * 4096 steps of four independent add chains, timed against 4096 steps of
 * one chain of four adds, the least of five tries of each: about 2 and 4 us
 * on a core of its own. The ratio of the two does not depend on the clock;
 * it grows when the core's issue slots are split with another hardware
 * thread. *sink keeps the sums alive. */
#ifndef BENCH_CORE_PROBE_H
#define BENCH_CORE_PROBE_H

#include "timing.h"

/* 4096 steps of four adds: to four sums (wide) or one after another to one
   (chain). On x86 each loop is one asm statement that starts at a 64-byte
   boundary, so that the compiler cannot add register copies to the steps
   and every build runs the same loops: with the adds alone in asm, gcc
   put eight moves into one build's wide step, and its ratio read 0.75 on
   a core of its own where another build read 0.45. */
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
    a += i;                                                                                        \
    b += i;                                                                                        \
    c += i;                                                                                        \
    d += i;                                                                                        \
    __asm__ volatile("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d));                                     \
  }
#define CORE_PROBE_CHAIN(x, i)                                                                     \
  for (i = 0; i < 4096; i++) {                                                                     \
    x += i;                                                                                        \
    __asm__ volatile("" : "+r"(x));                                                                \
    x += i;                                                                                        \
    __asm__ volatile("" : "+r"(x));                                                                \
    x += i;                                                                                        \
    __asm__ volatile("" : "+r"(x));                                                                \
    x += i;                                                                                        \
    __asm__ volatile("" : "+r"(x));                                                                \
  }
#endif

/* One function, not inlined: two inlined copies of an earlier version of
   this probe in one bench build read 0.45 and 0.75 back to back on a core
   of its own. */
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

/* The core counts as shared while the ratio is above CORE_SHARED_ABOVE
   times *best, the least one seen so far (kept up to date here). 1.5: on
   AMD family 1Ah model 02h a core of its own read 0.40-0.45 or 0.50-0.55,
   a shared one 0.65-1.0, nothing between (2956 probes of `make
   bench-core-watch` with the adds alone in asm; figures in
   bench/results/amd-1ah-02h-2026-12-02-shared-core). The loops in asm
   read 0.38-0.46 on a core of its own there. Waits 10 ms at a time while
   the core is shared, up to max_s seconds; returns the seconds waited,
   negated where it gave up on a core still shared. */
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
