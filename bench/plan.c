/* bench/plan.c - the measurements behind a CPU's row in fastmem's x86 plan
 * table (fm__x86_find_plan), x86-64; built with novec_ops.c by bench/tune.sh.
 *
 *   plan [--width=64|32|16] [--off=K] [--shift=G] [SIZE ...]
 *     rep movsb, rep stosb and non-temporal stores against fastmem's own
 *     vector loop (default: the widest this CPU has), size by size; src % 64
 *     = K, dst % 64 = 3K % 64, dst G bytes further (G < 4096)
 *   plan --novec [--off=K]
 *     the same for fastmem without vector registers (novec_ops.c): its word
 *     loops against rep movsb / rep stosb and against itself as built
 *   plan --slow-scan [SIZE]
 *     raw rep movsb (default 64 KiB) at every (dst - src) mod 4096, 1 page,
 *     4096 pages and 4 GiB apart, src % 64 of 0, 1, 31 and 63: per row the
 *     median over the distances and every run of distances at 1.5x it or
 *     more; then raw rep stosb at each dst % 64
 *
 * Strategies take turns in batches, each after an untimed warm-up call
 * (non-temporal stores evict the destination, which would slow whichever
 * ran next); medians of 11. Ratios are the loop's time over the other's
 * (> 1: the other is faster). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <cpuid.h>
#include "fastmem.h"
#include "timing.h"

#define T_ALL "avx,avx2,avx512f,avx512bw,avx512vl"

static int width = 64;
static unsigned char *gd;
static const unsigned char *gs;
static size_t gn;

/* The strategies as fastmem runs them: a 64-aligned destination, the first
   64 bytes with vectors (fm__x86_move_big, fm__x86_set_big). */
static void (*loop_copy)(unsigned char *, const unsigned char *, size_t);
static void (*loop_set)(unsigned char *, int, size_t);
__attribute__((noinline)) static void movsb_copy(unsigned char *d, const unsigned char *s,
                                                 size_t n) {
  size_t skip = 64 - ((uintptr_t)d & 63);
  fm__move_ends(d, s, 64, 32, 1);
  fm__rep_movsb(d + skip, s + skip, n - skip);
}
__attribute__((noinline)) static void stosb_set(unsigned char *d, int c, size_t n) {
  size_t skip = 64 - ((uintptr_t)d & 63);
  fm__set_ends(d, c, 64, 32, 1);
  fm__rep_stosb(d + skip, c, n - skip);
}
__attribute__((noinline, target(T_ALL))) static void nt_copy(unsigned char *d,
                                                             const unsigned char *s, size_t n) {
  if (width == 64) fm__stream_nt(d, s, n, 64, 0);
  else if (width == 32) fm__stream_nt(d, s, n, 32, 0);
  else fm__stream_nt(d, s, n, 16, 0);
}
__attribute__((noinline, target(T_ALL))) static void nt_set(unsigned char *d, int c, size_t n) {
  fm__v64a pat = FASTMEM__SPLAT(fm__v64a, fm__b64, c);
  const unsigned char *p = (const unsigned char *)&pat;
  if (width == 64) fm__stream_nt(d, p, n, 64, 1);
  else if (width == 32) fm__stream_nt(d, p, n, 32, 1);
  else fm__stream_nt(d, p, n, 16, 1);
}

/* the copy loop, rep movsb, nt; the set loop, rep stosb, nt */
static void strategy(int m, int j) {
  switch (m) {
  case 0: loop_copy(gd, gs, gn); break;
  case 1: movsb_copy(gd, gs, gn); break;
  case 2: nt_copy(gd, gs, gn); break;
  case 3: loop_set(gd, j, gn); break;
  case 4: stosb_set(gd, j, gn); break;
  default: nt_set(gd, j, gn); break;
  }
}

/* fastmem without vector registers, with its own probe state (novec_ops.c):
   the word loop (ERMS masked), rep movsb, as built; the same for sets */
void novec_copy(unsigned char *d, const unsigned char *s, size_t n);
void novec_set(unsigned char *d, int c, size_t n);
unsigned novec_features(void);
void novec_limit(unsigned mask);
const char *novec_path(void);
void novec_movsb(unsigned char *d, const unsigned char *s, size_t n);
void novec_stosb(unsigned char *d, int c, size_t n);
static unsigned novec_feats;
static void novec(int m, int j) {
  if (j < 0) novec_limit(m % 3 ? novec_feats : novec_feats & ~FM_CPU_ERMS); /* before the batch */
  if (m == 1) novec_movsb(gd, gs, gn);
  else if (m == 4) novec_stosb(gd, 0x5a, gn);
  else if (m < 3) novec_copy(gd, gs, gn);
  else novec_set(gd, 0x5a, gn);
}

/* t[m][5]: the median ns per call of the six strategies m, in 11 rounds of
   batches of reps calls that take turns */
static void turns(void (*call)(int m, int j), int reps, double t[6][11]) {
  int r, k, j;
  for (r = 0; r < 11; r++)
    for (k = 0; k < 6; k++) {
      int m = (k + r) % 6;
      double t0 = 0;
      for (j = -1; j < reps; j++) {
        if (j == 0) t0 = now_ns();
        call(m, j);
        __asm__ volatile("" : : "r"(gd) : "memory");
      }
      t[m][r] = (now_ns() - t0) / reps;
    }
  for (k = 0; k < 6; k++) qsort(t[k], 11, sizeof(double), cmp_double);
}

static void print_cpu(void) {
  unsigned a, b, c, d, brand[13] = {0}, i;
  char vendor[13];
  __cpuid(0, a, b, c, d);
  snprintf(vendor, sizeof vendor, "%.4s%.4s%.4s", (char *)&b, (char *)&d, (char *)&c);
  __cpuid(1, a, b, c, d);
  b = (a >> 8) & 15, c = (a >> 4) & 15; /* family and model, extended as the vendors do */
  printf("cpu: %s family %02xh model %02xh stepping %u", vendor,
         b == 15 ? b + ((a >> 20) & 255) : b, b == 6 || b == 15 ? c | ((a >> 12) & 0xf0) : c,
         a & 15);
  for (i = 0; (unsigned)__get_cpuid_max(0x80000000u, NULL) >= 0x80000004u && i < 3; i++)
    __cpuid(0x80000002u + i, brand[4 * i], brand[4 * i + 1], brand[4 * i + 2], brand[4 * i + 3]);
  if (brand[0]) printf(", \"%.48s\"", (const char *)brand);
  printf("; fastmem path %s\n", fm_path_name());
}

/* Fastest of 7 batches of raw rep movsb (or rep stosb when s is NULL). */
static double raw_ns(unsigned char *d, const unsigned char *s, size_t n) {
  double best = 1e30;
  int b, i, calls = n <= (64u << 10) ? 32 : 4;
  for (b = 0; b < 7; b++) {
    double t0 = now_ns();
    for (i = 0; i < calls; i++) {
      if (s) fm__rep_movsb(d, s, n);
      else fm__rep_stosb(d, i, n);
      __asm__ volatile("" : : "r"(d) : "memory");
    }
    t0 = (now_ns() - t0) / calls;
    if (t0 < best) best = t0;
  }
  return best;
}

static int slow_scan(size_t n) {
  static const size_t gap[] = {4096, (size_t)4096 * 4096, (size_t)1 << 32};
  static const char *const gap_name[] = {"1 page", "4096 pages", "4 GiB"};
  static const unsigned src_off[] = {0, 1, 31, 63};
  static double t[4096], sorted[4096];
  size_t g, o, k, run, at;
  unsigned char *m =
      (unsigned char *)mmap(NULL, ((size_t)1 << 32) + (64u << 20), PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED) return perror("mmap"), 1;
  print_cpu();
  printf("raw rep movsb of %zu B at dst - src = gap + delta, delta = 0..4095: the median ns\n"
         "over the 4096 deltas, the slowest delta of 64..4095 (where fastmem may take rep\n"
         "movsb) and every run of deltas at 1.5x the median or more (delta: ns)\n",
         n);
  for (g = 0; g < 3; g++)
    for (o = 0; o < 4; o++) {
      unsigned char *s = m + (1u << 20) + src_off[o];
      double med, worst = 0;
      for (k = 0; k < 4096; k++) sorted[k] = t[k] = raw_ns(s + gap[g] + k, s, n);
      qsort(sorted, 4096, sizeof sorted[0], cmp_double);
      med = sorted[2048];
      for (k = 64, at = 0; k < 4096; k++)
        if (t[k] > worst) worst = t[k], at = k;
      printf("%-10s src%%64=%-2u median %7.0f, slowest of 64..4095 %7.0f at %4zu (%.2fx) |",
             gap_name[g], src_off[o], med, worst, at, worst / med);
      for (k = 0; k < 4096; k = run) {
        double top = 0;
        for (run = k; run < 4096 && t[run] >= 1.5 * med; run++) top = t[run] > top ? t[run] : top;
        if (run == k) run++;
        else printf(" %zu..%zu: %.0f", k, run - 1, top);
      }
      printf("\n");
      fflush(stdout);
    }
  printf("raw rep stosb of %zu B, ns per set, by dst %% 64:", n);
  for (k = 0; k < 64; k++)
    printf("%s%6.0f", k % 16 ? "" : "\n  ", raw_ns(m + (1u << 20) + k, NULL, n));
  printf("\n");
  return 0;
}

int main(int argc, char **argv) {
  static const size_t def[] = {16 << 10,  28 << 10,  32 << 10,  48 << 10, 64 << 10,   128 << 10,
                               256 << 10, 512 << 10, 768 << 10, 1 << 20,  1280 << 10, 1536 << 10,
                               2 << 20,   3 << 20,   4 << 20,   8 << 20,  16 << 20,   24 << 20,
                               32 << 20,  64 << 20,  128 << 20};
  size_t sizes[64], nsizes = 0, k, span = (size_t)512 << 20, shift = 0;
  unsigned f = fm_cpu_features(), off = 0;
  unsigned char *buf;
  int i, nv = 0;
  width = f & FM_CPU_AVX512 ? 64 : f & FM_CPU_AVX2 ? 32 : 16;
  if (argc > 1 && !strcmp(argv[1], "--slow-scan"))
    return slow_scan(argc > 2 ? strtoul(argv[2], NULL, 0) : 65536);
  for (i = 1; i < argc; i++) {
    if (!strncmp(argv[i], "--width=", 8)) width = atoi(argv[i] + 8);
    else if (!strncmp(argv[i], "--shift=", 8)) shift = strtoul(argv[i] + 8, NULL, 0) % 4096;
    else if (!strncmp(argv[i], "--off=", 6)) off = (unsigned)atoi(argv[i] + 6) % 64;
    else if (!strcmp(argv[i], "--novec")) nv = 1;
    else if (nsizes < 64) sizes[nsizes++] = strtoul(argv[i], NULL, 0);
  }
  loop_copy = width == 64 ? fm__move_avx512 : width == 32 ? fm__move_avx2 : fm__move_sse2;
  loop_set = width == 64 ? fm__set_avx512 : width == 32 ? fm__set_avx2 : fm__set_sse2;
  if (nv && !nsizes) /* --novec: 128 B to 16 MiB, steps of a third (from a power of 2: a half) */
    for (k = 128; k <= (16u << 20) && nsizes < 64; k += !(k & (k - 1)) && k > 128 ? k / 2 : k / 3)
      sizes[nsizes++] = k;
  if (!nsizes)
    for (; nsizes < sizeof def / sizeof def[0]; nsizes++) sizes[nsizes] = def[nsizes];
  /* the loop alone: no string instructions, no non-temporal stores */
  fm_cpu_limit(f & (FM_CPU_SSE2 | FM_CPU_AVX2 | FM_CPU_AVX512));
  buf =
      (unsigned char *)mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (buf == MAP_FAILED) return perror("mmap"), 1;
  memset(buf, 1, span);
  print_cpu();
  if (nv) {
    novec_feats = novec_features();
    printf("fastmem without vector registers: path %s, features 0x%x%s\n", novec_path(),
           novec_feats,
           novec_feats & FM_CPU_ERMS ? "" : " (no ERMS: the string columns run, fastmem does not)");
  }
  printf("width %d, src %% 64 = %u, dst %% 64 = %u, (dst - src) %% 4096 = %zu: the loop's ns per "
         "call; loop time / strategy time\n",
         nv ? 8 : width, off, (unsigned)((off * 3 % 64 + shift) % 64),
         (off * 3 % 64 + 4096 - off + shift) % 4096);
  printf("%10s %12s %7s %7s | %12s %7s %7s\n", "size", "copy loop", "movsb", nv ? "built" : "nt",
         "set loop", "stosb", nv ? "built" : "nt");
  for (k = 0; k < nsizes; k++) {
    double t[6][11];
    gn = sizes[k];
    gs = buf + 4096 + off;
    gd = buf + span / 2 + 3 * 4096 + (64 << 10) + off * 3 % 64 + shift;
    if (gn + (64 << 10) + 5 * 4096 > span / 2) {
      fprintf(stderr, "size %zu too large\n", gn);
      return 2;
    }
    if (nv) turns(novec, (int)(1 + (2u << 20) / (gn + 64)), t);
    else turns(strategy, gn < (1u << 20) ? (int)((8u << 20) / gn) : gn < (32u << 20) ? 8 : 2, t);
    printf("%10zu %12.1f %7.2f %7.2f | %12.1f %7.2f %7.2f\n", gn, t[0][5], t[0][5] / t[1][5],
           t[0][5] / t[2][5], t[3][5], t[3][5] / t[4][5], t[3][5] / t[5][5]);
  }
  if (nv) novec_limit(novec_feats);
  return 0;
}
