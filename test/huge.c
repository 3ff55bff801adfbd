/* fastmem huge-size test: copies, moves, sets and compares of more than 2^31
 * and 2^32 bytes, and copies at distances around 4 GiB, in every x86 tier,
 * with a few hundred MiB of memory.
 *
 *   huge [-q] [-v]     -q: the default tier only; -v: time every call
 *
 * Every tier runs the sizes past 2^32; the others run in the default tier.
 * The cost is mostly the kernel's: the first touch of each 4 KiB page of
 * the ~11 GiB of virtual buffers (several microseconds a page in this VM).
 *
 * How memory stays small: a buffer of several GiB is a range of virtual
 * memory cut into chunks of P bytes (P = 2053 pages, which does not divide
 * 2^32), each either unmapped (PROT_NONE) or a shared mapping of a memfd of
 * P bytes, a "physical chunk". Many chunks may map the same physical chunk:
 * the buffer then repeats with period P. The initial value of every byte is
 * a hash of (content id of its physical chunk, offset in the chunk).
 *
 * For each call the test works out what the P bytes behind every virtual
 * chunk must hold afterwards (segments: unchanged, "the old bytes of chunk X
 * shifted by k", or the memset value), checks that the virtual chunks which
 * share a physical chunk all agree (so the result cannot depend on the order
 * of the stores) and that a shared chunk both read and written only ever
 * gets its own old value back, then compares every byte of every physical
 * chunk in use. Distinct physical chunks sit where a wrong result would show:
 * at both ends of each range (a length cut to 32 bits or to n mod 2^32 leaves
 * the last chunk unwritten) and wherever an overlapping memmove moves data
 * that is not the repeated pattern.
 *
 * The resident set the kernel reports counts every mapping of a shared page,
 * so it reads several GiB; the memory really used is the physical chunks
 * (9 x 8 MiB) and the page tables (about 20 MiB).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "fastmem.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if SIZE_MAX <= 0xffffffffu || !defined(__linux__)
int main(void) {
  printf("fastmem huge test: needs a 64-bit Linux target, skipped\n0 passed, 0 failed\n");
  return 0;
}
#else
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

typedef unsigned char u8;
#define PG ((size_t)4096)
#define P (PG * 2053) /* 8,409,088 bytes: fits the L3, and warm page tables stay fast */
#define TWO31 ((size_t)1 << 31)
#define TWO32 ((size_t)1 << 32)

static unsigned long passed, failed;
static int quick, verbose;
static double op_seconds;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void check(int ok, const char *what) {
  if (ok) passed++;
  else {
    failed++;
    printf("FAIL [%s] %s\n", fm_path_name(), what);
  }
}

/* ---- Content: byte j of content id cid is byte j%8 of word(cid, j/8) ---- */
static uint64_t word(unsigned cid, size_t w) {
  uint64_t z = ((uint64_t)cid << 40) + w + 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* out[0..len) = bytes [from, from+len) of content cid (little endian words). */
static void gen(unsigned cid, size_t from, size_t len, u8 *out) {
  size_t i = 0;
  for (; i < len && (from + i) % 8; i++)
    out[i] = (u8)(word(cid, (from + i) / 8) >> ((from + i) % 8 * 8));
  for (; i + 8 <= len; i += 8) {
    uint64_t x = word(cid, (from + i) / 8);
    int b;
    for (b = 0; b < 8; b++) out[i + (size_t)b] = (u8)(x >> (8 * b));
  }
  for (; i < len; i++) out[i] = (u8)(word(cid, (from + i) / 8) >> ((from + i) % 8 * 8));
}

/* ---- Physical chunks -------------------------------------------------------- */
typedef struct {
  int fd;
  u8 *view;
  unsigned cid;
} phys;
static phys ph[16];
static int nph;
static u8 *scratch;

static int phys_new(unsigned cid) {
  phys *p = &ph[nph];
  p->fd = memfd_create("fastmem-huge", 0);
  if (p->fd < 0 || ftruncate(p->fd, (off_t)P)) {
    perror("memfd");
    exit(2);
  }
  p->view = (u8 *)mmap(NULL, P, PROT_READ | PROT_WRITE, MAP_SHARED, p->fd, 0);
  if (p->view == MAP_FAILED) {
    perror("mmap view");
    exit(2);
  }
  p->cid = cid;
  return nph++;
}

/* ---- Virtual buffers: [guard page][nch chunks][guard page] ----------------- */
typedef struct {
  u8 *base;
  size_t nch;
  int map[1024];
} vbuf;
static vbuf A, B;
static vbuf *bufs[2];
static int nbufs;

static void vbuf_init(vbuf *b, size_t nch) {
  u8 *m = (u8 *)mmap(NULL, nch * P + 2 * PG, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                     -1, 0);
  size_t k;
  if (m == MAP_FAILED || nch > 1024) {
    perror("mmap reserve");
    exit(2);
  }
  b->base = m + PG;
  b->nch = nch;
  for (k = 0; k < nch; k++) b->map[k] = -1;
}

/* Chunk k of b maps physical chunk p (-1: unmapped). */
static void set_map(vbuf *b, size_t k, int p) {
  void *r;
  if (b->map[k] == p) return;
  if (p >= 0)
    r = mmap(b->base + k * P, P, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, ph[p].fd, 0);
  else
    r = mmap(b->base + k * P, P, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED,
             -1, 0);
  if (r == MAP_FAILED) {
    perror("mmap chunk");
    exit(2);
  }
  b->map[k] = p;
}

static void set_all(vbuf *b, int p) {
  size_t k;
  for (k = 0; k < b->nch; k++) set_map(b, k, p);
}

/* Initial contents for every physical chunk that the buffers in use map. */
static void reset(void) {
  int used[16] = {0}, i;
  size_t k;
  for (i = 0; i < nbufs; i++)
    for (k = 0; k < bufs[i]->nch; k++)
      if (bufs[i]->map[k] >= 0) used[bufs[i]->map[k]] = 1;
  for (i = 0; i < nph; i++)
    if (used[i]) gen(ph[i].cid, 0, P, ph[i].view);
}

/* ---- What every chunk must hold ------------------------------------------------ */
enum { SEG_CONTENT, SEG_CONST };
typedef struct {
  size_t lo, hi;
  int type;
  unsigned cid;
  long delta;
} seg; /* content(cid, j + delta), or the byte cid */
typedef struct {
  seg s[8];
  int n;
} desc;

static int locate(uintptr_t v, size_t *off) {
  int i;
  for (i = 0; i < nbufs; i++) {
    uintptr_t b = (uintptr_t)bufs[i]->base;
    if (v >= b && v < b + bufs[i]->nch * P) {
      *off = (size_t)(v - b) % P;
      return bufs[i]->map[(size_t)(v - b) / P];
    }
  }
  return -1;
}

static void add(desc *d, size_t lo, size_t hi, int type, unsigned cid, long delta) {
  seg *l = d->n ? &d->s[d->n - 1] : NULL;
  if (lo >= hi) return;
  if (l && l->type == type && l->cid == cid && l->delta == delta && l->hi == lo) {
    l->hi = hi;
    return;
  }
  d->s[d->n].lo = lo;
  d->s[d->n].hi = hi;
  d->s[d->n].type = type;
  d->s[d->n].cid = cid;
  d->s[d->n].delta = delta;
  d->n++;
}

static int design_error(const char *what) {
  printf("FAIL huge test design: %s\n", what);
  failed++;
  return 0;
}

/* Chunk k of b after "copy n bytes from s to d" (s == 0: set them to c);
 *w, *r: the chunk is written / read. */
static int describe(vbuf *b, size_t k, uintptr_t d, uintptr_t s, size_t n, int c, desc *out, int *w,
                    int *r) {
  uintptr_t cb = (uintptr_t)b->base + k * P;
  unsigned own = ph[b->map[k]].cid;
  size_t lo, hi, j;
  out->n = 0;
  *w = d < cb + P && d + n > cb;
  *r = s && s < cb + P && s + n > cb;
  if (!*w) {
    add(out, 0, P, SEG_CONTENT, own, 0);
    return 1;
  }
  lo = d > cb ? (size_t)(d - cb) : 0;
  hi = d + n < cb + P ? (size_t)(d + n - cb) : P;
  add(out, 0, lo, SEG_CONTENT, own, 0);
  if (!s) add(out, lo, hi, SEG_CONST, (u8)c, 0);
  else
    for (j = lo; j < hi;) {
      size_t off, end;
      int p = locate(s + (cb + j - d), &off);
      if (p < 0) return design_error("a source byte is not mapped");
      end = hi < j + (P - off) ? hi : j + (P - off);
      add(out, j, end, SEG_CONTENT, ph[p].cid, (long)off - (long)j);
      j = end;
    }
  add(out, hi, P, SEG_CONTENT, own, 0);
  return 1;
}

static int same_desc(const desc *a, const desc *b) {
  int i;
  if (a->n != b->n) return 0;
  for (i = 0; i < a->n; i++)
    if (a->s[i].lo != b->s[i].lo || a->s[i].hi != b->s[i].hi || a->s[i].type != b->s[i].type ||
        a->s[i].cid != b->s[i].cid || a->s[i].delta != b->s[i].delta)
      return 0;
  return 1;
}

static int verify(uintptr_t d, uintptr_t s, size_t n, int c, const char *what) {
  desc want[16];
  int have[16] = {0}, wr[16] = {0}, rd[16] = {0}, maps[16] = {0}, i, k2;
  size_t k;
  for (i = 0; i < nbufs; i++)
    for (k = 0; k < bufs[i]->nch; k++) {
      int p = bufs[i]->map[k], w, r;
      desc dd;
      if (p < 0) continue;
      if (!describe(bufs[i], k, d, s, n, c, &dd, &w, &r)) return 0;
      maps[p]++;
      wr[p] |= w;
      rd[p] |= r;
      if (!have[p]) {
        want[p] = dd;
        have[p] = 1;
      } else if (!same_desc(&want[p], &dd))
        return design_error("aliases of one chunk would need different contents");
    }
  for (i = 0; i < nph; i++) {
    if (!have[i]) continue;
    if (maps[i] > 1 && wr[i] && rd[i] &&
        (want[i].n != 1 || want[i].s[0].type != SEG_CONTENT || want[i].s[0].cid != ph[i].cid ||
         want[i].s[0].delta))
      return design_error("a shared chunk is read and written with new values");
    for (k2 = 0; k2 < want[i].n; k2++) {
      const seg *g = &want[i].s[k2];
      size_t len = g->hi - g->lo, j;
      if (g->type == SEG_CONST) memset(scratch, (int)g->cid, len);
      else gen(g->cid, (size_t)((long)g->lo + g->delta), len, scratch);
      if (memcmp(ph[i].view + g->lo, scratch, len)) {
        for (j = 0; ph[i].view[g->lo + j] == scratch[j]; j++) {}
        printf(
            "FAIL [%s] %s: physical chunk %d (mapped %d times) byte %zu is 0x%02x, want 0x%02x\n",
            fm_path_name(), what, i, maps[i], g->lo + j, ph[i].view[g->lo + j], scratch[j]);
        return 0;
      }
    }
  }
  return 1;
}

/* ---- Calls ------------------------------------------------------------------------ */
static const unsigned masks[] = {~0u, FM_CPU_AVX2 | FM_CPU_ERMS | FM_CPU_FSRM | FM_CPU_NT,
                                 FM_CPU_SSE2 | FM_CPU_NT, 0};
#define NMASKS (quick ? 1 : (int)(sizeof masks / sizeof masks[0]))

static void run_op(int type, u8 *d, const u8 *s, size_t n, int c, const char *what) {
  char msg[200];
  double t;
  void *ret;
  reset();
  t = now();
  ret = type == 2 ? fm_memset(d, c, n) : type == 1 ? fm_memmove(d, s, n) : fm_memcpy(d, s, n);
  t = now() - t;
  op_seconds += t;
  snprintf(msg, sizeof msg, "%s n=%zu (2^32%+lld) dst-src=%lld", what, n,
           (long long)n - (long long)TWO32,
           type == 2 ? 0LL : (long long)((uintptr_t)d - (uintptr_t)s));
  if (verbose) printf("  %6.3f s  %-60s [%s]\n", t, msg, fm_path_name());
  check(ret == d && verify((uintptr_t)d, type == 2 ? 0 : (uintptr_t)s, n, c, msg), msg);
}

static int S, S2, D, H, M, T, X11, X12, X13;

/* memcpy and memset of n bytes: the source the last n bytes of A (all one
   chunk repeated), flush against its guard page; the destination at offset
   17 of B = [H][M ... M][T], its end inside T, nothing mapped after. */
static void test_copy_set(size_t n, int tiers) {
  size_t e = (17 + n - 1) / P, k;
  int i;
  for (k = 0; k < B.nch; k++) set_map(&B, k, k == 0 ? H : k < e ? M : k == e ? T : -1);
  bufs[0] = &A;
  bufs[1] = &B;
  nbufs = 2;
  for (i = 0; i < tiers; i++) {
    fm_cpu_limit(masks[i]);
    run_op(0, B.base + 17, A.base + A.nch * P - n, n, 0, "memcpy");
    run_op(2, B.base + 17, NULL, n, 0x1a5, "memset");
  }
  fm_cpu_limit(~0u);
}

/* Overlapping memmove at a distance of k chunks (aliasing allows no other
   distance), inside A, both directions. o: offset in the first chunk.
   Backward (dst above src): dst starts in chunk k, which gets chunk 0's data
   (X11), and ends in chunk e + k, which gets chunk e's data (X12 -> X13);
   chunk k holds the pattern where it is read (as the source of chunk 2k).
   Forward: the mirror image. */
static void test_move(size_t n, int backward, int tiers) {
  size_t o = 1234, k = (o + n) / (2 * P) + 2, dist = k * P, e = (o + n) / P;
  int i;
  if ((dist + o + n) / P + 1 > A.nch) {
    design_error("A too small for the move");
    return;
  }
  set_all(&A, S);
  if (backward) {
    set_map(&A, 0, X11);
    set_map(&A, k, S2);
    set_map(&A, e, X12);
    set_map(&A, e + k, X13);
  } else {
    set_map(&A, 0, X13);
    set_map(&A, k, X11);
    set_map(&A, e, S2);
    set_map(&A, e + k, X12);
  }
  bufs[0] = &A;
  nbufs = 1;
  for (i = 0; i < tiers; i++) {
    fm_cpu_limit(masks[i]);
    if (backward) run_op(1, A.base + dist + o, A.base + o, n, 0, "memmove backward");
    else run_op(1, A.base + o, A.base + dist + o, n, 0, "memmove forward");
  }
  fm_cpu_limit(~0u);
  set_all(&A, S);
}

/* Disjoint copies at distances around 4 GiB, up and down (move distance slow modes: rep
   movsb is slow when (dst - src) mod 2^32 is in [0, 63], so fastmem avoids
   it there; the results must be right either way). In B, only the chunks
   in use are mapped. */
static void test_far(void) {
  static const long deltas[] = {-64, -1, 0, 1, 5, 63, 64, 4096};
  static const size_t sizes[] = {100000, 4u << 20,
                                 25u << 20}; /* rep movsb; past the NT threshold */
  size_t lo = P + 100, k;
  unsigned di, si, dir;
  bufs[0] = &B;
  nbufs = 1;
  for (dir = 0; dir < 2; dir++)
    for (di = 0; di < sizeof deltas / sizeof deltas[0]; di++) {
      size_t hi = lo + TWO32 + (size_t)deltas[di], hk = hi / P;
      /* 25 MiB + offsets spans at most 4 chunks on each side: 8 distinct chunks */
      for (k = 0; k < B.nch; k++)
        set_map(&B, k,
                k == 1        ? H
                : k == 2      ? M
                : k == 3      ? T
                : k == 4      ? X11
                : k == hk     ? X12
                : k == hk + 1 ? X13
                : k == hk + 2 ? S2
                : k == hk + 3 ? D
                              : -1);
      for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        if (dir == 0) run_op(0, B.base + hi, B.base + lo, sizes[si], 0, "memcpy 4 GiB up");
        else run_op(1, B.base + lo, B.base + hi, sizes[si], 0, "memmove 4 GiB down");
      }
    }
}

/* memcmp and memeq of n bytes: a in A (one chunk repeated) and b = a + P,
   the same bytes, except that the chunk under b + pos is D, a copy with the
   byte at b + pos changed (a reads that byte at a + pos + P, after pos). */
static void test_cmp(size_t n, int tiers) {
  static const char *names[] = {"equal", "differ at 2^31+7", "differ at 2^32+3", "differ at n-1",
                                "differ at n (outside)"};
  size_t at[5], o = 4000, w;
  int i;
  at[0] = 0;
  at[1] = TWO31 + 7;
  at[2] = TWO32 + 3;
  at[3] = n - 1;
  at[4] = n;
  if (o + P + n + 1 > A.nch * P) {
    design_error("A too small for the compare");
    return;
  }
  bufs[0] = &A;
  nbufs = 1;
  for (w = 0; w < 5; w++) {
    const u8 *a = A.base + o, *b = a + P;
    size_t pos = o + P + at[w];
    int want;
    if (w && at[w] > n) continue;
    set_all(&A, S);
    if (w) set_map(&A, pos / P, D);
    reset();
    if (w) ph[D].view[pos % P] ^= 0x80;
    want = w == 0 || w == 4 ? 0 : (a[at[w]] < b[at[w]] ? -1 : 1);
    for (i = 0; i < (w == 0 || w == 3 ? tiers : 1); i++) {
      char msg[200];
      int r1, r2, e1, e2;
      double t = now();
      fm_cpu_limit(masks[i]);
      r1 = fm_memcmp(a, b, n);
      r2 = fm_memcmp(b, a, n);
      e1 = fm_memeq(a, b, n);
      e2 = fm_memeq(b, a, n);
      t = now() - t;
      op_seconds += t;
      snprintf(msg, sizeof msg, "memcmp n=%zu (2^32%+lld), %s: want %d, got %d / reversed %d", n,
               (long long)n - (long long)TWO32, names[w], want, r1, r2);
      if (verbose) printf("  %6.3f s  %-60s [%s]\n", t, msg, fm_path_name());
      check(((r1 > 0) - (r1 < 0)) == want && ((r2 > 0) - (r2 < 0)) == -want, msg);
      snprintf(msg, sizeof msg, "memeq n=%zu, %s: want %d, got %d / reversed %d", n, names[w],
               want == 0, e1, e2);
      check(e1 == (want == 0) && e2 == e1, msg);
    }
    fm_cpu_limit(~0u);
  }
  set_all(&A, S);
}

int main(int argc, char **argv) {
  double t0 = now();
  size_t n31 = TWO31 + 3 * PG + 5, n32m = TWO32 - 1, n32 = TWO32 + ((size_t)1 << 20) + 13;
  int i;
  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-q")) quick = 1;
    else if (!strcmp(argv[i], "-v")) verbose = 1;
    else {
      fprintf(stderr, "usage: %s [-q] [-v]\n", argv[0]);
      return 2;
    }
  }
  setvbuf(stdout, NULL, _IOLBF, 0);
  printf("fastmem huge test: features 0x%x (%s), chunks of %zu bytes, %s\n", fm_cpu_features(),
         fm_path_name(), P, quick ? "the default tier" : "every tier");
  scratch = (u8 *)malloc(P);
  S = phys_new(1);
  S2 = phys_new(1);
  D = phys_new(1);
  H = phys_new(2);
  M = phys_new(3);
  T = phys_new(4);
  X11 = phys_new(11);
  X12 = phys_new(12);
  X13 = phys_new(13);
  /* A: a move of n32 at distance ~n32/2; B: a copy of n32, or 4 GiB + 3 chunks */
  vbuf_init(&A, (n32 + 1234) / P + (n32 + 1234) / (2 * P) + 5);
  vbuf_init(&B, TWO32 / P + 8);
  set_all(&A, S);
  /* the largest first: later calls reuse page tables that are already filled */
  test_copy_set(n32, NMASKS);
  test_copy_set(n32m, 1);
  test_copy_set(n31, 1);
  test_cmp(n32, NMASKS);
  test_cmp(n31, 1);
  test_move(n32, 1, NMASKS);
  test_move(n32, 0, NMASKS);
  test_move(n31, 1, 1);
  test_far();
  printf("%.1f s in all, %.1f s in fastmem calls; %d physical chunks of %zu MiB\n", now() - t0,
         op_seconds, nph, P >> 20);
  printf("%lu passed, %lu failed\n", passed, failed);
  return failed != 0;
}
#endif
