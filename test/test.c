/* fastmem test suite: every operation against a byte-at-a-time reference,
 * under every subset of the CPU features fastmem reports, with buffers flush
 * against PROT_NONE guard pages and red zones around every destination.
 *
 *   test [-q] [-s SEED] [-m MASK]
 *     -q       quick: fewer offsets and sizes (for the many build configurations)
 *     -s SEED  seed of the random cases (printed on every run)
 *     -m MASK  test only this feature mask instead of every subset
 *
 * Prints one line per failure (operation, size, offsets, path, seed), then
 * "N passed, M failed"; exits non-zero on any failure.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#if defined(_WIN32) && !defined(__USE_MINGW_ANSI_STDIO)
#define __USE_MINGW_ANSI_STDIO 1 /* MinGW: %zu and %llu in printf */
#endif
#include "fastmem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "ref.h"

static unsigned long passed, failed;
static int quick;
static int const_sizes; /* calls with the size a constant: see CONST_SIZES */
static unsigned long long seed = 1;
static unsigned cur_mask;

static unsigned long long rnd(void) {
  seed ^= seed << 13;
  seed ^= seed >> 7;
  seed ^= seed << 17;
  return seed;
}

/* One check: count it; on failure print what reproduces it. */
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (cond) passed++;                                                                            \
    else {                                                                                         \
      failed++;                                                                                    \
      if (failed <= 30) {                                                                          \
        printf("FAIL %s:%d [%s mask=0x%x%s] ", __FILE__, __LINE__, fm_path_name(), cur_mask,       \
               const_sizes ? ", constant n" : "");                                                 \
        printf(__VA_ARGS__);                                                                       \
        printf("\n");                                                                              \
      }                                                                                            \
    }                                                                                              \
  } while (0)

/* ---- Guarded buffers: [guard page][len bytes, page aligned][guard page] -- */
typedef struct {
  u8 *base;
  size_t len, maplen;
} region;

#ifdef _WIN32
/* Windows: the same with VirtualAlloc and VirtualProtect. */
static size_t page_size(void) {
  SYSTEM_INFO si;
  GetSystemInfo(&si);
  return si.dwPageSize;
}
static void *map_rw(size_t len) {
  return VirtualAlloc(NULL, len, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
}
static void protect_none(void *p, size_t len) {
  DWORD old;
  VirtualProtect(p, len, PAGE_NOACCESS, &old);
}
static void unmap(void *p, size_t len) {
  (void)len;
  VirtualFree(p, 0, MEM_RELEASE);
}
#else
static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }
static void *map_rw(size_t len) {
  void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return m == MAP_FAILED ? NULL : m;
}
static void protect_none(void *p, size_t len) { mprotect(p, len, PROT_NONE); }
static void unmap(void *p, size_t len) { munmap(p, len); }
#endif

static region region_new(size_t len) {
  region r;
  size_t pg = page_size();
  size_t body = (len + pg - 1) / pg * pg;
  u8 *m = (u8 *)map_rw(body + 2 * pg);
  if (!m) {
    perror("mmap");
    exit(2);
  }
  protect_none(m, pg);
  protect_none(m + pg + body, pg);
  r.base = m + pg;
  r.len = body;
  r.maplen = body + 2 * pg;
  return r;
}

static void region_free(region r) { unmap(r.base - page_size(), r.maplen); }

static void fill(u8 *p, size_t n) {
  size_t i;
  for (i = 0; i + 8 <= n; i += 8) {
    unsigned long long x = rnd();
    memcpy(p + i, &x, 8);
  }
  for (; i < n; i++) p[i] = (u8)(rnd() >> 24);
}

/* ---- References ----------------------------------------------------------- */
static void ref_move(u8 *d, const u8 *s, size_t n, u8 *tmp) {
  size_t i;
  for (i = 0; i < n; i++) tmp[i] = s[i];
  for (i = 0; i < n; i++) d[i] = tmp[i];
}

/* Position of the first byte where two buffers differ, or -1. */
static long first_diff(const u8 *a, const u8 *b, size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    if (a[i] != b[i]) return (long)i;
  return -1;
}

/* ---- Sizes ---------------------------------------------------------------- */
static const size_t big_sizes[] = {
    513,   575,   640,   767,   1000,   1023,   1024,    1025,    2047,    2048,
    2049,  2111,  2112,  2113,  4095,   4096,   4097,    8191,    8193,    16384,
    32767, 65535, 65536, 65537, 131071, 262145, 1048575, 1048576, 1048577, 3 * 1048576 + 7,
};

/* The non-temporal threshold, read back through a probe of the real state. */
#ifndef FASTMEM__GNU
static size_t nt_bytes(void) { return 0; } /* the plain C path has none */
#else
static size_t nt_bytes(void) { return (size_t)fm__nt_kib << 10; }
#endif

/* ---- Sizes known at compile time ------------------------------------------
 * A call whose size is a constant compiles to code of its own, the commonest use (memcpy(&x, p,
 * 8)). While const_sizes is set, the tests call through a switch with a case per size in
 * CONST_SIZES, each a call with that size as a constant; other sizes are called as usual. */
#define SIZES4(X, b) X(b) X(b + 1) X(b + 2) X(b + 3)
#define SIZES16(X, b) SIZES4(X, b) SIZES4(X, b + 4) SIZES4(X, b + 8) SIZES4(X, b + 12)
#define SIZES80(X) SIZES16(X, 0) SIZES16(X, 16) SIZES16(X, 32) SIZES16(X, 48) SIZES16(X, 64)
#define CONST_SIZES(X) SIZES80(X) X(80) X(96) X(128) X(255) X(256)
/* clang-format off */
#define CASE_MEMCPY(N) case N: return fm_memcpy(d, s, N);
#define CASE_MEMMOVE(N) case N: return fm_memmove(d, s, N);
#define CASE_MEMSET(N) case N: return fm_memset(d, c, N);
#define CASE_MEMCMP(N) case N: return fm_memcmp(a, b, N);
#define CASE_MEMEQ(N) case N: return fm_memeq(a, b, N);
/* clang-format on */
#define LIST_ITEM(N) N,
static const size_t const_list[] = {CONST_SIZES(LIST_ITEM)};
static void *t_memcpy(void *d, const void *s, size_t n) {
  switch (const_sizes ? n : (size_t)-1) { CONST_SIZES(CASE_MEMCPY) }
  return fm_memcpy(d, s, n);
}
static void *t_memmove(void *d, const void *s, size_t n) {
  switch (const_sizes ? n : (size_t)-1) { CONST_SIZES(CASE_MEMMOVE) }
  return fm_memmove(d, s, n);
}
static void *t_memset(void *d, int c, size_t n) {
  switch (const_sizes ? n : (size_t)-1) { CONST_SIZES(CASE_MEMSET) }
  return fm_memset(d, c, n);
}
static int t_memcmp(const void *a, const void *b, size_t n) {
  switch (const_sizes ? n : (size_t)-1) { CONST_SIZES(CASE_MEMCMP) }
  return fm_memcmp(a, b, n);
}
static int t_memeq(const void *a, const void *b, size_t n) {
  switch (const_sizes ? n : (size_t)-1) { CONST_SIZES(CASE_MEMEQ) }
  return fm_memeq(a, b, n);
}

/* ---- memcpy and memset ---------------------------------------------------- */
/* Where a range of n bytes sits in a region: flush with the front guard, flush
   with the back guard, or inside with room for red zones on both sides. */
enum { AT_START, AT_END, INSIDE };
static u8 *place(region r, size_t n, size_t off, int where) {
  if (where == AT_START) return r.base + off;
  if (where == AT_END) return r.base + r.len - n - off;
  return r.base + 64 + off;
}

/* The bytes of a region around [pos, pos + n): the range and a red zone of
   up to 64 bytes each side, which must keep their fill. */
static size_t win_lo(size_t pos) { return pos > 64 ? pos - 64 : 0; }
static size_t win_hi(region r, size_t pos, size_t n) {
  return pos + n + 64 < r.len ? pos + n + 64 : r.len;
}

/* Offset pairs tried for a size: every dst offset with three src offsets
   (0, the same, and one that varies with both), or a spread for big sizes. */
static int n_pairs(size_t n) { return quick ? 8 : (n <= 512 ? 64 * 3 : 8 * 3); }
static void pair_at(int k, size_t n, size_t *so, size_t *dof) {
  static const size_t spread[] = {0, 1, 3, 7, 15, 31, 33, 63};
  size_t d = n <= 512 && !quick ? (size_t)k / 3 : spread[(size_t)k / 3 % 8];
  size_t kind = quick ? (size_t)k % 3 : (size_t)k % 3;
  *dof = d;
  *so = kind == 0 ? 0 : kind == 1 ? d : (d * 7 + n) % 64;
}

static void test_copy_size(region src, region dst, region exp, size_t n) {
  int k, where;
  for (k = 0; k < n_pairs(n); k++) {
    size_t so, dof;
    pair_at(k, n, &so, &dof);
    for (where = AT_START; where <= INSIDE; where++) {
      /* src at one guard, dst at the other */
      u8 *s = place(src, n, so, where), *d = place(dst, n, dof,
                                                   where == AT_START ? AT_END
                                                   : where == AT_END ? AT_START
                                                                     : INSIDE);
      size_t pos = (size_t)(d - dst.base), lo = win_lo(pos), hi = win_hi(dst, pos, n);
      memset(dst.base + lo, 0xa5, hi - lo);
      memset(exp.base + lo, 0xa5, hi - lo);
      memcpy(exp.base + pos, s, n);
      CHECK(t_memcpy(d, s, n) == d && memcmp(dst.base + lo, exp.base + lo, hi - lo) == 0,
            "memcpy n=%zu src_off=%zu dst_off=%zu where=%d first bad byte %ld (of window at %zu)",
            n, so, dof, where, first_diff(dst.base + lo, exp.base + lo, hi - lo), pos - lo);
    }
  }
}

static void test_set_size(region dst, region exp, size_t n) {
  static const int values[] = {0, 0x5a, 0xff, -1, -65, 130, 0x1ff, 0x7fffff80};
  int k, where;
  for (k = 0; k < n_pairs(n); k += 3)
    for (where = AT_START; where <= INSIDE; where++) {
      size_t so, dof;
      u8 *d;
      size_t pos, lo, hi;
      int c = values[((size_t)k / 3 + n) % 8];
      pair_at(k, n, &so, &dof);
      d = place(dst, n, dof, where);
      pos = (size_t)(d - dst.base);
      lo = win_lo(pos);
      hi = win_hi(dst, pos, n);
      memset(dst.base + lo, 0x3c, hi - lo);
      memset(exp.base + lo, 0x3c, hi - lo);
      memset(exp.base + pos, c & 0xff, n);
      CHECK(t_memset(d, c, n) == d && memcmp(dst.base + lo, exp.base + lo, hi - lo) == 0,
            "memset n=%zu dst_off=%zu where=%d c=%d first bad byte %ld (of window at %zu)", n, dof,
            where, c, first_diff(dst.base + lo, exp.base + lo, hi - lo), pos - lo);
    }
}

/* ---- memmove: overlap at a list of distances, both directions --------- */
static void test_move_size(region buf, region exp, u8 *tmp, size_t n) {
  long dists[64];
  int nd = 0, k, i;
  static const long fixed[] = {0,  1,  2,  3,  4,  5,  6,  7,  8,   9,   10,  11,   12,   13,  14,
                               15, 16, 31, 32, 33, 63, 64, 65, 127, 128, 129, 4095, 4096, 4097};
  for (i = 0; i < (int)(sizeof fixed / sizeof fixed[0]); i++) {
    if ((quick || n > 512) && fixed[i] > 16 && fixed[i] != 32 && fixed[i] != 63 && fixed[i] != 65 &&
        fixed[i] != 4096)
      continue;
    if (n > 512 && fixed[i] > 2 && fixed[i] < 16 && fixed[i] != 8) continue;
    dists[nd++] = fixed[i];
  }
  if (n > 0) dists[nd++] = (long)n - 1;
  dists[nd++] = (long)n;
  dists[nd++] = (long)n + 1;
  dists[nd++] = (long)n + 100; /* disjoint */
  for (k = 0; k < nd; k++) {
    int dir;
    for (dir = -1; dir <= 1; dir += 2) {
      long dist = dir * dists[k];
      size_t span = n + (size_t)dists[k] + 256, base_off, so, dpos;
      u8 *s, *d;
      if (span > buf.len) continue;
      if (dir > 0 && dists[k] == 0) continue;
      /* Flush the higher of the two ranges against the back guard. */
      base_off = buf.len - span + 128 + (rnd() % 8);
      if (base_off + n + (size_t)dists[k] > buf.len) base_off = buf.len - n - (size_t)dists[k];
      so = dist >= 0 ? base_off : base_off + (size_t)(-dist);
      dpos = (size_t)((long)so + dist);
      s = buf.base + so;
      d = buf.base + dpos;
      fill(buf.base + buf.len - span, span);
      memcpy(exp.base + exp.len - span, buf.base + buf.len - span, span);
      ref_move(exp.base + dpos - (buf.len - exp.len), exp.base + so - (buf.len - exp.len), n, tmp);
      CHECK(t_memmove(d, s, n) == d &&
                memcmp(buf.base + buf.len - span, exp.base + exp.len - span, span) == 0,
            "memmove n=%zu dst-src=%ld src_off=%zu first bad byte %ld", n, dist, so & 63,
            first_diff(buf.base + buf.len - span, exp.base + exp.len - span, span));
    }
  }
}

/* ---- memcmp and memeq ------------------------------------------------------ */
/* want: the expected sign, from the reference unless the caller knows it. */
static void check_cmp_want(const u8 *a, const u8 *b, size_t n, const char *what, long pos,
                           int want) {
  int got = t_memcmp(a, b, n), back = t_memcmp(b, a, n);
  int eq = t_memeq(a, b, n);
  CHECK(sign(got) == want && sign(back) == -want && got != (-2147483647 - 1) &&
            back != (-2147483647 - 1),
        "memcmp n=%zu %s pos=%ld a_off=%zu b_off=%zu want %d got %d / reversed %d", n, what, pos,
        (size_t)((uintptr_t)a & 63), (size_t)((uintptr_t)b & 63), want, got, back);
  CHECK(eq == (want == 0), "memeq n=%zu %s pos=%ld want %d got %d", n, what, pos, want == 0, eq);
}

static void check_cmp(const u8 *a, const u8 *b, size_t n, const char *what, long pos) {
  check_cmp_want(a, b, n, what, pos, ref_cmp(a, b, n));
}

static void test_cmp_size(region ra, region rb, size_t n) {
  int where, k;
  long pos;
  for (where = 0; where < 2; where++) {
    size_t ao = where ? 0 : (size_t)(rnd() % 64), bo = where ? 0 : (size_t)(rnd() % 64);
    u8 *a = place(ra, n, ao, where), *b = place(rb, n, bo, where);
    size_t step = n <= 512 ? 1 : n / 61 + 1;
    fill(a, n);
    memcpy(b, a, n);
    check_cmp(a, b, n, "equal", -1);
    /* equal up to n while the byte after n differs (when inside the region) */
    if (where == 0) {
      a[n] = 1;
      b[n] = 2;
      check_cmp(a, b, n, "equal, next byte differs", (long)n);
      a[n] = b[n] = 0;
    }
    if (quick && n > 64) step = n / 7 + 1;
    for (pos = 0; pos < (long)n; pos += (long)step) {
      static const u8 pairs[][2] = {{0x00, 0x01}, {0x7f, 0x80}, {0x80, 0xff}, {0x01, 0xff}};
      const u8 *pr = pairs[(size_t)pos % 4];
      u8 sa = a[pos], sb = b[pos];
      a[pos] = pr[0];
      b[pos] = pr[1];
      /* the planted byte decides; the reference agrees on a sample */
      if (pos % 16 == 0) check_cmp(a, b, n, "one byte differs", pos);
      else check_cmp_want(a, b, n, "one byte differs", pos, -1);
      /* a later difference in the other direction must not matter */
      if (pos + 1 < (long)n) {
        u8 s2 = b[n - 1];
        b[n - 1] = (u8)(a[n - 1] - 1);
        check_cmp_want(a, b, n, "two differ", pos, -1);
        b[n - 1] = s2;
      }
      a[pos] = sa;
      b[pos] = sb;
    }
    if (n > 0)
      for (k = 0; k < 3; k++) { /* the last byte, always */
        size_t p = n - 1;
        u8 sa = a[p];
        a[p] = (u8)(b[p] + 0x81);
        check_cmp(a, b, n, "last byte differs", (long)p);
        a[p] = sa;
      }
  }
}

/* ---- n == 0 touches nothing ------------------------------------------------ */
static void test_zero(region none) {
  void *nul = NULL;
  CHECK(fm_memcpy(nul, nul, 0) == nul, "memcpy(NULL, NULL, 0)");
  CHECK(fm_memmove(nul, nul, 0) == nul, "memmove(NULL, NULL, 0)");
  CHECK(fm_memset(nul, 1, 0) == nul, "memset(NULL, 1, 0)");
  CHECK(fm_memcmp(nul, nul, 0) == 0, "memcmp(NULL, NULL, 0)");
  CHECK(fm_memeq(nul, nul, 0) == 1, "memeq(NULL, NULL, 0)");
  /* a region made PROT_NONE: any access would fault */
  CHECK(fm_memcpy(none.base, none.base + 100, 0) == none.base, "memcpy on PROT_NONE, n=0");
  CHECK(fm_memmove(none.base + 1, none.base, 0) == none.base + 1, "memmove on PROT_NONE, n=0");
  CHECK(fm_memset(none.base, 0, 0) == none.base, "memset on PROT_NONE, n=0");
  CHECK(fm_memcmp(none.base, none.base + 7, 0) == 0, "memcmp on PROT_NONE, n=0");
  CHECK(fm_memeq(none.base, none.base + 7, 0) == 1, "memeq on PROT_NONE, n=0");
}

/* Same pointer: memcpy(p, p, n) and memmove(p, p, n). */
static void test_same(region r, size_t n) {
  u8 *p = r.base + 5;
  u8 *copy = (u8 *)malloc(n + 1);
  fill(p, n);
  memcpy(copy, p, n);
  CHECK(fm_memcpy(p, p, n) == p && memcmp(p, copy, n) == 0, "memcpy same pointer n=%zu", n);
  CHECK(fm_memmove(p, p, n) == p && memcmp(p, copy, n) == 0, "memmove same pointer n=%zu", n);
  free(copy);
}

/* ---- Driver ------------------------------------------------------------------ */
/* fm_cpu_limit(mask), then the backend's own bits in flip (above FM_CPU_ALL:
   on x86 the masked short paths and the fewest-block tails) turned over. */
static void limit(unsigned mask, unsigned flip) {
  fm_cpu_limit(mask);
#ifdef FASTMEM__GNU
  __atomic_fetch_xor(&fm__cpu_state, flip, __ATOMIC_RELAXED);
  cur_mask = fm__cpu_state & ~FASTMEM__READY;
#else
  cur_mask = fm_cpu_features() | (flip & 0);
#endif
}

static void run_mask(unsigned mask, unsigned flip, size_t bufsz, size_t nt) {
  region src = region_new(bufsz), dst = region_new(bufsz), exp = region_new(bufsz);
  region none = region_new(4096);
  u8 *tmp = (u8 *)malloc(bufsz);
  size_t n, i;
  limit(mask, flip);
  protect_none(none.base, none.len);
  fill(src.base, src.len);
  test_zero(none);
  for (n = 0; n <= 512; n += (quick && n > 80) ? 7 : 1) {
    test_copy_size(src, dst, exp, n);
    test_set_size(dst, exp, n);
    test_move_size(dst, exp, tmp, n);
    test_cmp_size(src, dst, n);
  }
  for (i = 0; i < sizeof big_sizes / sizeof big_sizes[0]; i++) {
    n = big_sizes[i];
    if (quick && n > 300000) continue;
    test_copy_size(src, dst, exp, n);
    test_set_size(dst, exp, n);
    test_move_size(dst, exp, tmp, n);
    test_cmp_size(src, dst, n);
  }
  /* Past the non-temporal threshold, once per mask. */
  if (nt + 4096 <= bufsz && !quick) {
    test_copy_size(src, dst, exp, nt + 4095);
    test_set_size(dst, exp, nt + 4095);
    test_cmp_size(src, dst, nt + 4095);
  }
  /* the sizes with a case of their own, called with the size a constant */
  const_sizes = 1;
  for (i = 0; i < sizeof const_list / sizeof const_list[0]; i++) {
    n = const_list[i];
    test_copy_size(src, dst, exp, n);
    test_set_size(dst, exp, n);
    test_move_size(dst, exp, tmp, n);
    test_cmp_size(src, dst, n);
  }
  const_sizes = 0;
  test_same(src, 4096);
  test_same(src, 7);
  region_free(src);
  region_free(dst);
  region_free(exp);
  region_free(none);
  free(tmp);
}

#if defined(FASTMEM_X86_H) && !defined(FASTMEM__NOVEC)
/* One byte below and at each size where this CPU's plan changes strategy
   (rep movsb, rep stosb, non-temporal stores), up to 64 MiB: with the plan
   as probed, without string instructions and without non-temporal stores,
   with the quick set of offsets (these sizes are slow to check); then the
   two ends of the AVX2 and SSE2 tiers' own rep movsb band, in those tiers;
   and where the AVX-512 tier's compares change block width, once. */
static void run_plan_sizes(unsigned all) {
  const unsigned masks[5] = {all, all & ~FM_CPU_ERMS, all & ~FM_CPU_NT, all & ~FM_CPU_AVX512,
                             all & ~(FM_CPU_AVX512 | FM_CPU_AVX2)};
  size_t at[FASTMEM__SZ_COUNT], k, n, bufsz = 0;
  int m, was_quick = quick;
  region src, dst, exp;
  u8 *tmp;
  fm_cpu_limit(all);
  for (k = 0; k < FASTMEM__SZ_COUNT; k++) {
    at[k] = fm__x86_big[k];
    if (at[k] <= (64u << 20) && at[k] + 8192 > bufsz) bufsz = at[k] + 8192;
  }
  if (!bufsz) return;
  src = region_new(bufsz);
  dst = region_new(bufsz);
  exp = region_new(bufsz);
  tmp = (u8 *)malloc(bufsz);
  fill(src.base, src.len);
  quick = 1;
  for (m = 0; m < 5; m++) {
    fm_cpu_limit(masks[m]);
    cur_mask = fm_cpu_features();
    for (k = 0; k < FASTMEM__SZ_COUNT; k++) {
      if (at[k] < 2 || at[k] > (64u << 20)) continue;
      /* the band in its tiers only, the compare width with the plan as
         probed, the others in the AVX-512 tier */
      if (k == FASTMEM__SZ_CMP_NARROW
              ? m != 0
              : (m >= 3) != (k == FASTMEM__SZ_NARROW || k == FASTMEM__SZ_NARROW_END))
        continue;
      for (n = at[k] - 1; n <= at[k]; n++) {
        /* the compare width, the copy thresholds, the set ones */
        if (k == FASTMEM__SZ_CMP_NARROW) test_cmp_size(src, dst, n);
        else if (k == FASTMEM__SZ_STOSB || k == FASTMEM__SZ_STOSB_END || k == FASTMEM__SZ_NT_SET)
          test_set_size(dst, exp, n);
        else {
          test_copy_size(src, dst, exp, n);
          test_move_size(dst, exp, tmp, n);
        }
      }
    }
  }
  quick = was_quick;
  fm_cpu_limit(all);
  region_free(src);
  region_free(dst);
  region_free(exp);
  free(tmp);
}
/* Compares of 513-1100 bytes at every size: the AVX-512 tier's loop and
   the blocks that end it (run_mask takes the sizes above 512 from
   big_sizes only), then the same with that tier's 32-byte blocks
   (fm__cmp_narrow_avx512), whatever size this CPU's plan gives them. */
static void run_cmp_sizes(unsigned all) {
  size_t saved = fm__x86_big[FASTMEM__SZ_CMP_NARROW], n;
  region a, b;
  int narrow;
  if (!(all & FM_CPU_AVX512)) return;
  a = region_new(8192);
  b = region_new(8192);
  fm_cpu_limit(all);
  cur_mask = fm_cpu_features();
  for (narrow = 0; narrow < 2; narrow++) {
    fm__x86_big[FASTMEM__SZ_CMP_NARROW] = narrow ? 513 : (size_t)-1;
    for (n = 513; n <= 1100; n += quick ? 13 : 1) test_cmp_size(a, b, n);
  }
  fm__x86_big[FASTMEM__SZ_CMP_NARROW] = saved;
  region_free(a);
  region_free(b);
}

#ifdef FASTMEM__X86_MASKS
/* The masked short paths called directly, bypassing the page test that keeps their windows off
   page ends elsewhere: each range ends flush against a guard page, so a byte the mask fails to
   cover faults (loads too, which the other tests cannot see); n = 0 at the guard page itself. */
static void run_masked_edges(unsigned all) {
  region ra = region_new(4096), rb = region_new(4096);
  u8 *ea = ra.base + ra.len, *eb = rb.base + rb.len, *a, *b;
  size_t n, i;
  if (!(all & FM_CPU_AVX512)) goto done;
  cur_mask = all;
  fill(ra.base, ra.len);
  for (n = 0; n <= 64; n++) {
    a = ea - n;
    b = eb - n;
    if (n <= 32) {
      memset(rb.base, 0xa5, rb.len);
      fm__x86_move_masked(b, a, n);
      for (i = 0; i < rb.len - n && rb.base[i] == 0xa5; i++) continue;
      CHECK(i == rb.len - n && !memcmp(b, a, n), "masked copy n=%zu flush against the guard", n);
    }
    memset(rb.base, 0xa5, rb.len);
    fm__x86_set_masked(b, 0x3c, n);
    for (i = 0; i < rb.len && rb.base[i] == (i < rb.len - n ? 0xa5 : 0x3c); i++) continue;
    CHECK(i == rb.len, "masked set n=%zu flush against the guard", n);
    if (n == 0) continue;
    memcpy(b, a, n);
    CHECK(fm__x86_cmp_masked(a, b, n) == 0 && fm__x86_eq_masked(a, b, n) == 1,
          "masked compare n=%zu equal, flush against the guard", n);
    b[n - 1] = (u8)(a[n - 1] + 1);
    CHECK(fm__x86_cmp_masked(a, b, n) == (int)a[n - 1] - (int)b[n - 1] &&
              fm__x86_eq_masked(a, b, n) == 0,
          "masked compare n=%zu last byte differs, flush against the guard", n);
  }
  /* n = 0 aims both accesses at fm__shared: nothing may land in its line that nothing reads */
  protect_none(ra.base, ra.len);
  fm__x86_move_masked(ea - 1, ea - 1, 0);
  fm__x86_set_masked(ea - 1, 0x5a, 0);
  for (i = 0; i < sizeof fm__shared.unread && !fm__shared.unread[i]; i++) continue;
  CHECK(i == sizeof fm__shared.unread, "masked copy and set of 0 bytes on a guard page");
done:
  region_free(ra);
  region_free(rb);
}
#endif

#ifndef FASTMEM_ALL_STRATEGIES
/* Each measured CPU finds its plan, and a CPU nobody measured (the
   neighbouring models and families, and Zen 3, whose measurements gave the
   default) gets the default: no string instruction, the non-temporal size
   from its L3, no byte masks, four-block tails. */
static void test_plans(void) {
  static const struct {
    int measured, amd;
    unsigned family, model;
    size_t movsb, nt_copy;
  } cpu[] = {
      {1, 1, 0x1a, 0x02, 28u << 10, 12288u << 10},      /* Zen 5 */
      {1, 1, 0x19, 0x11, FASTMEM__NEVER, 12288u << 10}, /* Zen 4 */
      {1, 0, 6, 0xcf, 768u << 10, 1280u << 10},         /* Intel 06h/CFh */
      {0, 1, 0x19, 0x01, FASTMEM__NEVER, 0},            /* Zen 3 */
      {0, 1, 0x19, 0x21, FASTMEM__NEVER, 0},
      {0, 1, 0x19, 0x10, FASTMEM__NEVER, 0},
      {0, 1, 0x17, 0x31, FASTMEM__NEVER, 0},
      {0, 1, 0x1a, 0x20, FASTMEM__NEVER, 0},
      {0, 0, 6, 0x8f, FASTMEM__NEVER, 0},
      {0, 0, 0x1a, 0x02, FASTMEM__NEVER, 0},
  };
  size_t i;
  fm__x86_plan p;
  for (i = 0; i < sizeof cpu / sizeof cpu[0]; i++) {
    const size_t *z = p.size;
    fm__x86_find_plan(&p, cpu[i].amd, cpu[i].family, cpu[i].model);
    CHECK(z[FASTMEM__SZ_MOVSB] == cpu[i].movsb && z[FASTMEM__SZ_NT_COPY] == cpu[i].nt_copy,
          "plan of family %xh model %xh: rep movsb from %zu, non-temporal copies from %zu",
          cpu[i].family, cpu[i].model, z[FASTMEM__SZ_MOVSB], z[FASTMEM__SZ_NT_COPY]);
    if (!cpu[i].measured)
      CHECK(z[FASTMEM__SZ_STOSB] == FASTMEM__NEVER && z[FASTMEM__SZ_NARROW] == FASTMEM__NEVER &&
                z[FASTMEM__SZ_CMP_NARROW] == FASTMEM__NEVER && !p.bits && !z[FASTMEM__SZ_NT_SET],
            "family %xh model %xh was not measured, yet its plan is not the default", cpu[i].family,
            cpu[i].model);
  }
}
#endif
#endif

int main(int argc, char **argv) {
  unsigned all, sub;
  int i, only = 0;
  unsigned only_mask = 0;
  size_t nt, bufsz;
  seed = 0x9e3779b97f4a7c15ull;
  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-q")) quick = 1;
    else if (!strcmp(argv[i], "-s") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "-m") && i + 1 < argc) {
      only = 1;
      only_mask = (unsigned)strtoul(argv[++i], NULL, 0);
    } else {
      fprintf(stderr, "usage: %s [-q] [-s SEED] [-m MASK]\n", argv[0]);
      return 2;
    }
  }
  all = fm_cpu_features();
  nt = nt_bytes();
  bufsz = 4u << 20;
  if (!quick && nt + 8192 > bufsz) bufsz = nt + 8192;
  printf("fastmem test: features 0x%x (%s), nt threshold %zu KiB, seed %llu%s\n", all,
         fm_path_name(), nt >> 10, seed, quick ? ", quick" : "");
  /* Every subset of the reported features, the empty set (portable) first. */
  for (sub = 0;; sub = (sub - all) & all) {
    if (!only || sub == only_mask) run_mask(sub, 0, bufsz, nt);
    if (sub == all) break;
  }
#ifdef FASTMEM__X86_TAILS
  /* and with all of them, the plan's own choices the other way: the
     fewest-block tails, then the masked short paths */
  if ((all & FM_CPU_AVX512) && !only) {
    run_mask(all, FASTMEM__X86_TAILS, bufsz, nt);
    run_mask(all, FASTMEM__X86_MASKED, bufsz, nt);
  }
#endif
#if defined(FASTMEM_X86_H) && !defined(FASTMEM__NOVEC)
#ifndef FASTMEM_ALL_STRATEGIES
  test_plans();
#endif
  if (!quick) run_plan_sizes(all);
  run_cmp_sizes(all);
#endif
#ifdef FASTMEM__X86_MASKS
  run_masked_edges(all);
#endif
  printf("%lu passed, %lu failed\n", passed, failed);
  return failed != 0;
}
