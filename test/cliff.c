/* fastmem cliff test: no slow mode at any relative placement of the buffers.
 *
 * String instructions and some loops have slow modes that depend only on
 * where the buffers sit: rep movsb is ~25x slower on AMD Zen 3 when
 * (dst - src) mod 4096 is 1..31, and 14-60x slower on Intel family 6 model
 * CFh when (dst - src) mod 2^32 is 1..63; on AMD Zen 4 the forward vector
 * loops are 1.3-6x slower when it is 1..2047. This test times copies, moves
 * (disjoint) and sets of 16 KiB (where the AVX2 and SSE2 tiers run rep
 * movsb on CPUs whose plan says so), 64 KiB and 1 MiB over placement
 * classes:
 *   - (dst - src) mod 4096: every value 0..128, then a spread up to 4095;
 *   - (dst - src) = 4 GiB + 0..65, and a spread up to 2048 (x86-64 and
 *     other 64-bit targets);
 *   - src % 64 x dst % 64 on a grid;
 * for every tier this CPU has (fm_cpu_limit), and fails when a class takes
 * more than 3x the median class of its row (4.5x for rows up to 16 KiB,
 * SHORT_LIMIT below). A slow mode costs 10-50x, so
 * the rule holds on a shared, noisy machine: each class is the fastest of
 * several batches, and a class over the limit is timed again, up to eight
 * times 10 to 80 ms apart, each time right after the row's median class, and
 * fails only if every such pair stays over the limit.
 *
 * Every build also times short calls (8, 24 and 40 bytes; copies, sets,
 * compares) whose range ends at or just before the end of a page, the next
 * page mapped or PROT_NONE, against the same call mid-page (SHORT_LIMIT;
 * run_mapping_ends), and calls of 0 bytes on pages never touched against
 * touched ones (run_zero_untouched).
 *
 *   cliff [-v]     -v: print every row's median and worst class
 *
 * Ends with "N passed, M failed" (one check per row: op, size, tier).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "fastmem.h"
#include "../bench/timing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define LIMIT 3.0 /* a class slower than LIMIT x the median class fails */
/* Rows of at most 16 KiB (SHORT_MAX) and short calls at a page's end:
   4.5x, as costs that are not slow modes come near 3x there (Intel family
   6 model CFh, `cliff -v`): at 16 KiB, where the AVX2 and SSE2 tiers run
   rep movsb, the placements its guard refuses run their loop (up to 3.1x);
   rep movsb's slow mode costs 45-61x at 16 KiB. */
#define SHORT_LIMIT 4.5
#define SHORT_MAX (16u << 10)
#define MAXCLS 512

static int verbose;
static unsigned long passed, failed;

/* A placement class: where src and dst sit relative to the two bases. */
typedef struct {
  size_t src_off, dst_off;
  int far;
  const char *kind;
} cls;

enum { OP_COPY, OP_MOVE, OP_SET };
static const char *const op_name[] = {"memcpy", "memmove", "memset"};

/* Fastest of `batches` batches of calls, ns per call. */
static double time_class(int op, unsigned char *d, const unsigned char *s, size_t n, int batches) {
  int calls = n <= 4096 ? 1000 : n <= (16u << 10) ? 64 : n <= (64u << 10) ? 16 : 2, b, i;
  double best = 1e30;
  for (b = 0; b < batches; b++) {
    double t0;
    if (op == OP_SET) fm_memset(d, 0x5a, n); /* warm: the same lines as the timed calls */
    else if (op == OP_COPY) fm_memcpy(d, s, n);
    else fm_memmove(d, s, n);
    t0 = now_ns();
    for (i = 0; i < calls; i++) {
      unsigned char *dd = d;
      __asm__ volatile("" : "+r"(dd));
      if (op == OP_SET) fm_memset(dd, i, n);
      else if (op == OP_COPY) fm_memcpy(dd, s, n);
      else fm_memmove(dd, s, n);
      __asm__ volatile("" ::: "memory");
    }
    t0 = (now_ns() - t0) / calls;
    if (t0 < best) best = t0;
  }
  return best;
}

static unsigned char *near_base, *far_base;
#define NEAR_SPAN ((size_t)8 << 20)
#define FAR_GAP ((size_t)1 << 32)

static cls class_of(size_t src_off, size_t dst_off, int far, const char *kind) {
  cls c;
  c.src_off = src_off;
  c.dst_off = dst_off;
  c.far = far;
  c.kind = kind;
  return c;
}

/* The placement classes. src in the first half of the near span, dst in
   the second half (distance 4 MiB + delta: disjoint for n <= 1 MiB), or
   4 GiB + delta above src in the far mapping. */
static int make_classes(cls *c) {
  static const size_t grid[] = {0, 1, 7, 31, 32, 33, 63};
  size_t i, j;
  int k = 0;
  for (i = 0; i <= 128; i++) c[k++] = class_of(64, 64 + i, 0, "mod4096");
  for (i = 192; i < 4096; i += 64) c[k++] = class_of(64, 64 + i, 0, "mod4096");
  for (i = 4032 + 1; i < 4096; i += 5) c[k++] = class_of(64, 64 + i, 0, "mod4096");
  for (i = 0; i < sizeof grid / sizeof grid[0]; i++)
    for (j = 0; j < sizeof grid / sizeof grid[0]; j++)
      c[k++] = class_of(4096 + grid[i], 4096 + grid[j], 0, "align64");
  if (far_base) {
    for (i = 0; i <= 65; i += (i < 8 || i >= 56) ? 1 : 8)
      c[k++] = class_of(64, 64 + i, 1, "mod2^32");
    /* and on to 2048, where AMD Zen 4's forward loops stop waiting */
    for (i = 128; i <= 2048; i *= 2) c[k++] = class_of(64, 64 + i, 1, "mod2^32");
    c[k++] = class_of(64, 64 + 2047, 1, "mod2^32");
  }
  return k;
}

static void place(const cls *c, size_t n, unsigned char **d, unsigned char **s) {
  (void)n;
  *s = near_base + c->src_off;
  *d = c->far ? far_base + FAR_GAP + c->dst_off : near_base + NEAR_SPAN / 2 + c->dst_off;
  if (c->far) *s = far_base + c->src_off;
}

static void run_row(int op, size_t n, const cls *c, int ncls) {
  static double t[MAXCLS], sorted[MAXCLS];
  double median, worst = 0, limit = n <= SHORT_MAX ? SHORT_LIMIT : LIMIT;
  int k, ref, bad = 0, worst_k = 0;
  for (k = 0; k < ncls; k++) {
    unsigned char *d, *s;
    if (op == OP_SET && c[k].far) {
      t[k] = 0;
      continue;
    } /* a set has no source */
    place(&c[k], n, &d, &s);
    t[k] = time_class(op, d, s, n, 3);
  }
  for (k = 0; k < ncls; k++) sorted[k] = t[k];
  qsort(sorted, (size_t)ncls, sizeof(double), cmp_double);
  for (k = 0; k < ncls && sorted[k] == 0; k++) {}
  median = sorted[k + (ncls - k) / 2];
  for (ref = 0; t[ref] != median; ref++) {} /* the median class */
  for (k = 0; k < ncls; k++) {
    double ratio = t[k] / median, ref_ns = median;
    if (ratio > limit) {
      /* time it again, each time right after the median class, up to
         eight times, 10, 20 ... 80 ms apart: a slow mode stays slow
         against its row; a burst of work from a neighbour on the host
         does not, nor a change of clock speed between the row's pass and
         this class (in one CI run on AMD Zen 4 a 100-byte row's median
         came out 2.5 ns where other runs gave it 4.6-4.9, and a class that
         took its usual 11.8 ns failed at 4.8x; in another, with three
         tries 3 ms apart, two 100-byte classes in the middle of a page,
         2.9 ns in other runs, stayed at 13 ns, 4.5-4.7x) */
      unsigned char *d, *s, *rd, *rs;
      int again;
      place(&c[k], n, &d, &s);
      place(&c[ref], n, &rd, &rs);
      for (again = 0; again < 8 && ratio > limit; again++) {
        struct timespec pause = {0, 10000000L * (again + 1)};
        double r, u;
        nanosleep(&pause, NULL);
        r = time_class(op, rd, rs, n, 7);
        u = time_class(op, d, s, n, 7);
        if (u / r < ratio) {
          ratio = u / r;
          t[k] = u;
          ref_ns = r;
        }
      }
    }
    if (ratio > worst) {
      worst = ratio;
      worst_k = k;
    }
    if (ratio > limit) {
      bad++;
      if (bad <= 5)
        printf("FAIL %s n=%zu [%s] %s: src%%64=%zu, dst%%4096=%zu, dst-src=%s%+ld: %.1f ns, "
               "%.1fx the median class (%.1f ns)\n",
               op_name[op], n, fm_path_name(), c[k].kind, c[k].src_off % 64, c[k].dst_off % 4096,
               c[k].far ? "4GiB" : "4MiB", (long)c[k].dst_off - (long)c[k].src_off, t[k], ratio,
               ref_ns);
    }
  }
  if (bad) failed++;
  else passed++;
  if (verbose || bad)
    printf("  %-7s %8zu  %-12s median %8.1f ns, worst %8.1f ns (%.2fx: %s %+ld, src%%64=%zu, "
           "dst%%4096=%zu)\n",
           op_name[op], n, fm_path_name(), median, t[worst_k], worst, c[worst_k].kind,
           (long)c[worst_k].dst_off - (long)c[worst_k].src_off, c[worst_k].src_off % 64,
           c[worst_k].dst_off % 4096);
}

/* Short calls whose range ends at or just before the end of a page, the
   next page mapped or not, against the same call in the middle of a page.
   The AVX-512 byte-masked paths load or store a 64-byte window (copies:
   32) under a mask; where its masked-off bytes reached into the next page,
   AMD Zen 4 took 5x as long for a store (next page mapped) and 60-90x for
   any access (next page PROT_NONE): those calls must keep their speed.
   n is opaque so that the masked paths, not constant-size code, run
   (clang builds, and gcc ones that target AVX-512). */
enum { END_COPY, END_SET, END_CMP, END_EQ };
static const char *const end_name[] = {"memcpy", "memset", "memcmp", "memeq"};
static volatile int end_sink;
static double time_end(int op, unsigned char *a, unsigned char *b, size_t n) {
  double best = 1e30;
  int r, i, acc = 0;
  for (r = 0; r < 5; r++) {
    double t0 = now_ns();
    for (i = 0; i < 2000; i++) {
      size_t m = n;
      __asm__ volatile("" : "+r"(m), "+r"(a), "+r"(b));
      if (op == END_COPY) fm_memcpy(a, b, m);
      else if (op == END_SET) fm_memset(a, i, m);
      else if (op == END_CMP) acc += fm_memcmp(a, b, m);
      else acc += fm_memeq(a, b, m);
      __asm__ volatile("" ::: "memory");
    }
    t0 = (now_ns() - t0) / 2000;
    if (t0 < best) best = t0;
  }
  end_sink = acc;
  return best;
}
/* m: three pages, the last PROT_NONE. Ranges end `gap` bytes before the end
   of the first page (next page mapped) or of the second (next page
   PROT_NONE); compares read their other operand at the same place in the
   other page, copies from the middle of the other page. */
static void run_mapping_ends(unsigned char *m) {
  static const size_t sizes[] = {8, 24, 40}, gaps[] = {0, 1, 17, 40};
  size_t si, gi;
  int op, next;
  for (op = END_COPY; op <= END_EQ; op++)
    for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
      size_t n = sizes[si];
      double mid = time_end(op, m + 4096 + 1000, m + 1000, n), worst = 0;
      int bad = 0;
      for (next = 0; next < 2; next++)
        for (gi = 0; gi < sizeof gaps / sizeof gaps[0]; gi++) {
          unsigned char *end = m + 4096 * (size_t)(next + 1) - gaps[gi] - n;
          unsigned char *other = op < END_CMP ? m + 2000 + 4096 * (size_t)(1 - next)
                                 : next       ? end - 4096
                                              : end + 4096;
          double t = time_end(op, end, other, n), ref = mid;
          if (t > SHORT_LIMIT * ref) { /* once more, right after the call mid-page (run_row) */
            ref = time_end(op, m + 4096 + 1000, m + 1000, n);
            t = time_end(op, end, other, n);
          }
          if (t / ref > worst) worst = t / ref;
          if (t > SHORT_LIMIT * ref && ++bad <= 3)
            printf("FAIL %s n=%zu [%s] at the end of a page, %zu bytes before it, next page %s: "
                   "%.1f ns, %.1fx the same call mid-page (%.1f ns)\n",
                   end_name[op], n, fm_path_name(), gaps[gi], next ? "PROT_NONE" : "mapped", t,
                   t / ref, ref);
        }
      if (bad) failed++;
      else passed++;
      if (verbose || bad)
        printf("  %-7s %8zu  %-12s mid-page %6.1f ns, worst at a page end %.2fx that\n",
               end_name[op], n, fm_path_name(), mid, worst);
    }
}

/* Calls of 0 bytes on pages never touched, so not yet mapped in, against
   the same calls on touched pages. A byte-masked access with every byte
   masked off took 150-300 ns there on AMD Zen 5 (about 150x), and kept
   doing so, as it maps nothing in; a call of 0 bytes must touch nothing. */
static void run_zero_untouched(void) {
  int op;
  for (op = END_COPY; op <= END_EQ; op++) {
    unsigned char *m = (unsigned char *)mmap(NULL, 4 * 4096, PROT_READ | PROT_WRITE,
                                             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    double ref, t;
    if (m == MAP_FAILED) {
      perror("mmap");
      exit(2);
    }
    memset(m + 2 * 4096, 5, 2 * 4096); /* the last two pages touched */
    ref = time_end(op, m + 3 * 4096 + 100, m + 2 * 4096 + 100, 0);
    t = time_end(op, m + 4096 + 100, m + 100, 0);
    if (t > SHORT_LIMIT * ref) { /* once more (run_row) */
      ref = time_end(op, m + 3 * 4096 + 100, m + 2 * 4096 + 100, 0);
      t = time_end(op, m + 4096 + 100, m + 100, 0);
    }
    if (t > SHORT_LIMIT * ref) {
      failed++;
      printf("FAIL %s n=0 [%s] on untouched pages: %.1f ns, %.1fx the same call on touched ones "
             "(%.1f ns)\n",
             end_name[op], fm_path_name(), t, t / ref, ref);
    } else passed++;
    if (verbose)
      printf("  %-7s        0  %-12s touched pages %6.1f ns, untouched %.2fx that\n", end_name[op],
             fm_path_name(), ref, t / ref);
    munmap(m, 4 * 4096);
  }
}

int main(int argc, char **argv) {
  static cls c[MAXCLS];
  static const size_t sizes[] = {16u << 10, 64u << 10, 1u << 20};
  unsigned all, sub, tiers[4];
  unsigned char *ends;
  int ncls, op, nt = 0, i;
  size_t si;
  if (argc > 1 && !strcmp(argv[1], "-v")) verbose = 1;
  near_base = (unsigned char *)mmap(NULL, NEAR_SPAN, PROT_READ | PROT_WRITE,
                                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (near_base == MAP_FAILED) {
    perror("mmap");
    return 2;
  }
  memset(near_base, 1, NEAR_SPAN);
  if (sizeof(void *) == 8) { /* 4 GiB apart: only the touched pages are backed */
    far_base = (unsigned char *)mmap(NULL, FAR_GAP + (4u << 20), PROT_READ | PROT_WRITE,
                                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (far_base == MAP_FAILED) far_base = NULL;
    else {
      memset(far_base, 1, 2u << 20);
      memset(far_base + FAR_GAP, 2, 2u << 20);
    }
  }
  ends = (unsigned char *)mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                               -1, 0);
  if (ends == MAP_FAILED || mprotect(ends + 2 * 4096, 4096, PROT_NONE)) {
    perror("mmap");
    return 2;
  }
  memset(ends, 3, 2 * 4096);
  ncls = make_classes(c);
  all = fm_cpu_features();
  /* every tier this CPU has, with the plan's string instructions and
     non-temporal stores: the full set, then without the widest vectors */
  tiers[nt++] = all;
  for (sub = FM_CPU_AVX512; sub >= FM_CPU_AVX2; sub >>= 1)
    if (all & sub) tiers[nt++] = all & ~(sub | (sub == FM_CPU_AVX2 ? FM_CPU_AVX512 : 0));
  printf("fastmem cliff test: %s, %d placement classes%s, limit %.0fx the median class (%.1fx up "
         "to %u KiB)",
         fm_path_name(), ncls, far_base ? "" : " (no 4 GiB mapping)", LIMIT, SHORT_LIMIT,
         SHORT_MAX >> 10);
  printf("\n");
  for (i = 0; i < nt; i++) {
    fm_cpu_limit(tiers[i]);
    run_mapping_ends(ends);
    run_zero_untouched();
    for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
      for (op = OP_COPY; op <= OP_SET; op++) run_row(op, sizes[si], c, ncls);
  }
  printf("%lu passed, %lu failed\n", passed, failed);
  return failed != 0;
}
