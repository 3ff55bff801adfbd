/* fastmem fuzz target: each input is one call of fm_memcpy, fm_memmove,
 * fm_memset, fm_memcmp or fm_memeq, checked against a byte-at-a-time
 * reference.
 *
 * Built two ways:
 *   clang -fsanitize=fuzzer,address,undefined -I. test/fuzz.c   libFuzzer
 *   cc -DFUZZ_MAIN -I. test/fuzz.c                           standalone
 * The standalone driver runs the files and directories given (a corpus, a
 * crash file), or with -r N [-s SEED] N pseudo-random inputs.
 *
 * Input: a 16-byte header, then data (repeated to fill the source).
 *   [0]     op (bits 0-2, mod 5: cpy mov set cmp eq), placement (bits 3-4:
 *           flush against the front guard page, the back one, or inside
 *           with red zones), bits 5-7: compare variant
 *   [1]     feature mask, ANDed with what the CPU has, via fm_cpu_limit
 *           (so 0 is the portable path); bit order FM_CPU_SSE2 .. FM_CPU_NT,
 *           then (x86) the plan's masked short paths and fewest-block tails
 *   [2..5]  size: [2] bits 6-7 choose the class (small, up to 4 KiB, up to
 *           64 KiB or with [2] bit 3 up to MAX_N, near a threshold of the
 *           code); [3..5] its value
 *   [6] [7] source and destination offsets (0..255)
 *   [8..9]  memmove distance (signed, scaled by the class in [2] bits 4-5)
 *   [10..13] memset value (an int; all 32 bits are passed)
 *   [14..15] compare: where the planted differences go (see cmp_setup)
 *
 * Every buffer sits in a region between PROT_NONE guard pages. Under ASan
 * every byte of a region outside the ranges of the call is poisoned while
 * fastmem runs, so an instrumented read or write outside [p, p+n) is
 * reported even inside a page (to the byte at the end of a range, to the
 * 8-byte granule at its start); the guard pages and red zones catch what
 * ASan cannot see (inline asm: rep movsb, non-temporal stores).
 *
 * Thresholds are lowered so that every path is reached by inputs of at most
 * MAX_N (1 MiB + 64 KiB): non-temporal stores from about 256 KiB
 * (FASTMEM_NT_THRESHOLD), rep stosb from 64 KiB (FASTMEM_STOSB_MIN), rep
 * movsb from 32 KiB (FASTMEM_MOVSB_MIN), on any x86 CPU with ERMS whatever
 * its plan (FASTMEM_ALL_STRATEGIES). The code paths are the same as
 * with the defaults, only the sizes (and CPUs) that select them differ.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#ifndef FASTMEM_NT_THRESHOLD
#define FASTMEM_NT_THRESHOLD (256 * 1024)
#endif
#ifndef FASTMEM_STOSB_MIN
#define FASTMEM_STOSB_MIN (64 * 1024)
#endif
#ifndef FASTMEM_MOVSB_MIN
#define FASTMEM_MOVSB_MIN (32 * 1024)
#endif
#define FASTMEM_ALL_STRATEGIES 1
#include "fastmem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define FUZZ_ASAN 1
#endif
#ifdef FUZZ_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n) __asan_poison_memory_region((p), (n))
#define UNPOISON(p, n) __asan_unpoison_memory_region((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

typedef unsigned char u8;

/* The harness's own byte loops: no coverage feedback or ASan checks (they
   touch only unpoisoned bytes; instrumented, they would take most of the
   time and guide the fuzzer through the harness instead of fastmem). */
#if defined(__clang__)
#define HARNESS __attribute__((no_sanitize("coverage", "address", "undefined")))
#else
#define HARNESS
#endif

#define MAX_N (((size_t)1 << 20) + ((size_t)1 << 16))
#define RED 64 /* red zone each side */

typedef struct {
  u8 *base;
  size_t len;
} region;

static size_t page;
static region A, B;     /* a: source / first operand; b: destination */
static u8 *expa, *expb; /* expected contents of the windows */
static u8 *tmp;         /* reference memmove's temporary */
static unsigned all_features, cur_limit = ~0u;
static unsigned long n_inputs;

static region region_new(size_t len) {
  region r;
  size_t body = (len + page - 1) / page * page;
  u8 *m =
      (u8 *)mmap(NULL, body + 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) {
    perror("mmap");
    abort();
  }
  if (mprotect(m, page, PROT_NONE) || mprotect(m + page + body, page, PROT_NONE)) {
    perror("mprotect");
    abort();
  }
  r.base = m + page;
  r.len = body;
  POISON(r.base, r.len);
  return r;
}

static void init(void) {
  if (page) return;
  page = (size_t)sysconf(_SC_PAGESIZE);
  /* memmove needs both ranges and the distance in one region */
  A = region_new(2 * MAX_N + 4 * page);
  B = region_new(2 * MAX_N + 4 * page);
  expa = (u8 *)malloc(A.len);
  expb = (u8 *)malloc(B.len);
  tmp = (u8 *)malloc(MAX_N);
  if (!expa || !expb || !tmp) abort();
  all_features = fm_cpu_features();
}

/* ---- Decoding ------------------------------------------------------------- */
static unsigned get(const u8 *h, int i, int k) { /* k bytes, little endian */
  unsigned v = 0;
  while (k--) v = v << 8 | h[i + k];
  return v;
}

static const size_t thresholds[] = {
    0,
    1,
    2,
    4,
    8,
    16,
    32,
    33,
    64,
    128,
    256,
    512,
    1024,
    2048,
    4096,
    16 * 1024,
    32 * 1024,
    64 * 1024,
    1024 * 1024,
    FASTMEM_MOVSB_MIN,
    FASTMEM_STOSB_MIN,
};

static size_t decode_size(const u8 *h) {
  unsigned cls = h[2] >> 6, v = get(h, 3, 3);
  size_t n;
  switch (cls) {
  case 0: n = h[3]; break;                                    /* 0..255 */
  case 1: n = v & 0xfff; break;                               /* 0..4095 */
  case 2: n = h[2] & 8 ? v % (MAX_N + 1) : v & 0xffff; break; /* anything */
  default: {                                                  /* a threshold, +- 64, or nt +- 64 */
    unsigned k = h[3] % (sizeof thresholds / sizeof thresholds[0] + 1);
    size_t t =
        k < sizeof thresholds / sizeof thresholds[0] ? thresholds[k] : (size_t)fm__nt_kib << 10;
    long d = (long)(signed char)h[4] / 2;
    n = (long)t + d < 0 ? 0 : (size_t)((long)t + d);
    if (n > MAX_N) n = MAX_N;
  }
  }
  return n;
}

/* Signed distance dst - src for memmove: around 0, around +-n, anywhere. */
static long decode_dist(const u8 *h, size_t n) {
  int raw = (int16_t)get(h, 8, 2);
  switch ((h[2] >> 4) & 3) {
  case 0: return raw % 160;                                                /* close */
  case 1: return (raw < 0 ? -1 : 1) * ((long)n + raw % 70);                /* near +-n */
  case 2: return (long)raw * (long)(n / 32768 + 1);                        /* scaled */
  default: return (raw < 0 ? -1 : 1) * (long)(n / 2 + (size_t)(raw & 63)); /* half */
  }
}

static unsigned decode_mask(unsigned b) {
#ifdef FASTMEM__X86_TAILS
#define PLAN_BITS FASTMEM__X86_MASKED, FASTMEM__X86_TAILS
#else
#define PLAN_BITS 0, 0
#endif
  static const unsigned bits[] = {FM_CPU_SSE2, FM_CPU_AVX2, FM_CPU_AVX512, FM_CPU_ERMS,
                                  FM_CPU_FSRM, FM_CPU_NT,   PLAN_BITS};
  unsigned m = 0, i;
  for (i = 0; i < sizeof bits / sizeof bits[0]; i++)
    if (b & (1u << i)) m |= bits[i];
  return m & (all_features | ~FM_CPU_ALL);
}

/* ---- Reporting -------------------------------------------------------------- */
static const char *op_names[] = {"memcpy", "memmove", "memset", "memcmp", "memeq"};

#define FAIL(...)                                                                                  \
  do {                                                                                             \
    fprintf(stderr, "fastmem fuzz MISMATCH [%s, features 0x%x]: ", fm_path_name(),                 \
            fm_cpu_features());                                                                    \
    fprintf(stderr, __VA_ARGS__);                                                                  \
    fprintf(stderr, "\n");                                                                         \
    abort();                                                                                       \
  } while (0)

HARNESS static long first_diff(const u8 *a, const u8 *b, size_t n) {
  size_t i = 0;
  uint64_t x, y;
  for (; i + 8 <= n; i += 8) {
    memcpy(&x, a + i, 8);
    memcpy(&y, b + i, 8);
    if (x != y) break;
  }
  for (; i < n; i++)
    if (a[i] != b[i]) return (long)i;
  return -1;
}

/* Fill with the input's data, mixed with the position so that a shifted
   copy never looks right; no data: the position pattern alone. The data is
   repeated into rep[] once per input (set_data), which fill XORs in. */
static u8 rep[4096];
HARNESS static void set_data(const u8 *data, size_t len) {
  size_t i, j = 0;
  for (i = 0; i < sizeof rep; i++) {
    rep[i] = len ? data[j] : 0;
    if (len && ++j == len) j = 0;
  }
}

HARNESS static void fill(u8 *p, size_t n, unsigned salt) {
  size_t i, j;
  for (i = 0; i < n; i += sizeof rep)
    for (j = 0; j < sizeof rep && i + j < n; j++)
      p[i + j] = (u8)((((unsigned)(i + j) + salt) * 0x9e3779b1u) >> 24) ^ rep[j];
}

/* ---- Reference -------------------------------------------------------------- */
HARNESS static int ref_cmp(const u8 *a, const u8 *b, size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/* A window [lo, hi) of a region: the call's ranges plus red zones, clipped. */
typedef struct {
  size_t lo, hi;
} win;
static win window(region r, const u8 *p, size_t n, const u8 *q, size_t m) {
  size_t a = (size_t)(p - r.base), b = (size_t)(q - r.base);
  size_t lo = a < b ? a : b, hi = a + n > b + m ? a + n : b + m;
  win w;
  w.lo = lo > RED ? lo - RED : 0;
  w.hi = hi + RED < r.len ? hi + RED : r.len;
  return w;
}

/* Where a range of span bytes starts in a region for a placement. */
static size_t place(region r, size_t span, unsigned where, unsigned off) {
  if (where == 0) return 0;            /* flush with the front guard */
  if (where == 1) return r.len - span; /* flush with the back guard */
  return RED + off;                    /* inside: red zones both sides */
}

static int sign(int x) { return (x > 0) - (x < 0); }

HARNESS static void ref_move(u8 *d, const u8 *s, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) tmp[i] = s[i];
  for (i = 0; i < n; i++) d[i] = tmp[i];
}

HARNESS static void ref_set(u8 *d, int c, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) d[i] = (u8)c;
}

/* The first byte where the two differ, -1 if none (a window check). */
#define DIFF(a, b, n) first_diff((a), (b), (n))

/* ---- One input ---------------------------------------------------------------- */
static void run_one(const u8 *in, size_t size) {
  u8 h[16] = {0};
  const u8 *data;
  size_t len, n;
  unsigned op, where, mask, so, dof;
  memcpy(h, in, size < 16 ? size : 16);
  data = size > 16 ? in + 16 : NULL;
  len = size > 16 ? size - 16 : 0;
  n_inputs++;
  set_data(data, len);

  op = (h[0] & 7) % 5;
  where = (h[0] >> 3) & 3;
  if (where == 3) where = 2;
  mask = decode_mask(h[1]);
  if (mask != cur_limit) {
    /* the features in mask; the plan's own bits only where mask has them */
    fm_cpu_limit(mask);
    __atomic_fetch_and(&fm__cpu_state, mask | FM_CPU_ALL | FASTMEM__READY, __ATOMIC_RELAXED);
    cur_limit = mask;
  }
  n = decode_size(h);
  so = h[6];
  dof = h[7];

  if (op == 1) {
    /* memmove: both ranges in region A at distance dist. */
    long dist = decode_dist(h, n);
    size_t span = n + (size_t)(dist < 0 ? -dist : dist), lo, s, d;
    win w;
    void *ret;
    if (span + 2 * RED + 256 > A.len) {
      dist = 0;
      span = n;
    }
    lo = place(A, span, where, so);
    s = dist < 0 ? lo + (size_t)(-dist) : lo;
    d = (size_t)((long)s + dist);
    w = window(A, A.base + s, n, A.base + d, n);
    UNPOISON(A.base + w.lo, w.hi - w.lo);
    fill(A.base + w.lo, w.hi - w.lo, (unsigned)w.lo);
    memcpy(expa + w.lo, A.base + w.lo, w.hi - w.lo);
    ref_move(expa + d, expa + s, n);
    POISON(A.base + w.lo, w.hi - w.lo);
    UNPOISON(A.base + s, n);
    UNPOISON(A.base + d, n);
    ret = fm_memmove(A.base + d, A.base + s, n);
    UNPOISON(A.base + w.lo, w.hi - w.lo);
    if (ret != A.base + d)
      FAIL("memmove n=%zu dist=%ld returned %p, not dst %p", n, dist, ret, (void *)(A.base + d));
    if (DIFF(A.base + w.lo, expa + w.lo, w.hi - w.lo) >= 0)
      FAIL("memmove n=%zu dist=%ld src_off=%zu where=%u: byte %ld of the window wrong (range at "
           "%zu)",
           n, dist, s & 63, where, first_diff(A.base + w.lo, expa + w.lo, w.hi - w.lo),
           (d < s ? d : s) - w.lo);
    POISON(A.base + w.lo, w.hi - w.lo);
    return;
  }

  if (op == 0 || op == 2) {
    /* memcpy: source in A, destination in B (at opposite guards), or the
       same pointer (the one overlap memcpy allows); memset: B only. */
    int same = op == 0 && (h[0] >> 5) == 7;
    size_t s = place(A, n, where, so), d = place(B, n, where == 2 ? 2 : 1 - where, dof);
    region *dr = same ? &A : &B;
    u8 *exp = same ? expa : expb;
    int c = (int)get(h, 10, 4);
    win wa, wb;
    void *ret;
    if (same) d = s;
    wa = window(A, A.base + s, n, A.base + s, n);
    wb = window(*dr, dr->base + d, n, dr->base + d, n);
    UNPOISON(A.base + wa.lo, wa.hi - wa.lo);
    UNPOISON(dr->base + wb.lo, wb.hi - wb.lo);
    fill(A.base + wa.lo, wa.hi - wa.lo, (unsigned)wa.lo);
    if (!same) fill(dr->base + wb.lo, wb.hi - wb.lo, (unsigned)wb.lo * 3 + 1);
    memcpy(expa + wa.lo, A.base + wa.lo, wa.hi - wa.lo);
    if (!same) memcpy(exp + wb.lo, dr->base + wb.lo, wb.hi - wb.lo);
    if (op == 0) ref_move(exp + d, expa + s, n);
    else ref_set(exp + d, c, n);
    POISON(A.base + wa.lo, wa.hi - wa.lo);
    POISON(dr->base + wb.lo, wb.hi - wb.lo);
    if (op == 0) UNPOISON(A.base + s, n);
    UNPOISON(dr->base + d, n);
    ret = op == 0 ? fm_memcpy(dr->base + d, A.base + s, n) : fm_memset(dr->base + d, c, n);
    UNPOISON(A.base + wa.lo, wa.hi - wa.lo);
    UNPOISON(dr->base + wb.lo, wb.hi - wb.lo);
    if (ret != dr->base + d)
      FAIL("%s n=%zu returned %p, not dst %p", op_names[op], n, ret, (void *)(dr->base + d));
    if (DIFF(dr->base + wb.lo, exp + wb.lo, wb.hi - wb.lo) >= 0)
      FAIL("%s n=%zu src_off=%zu dst_off=%zu where=%u c=%d%s: byte %ld of the destination window "
           "wrong (range at %zu)",
           op_names[op], n, s & 63, d & 63, where, c, same ? " same pointer" : "",
           first_diff(dr->base + wb.lo, exp + wb.lo, wb.hi - wb.lo), d - wb.lo);
    if (DIFF(A.base + wa.lo, expa + wa.lo, wa.hi - wa.lo) >= 0)
      FAIL("%s n=%zu: source window changed at byte %ld", op_names[op], n,
           first_diff(A.base + wa.lo, expa + wa.lo, wa.hi - wa.lo));
    POISON(A.base + wa.lo, wa.hi - wa.lo);
    POISON(dr->base + wb.lo, wb.hi - wb.lo);
    return;
  }

  {
    /* memcmp / memeq. a in A; b a copy in B with up to three planted
       differences, or (variant 6) b = a + distance inside A, or (variant 7)
       b == a. Planted positions: [14] bits 0-1 how many; a position from
       [14..15] scaled to n, the last byte, and the byte at n/2. */
    unsigned variant = h[0] >> 5, ndiff = h[14] & 3, k;
    size_t s = place(A, n, where, so), t;
    region *br = &B;
    win wa, wb;
    int got, back, eq, eqb, want;
    u8 *a, *b;
    if (variant == 6) {
      long dist = (long)(int16_t)get(h, 8, 2) % 512;
      size_t span = n + (size_t)(dist < 0 ? -dist : dist), lo = place(A, span, where, so);
      s = dist < 0 ? lo + (size_t)(-dist) : lo;
      t = (size_t)((long)s + dist);
      br = &A;
    } else if (variant == 7) {
      t = s;
      br = &A;
    } else {
      t = place(B, n, where == 2 ? 2 : 1 - where, dof);
    }
    a = A.base + s;
    b = br->base + t;
    wa = window(A, a, n, a, n);
    wb = window(*br, b, n, b, n);
    UNPOISON(A.base + wa.lo, wa.hi - wa.lo);
    UNPOISON(br->base + wb.lo, wb.hi - wb.lo);
    if (br == &A) {
      win w = window(A, a, n, b, n);
      UNPOISON(A.base + w.lo, w.hi - w.lo);
      fill(A.base + w.lo, w.hi - w.lo, (unsigned)w.lo);
    } else {
      fill(a, n, 7);
      memcpy(b, a, n);
      /* bytes beyond the ranges differ: they must not count */
      if (a > A.base) a[-1] = 0x11;
      if (b > B.base) b[-1] = 0xee;
      if (a + n < A.base + A.len) a[n] = 0x00;
      if (b + n < B.base + B.len) b[n] = 0xff;
      for (k = 0; k < ndiff && n; k++) {
        size_t pos = k == 0   ? (size_t)(((unsigned long long)get(h, 14, 2) >> 2) * n >> 14)
                     : k == 1 ? n - 1
                              : n / 2;
        u8 x = (u8)(h[15] | 1) ^ (u8)(k * 0x40);
        if (pos >= n) pos = n - 1;
        b[pos] ^= x ? x : 0x80;
      }
    }
    want = ref_cmp(a, b, n);
    POISON(A.base + wa.lo, wa.hi - wa.lo);
    POISON(br->base + wb.lo, wb.hi - wb.lo);
    UNPOISON(a, n);
    UNPOISON(b, n);
    got = fm_memcmp(a, b, n);
    back = fm_memcmp(b, a, n);
    eq = fm_memeq(a, b, n);
    eqb = fm_memeq(b, a, n);
    if (sign(got) != want || sign(back) != -want || got == (-2147483647 - 1) ||
        back == (-2147483647 - 1))
      FAIL("memcmp n=%zu a_off=%zu b_off=%zu variant=%u: want sign %d, got %d (reversed: %d); "
           "first difference at %ld",
           n, (size_t)((uintptr_t)a & 63), (size_t)((uintptr_t)b & 63), variant, want, got, back,
           first_diff(a, b, n));
    if (eq != (want == 0) || eqb != eq)
      FAIL("memeq n=%zu a_off=%zu b_off=%zu variant=%u: want %d, got %d (reversed: %d); first "
           "difference at %ld",
           n, (size_t)((uintptr_t)a & 63), (size_t)((uintptr_t)b & 63), variant, want == 0, eq, eqb,
           first_diff(a, b, n));
    if (br == &A) {
      win w = window(A, a, n, b, n);
      POISON(A.base + w.lo, w.hi - w.lo);
    } else {
      POISON(A.base + wa.lo, wa.hi - wa.lo);
      POISON(B.base + wb.lo, wb.hi - wb.lo);
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  init();
  run_one(data, size);
  return 0;
}

#ifdef FUZZ_MAIN
/* ---- Standalone driver: replay files, or random inputs ---------------------- */
#include <dirent.h>
#include <sys/stat.h>

static unsigned long long rng = 0x2545f4914f6cdd1dull;
static unsigned long long rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  u8 buf[65536];
  size_t got;
  if (!f) {
    perror(path);
    return 1;
  }
  got = fread(buf, 1, sizeof buf, f);
  fclose(f);
  run_one(buf, got);
  return 0;
}

static int run_path(const char *path) {
  struct stat st;
  DIR *dir;
  struct dirent *e;
  int bad = 0;
  if (stat(path, &st)) {
    perror(path);
    return 1;
  }
  if (!S_ISDIR(st.st_mode)) return run_file(path);
  if (!(dir = opendir(path))) {
    perror(path);
    return 1;
  }
  while ((e = readdir(dir)) != NULL) {
    char full[4096];
    if (e->d_name[0] == '.') continue;
    snprintf(full, sizeof full, "%s/%s", path, e->d_name);
    bad |= run_file(full);
  }
  closedir(dir);
  return bad;
}

int main(int argc, char **argv) {
  unsigned long random_inputs = 0, i;
  int k, bad = 0;
  init();
  for (k = 1; k < argc; k++) {
    if (!strcmp(argv[k], "-r") && k + 1 < argc) random_inputs = strtoul(argv[++k], NULL, 0);
    else if (!strcmp(argv[k], "-s") && k + 1 < argc) rng = strtoull(argv[++k], NULL, 0) | 1;
    else bad |= run_path(argv[k]);
  }
  if (random_inputs) printf("fastmem fuzz: %lu random inputs, seed %llu\n", random_inputs, rng);
  for (i = 0; i < random_inputs; i++) {
    u8 buf[64];
    size_t len = 16 + (size_t)(rnd() % 48), j;
    for (j = 0; j < len; j++) buf[j] = (u8)(rnd() >> 29);
    /* big sizes are slow with a byte reference: keep most inputs small */
    if (buf[2] >> 6 == 2 && (rnd() & 7)) buf[2] &= 0x3f;
    run_one(buf, len);
  }
  printf("%lu inputs, 0 mismatches\n", n_inputs);
  printf("%lu passed, %d failed\n", n_inputs, bad);
  return bad;
}
#endif
