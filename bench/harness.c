/*
 * bench/harness.c - the timing harness of the benchmark: libc through
 * volatile pointers, buffers, the historical and plain loops that serve as
 * extra columns, the timed loops for fastmem, libc and DPDK, the samples and
 * their medians, the CSV lines, and the choice of the cpu to run on.
 *
 * The only file of the benchmark that includes fastmem.h: fastmem is
 * expanded inline into the timed loops here, as users call it.
 */
#define _GNU_SOURCE
#include "fastmem.h"
#include "bench.h"

#include <errno.h>
#include <dlfcn.h>
#include <sys/mman.h>
#include <sys/resource.h>
#ifdef __linux__
#include <sched.h>
#endif

/* ------------------------------------------------------------------ */
/* libc through volatile pointers                                      */

typedef void *(*cpy_fn)(void *, const void *, size_t);
typedef void *(*set_fn)(void *, int, size_t);
typedef int (*cmp_fn)(const void *, const void *, size_t);

static cpy_fn volatile libc_memcpy = memcpy;
static cpy_fn volatile libc_memmove = memmove;
static set_fn volatile libc_memset = memset;
static cmp_fn volatile libc_memcmp = memcmp;
/* memeq baseline: __memcmpeq when the libc exports it, else memcmp; the
 * caller tests the result against 0 either way. */
static cmp_fn volatile libc_memeq = memcmp;
const char *libc_memeq_name = "memcmp() == 0";

volatile long bench_sink;

/* __memcmpeq as memeq's baseline when the libc exports it. */
void libc_setup(void) {
  void *sym = dlsym(RTLD_DEFAULT, "__memcmpeq");
  if (sym) {
    memcpy((void *)&libc_memeq, &sym, sizeof sym); /* object to function pointer */
    libc_memeq_name = "__memcmpeq() == 0";
  }
}

char cpu_probe[256]; /* what pin_cpu() measured on each cpu */

static FILE *csv;

/* ------------------------------------------------------------------ */
/* small helpers                                                       */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

uint64_t rnd(void) {
  /* xorshift64*: enough for shuffling sizes and offsets */
  uint64_t x = rng_state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  rng_state = x;
  return x * 0x2545f4914f6cdd1dull;
}

size_t rnd_below(size_t n) { return n ? (size_t)(rnd() % n) : 0; }

size_t rnd_range(size_t lo, size_t hi) { return lo + rnd_below(hi - lo + 1); }

void fill_random(unsigned char *p, size_t n) {
  size_t i;
  for (i = 0; i + 8 <= n; i += 8) {
    uint64_t v = rnd();
    memcpy(p + i, &v, 8);
  }
  for (; i < n; i++) p[i] = (unsigned char)rnd();
}

void die(const char *what) {
  fprintf(stderr, "bench: %s: %s\n", what, strerror(errno));
  exit(2);
}

struct buf buf_get(size_t n) {
  struct buf b;
  size_t align = 2 * MiB;
  uintptr_t a;
  b.maplen = n + align;
  b.map = mmap(NULL, b.maplen, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (b.map == MAP_FAILED) die("mmap");
  a = ((uintptr_t)b.map + align - 1) & ~(uintptr_t)(align - 1);
  b.p = (unsigned char *)a;
#ifdef MADV_HUGEPAGE
  if (opt.hugepages && n >= align) madvise(b.p, (n + align - 1) & ~(align - 1), MADV_HUGEPAGE);
#endif
  fill_random(b.p, n);
  return b;
}

void buf_put(struct buf *b) {
  if (b->map) munmap(b->map, b->maplen);
  memset(b, 0, sizeof *b);
}

void fmt_ns(char *o, size_t len, double v) {
  if (isnan(v)) snprintf(o, len, "-");
  else if (v < 10) snprintf(o, len, "%.2f", v);
  else if (v < 1000) snprintf(o, len, "%.1f", v);
  else snprintf(o, len, "%.0f", v);
}

/* a ratio with two decimals, "-" where a column is absent */
const char *ratio_str(char *o, size_t len, double v) {
  if (isnan(v)) snprintf(o, len, "-");
  else snprintf(o, len, "%.2f", v);
  return o;
}

const char *size_str(size_t n, char *o, size_t len) {
  if (n >= MiB && n % MiB == 0) snprintf(o, len, "%zuM", n / MiB);
  else if (n >= KiB && n % KiB == 0) snprintf(o, len, "%zuK", n / KiB);
  else snprintf(o, len, "%zu", n);
  return o;
}

/* ------------------------------------------------------------------ */
/* historical memmove variants for the overlap section: the old kernel  */
/* loops, written here from their descriptions (columns only)          */

/* The old kernel's backward loop: one byte per iteration.  The counter
 * goes through OPAQUE so no compiler turns the loop into a memmove call or
 * vectorises it. */
static NOINLINE void *hist_byte_bwd(void *dst, const void *src, size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  while (n) {
    n--;
    OPAQUE(n);
    d[n] = s[n];
  }
  return dst;
}

/* Backward copy, 4 x 8 bytes per iteration (all four loads before the four
 * stores, so it is correct for dst above src), then 8-byte words, then
 * bytes. */
static NOINLINE void *hist_loop4x8_bwd(void *dst, const void *src, size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  uint64_t a, b, c, e;
  while (n >= 32) {
    n -= 32;
    OPAQUE(n);
    memcpy(&a, s + n + 24, 8);
    memcpy(&b, s + n + 16, 8);
    memcpy(&c, s + n + 8, 8);
    memcpy(&e, s + n, 8);
    memcpy(d + n + 24, &a, 8);
    memcpy(d + n + 16, &b, 8);
    memcpy(d + n + 8, &c, 8);
    memcpy(d + n, &e, 8);
  }
  while (n >= 8) {
    n -= 8;
    OPAQUE(n);
    memcpy(&a, s + n, 8);
    memcpy(d + n, &a, 8);
  }
  while (n) {
    n--;
    OPAQUE(n);
    d[n] = s[n];
  }
  return dst;
}

#if defined(__x86_64__)
/* The 2010 proposal: direction flag set, rep movsq from the top down, then
 * rep movsb for the n % 8 lowest bytes, direction flag cleared again. */
static NOINLINE void *hist_movsq_bwd(void *dst, const void *src, size_t n) {
  size_t words = n >> 3, rest = n & 7;
  unsigned char *d = (unsigned char *)dst + n - 8;
  const unsigned char *s = (const unsigned char *)src + n - 8;
  __asm__ volatile("std\n\t"
                   "rep movsq\n\t"
                   "addq $7, %%rdi\n\t"
                   "addq $7, %%rsi\n\t"
                   "movq %3, %%rcx\n\t"
                   "rep movsb\n\t"
                   "cld"
                   : "+D"(d), "+S"(s), "+c"(words)
                   : "r"(rest)
                   : "memory", "cc");
  return dst;
}

/* Forward rep movsb: only used where a forward copy is a correct memmove. */
static NOINLINE void *hist_rep_movsb(void *dst, const void *src, size_t n) {
  void *d = dst;
  __asm__ volatile("rep movsb" : "+D"(d), "+S"(src), "+c"(n) : : "memory");
  return dst;
}
#else
/* Elsewhere no section asks for these two columns (HAVE_STRING_OPS). */
static void *hist_movsq_bwd(void *dst, const void *src, size_t n) {
  (void)src, (void)n;
  return dst;
}
#define hist_rep_movsb hist_movsq_bwd
#endif

/* ------------------------------------------------------------------ */
/* timed loops                                                         */

const char *const op_name[OP_COUNT] = {"memcpy", "memmove", "memset", "memcmp", "memeq"};

const char *const impl_name[IM_COUNT] = {
    "fastmem", "libc", "byte_bwd", "movsq_bwd", "loop4x8_bwd", "rep_movsb", "plain_loop", "dpdk",
};

/* the DPDK build in use (NULL: no dpdk column), chosen in main() */
const struct peer_build *dpdk;

/* one case of the timed loops' switch: an operation and a column */
#define COL(op, im) ((op)*IM_COUNT + (im))

#define FIXED_LOOP(CALL)                                                                           \
  for (i = 0; i < iters; i++) {                                                                    \
    OPAQUE(d);                                                                                     \
    OPAQUE(s);                                                                                     \
    OPAQUE(n);                                                                                     \
    CALL;                                                                                          \
    CLOBBER();                                                                                     \
  }

#define TABLE_LOOP(CALL)                                                                           \
  for (i = 0; i < iters;) {                                                                        \
    const struct entry *e = j->tab, *end = e + j->tabn;                                            \
    for (; e != end; e++, i++) {                                                                   \
      unsigned char *d = db + e->dst;                                                              \
      const unsigned char *s = sb + e->src;                                                        \
      size_t n = e->n;                                                                             \
      int c = e->c;                                                                                \
      (void)c;                                                                                     \
      OPAQUE(d);                                                                                   \
      OPAQUE(s);                                                                                   \
      OPAQUE(n);                                                                                   \
      CALL;                                                                                        \
      CLOBBER();                                                                                   \
    }                                                                                              \
  }

/* The hardware's limits for the `limits` section: the plainest loops of
 * 4 x 64-byte AVX-512 loads and stores, for aligned buffers and n a
 * multiple of 256 (a copy: one 64-byte store per cycle is the L1 limit). */
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define PLAIN_TARGET __attribute__((noinline, target("avx512f,avx512bw")))
typedef long long plain_v __attribute__((vector_size(64), aligned(64)));
static PLAIN_TARGET void plain_copy(unsigned char *d, const unsigned char *s, size_t n) {
  size_t k;
  for (k = 0; k < n; k += 256) {
    plain_v a = *(const plain_v *)(s + k), b = *(const plain_v *)(s + k + 64);
    plain_v c = *(const plain_v *)(s + k + 128), e = *(const plain_v *)(s + k + 192);
    *(plain_v *)(d + k) = a;
    *(plain_v *)(d + k + 64) = b;
    *(plain_v *)(d + k + 128) = c;
    *(plain_v *)(d + k + 192) = e;
    OPAQUE(d);
  }
}
static PLAIN_TARGET void plain_set(unsigned char *d, int c, size_t n) {
  plain_v v = (plain_v){0} + (long long)((unsigned char)c * 0x0101010101010101ull);
  size_t k;
  for (k = 0; k < n; k += 256) {
    *(plain_v *)(d + k) = v;
    *(plain_v *)(d + k + 64) = v;
    *(plain_v *)(d + k + 128) = v;
    *(plain_v *)(d + k + 192) = v;
    OPAQUE(d);
  }
}
static PLAIN_TARGET long plain_cmp(const unsigned char *a, const unsigned char *b, size_t n) {
  size_t k;
  for (k = 0; k < n; k += 256) {
    plain_v x = (*(const plain_v *)(a + k) ^ *(const plain_v *)(b + k)) |
                (*(const plain_v *)(a + k + 64) ^ *(const plain_v *)(b + k + 64)) |
                (*(const plain_v *)(a + k + 128) ^ *(const plain_v *)(b + k + 128)) |
                (*(const plain_v *)(a + k + 192) ^ *(const plain_v *)(b + k + 192));
    if (_mm512_test_epi64_mask((__m512i)x, (__m512i)x)) return 1;
  }
  return 0;
}
#endif

/* Each timed loop is a function of its own, aligned to 64 bytes. Where a
 * loop's branches fall against 32- and 64-byte boundaries moved short rows
 * by up to 2x on AMD family 1Ah: memcpy and memmove rows, the same fastmem
 * code, read 1.09 and 0.75 ns at 33-64 bytes in one binary, and with every
 * loop in one switch, any edit elsewhere in this file moved them all. This
 * way a loop's placement depends on its own code only, and the loops of
 * two columns with the same code are placed alike. */
#define TIMED_FN __attribute__((noinline, aligned(64)))
typedef long (*timed_fn)(const struct job *j, long iters);

#define FIXED_FN(name, CALL)                                                                       \
  static TIMED_FN long name(const struct job *j, long iters) {                                     \
    unsigned char *d = j->d;                                                                       \
    const unsigned char *s = j->s;                                                                 \
    size_t n = j->n;                                                                               \
    int c = j->c;                                                                                  \
    long i, acc = 0;                                                                               \
    (void)s;                                                                                       \
    (void)c;                                                                                       \
    FIXED_LOOP(CALL);                                                                              \
    return acc;                                                                                    \
  }
#define TABLE_FN(name, CALL)                                                                       \
  static TIMED_FN long name(const struct job *j, long iters) {                                     \
    unsigned char *db = j->dbase;                                                                  \
    const unsigned char *sb = j->sbase;                                                            \
    long i, acc = 0;                                                                               \
    TABLE_LOOP(CALL);                                                                              \
    return acc;                                                                                    \
  }

/* The calls timed both in fixed rows and in tables: each becomes a fixed_
 * and a table_ function and an entry of both tables below. */
#define SHARED_CALLS(X)                                                                            \
  X(OP_MEMCPY, IM_FM, memcpy_fm, fm_memcpy(d, s, n))                                               \
  X(OP_MEMCPY, IM_LIBC, memcpy_libc, libc_memcpy(d, s, n))                                         \
  X(OP_MEMMOVE, IM_FM, memmove_fm, fm_memmove(d, s, n))                                            \
  X(OP_MEMMOVE, IM_LIBC, memmove_libc, libc_memmove(d, s, n))                                      \
  X(OP_MEMSET, IM_FM, memset_fm, fm_memset(d, c, n))                                               \
  X(OP_MEMSET, IM_LIBC, memset_libc, libc_memset(d, c, n))                                         \
  X(OP_MEMCMP, IM_FM, memcmp_fm, acc += fm_memcmp(d, s, n))                                        \
  X(OP_MEMCMP, IM_LIBC, memcmp_libc, acc += libc_memcmp(d, s, n))                                  \
  X(OP_MEMEQ, IM_FM, memeq_fm, acc += fm_memeq(d, s, n))                                           \
  X(OP_MEMEQ, IM_LIBC, memeq_libc, acc += (libc_memeq(d, s, n) == 0))
#define SHARED_FNS(op, im, name, CALL) FIXED_FN(fixed_##name, CALL) TABLE_FN(table_##name, CALL)
#define FIXED_ENTRY(op, im, name, CALL) [COL(op, im)] = fixed_##name,
#define TABLE_ENTRY(op, im, name, CALL) [COL(op, im)] = table_##name,
SHARED_CALLS(SHARED_FNS)

/* the fixed rows' other columns */
FIXED_FN(fixed_rep_movsb, hist_rep_movsb(d, s, n))
FIXED_FN(fixed_byte_bwd, hist_byte_bwd(d, s, n))
FIXED_FN(fixed_loop4x8_bwd, hist_loop4x8_bwd(d, s, n))
FIXED_FN(fixed_movsq_bwd, hist_movsq_bwd(d, s, n))
#if HAVE_PLAIN
FIXED_FN(fixed_plain_copy, plain_copy(d, s, n))
FIXED_FN(fixed_plain_set, plain_set(d, c, n))
FIXED_FN(fixed_plain_cmp, acc += plain_cmp(d, s, n))
#endif
/* rte_memcpy is inlined into its own copy of these loops (peer_dpdk.c);
 * memmove rows ask for it only where the ranges are disjoint */
static long fixed_dpdk(const struct job *j, long iters) {
  if (dpdk) dpdk->fixed(j->d, j->s, j->n, iters);
  return 0;
}
static long table_dpdk(const struct job *j, long iters) {
  if (dpdk) dpdk->table(j->tab, j->tabn, j->dbase, j->sbase, iters);
  return 0;
}

/* the loop of each operation and column; NULL: none (nothing is timed) */
static const timed_fn fixed_fns[OP_COUNT * IM_COUNT] = {
    SHARED_CALLS(FIXED_ENTRY) /* then the fixed rows' other columns */
        [COL(OP_MEMCPY, IM_DPDK)] = fixed_dpdk,
    [COL(OP_MEMMOVE, IM_DPDK)] = fixed_dpdk,
    [COL(OP_MEMCPY, IM_REP_MOVSB)] = fixed_rep_movsb,
    [COL(OP_MEMMOVE, IM_REP_MOVSB)] = fixed_rep_movsb,
    [COL(OP_MEMMOVE, IM_BYTE_BWD)] = fixed_byte_bwd,
    [COL(OP_MEMMOVE, IM_LOOP4X8_BWD)] = fixed_loop4x8_bwd,
    [COL(OP_MEMMOVE, IM_MOVSQ_BWD)] = fixed_movsq_bwd,
#if HAVE_PLAIN
    [COL(OP_MEMCPY, IM_PLAIN)] = fixed_plain_copy,
    [COL(OP_MEMSET, IM_PLAIN)] = fixed_plain_set,
    [COL(OP_MEMCMP, IM_PLAIN)] = fixed_plain_cmp,
#endif
};
static const timed_fn table_fns[OP_COUNT * IM_COUNT] = {
    SHARED_CALLS(TABLE_ENTRY) /* then DPDK's */
        [COL(OP_MEMCPY, IM_DPDK)] = table_dpdk,
};

static long run_timed(const struct job *j, enum impl im, long iters) {
  timed_fn f = (j->tab ? table_fns : fixed_fns)[COL(j->op, im)];
  return f ? f(j, iters) : 0;
}

static long context_switches(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_nivcsw + u.ru_nvcsw;
}

/* Read the first and last byte of both buffers of a fixed row, outside the
 * timed batch, so their pages are marked accessed.  Otherwise, when the
 * kernel has just cleared the accessed bit of a huge page (page-age
 * monitoring does so periodically; /proc/self/clear_refs too), a call that
 * touches no byte (n = 0) but issues a masked load with an empty mask pays a
 * ~250 ns assist on every call on our machine: that is noise from the
 * kernel, not a property of either implementation. */
static void touch(const struct job *j) {
  const volatile unsigned char *s = j->s, *d = j->d;
  if (j->tab || !s) return;
  (void)s[0];
  (void)d[0];
  if (j->n) {
    (void)s[j->n - 1];
    (void)d[j->n - 1];
  }
}

/* Time one batch: ns for `iters` calls.  A batch during which the process
 * was switched out (another process took the CPU) is run again, up to 3
 * times.  A batch of fewer than WARM_UP_BELOW calls (big sizes, slow
 * columns) starts with one untimed call of its own column: the column
 * before it leaves the caches as its own strategy does (non-temporal
 * stores leave the buffers out of them), and without the warm-up that
 * state is charged to the next column.  On AMD Zen 4, glibc's memset of
 * 12-16 MiB took 2.3-2.6x as long right after fastmem's non-temporal sets
 * as after its loop (`make bench SECTION=sweep` with
 * -DFASTMEM_NT_THRESHOLD=12582912 against the same without, three runs
 * each, medians), 1.3-1.7x with the warm-up: it brings back what the caches
 * keep, not all of it (bench/results/amd-19h-11h-2026-12-03/thresholds.md,
 * "Twenty-sixth session"). */
#define WARM_UP_BELOW 64
static double time_batch(const struct job *j, enum impl im, long iters) {
  double t0, t1;
  long acc, cs;
  int tries = 0;
  do {
    if (iters < WARM_UP_BELOW && !j->tab) bench_sink += run_timed(j, im, 1);
    touch(j);
    cs = context_switches();
    t0 = now_ns();
    acc = run_timed(j, im, iters);
    t1 = now_ns();
    bench_sink += acc;
  } while (context_switches() != cs && ++tries < 3);
  return t1 - t0;
}

#define MAX_REPS 64

/* Batch length for one column: enough calls to last opt.sample_ns (this
 * also warms the column up: caches, branch predictors, clock). */
static long calibrate(const struct job *j, enum impl im) {
  long unit = j->tab ? (long)j->tabn : 1, iters = unit;
  time_batch(j, im, iters); /* first call: cold code and data */
  for (;;) {
    double t = time_batch(j, im, iters);
    /* one slow batch (an interrupt) must not fix a short batch:
     * a long enough one is confirmed by a second */
    if (t >= opt.sample_ns) {
      double t2 = time_batch(j, im, iters);
      if (t2 >= opt.sample_ns / 2 || iters >= (1L << 40)) return iters;
      t = t2;
    }
    if (t < opt.sample_ns / 16) iters *= 8;
    else iters = (long)((double)iters * opt.sample_ns * 1.1 / t) / unit * unit + unit;
  }
}

/* Measure every column of a row: each column's batch length is calibrated
 * on its own, then the columns take turns, A B B A A B ..., so neither
 * side always runs first and slow drifts hit both alike. */
void measure_once(const struct job *j, const enum impl *ims, int nim, struct result *r) {
  double samples[IM_COUNT][MAX_REPS];
  int k, rep;

  r->nim = nim;
  for (k = 0; k < nim; k++) {
    r->im[k] = ims[k];
    r->iters[k] = calibrate(j, ims[k]);
  }
  r->reps = opt.reps;
  for (rep = 0; rep < opt.reps; rep++) {
    for (k = 0; k < nim; k++) {
      int col = (rep & 1) ? nim - 1 - k : k;
      samples[col][rep] = time_batch(j, ims[col], r->iters[col]) / (double)r->iters[col];
    }
  }
  for (k = 0; k < nim; k++) {
    double m = samples[k][0];
    for (rep = 1; rep < opt.reps; rep++)
      if (samples[k][rep] < m) m = samples[k][rep];
    r->min[k] = m;
    r->med[k] = median_of(samples[k], opt.reps);
  }
  r->spread = 1;
  for (k = 0; k < nim; k++)
    if (r->med[k] / r->min[k] > r->spread) r->spread = r->med[k] / r->min[k];
}

/* The machine is shared: a row whose samples spread widely (some column's
 * median more than 15% above its minimum: something else used the core or
 * the memory meanwhile) is measured again, up to 3 times (2 with --quick),
 * and the attempt with the smallest spread is kept.  The CSV records the
 * spread and the number of attempts. */
static void measure_attempts(const struct job *j, const enum impl *ims, int nim, struct result *r) {
  struct result t;
  int a, max_attempts = opt.quick ? 2 : 3;
  measure_once(j, ims, nim, r);
  for (a = 1; a < max_attempts && r->spread > 1.15; a++) {
    measure_once(j, ims, nim, &t);
    if (t.spread < r->spread) *r = t;
  }
  r->attempts = a;
}

/* A row is measured while the core is not shared with other work, where
 * waiting helps (core_share.c); one during which that changed, again. */
void measure(const struct job *j, const enum impl *ims, int nim, struct result *r) {
  core_share_wait(0);
  measure_attempts(j, ims, nim, r);
  if (core_share_again()) {
    core_share_wait(1);
    measure_attempts(j, ims, nim, r);
  }
}

double res_med(const struct result *r, enum impl im) {
  int k;
  for (k = 0; k < r->nim; k++)
    if (r->im[k] == im) return r->med[k];
  return NAN;
}

/* Add the dpdk column to a row of `op` where rte_memcpy is a correct
 * answer: copies, and moves whose ranges are disjoint (the caller says). */
int with_dpdk(enum impl *cols, int n, enum op op, int disjoint) {
  if (dpdk && opt.extra_cols && (op == OP_MEMCPY || (op == OP_MEMMOVE && disjoint)))
    cols[n++] = IM_DPDK;
  return n;
}

/* ------------------------------------------------------------------ */
/* CSV                                                                 */

#define CSV_HEADER                                                                                 \
  "libc_variant,section,func,align,label,size,src_off,dst_off,dist,impl,"                          \
  "calls_per_sample,samples,median_ns,min_ns,bytes_per_ns,ratio_vs_fastmem,spread,attempts"

void csv_result(const struct rowinfo *ri, const struct result *r) {
  double fm = res_med(r, IM_FM);
  int k;
  if (!csv) return;
  for (k = 0; k < r->nim; k++) {
    double m = r->med[k];
    fprintf(csv, "%s,%s,%s,%s,%s,%zu,%ld,%ld,%ld,%s,%ld,%d,%.4f,%.4f,%.4f,%.4f,%.3f,%d\n",
            opt.variant, ri->section, ri->func, ri->align, ri->label, ri->size, ri->src_off,
            ri->dst_off, ri->dist, impl_name[r->im[k]], r->iters[k], r->reps, m, r->min[k],
            m > 0 ? (double)ri->size / m : 0.0, fm > 0 ? m / fm : NAN,
            r->min[k] > 0 ? m / r->min[k] : NAN, r->attempts);
  }
  fflush(csv);
}

/* Open the CSV: a new one with its header line, or (append) the first
 * run's, for the second run. */
int csv_open(const char *path, int append) {
  csv = fopen(path, append ? "a" : "w");
  if (!csv) return 0;
  if (!append) fprintf(csv, CSV_HEADER "\n");
  fflush(csv);
  return 1;
}

void csv_close(void) {
  if (csv) fclose(csv);
  csv = NULL;
}

/* fastmem's path, features and limit, for the other files (which do not
 * include fastmem.h) */
const char *bench_fm_path(void) {
#ifdef BENCH_HAVE_PATH_NAME
  return fm_path_name();
#else
  return "(fm_path_name not available)";
#endif
}

unsigned bench_fm_features(void) { return fm_cpu_features(); }

void bench_fm_limit(unsigned mask) { fm_cpu_limit(mask); }

/* Run on one cpu only. The two vCPUs of our VM were measured to differ by
 * up to 1.6x at the same moment (one shares its core with a busy thread of
 * the host, the other does not, and that changes over minutes), and ratios
 * change with it: a run that migrates mixes the two. Unless --cpu says
 * which, the first process times a 4 KiB copy (libc's, 2000 calls, best of
 * 5) on each cpu it may use and keeps the fastest; the figures go into the
 * report. The --child process stays where its parent was. */
static int pin_to(int c) {
#ifdef __linux__
  cpu_set_t set;
  if (c < 0 || c >= CPU_SETSIZE) return 0;
  CPU_ZERO(&set);
  CPU_SET(c, &set);
  return sched_setaffinity(0, sizeof set, &set) == 0;
#else
  (void)c;
  return 0;
#endif
}

void pin_cpu(void) {
  opt.pinned = -1;
#ifdef __linux__
  if (opt.cpu == -2) return;
  if (opt.cpu == -1 && !opt.child) {
    cpu_set_t allowed;
    unsigned char *buf = malloc(8192);
    double best = INFINITY;
    int c, k, i, pick = -1;
    size_t len = 0;
    if (buf && sched_getaffinity(0, sizeof allowed, &allowed) == 0) {
      memset(buf, 1, 8192);
      for (c = 0; c < CPU_SETSIZE && c < 64; c++) {
        double t = INFINITY;
        if (!CPU_ISSET(c, &allowed) || !pin_to(c)) continue;
        for (k = 0; k < 5; k++) {
          double t0 = now_ns();
          for (i = 0; i < 2000; i++) {
            unsigned char *d = buf;
            OPAQUE(d);
            libc_memcpy(d + 4096, d, 4096);
          }
          t0 = (now_ns() - t0) / 2000;
          if (t0 < t) t = t0;
        }
        len +=
            (size_t)snprintf(cpu_probe + len, len < sizeof cpu_probe ? sizeof cpu_probe - len : 0,
                             "%scpu %d %.1f ns", len ? ", " : "", c, t);
        if (len >= sizeof cpu_probe) len = sizeof cpu_probe - 1;
        if (t < best) {
          best = t;
          pick = c;
        }
      }
    }
    free(buf);
    if (pick >= 0 && pin_to(pick)) opt.pinned = pick;
    return;
  }
  if (pin_to(opt.cpu >= 0 ? opt.cpu : sched_getcpu()))
    opt.pinned = opt.cpu >= 0 ? opt.cpu : sched_getcpu();
  else if (opt.cpu >= 0)
    fprintf(stderr, "bench: cannot run on cpu %d: %s; not pinned\n", opt.cpu, strerror(errno));
#endif
}
