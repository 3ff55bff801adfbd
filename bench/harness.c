/* bench/harness.c - the timing harness: libc through volatile pointers,
 * buffers, the extra columns' loops, the timed loops, samples and medians,
 * the CSV and the printed rows, the cpu to run on. The only file of the
 * benchmark that includes fastmem.h: fastmem is expanded inline into the
 * timed loops here, as users call it. */
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

struct options opt = {.out = "bench/out",
                      .fleet = "bench/fleet",
                      .variant = "libc",
                      .hugepages = 1,
                      .cpu = -1,
                      .max_wait = -1};
volatile long bench_sink;
char cpu_probe[256];
const struct peer_build *dpdk; /* chosen in main() */
FILE *bench_csv;

const char *const op_name[OP_COUNT] = {"memcpy", "memmove", "memset", "memcmp", "memeq"};
const char *const impl_name[IM_COUNT] = {
    "fastmem", "libc", "byte_bwd", "movsq_bwd", "loop4x8_bwd", "rep_movsb", "plain_loop", "dpdk",
};

/* libc through volatile pointers: never inlined or folded */
typedef void *(*cpy_fn)(void *, const void *, size_t);
typedef void *(*set_fn)(void *, int, size_t);
typedef int (*cmp_fn)(const void *, const void *, size_t);
static cpy_fn volatile libc_memcpy = memcpy, libc_memmove = memmove;
static set_fn volatile libc_memset = memset;
/* memeq's baseline: __memcmpeq where the libc exports it (harness_init) */
static cmp_fn volatile libc_memcmp = memcmp, libc_memeq = memcmp;
const char *libc_memeq_name = "memcmp() == 0";

/* ------------------------------------------------------------------ */
/* small helpers                                                       */

/* dir/name opened with mode; NULL, said on stderr where it was to be written */
FILE *out_file(const char *dir, const char *name, const char *mode) {
  char path[700];
  FILE *f;
  snprintf(path, sizeof path, "%s/%s", dir, name);
  if (!(f = fopen(path, mode)) && *mode != 'r')
    fprintf(stderr, "bench: cannot write %s: %s\n", path, strerror(errno));
  return f;
}

void die(const char *what) {
  fprintf(stderr, "bench: %s: %s\n", what, strerror(errno));
  exit(2);
}

static struct {
  void *map;
  size_t len;
} maps[16];
static int nmaps;

unsigned char *buf_get(size_t n) {
  size_t align = 2 * MiB, i;
  unsigned char *p,
      *map = mmap(NULL, n + align, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED || nmaps == 16) die("mmap");
  maps[nmaps].map = map, maps[nmaps++].len = n + align;
  p = (unsigned char *)(((uintptr_t)map + align - 1) & ~(uintptr_t)(align - 1));
#ifdef MADV_HUGEPAGE
  if (opt.hugepages && n >= align) madvise(p, (n + align - 1) & ~(align - 1), MADV_HUGEPAGE);
#endif
  for (i = 0; i + 8 <= n; i += 8) { /* bytes that look random */
    uint64_t v = (i + 1) * 0x9e3779b97f4a7c15ull;
    memcpy(p + i, &v, 8);
  }
  return p;
}

void buf_free_all(void) {
  for (; nmaps > 0; nmaps--) munmap(maps[nmaps - 1].map, maps[nmaps - 1].len);
}

const char *fmt_ns(char *o, size_t len, double v) {
  if (isnan(v)) snprintf(o, len, "-");
  else snprintf(o, len, v < 10 ? "%.2f" : v < 1000 ? "%.1f" : "%.0f", v);
  return o;
}

const char *size_str(size_t n, char *o, size_t len) {
  if (n >= MiB && n % MiB == 0) snprintf(o, len, "%zuM", n / MiB);
  else if (n >= KiB && n % KiB == 0) snprintf(o, len, "%zuK", n / KiB);
  else snprintf(o, len, "%zu", n);
  return o;
}

#define NOINLINE static __attribute__((noinline))

/* ------------------------------------------------------------------ */
/* the extra columns: the old kernel's backward memmove loops (overlap), */
/* forward rep movsb (distance), the plainest AVX-512 loops (limits)   */

/* One byte per step; n passes an OPAQUE, so no compiler vectorises it. */
NOINLINE void hist_byte_bwd(unsigned char *d, const unsigned char *s, size_t n) {
  while (n) {
    n--;
    OPAQUE(n);
    d[n] = s[n];
  }
}

/* 4 x 8 bytes per step (all four loads first: correct for dst above src),
   then 8-byte words, then bytes. */
NOINLINE void hist_loop4x8_bwd(unsigned char *d, const unsigned char *s, size_t n) {
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
}

#if BENCH_X86_64
#include <immintrin.h>
/* The 2010 proposal: std; rep movsq from the top down; rep movsb for the
   n % 8 lowest bytes; cld. */
NOINLINE void hist_movsq_bwd(unsigned char *d, const unsigned char *s, size_t n) {
  size_t words = n >> 3, rest = n & 7;
  d += n - 8;
  s += n - 8;
  __asm__ volatile("std\n\trep movsq\n\taddq $7, %%rdi\n\taddq $7, %%rsi\n\t"
                   "movq %3, %%rcx\n\trep movsb\n\tcld"
                   : "+D"(d), "+S"(s), "+c"(words)
                   : "r"(rest)
                   : "memory", "cc");
}

NOINLINE void rep_movsb(unsigned char *d, const unsigned char *s, size_t n) {
  __asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}

/* 4 x 64 bytes per step, aligned buffers, n a multiple of 256 */
#define PLAIN_FN static __attribute__((noinline, target("avx512f,avx512bw")))
typedef long long plain_v __attribute__((vector_size(64), aligned(64)));
#define V(p, k) (*(plain_v *)((p) + (k)))
#define VC(p, k) (*(const plain_v *)((p) + (k)))
PLAIN_FN void plain_copy(unsigned char *d, const unsigned char *s, size_t n) {
  size_t k;
  for (k = 0; k < n; k += 256) {
    plain_v a = VC(s, k), b = VC(s, k + 64), c = VC(s, k + 128), e = VC(s, k + 192);
    V(d, k) = a;
    V(d, k + 64) = b;
    V(d, k + 128) = c;
    V(d, k + 192) = e;
    OPAQUE(d);
  }
}
PLAIN_FN void plain_set(unsigned char *d, int c, size_t n) {
  plain_v v = (plain_v){0} + (long long)((unsigned char)c * 0x0101010101010101ull);
  size_t k;
  for (k = 0; k < n; k += 256) {
    V(d, k) = v;
    V(d, k + 64) = v;
    V(d, k + 128) = v;
    V(d, k + 192) = v;
    OPAQUE(d);
  }
}
PLAIN_FN long plain_cmp(const unsigned char *a, const unsigned char *b, size_t n) {
  size_t k;
  for (k = 0; k < n; k += 256) {
    plain_v x = (VC(a, k) ^ VC(b, k)) | (VC(a, k + 64) ^ VC(b, k + 64)) |
                (VC(a, k + 128) ^ VC(b, k + 128)) | (VC(a, k + 192) ^ VC(b, k + 192));
    if (_mm512_test_epi64_mask((__m512i)x, (__m512i)x)) return 1;
  }
  return 0;
}
#endif

/* ------------------------------------------------------------------ */
/* timed loops                                                         */

/* Each timed loop (an operation and a column) is a function of its own,
 * aligned to 64 bytes: with all of them in one switch, fastmem's memcpy and
 * memmove rows (the same code) ran up to 1.5x apart on AMD family 1Ah, and
 * an edit anywhere in the file moved every loop. */
#define TIMED_FN static __attribute__((noinline, aligned(64))) long
typedef long (*timed_fn)(const struct job *j, long iters);
#define FIXED_FN(name, CALL)                                                                       \
  TIMED_FN name(const struct job *j, long iters) {                                                 \
    unsigned char *d = j->d;                                                                       \
    const unsigned char *s = j->s;                                                                 \
    size_t n = j->n;                                                                               \
    int c = j->c;                                                                                  \
    long i, acc = 0;                                                                               \
    (void)s, (void)c;                                                                              \
    FIXED_LOOP(CALL);                                                                              \
    return acc;                                                                                    \
  }
#define TABLE_FN(name, CALL)                                                                       \
  TIMED_FN name(const struct job *j, long iters) {                                                 \
    unsigned char *db = j->dbase;                                                                  \
    const unsigned char *sb = j->sbase;                                                            \
    long i, acc = 0;                                                                               \
    TABLE_LOOP(j->tab, j->tabn, CALL);                                                             \
    return acc;                                                                                    \
  }
#define COL(op, im) ((op)*IM_COUNT + (im))

/* the calls timed both in fixed rows and in tables */
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

FIXED_FN(fixed_byte_bwd, hist_byte_bwd(d, s, n))
FIXED_FN(fixed_loop4x8_bwd, hist_loop4x8_bwd(d, s, n))
#if BENCH_X86_64
FIXED_FN(fixed_movsq_bwd, hist_movsq_bwd(d, s, n))
FIXED_FN(fixed_rep_movsb, rep_movsb(d, s, n))
FIXED_FN(fixed_plain_copy, plain_copy(d, s, n))
FIXED_FN(fixed_plain_set, plain_set(d, c, n))
FIXED_FN(fixed_plain_cmp, acc += plain_cmp(d, s, n))
#endif
/* rte_memcpy is inlined into its own copy of these loops (peer_dpdk.c) */
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
    SHARED_CALLS(FIXED_ENTRY)[COL(OP_MEMCPY, IM_DPDK)] = fixed_dpdk,
    [COL(OP_MEMMOVE, IM_DPDK)] = fixed_dpdk,
    [COL(OP_MEMMOVE, IM_BYTE_BWD)] = fixed_byte_bwd,
    [COL(OP_MEMMOVE, IM_4X8_BWD)] = fixed_loop4x8_bwd,
#if BENCH_X86_64
    [COL(OP_MEMMOVE, IM_MOVSQ_BWD)] = fixed_movsq_bwd,
    [COL(OP_MEMCPY, IM_MOVSB)] = fixed_rep_movsb,
    [COL(OP_MEMMOVE, IM_MOVSB)] = fixed_rep_movsb,
    [COL(OP_MEMCPY, IM_PLAIN)] = fixed_plain_copy,
    [COL(OP_MEMSET, IM_PLAIN)] = fixed_plain_set,
    [COL(OP_MEMCMP, IM_PLAIN)] = fixed_plain_cmp,
#endif
};
static const timed_fn table_fns[OP_COUNT * IM_COUNT] = {
    SHARED_CALLS(TABLE_ENTRY)[COL(OP_MEMCPY, IM_DPDK)] = table_dpdk,
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

/* Time one batch: ns for iters calls. Before it, the ends of a fixed row's
 * buffers are read: a masked access of zero bytes to a huge page whose
 * accessed bit the kernel just cleared costs ~250 ns per call. A batch of
 * fewer than 64 calls starts with an untimed call of its own column, so
 * that the cache state another column left (non-temporal stores) is not
 * charged to it. A batch during which the process was switched out is run
 * again, up to 3 times. */
static double time_batch(const struct job *j, enum impl im, long iters) {
  const volatile unsigned char *s = j->s, *d = j->d;
  double t0, t1;
  long acc, cs;
  int tries = 0;
  do {
    if (iters < 64 && !j->tab) bench_sink += run_timed(j, im, 1);
    if (!j->tab && s)
      (void)s[0], (void)d[0], (void)s[j->n ? j->n - 1 : 0], (void)d[j->n ? j->n - 1 : 0];
    cs = context_switches();
    t0 = now_ns();
    acc = run_timed(j, im, iters);
    t1 = now_ns();
    bench_sink += acc;
  } while (context_switches() != cs && ++tries < 3);
  return t1 - t0;
}

/* Calls per batch for one column: enough to last opt.sample_ns (which also
 * warms the column up). A long batch is confirmed by a second, so that one
 * interrupt does not fix a short batch. */
static long calibrate(const struct job *j, enum impl im) {
  long unit = j->tab ? (long)j->tabn : 1, iters = unit;
  time_batch(j, im, iters);
  for (;;) {
    double t = time_batch(j, im, iters);
    if (t >= opt.sample_ns) {
      double t2 = time_batch(j, im, iters);
      if (t2 >= opt.sample_ns / 2 || iters >= (1L << 40)) return iters;
      t = t2;
    }
    if (t < opt.sample_ns / 16) iters *= 8;
    else iters = (long)((double)iters * opt.sample_ns * 1.1 / t) / unit * unit + unit;
  }
}

#define MAX_REPS 64
struct result {
  double med[IM_COUNT], min[IM_COUNT]; /* ns per call */
  long iters[IM_COUNT];                /* calls per sample */
  int attempts;
  double spread; /* max over columns of median / min */
};

/* Every column calibrated, then the columns take turns, A B B A A B ... */
static void measure_once(const struct job *j, const enum impl *ims, int nim, struct result *r) {
  double samples[IM_COUNT][MAX_REPS];
  int k, rep;
  for (k = 0; k < nim; k++) r->iters[k] = calibrate(j, ims[k]);
  for (rep = 0; rep < opt.reps; rep++)
    for (k = 0; k < nim; k++) {
      int col = (rep & 1) ? nim - 1 - k : k;
      samples[col][rep] = time_batch(j, ims[col], r->iters[col]) / (double)r->iters[col];
    }
  r->spread = 1;
  for (k = 0; k < nim; k++) {
    r->med[k] = median_of(samples[k], opt.reps); /* sorts */
    r->min[k] = samples[k][0];
    if (r->med[k] / r->min[k] > r->spread) r->spread = r->med[k] / r->min[k];
  }
}

/* A row whose samples spread (a column's median more than 15% above its
 * minimum) is measured again, up to 3 times (2 with --quick, 1 with
 * opt.scan), and the tightest attempt kept. */
static void measure(const struct job *j, const enum impl *ims, int nim, struct result *r) {
  struct result t;
  int a, max_attempts = opt.scan ? 1 : opt.quick ? 2 : 3;
  measure_once(j, ims, nim, r);
  for (a = 1; a < max_attempts && r->spread > 1.15; a++) {
    measure_once(j, ims, nim, &t);
    if (t.spread < r->spread) *r = t;
  }
  r->attempts = a;
}

void row(const struct job *j, const enum impl *ims, int nim, const struct rowinfo *ri) {
  struct result r;
  char a[16], b[16];
  double fm = NAN;
  int k;
  if (!opt.scan) core_share_wait(0); /* while the core is not shared (core_share.c) */
  measure(j, ims, nim, &r);
  if (!opt.scan && core_share_again()) core_share_wait(1), measure(j, ims, nim, &r);
  for (k = 0; k < nim; k++)
    if (ims[k] == IM_FM) fm = r.med[k];
  for (k = 0; bench_csv && k < nim; k++) {
    double m = r.med[k];
    fprintf(bench_csv, "%s,%s,%s,%s,%s,%zu,%ld,%ld,%ld,%s,%ld,%d,%.4f,%.4f,%.4f,%.4f,%.3f,%d\n",
            opt.variant, ri->section, ri->func, ri->align, ri->label, ri->size, ri->src_off,
            ri->dst_off, ri->dist, impl_name[ims[k]], r.iters[k], opt.reps, m, r.min[k],
            m > 0 ? (double)ri->size / m : 0.0, fm > 0 ? m / fm : NAN,
            r.min[k] > 0 ? m / r.min[k] : NAN, r.attempts);
  }
  if (bench_csv) fflush(bench_csv);
  if (opt.scan) return;
  printf("%-7s %-14s %6s", ri->func, ri->label, size_str(ri->size, a, sizeof a));
  for (k = 0; k < nim; k++) {
    printf(" | %s %s", impl_name[ims[k]], fmt_ns(b, sizeof b, r.med[k]));
    if (ims[k] != IM_FM) printf(" x%.2f", r.med[k] / fm);
  }
  printf("\n");
}

int with_dpdk(enum impl *ims, int n, enum op op, int disjoint) {
  if (dpdk && !opt.child && (op == OP_MEMCPY || (op == OP_MEMMOVE && disjoint))) ims[n++] = IM_DPDK;
  return n;
}

/* fastmem's path and features, for the files without fastmem.h */
const char *bench_fm(char *o, size_t len) {
  snprintf(o, len, "path %s, features 0x%x", fm_path_name(), fm_cpu_features());
  return o;
}

#ifdef __linux__
static int pin_to(int c) {
  cpu_set_t set;
  if (c < 0 || c >= CPU_SETSIZE) return 0;
  CPU_ZERO(&set);
  CPU_SET(c, &set);
  return sched_setaffinity(0, sizeof set, &set) == 0;
}
#endif

/* memeq's baseline; --cpu-limit; and one cpu to run on: the two vCPUs of
 * our VM differed by up to 1.6x at the same moment (a busy thread of the
 * host on one's core), and a run that migrates mixes the two. Unless --cpu
 * says which, the first process keeps the cpu where a 4 KiB libc memcpy is
 * fastest (best of 5 x 2000 calls); the --child process stays where its
 * parent was. */
void harness_init(void) {
  void *sym = dlsym(RTLD_DEFAULT, "__memcmpeq");
  if (sym) {
    memcpy((void *)&libc_memeq, &sym, sizeof sym); /* object to function pointer */
    libc_memeq_name = "__memcmpeq() == 0";
  }
  if (opt.have_limit) fm_cpu_limit(opt.limit);
  opt.pinned = -1;
#ifdef __linux__
  if (opt.cpu == -1 && !opt.child) {
    cpu_set_t allowed;
    static unsigned char buf[8192];
    double best = INFINITY;
    int c, k, i, pick = -1;
    size_t len = 0;
    if (sched_getaffinity(0, sizeof allowed, &allowed)) return;
    memset(buf, 1, sizeof buf);
    for (c = 0; c < CPU_SETSIZE && c < 64; c++) {
      double t = INFINITY;
      if (!CPU_ISSET(c, &allowed) || !pin_to(c)) continue;
      for (k = 0; k < 5; k++) {
        double t0 = now_ns();
        for (i = 0; i < 2000; i++) libc_memcpy(buf + 4096, buf, 4096);
        t0 = (now_ns() - t0) / 2000;
        if (t0 < t) t = t0;
      }
      if (len < sizeof cpu_probe)
        len += (size_t)snprintf(cpu_probe + len, sizeof cpu_probe - len, "%scpu %d %.1f ns",
                                len ? ", " : "", c, t);
      if (t < best) best = t, pick = c;
    }
    if (pick >= 0 && pin_to(pick)) opt.pinned = pick;
  } else if (opt.cpu != -2) {
    int c = opt.cpu >= 0 ? opt.cpu : sched_getcpu();
    if (pin_to(c)) opt.pinned = c;
    else if (opt.cpu >= 0)
      fprintf(stderr, "bench: cannot run on cpu %d: %s; not pinned\n", c, strerror(errno));
  }
#endif
}
