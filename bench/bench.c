/*
 * bench/bench.c - measures fastmem against the system libc.
 *
 * Build and run from the repository root:  make bench | make bench-quick |
 * make bench SECTION=seed003.  Or by hand:
 *     cc -O2 -I. -o bench/out/bench bench/bench.c -lm -ldl
 *     bench/out/bench [--quick] [--section=a,b] [--out=DIR] [--libc=both|plain|norep]
 *
 * Method (one rule for every row):
 *   - libc is called through a volatile function pointer, so the compiler
 *     can neither inline nor fold it; fastmem is called as users call it:
 *     static inline, its short path expanded at the call site.
 *   - Every row times fastmem and libc (and any extra columns) interleaved:
 *     A B B A A B ... for `reps` repetitions; each sample is a batch of
 *     `iters` calls long enough that the clock (CLOCK_MONOTONIC) costs
 *     nothing measurable.  We report the median of the samples (ns per
 *     call) and the ratio libc / fastmem (> 1: fastmem is faster).
 *   - Barriers: before each call the pointers and the size go through an
 *     empty asm ("+r"), so the compiler cannot prove them loop invariant and
 *     hoist or unswitch any part of the inline code; after each call an empty
 *     asm with a "memory" clobber forces every store to happen and every load
 *     to be repeated.  Both emit no instruction.  An opaque libc call is
 *     already such a barrier for the compiler, so the same two barriers are
 *     put around the libc calls too: neither side gets an advantage (gcc
 *     turns the "+r" barriers into the same few register-to-register moves
 *     in both loops, which the CPU eliminates at rename; clang emits none).
 *   - Compare results are summed into a sink that is written to a volatile,
 *     so no call can be dropped.  Calls run back to back (throughput).
 *   - Hot rows repeat on the same buffers; the random and KSM rows walk a
 *     pre-generated table of sizes / offsets so the branch predictor cannot
 *     learn the sequence.
 *
 * Two libc baselines (--libc=both, the default with glibc on x86): the
 * process measures the libc as it is configured, then runs itself again with
 * GLIBC_TUNABLES switching off glibc's rep movsb / rep stosb, appending to the
 * same CSV with libc_variant=libc-norep.  Each run has its own fastmem column
 * measured side by side with its libc, and each ratio comes from one run.
 *
 * Output: tables on stdout, DIR/results.csv (one line per row and column),
 * DIR/summary.txt, DIR/meta.txt and SVG plots written by this file (no
 * gnuplot needed).  DIR defaults to bench/out.
 */
#define _GNU_SOURCE
#include "fastmem.h"
#include "peer.h"
#include "timing.h"

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#ifdef __linux__
#include <sys/personality.h>
#endif
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/utsname.h>
#ifdef __linux__
#include <sched.h>
#endif
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <gnu/libc-version.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
#define BENCH_X86 1
#else
#define BENCH_X86 0
#endif

#define NOINLINE __attribute__((noinline))
#define UNUSED __attribute__((unused))
/* An empty asm the compiler must assume reads and rewrites x. */
#define OPAQUE(x) __asm__ volatile("" : "+r"(x))
/* An empty asm the compiler must assume reads and writes all memory. */
#define CLOBBER() __asm__ volatile("" ::: "memory")

#define KiB ((size_t)1024)
#define MiB (1024 * KiB)

#define NOREP_TUNABLES                                                         \
	"glibc.cpu.x86_rep_movsb_threshold=0x7fffffff:"                        \
	"glibc.cpu.x86_rep_stosb_threshold=0x7fffffff"
/* --peers=avx2: glibc's ifuncs pick their AVX2 functions */
#define AVX2_TUNABLES "glibc.cpu.hwcaps=-AVX512F,-AVX512BW,-AVX512VL"

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
static const char *libc_memeq_name = "memcmp() == 0";

static volatile long bench_sink;

/* ------------------------------------------------------------------ */
/* options                                                             */

enum section { S_SEED000, S_SEED003, S_SEED004, S_SWEEP, S_RANDOM, S_LARGE, S_LIMITS, S_CLIFF, S_COUNT };
static const char *const section_name[S_COUNT] = {
	"seed000", "seed003", "seed004", "sweep", "random", "large", "limits", "cliff",
};

enum libc_mode { LM_BOTH, LM_PLAIN, LM_NOREP };

static struct {
	int quick;
	unsigned sections; /* bit per enum section */
	const char *out;
	int libc_mode;
	int child;       /* second process of --libc=both */
	int hugepages;   /* madvise(MADV_HUGEPAGE) on big buffers */
	int aslr;        /* keep address-space randomisation */
	int have_limit;
	unsigned limit;
	const char *variant; /* libc_variant column */
	double sample_ns;    /* target length of one timed batch */
	int reps;            /* samples per column and row */
	int cpu;             /* --cpu: -1 the one it starts on, -2 not pinned */
	int pinned;          /* the cpu it runs on, -1 if not pinned */
	int peers_avx2;      /* --peers=avx2: glibc and DPDK at their AVX2 code */
	int extra_cols;      /* this run measures the columns that do not depend
				on libc's variant (dpdk, historical loops) */
	const char *report_only; /* --report-only=DIR: re-plot DIR's results.csv */
} opt;

static char cpu_probe[256]; /* what pin_cpu() measured on each cpu */

static FILE *csv;

/* ------------------------------------------------------------------ */
/* small helpers                                                       */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
	/* xorshift64*: enough for shuffling sizes and offsets */
	uint64_t x = rng_state;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	rng_state = x;
	return x * 0x2545f4914f6cdd1dull;
}

static size_t rnd_below(size_t n) { return n ? (size_t)(rnd() % n) : 0; }

static size_t rnd_range(size_t lo, size_t hi) { return lo + rnd_below(hi - lo + 1); }

static void fill_random(unsigned char *p, size_t n)
{
	size_t i;
	for (i = 0; i + 8 <= n; i += 8) {
		uint64_t v = rnd();
		memcpy(p + i, &v, 8);
	}
	for (; i < n; i++)
		p[i] = (unsigned char)rnd();
}

static void die(const char *what)
{
	fprintf(stderr, "bench: %s: %s\n", what, strerror(errno));
	exit(2);
}

/* Buffers come from mmap, aligned to 2 MiB, and are touched before use so
 * no row pays page faults. */
struct buf {
	unsigned char *p;
	void *map;
	size_t maplen;
};

static struct buf buf_get(size_t n)
{
	struct buf b;
	size_t align = 2 * MiB;
	uintptr_t a;
	b.maplen = n + align;
	b.map = mmap(NULL, b.maplen, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (b.map == MAP_FAILED)
		die("mmap");
	a = ((uintptr_t)b.map + align - 1) & ~(uintptr_t)(align - 1);
	b.p = (unsigned char *)a;
#ifdef MADV_HUGEPAGE
	if (opt.hugepages && n >= align)
		madvise(b.p, (n + align - 1) & ~(align - 1), MADV_HUGEPAGE);
#endif
	fill_random(b.p, n);
	return b;
}

static void buf_put(struct buf *b)
{
	if (b->map)
		munmap(b->map, b->maplen);
	memset(b, 0, sizeof *b);
}

static void fmt_ns(char *o, size_t len, double v)
{
	if (isnan(v))
		snprintf(o, len, "-");
	else if (v < 10)
		snprintf(o, len, "%.2f", v);
	else if (v < 1000)
		snprintf(o, len, "%.1f", v);
	else
		snprintf(o, len, "%.0f", v);
}

/* a ratio with two decimals, "-" where a column is absent */
static const char *ratio_str(char *o, size_t len, double v)
{
	if (isnan(v))
		snprintf(o, len, "-");
	else
		snprintf(o, len, "%.2f", v);
	return o;
}

static const char *size_str(size_t n, char *o, size_t len)
{
	if (n >= MiB && n % MiB == 0)
		snprintf(o, len, "%zuM", n / MiB);
	else if (n >= KiB && n % KiB == 0)
		snprintf(o, len, "%zuK", n / KiB);
	else
		snprintf(o, len, "%zu", n);
	return o;
}

/* ------------------------------------------------------------------ */
/* the historical memmove variants of the seed 000 thread (written     */
/* here from their descriptions; they serve only as columns)           */

/* The old kernel's backward loop: one byte per iteration.  The counter
 * goes through OPAQUE so no compiler turns the loop into a memmove call or
 * vectorises it. */
static NOINLINE void *hist_byte_bwd(void *dst, const void *src, size_t n)
{
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
static NOINLINE void *hist_loop4x8_bwd(void *dst, const void *src, size_t n)
{
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
static NOINLINE void *hist_movsq_bwd(void *dst, const void *src, size_t n)
{
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
static NOINLINE void *hist_rep_movsb(void *dst, const void *src, size_t n)
{
	void *d = dst;
	__asm__ volatile("rep movsb" : "+D"(d), "+S"(src), "+c"(n) : : "memory");
	return dst;
}
#define HAVE_STRING_OPS 1
#else
#define HAVE_STRING_OPS 0
#endif

/* ------------------------------------------------------------------ */
/* timed loops                                                         */

enum op { OP_MEMCPY, OP_MEMMOVE, OP_MEMSET, OP_MEMCMP, OP_MEMEQ, OP_COUNT };
static const char *const op_name[OP_COUNT] = { "memcpy", "memmove", "memset", "memcmp", "memeq" };

enum impl { IM_FM, IM_LIBC, IM_BYTE_BWD, IM_MOVSQ_BWD, IM_LOOP4X8_BWD, IM_REP_MOVSB, IM_PLAIN, IM_DPDK, IM_COUNT };
static const char *const impl_name[IM_COUNT] = {
	"fastmem", "libc", "byte_bwd", "movsq_bwd", "loop4x8_bwd", "rep_movsb", "plain_loop", "dpdk",
};

/* ------------------------------------------------------------------ */
/* DPDK's rte_memcpy (bench/peer_dpdk.c, one object per ISA)           */

#ifdef BENCH_HAVE_DPDK
PEER_DECLARE(avx512)
PEER_DECLARE(avx2)
PEER_DECLARE(sse)
static const struct peer_build dpdk_builds[] = {
	{ "avx512", BENCH_DPDK_FLAGS_avx512, bench_dpdk_fixed_avx512, bench_dpdk_table_avx512,
	  bench_dpdk_version_avx512 },
	{ "avx2", BENCH_DPDK_FLAGS_avx2, bench_dpdk_fixed_avx2, bench_dpdk_table_avx2,
	  bench_dpdk_version_avx2 },
	{ "sse", BENCH_DPDK_FLAGS_sse, bench_dpdk_fixed_sse, bench_dpdk_table_sse,
	  bench_dpdk_version_sse },
};
#endif
/* the build in use (NULL: no dpdk column), chosen in main() */
static const struct peer_build *dpdk;

struct job {
	enum op op;
	/* fixed rows */
	unsigned char *d;
	const unsigned char *s;
	size_t n;
	int c;
	/* table rows (tab != NULL): iters is a multiple of tabn */
	const struct entry *tab;
	size_t tabn;
	unsigned char *dbase;
	const unsigned char *sbase;
};

#define FIXED_LOOP(CALL)                                                       \
	for (i = 0; i < iters; i++) {                                          \
		OPAQUE(d);                                                     \
		OPAQUE(s);                                                     \
		OPAQUE(n);                                                     \
		CALL;                                                          \
		CLOBBER();                                                     \
	}

#define TABLE_LOOP(CALL)                                                       \
	for (i = 0; i < iters;) {                                              \
		const struct entry *e = j->tab, *end = e + j->tabn;            \
		for (; e != end; e++, i++) {                                   \
			unsigned char *d = db + e->dst;                        \
			const unsigned char *s = sb + e->src;                  \
			size_t n = e->n;                                       \
			int c = e->c;                                          \
			(void)c;                                               \
			OPAQUE(d);                                             \
			OPAQUE(s);                                             \
			OPAQUE(n);                                             \
			CALL;                                                  \
			CLOBBER();                                             \
		}                                                              \
	}

/* The hardware's limits for the `limits` section: the plainest loops of
 * 4 x 64-byte AVX-512 loads and stores, for aligned buffers and n a
 * multiple of 256 (a copy: one 64-byte store per cycle is the L1 limit). */
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_PLAIN 1
#define PLAIN_TARGET __attribute__((noinline, target("avx512f,avx512bw")))
typedef long long plain_v __attribute__((vector_size(64), aligned(64)));
static PLAIN_TARGET void plain_copy(unsigned char *d, const unsigned char *s, size_t n)
{
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
static PLAIN_TARGET void plain_set(unsigned char *d, int c, size_t n)
{
	plain_v v = (plain_v){ 0 } + (long long)((unsigned char)c * 0x0101010101010101ull);
	size_t k;
	for (k = 0; k < n; k += 256) {
		*(plain_v *)(d + k) = v;
		*(plain_v *)(d + k + 64) = v;
		*(plain_v *)(d + k + 128) = v;
		*(plain_v *)(d + k + 192) = v;
		OPAQUE(d);
	}
}
static PLAIN_TARGET long plain_cmp(const unsigned char *a, const unsigned char *b, size_t n)
{
	size_t k;
	for (k = 0; k < n; k += 256) {
		plain_v x = (*(const plain_v *)(a + k) ^ *(const plain_v *)(b + k)) |
			    (*(const plain_v *)(a + k + 64) ^ *(const plain_v *)(b + k + 64)) |
			    (*(const plain_v *)(a + k + 128) ^ *(const plain_v *)(b + k + 128)) |
			    (*(const plain_v *)(a + k + 192) ^ *(const plain_v *)(b + k + 192));
		if (_mm512_test_epi64_mask((__m512i)x, (__m512i)x))
			return 1;
	}
	return 0;
}
#else
#define HAVE_PLAIN 0
#endif

static NOINLINE long run_fixed(const struct job *j, enum impl im, long iters)
{
	unsigned char *d = j->d;
	const unsigned char *s = j->s;
	size_t n = j->n;
	int c = j->c;
	long i, acc = 0;

	switch (j->op * IM_COUNT + im) {
	case OP_MEMCPY * IM_COUNT + IM_FM: FIXED_LOOP(fm_memcpy(d, s, n)); break;
	case OP_MEMCPY * IM_COUNT + IM_LIBC: FIXED_LOOP(libc_memcpy(d, s, n)); break;
	/* rte_memcpy inlined into its own copy of this loop (peer_dpdk.c);
	 * memmove rows ask for it only where the ranges are disjoint */
	case OP_MEMCPY * IM_COUNT + IM_DPDK:
	case OP_MEMMOVE * IM_COUNT + IM_DPDK:
		if (dpdk)
			dpdk->fixed(d, s, n, iters);
		break;
	case OP_MEMCPY * IM_COUNT + IM_REP_MOVSB:
	case OP_MEMMOVE * IM_COUNT + IM_REP_MOVSB:
#if HAVE_STRING_OPS
		FIXED_LOOP(hist_rep_movsb(d, s, n));
#endif
		break;
	case OP_MEMMOVE * IM_COUNT + IM_FM: FIXED_LOOP(fm_memmove(d, s, n)); break;
	case OP_MEMMOVE * IM_COUNT + IM_LIBC: FIXED_LOOP(libc_memmove(d, s, n)); break;
	case OP_MEMMOVE * IM_COUNT + IM_BYTE_BWD: FIXED_LOOP(hist_byte_bwd(d, s, n)); break;
	case OP_MEMMOVE * IM_COUNT + IM_LOOP4X8_BWD: FIXED_LOOP(hist_loop4x8_bwd(d, s, n)); break;
	case OP_MEMMOVE * IM_COUNT + IM_MOVSQ_BWD:
#if HAVE_STRING_OPS
		FIXED_LOOP(hist_movsq_bwd(d, s, n));
#endif
		break;
	case OP_MEMSET * IM_COUNT + IM_FM: FIXED_LOOP(fm_memset(d, c, n)); break;
	case OP_MEMSET * IM_COUNT + IM_LIBC: FIXED_LOOP(libc_memset(d, c, n)); break;
	case OP_MEMCMP * IM_COUNT + IM_FM: FIXED_LOOP(acc += fm_memcmp(d, s, n)); break;
	case OP_MEMCMP * IM_COUNT + IM_LIBC: FIXED_LOOP(acc += libc_memcmp(d, s, n)); break;
	case OP_MEMEQ * IM_COUNT + IM_FM: FIXED_LOOP(acc += fm_memeq(d, s, n)); break;
	case OP_MEMEQ * IM_COUNT + IM_LIBC: FIXED_LOOP(acc += (libc_memeq(d, s, n) == 0)); break;
#if HAVE_PLAIN
	case OP_MEMCPY * IM_COUNT + IM_PLAIN: FIXED_LOOP(plain_copy(d, s, n)); break;
	case OP_MEMSET * IM_COUNT + IM_PLAIN: FIXED_LOOP(plain_set(d, c, n)); break;
	case OP_MEMCMP * IM_COUNT + IM_PLAIN: FIXED_LOOP(acc += plain_cmp(d, s, n)); break;
#endif
	default: break;
	}
	return acc;
}

static NOINLINE long run_table(const struct job *j, enum impl im, long iters)
{
	unsigned char *db = j->dbase;
	const unsigned char *sb = j->sbase;
	long i, acc = 0;

	switch (j->op * IM_COUNT + im) {
	case OP_MEMCPY * IM_COUNT + IM_FM: TABLE_LOOP(fm_memcpy(d, s, n)); break;
	case OP_MEMCPY * IM_COUNT + IM_LIBC: TABLE_LOOP(libc_memcpy(d, s, n)); break;
	case OP_MEMCPY * IM_COUNT + IM_DPDK:
		if (dpdk)
			dpdk->table(j->tab, j->tabn, db, (const unsigned char *)sb, iters);
		break;
	case OP_MEMMOVE * IM_COUNT + IM_FM: TABLE_LOOP(fm_memmove(d, s, n)); break;
	case OP_MEMMOVE * IM_COUNT + IM_LIBC: TABLE_LOOP(libc_memmove(d, s, n)); break;
	case OP_MEMSET * IM_COUNT + IM_FM: TABLE_LOOP(fm_memset(d, c, n)); break;
	case OP_MEMSET * IM_COUNT + IM_LIBC: TABLE_LOOP(libc_memset(d, c, n)); break;
	case OP_MEMCMP * IM_COUNT + IM_FM: TABLE_LOOP(acc += fm_memcmp(d, s, n)); break;
	case OP_MEMCMP * IM_COUNT + IM_LIBC: TABLE_LOOP(acc += libc_memcmp(d, s, n)); break;
	case OP_MEMEQ * IM_COUNT + IM_FM: TABLE_LOOP(acc += fm_memeq(d, s, n)); break;
	case OP_MEMEQ * IM_COUNT + IM_LIBC: TABLE_LOOP(acc += (libc_memeq(d, s, n) == 0)); break;
	default: break;
	}
	return acc;
}

static long context_switches(void)
{
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
static void touch(const struct job *j)
{
	const volatile unsigned char *s = j->s, *d = j->d;
	if (j->tab || !s)
		return;
	(void)s[0];
	(void)d[0];
	if (j->n) {
		(void)s[j->n - 1];
		(void)d[j->n - 1];
	}
}

/* Time one batch: ns for `iters` calls.  A batch during which the process
 * was switched out (another process took the CPU) is run again, up to 3
 * times. */
static double time_batch(const struct job *j, enum impl im, long iters)
{
	double t0, t1;
	long acc, cs;
	int tries = 0;
	do {
		touch(j);
		cs = context_switches();
		t0 = now_ns();
		acc = j->tab ? run_table(j, im, iters) : run_fixed(j, im, iters);
		t1 = now_ns();
		bench_sink += acc;
	} while (context_switches() != cs && ++tries < 3);
	return t1 - t0;
}

#define MAX_REPS 64

struct result {
	int nim;
	enum impl im[IM_COUNT];
	double med[IM_COUNT]; /* ns per call */
	double min[IM_COUNT];
	long iters[IM_COUNT]; /* calls per sample */
	int reps;
	int attempts;  /* measurements of the row (see measure) */
	double spread; /* max over columns of median / min */
};

/* Batch length for one column: enough calls to last opt.sample_ns (this
 * also warms the column up: caches, branch predictors, clock). */
static long calibrate(const struct job *j, enum impl im)
{
	long unit = j->tab ? (long)j->tabn : 1, iters = unit;
	time_batch(j, im, iters); /* first call: cold code and data */
	for (;;) {
		double t = time_batch(j, im, iters);
		/* one slow batch (an interrupt) must not fix a short batch:
		 * a long enough one is confirmed by a second */
		if (t >= opt.sample_ns) {
			double t2 = time_batch(j, im, iters);
			if (t2 >= opt.sample_ns / 2 || iters >= (1L << 40))
				return iters;
			t = t2;
		}
		if (t < opt.sample_ns / 16)
			iters *= 8;
		else
			iters = (long)((double)iters * opt.sample_ns * 1.1 / t) / unit * unit + unit;
	}
}

/* Measure every column of a row: each column's batch length is calibrated
 * on its own, then the columns take turns, A B B A A B ..., so neither
 * side always runs first and slow drifts hit both alike. */
static void measure_once(const struct job *j, const enum impl *ims, int nim, struct result *r)
{
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
			if (samples[k][rep] < m)
				m = samples[k][rep];
		r->min[k] = m;
		r->med[k] = median_of(samples[k], opt.reps);
	}
	r->spread = 1;
	for (k = 0; k < nim; k++)
		if (r->med[k] / r->min[k] > r->spread)
			r->spread = r->med[k] / r->min[k];
}

/* The machine is shared: a row whose samples spread widely (some column's
 * median more than 15% above its minimum: something else used the core or
 * the memory meanwhile) is measured again, up to 3 times (2 with --quick),
 * and the attempt with the smallest spread is kept.  The CSV records the
 * spread and the number of attempts. */
static void measure(const struct job *j, const enum impl *ims, int nim, struct result *r)
{
	struct result t;
	int a, max_attempts = opt.quick ? 2 : 3;
	measure_once(j, ims, nim, r);
	for (a = 1; a < max_attempts && r->spread > 1.15; a++) {
		measure_once(j, ims, nim, &t);
		if (t.spread < r->spread)
			*r = t;
	}
	r->attempts = a;
}

static double res_med(const struct result *r, enum impl im)
{
	int k;
	for (k = 0; k < r->nim; k++)
		if (r->im[k] == im)
			return r->med[k];
	return NAN;
}

/* Add the dpdk column to a row of `op` where rte_memcpy is a correct
 * answer: copies, and moves whose ranges are disjoint (the caller says). */
static int with_dpdk(enum impl *cols, int n, enum op op, int disjoint)
{
	if (dpdk && opt.extra_cols && (op == OP_MEMCPY || (op == OP_MEMMOVE && disjoint)))
		cols[n++] = IM_DPDK;
	return n;
}

/* ------------------------------------------------------------------ */
/* CSV                                                                 */

#define CSV_HEADER                                                             \
	"libc_variant,section,func,align,label,size,src_off,dst_off,dist,impl,"  \
	"calls_per_sample,samples,median_ns,min_ns,bytes_per_ns,ratio_vs_fastmem,spread,attempts"

struct rowinfo {
	const char *section, *func, *align, *label;
	size_t size;
	long src_off, dst_off, dist;
};

static void csv_result(const struct rowinfo *ri, const struct result *r)
{
	double fm = res_med(r, IM_FM);
	int k;
	if (!csv)
		return;
	for (k = 0; k < r->nim; k++) {
		double m = r->med[k];
		fprintf(csv, "%s,%s,%s,%s,%s,%zu,%ld,%ld,%ld,%s,%ld,%d,%.4f,%.4f,%.4f,%.4f,%.3f,%d\n",
			opt.variant, ri->section, ri->func, ri->align, ri->label, ri->size,
			ri->src_off, ri->dst_off, ri->dist, impl_name[r->im[k]], r->iters[k], r->reps, m,
			r->min[k], m > 0 ? (double)ri->size / m : 0.0, fm > 0 ? m / fm : NAN,
			r->min[k] > 0 ? m / r->min[k] : NAN, r->attempts);
	}
	fflush(csv);
}

/* ------------------------------------------------------------------ */
/* section 1: seed 000, overlapping memmove with dst above src         */

static const enum impl seed000_cols_all[] = { IM_FM, IM_LIBC, IM_BYTE_BWD, IM_LOOP4X8_BWD,
#if HAVE_STRING_OPS
	IM_MOVSQ_BWD,
#endif
};

static void section_seed000(void)
{
	static const size_t lens[] = { 8, 32, 64, 256, 512, 1024 };
	static const int offs[] = { 0, 3, 7 };
	struct buf b = buf_get(16 * KiB);
	/* the child run (second libc baseline) skips the historical columns */
	int ncols = opt.child ? 2 : (int)(sizeof seed000_cols_all / sizeof seed000_cols_all[0]);
	size_t li;
	int si, di;

	printf("\n== seed 000: memmove, dst above src and overlapping (ns per call) ==\n");
	printf("dst - src is the smallest distance >= len/2 that gives the dst offset;\n"
	       "for len 8 with equal offsets that is 8 (adjacent, not overlapping).\n");
	printf("%5s %3s %3s %5s | %9s %9s %9s %9s %9s | %7s %7s\n", "len", "src", "dst", "dist",
	       "fastmem", "libc", "byte-bwd", "4x8-bwd", "std-movsq", "libc/fm", "byte/fm");
	for (li = 0; li < sizeof lens / sizeof lens[0]; li++)
		for (si = 0; si < 3; si++)
			for (di = 0; di < 3; di++) {
				size_t n = lens[li], half = n / 2 ? n / 2 : 1, dist;
				unsigned char *src = b.p + 4096 + offs[si];
				struct job j = { 0 };
				struct result r;
				struct rowinfo ri = { "seed000", "memmove", "-", "", n, offs[si], 0, 0 };
				char lab[48], c[5][16];
				int k;
				/* smallest dist >= half with (src + dist) % 8 == offs[di] */
				dist = half + (size_t)((offs[di] - offs[si] - (long)half) & 7);
				j.op = OP_MEMMOVE;
				j.s = src;
				j.d = src + dist;
				j.n = n;
				measure(&j, seed000_cols_all, ncols, &r);
				snprintf(lab, sizeof lab, "len%zu_s%d_d%d", n, offs[si], offs[di]);
				ri.label = lab;
				ri.dst_off = offs[di];
				ri.dist = (long)dist;
				csv_result(&ri, &r);
				fmt_ns(c[0], 16, res_med(&r, IM_FM));
				fmt_ns(c[1], 16, res_med(&r, IM_LIBC));
				fmt_ns(c[2], 16, res_med(&r, IM_BYTE_BWD));
				fmt_ns(c[3], 16, res_med(&r, IM_LOOP4X8_BWD));
				fmt_ns(c[4], 16, res_med(&r, IM_MOVSQ_BWD));
				printf("%5zu %3d %3d %5zu |", n, offs[si], offs[di], dist);
				for (k = 0; k < 5; k++)
					printf(" %9s", c[k]);
				printf(" | %7.2f %7.1f\n", res_med(&r, IM_LIBC) / res_med(&r, IM_FM),
				       res_med(&r, IM_BYTE_BWD) / res_med(&r, IM_FM));
			}
	buf_put(&b);
}

/* ------------------------------------------------------------------ */
/* section 2: seed 003, memmove by signed distance                     */

static void section_seed003(void)
{
	static const size_t sizes[] = { 1024, 64 * KiB };
	static const long dists[] = { -4096, -128, -64, -63, -32, -8, -1, 1, 8, 32, 63, 64, 128, 4096 };
	const int ndist = (int)(sizeof dists / sizeof dists[0]);
	struct buf b = buf_get(256 * KiB), other = buf_get(128 * KiB);
	size_t si;
	int di;

	printf("\n== seed 003: memmove by distance dst - src (ns per call) ==\n");
	printf("'disjoint' copies into another buffer (the reference for a move), 64-byte aligned;\n"
	       "fm/dis-al and libc/dis-al: against a disjoint copy with the same alignments as the\n"
	       "move (dst %% 64 = dist %% 64), which pays the same split loads or stores;\n"
	       "rep-movsb is a plain forward rep movsb, shown where a forward copy is a correct move.\n");
	printf("%6s %9s | %9s %9s %9s | %7s %9s %9s %9s %9s\n", "size", "dist", "fastmem", "libc", "rep-movsb",
	       "libc/fm", "fm/disj", "libc/disj", "fm/dis-al", "lc/dis-al");
	for (si = 0; si < 2; si++) {
		size_t n = sizes[si];
		double fm_disj = NAN, libc_disj = NAN, al_fm = NAN, al_libc = NAN;
		for (di = -1; di < ndist; di++) {
			unsigned char *src = b.p + 96 * KiB;
			struct job j = { 0 };
			struct result r;
			enum impl cols[3] = { IM_FM, IM_LIBC, IM_REP_MOVSB };
			int ncols = 2;
			char lab[48], c[3][16], nb[32];
			struct rowinfo ri = { "seed003", "memmove", "-", lab, n, 0, 0, 0 };
			long dist = di < 0 ? 0 : dists[di];
			j.op = OP_MEMMOVE;
			j.s = src;
			j.n = n;
			if (di < 0) {
				j.d = other.p + 2048; /* disjoint, no 4K aliasing */
				snprintf(lab, sizeof lab, "disjoint");
			} else {
				j.d = src + dist;
				snprintf(lab, sizeof lab, "dist%ld", dist);
			}
			ri.dst_off = (long)((uintptr_t)j.d & 4095);
			ri.dist = dist;
			if (HAVE_STRING_OPS && !opt.child && (di < 0 || dist < 0 || (size_t)dist >= n))
				ncols = 3;
			measure(&j, cols, ncols, &r);
			csv_result(&ri, &r);
			if (di < 0) {
				fm_disj = res_med(&r, IM_FM);
				libc_disj = res_med(&r, IM_LIBC);
			} else {
				/* the same move's alignments, into the other buffer */
				struct job ja = j;
				struct result ra;
				struct rowinfo ria = ri;
				char laba[48];
				ja.d = other.p + 2048 + (size_t)(dist & 63);
				snprintf(laba, sizeof laba, "disal%ld", dist);
				ria.label = laba;
				ria.dst_off = (long)((uintptr_t)ja.d & 4095);
				ria.dist = 0;
				measure(&ja, cols, 2, &ra);
				csv_result(&ria, &ra);
				al_fm = res_med(&ra, IM_FM);
				al_libc = res_med(&ra, IM_LIBC);
			}
			fmt_ns(c[0], 16, res_med(&r, IM_FM));
			fmt_ns(c[1], 16, res_med(&r, IM_LIBC));
			fmt_ns(c[2], 16, res_med(&r, IM_REP_MOVSB));
			printf("%6s %9s | %9s %9s %9s | %7.2f %9.2f %9.2f", size_str(n, nb, sizeof nb),
			       di < 0 ? "disjoint" : lab + 4, c[0], c[1], c[2],
			       res_med(&r, IM_LIBC) / res_med(&r, IM_FM), res_med(&r, IM_FM) / fm_disj,
			       res_med(&r, IM_LIBC) / libc_disj);
			if (di < 0)
				printf(" %9s %9s\n", "-", "-");
			else
				printf(" %9.2f %9.2f\n", res_med(&r, IM_FM) / al_fm, res_med(&r, IM_LIBC) / al_libc);
		}
	}
	buf_put(&other);
	buf_put(&b);
}

/* ------------------------------------------------------------------ */
/* section 3: seed 004, memcmp / memeq                                 */

/* KSM-like mismatch positions (seed 004): 76% < 16, 83% < 32, 84% < 64;
 * of the remaining 16% we make half differ later in the page and half
 * equal (page merged). */
static long ksm_mismatch(void)
{
	unsigned p = (unsigned)rnd_below(100);
	if (p < 76)
		return (long)rnd_below(16);
	if (p < 83)
		return (long)rnd_range(16, 31);
	if (p < 84)
		return (long)rnd_range(32, 63);
	if (p < 92)
		return (long)rnd_range(64, 4095);
	return -1;
}

static void section_seed004(void)
{
	static const size_t sizes[] = { 8, 32, 256, 4096, 8192 };
	const size_t npages = 512;
	struct buf a = buf_get(16 * KiB), b = buf_get(16 * KiB);
	struct buf pa = buf_get(npages * 4096), pb = buf_get(npages * 4096);
	struct entry *tab = calloc(npages, sizeof *tab);
	size_t *perm = calloc(npages, sizeof *perm);
	size_t i;
	int row, neq = 0;

	if (!tab || !perm)
		die("calloc");
	printf("\n== seed 004: memcmp and memeq (ns per call; memeq's libc baseline is %s) ==\n",
	       libc_memeq_name);
	printf("%-12s | %9s %9s %7s | %9s %9s %7s\n", "case", "cmp fm", "cmp libc", "libc/fm",
	       "eq fm", "eq libc", "libc/fm");
	memcpy(b.p + 2048, a.p, 8192);
	/* KSM-like page pairs, visited in a shuffled order */
	memcpy(pb.p, pa.p, npages * 4096);
	for (i = 0; i < npages; i++)
		perm[i] = i;
	for (i = npages - 1; i > 0; i--) {
		size_t k = rnd_below(i + 1), t = perm[i];
		perm[i] = perm[k];
		perm[k] = t;
	}
	for (i = 0; i < npages; i++) {
		long m = ksm_mismatch();
		if (m >= 0)
			pb.p[i * 4096 + (size_t)m] ^= (unsigned char)rnd_range(1, 255);
		else
			neq++;
		tab[i].src = tab[i].dst = (uint32_t)(perm[i] * 4096);
		tab[i].n = 4096;
	}
	for (row = 0; row < (int)(sizeof sizes / sizeof sizes[0]) + 1; row++) {
		int ksm = row == (int)(sizeof sizes / sizeof sizes[0]);
		double med[2][2];
		char lab[48], c[4][16];
		int op;
		for (op = 0; op < 2; op++) {
			struct job j = { 0 };
			struct result r;
			static const enum impl cols[] = { IM_FM, IM_LIBC };
			struct rowinfo ri = { "seed004", op ? "memeq" : "memcmp", "-", lab, 0, 0, 2048, 0 };
			j.op = op ? OP_MEMEQ : OP_MEMCMP;
			if (ksm) {
				j.tab = tab;
				j.tabn = npages;
				j.sbase = pa.p;
				j.dbase = pb.p;
				ri.size = 4096;
				ri.dst_off = 0;
				snprintf(lab, sizeof lab, "ksm");
			} else {
				j.s = a.p;
				j.d = b.p + 2048;
				j.n = sizes[row];
				ri.size = sizes[row];
				snprintf(lab, sizeof lab, "equal%zu", sizes[row]);
			}
			measure(&j, cols, 2, &r);
			csv_result(&ri, &r);
			med[op][0] = res_med(&r, IM_FM);
			med[op][1] = res_med(&r, IM_LIBC);
		}
		fmt_ns(c[0], 16, med[0][0]);
		fmt_ns(c[1], 16, med[0][1]);
		fmt_ns(c[2], 16, med[1][0]);
		fmt_ns(c[3], 16, med[1][1]);
		if (ksm)
			snprintf(lab, sizeof lab, "KSM 4K pages");
		else
			snprintf(lab, sizeof lab, "equal %zu", sizes[row]);
		printf("%-12s | %9s %9s %7.2f | %9s %9s %7.2f\n", lab, c[0], c[1], med[0][1] / med[0][0],
		       c[2], c[3], med[1][1] / med[1][0]);
	}
	printf("KSM run: %zu page pairs (%zu KiB each side) in shuffled order, %d equal; mismatch\n"
	       "positions 76%% < 16, 83%% < 32, 84%% < 64, 8%% later in the page, 8%% equal.\n",
	       npages, npages * 4, neq);
	free(perm);
	free(tab);
	buf_put(&pb);
	buf_put(&pa);
	buf_put(&b);
	buf_put(&a);
}

/* ------------------------------------------------------------------ */
/* section 4: sweeps                                                   */

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

static size_t sweep_sizes(size_t *out)
{
	size_t k = 0, n;
	int p;
	if (opt.quick) {
		for (n = 0; n <= 16; n++)
			out[k++] = n;
		for (n = 24; n <= 64; n += 8)
			out[k++] = n;
		out[k++] = 33;
		out[k++] = 63;
		for (p = 7; p <= 26; p++) {
			out[k++] = (size_t)1 << p;
			if (p % 3 == 0)
				out[k++] = ((size_t)3 << (p - 1)) + 1;
		}
	} else {
		for (n = 0; n <= 64; n++)
			out[k++] = n;
		for (p = 7; p <= 26; p++) {
			out[k++] = ((size_t)3 << (p - 2)) + 1; /* odd, between the powers */
			out[k++] = ((size_t)1 << p) - 1;
			out[k++] = (size_t)1 << p;
		}
	}
	qsort(out, k, sizeof *out, cmp_size);
	return k;
}

struct sweep_align {
	const char *name;
	size_t soff, doff; /* d - s = 2048 + doff - soff: no 4K aliasing */
};
static const struct sweep_align sweep_aligns[2] = { { "aligned", 0, 0 }, { "misaligned", 3, 17 } };

static void section_sweep(void)
{
	size_t sizes[256], nsizes = sweep_sizes(sizes), maxn = sizes[nsizes - 1], si;
	struct buf S = buf_get(maxn + 8 * KiB), D = buf_get(maxn + 8 * KiB);
	int op, a;

	printf("\n== sweeps: ns per call and bytes per ns; aligned: src and dst 64-byte aligned,\n"
	       "   misaligned: src %% 64 = 3, dst %% 64 = 17; dst - src = 2048 + 14 mod 4096 ==\n");
	if (dpdk && opt.extra_cols)
		printf("dpdk/fm: DPDK's rte_memcpy time / fastmem's (memcpy, and memmove: the ranges are disjoint)\n");
	for (op = 0; op < OP_COUNT; op++) {
		printf("\n-- %s --\n", op_name[op]);
		printf("%9s | %8s %8s %6s %6s %7s %7s | %8s %8s %6s %6s %7s %7s\n", "size", "fm ns", "libc ns",
		       "fm B/ns", "libc", "libc/fm", "dpdk/fm", "fm ns", "libc ns", "fm B/ns", "libc", "libc/fm",
		       "dpdk/fm");
		printf("%9s | %-48s | %-48s\n", "", "aligned", "misaligned");
		for (si = 0; si < nsizes; si++) {
			size_t n = sizes[si];
			char nb[32];
			printf("%9s |", size_str(n, nb, sizeof nb));
			for (a = 0; a < 2; a++) {
				const struct sweep_align *al = &sweep_aligns[a];
				struct job j = { 0 };
				struct result r;
				enum impl cols[3] = { IM_FM, IM_LIBC };
				int ncols = with_dpdk(cols, 2, (enum op)op, 1);
				struct rowinfo ri = { "sweep", op_name[op], al->name, "", n, 0, 0, 0 };
				char lab[32], c[3][16];
				double fm, lc;
				j.op = (enum op)op;
				j.s = S.p + al->soff;
				j.d = D.p + 2048 + al->doff;
				j.n = n;
				j.c = 0;
				if (op == OP_MEMCMP || op == OP_MEMEQ)
					memcpy(j.d, j.s, n);
				measure(&j, cols, ncols, &r);
				snprintf(lab, sizeof lab, "%s_%zu", al->name, n);
				ri.label = lab;
				ri.src_off = (long)al->soff;
				ri.dst_off = (long)(2048 + al->doff);
				csv_result(&ri, &r);
				fm = res_med(&r, IM_FM);
				lc = res_med(&r, IM_LIBC);
				fmt_ns(c[0], 16, fm);
				fmt_ns(c[1], 16, lc);
				printf(" %8s %8s %6.2f %6.2f %7.2f %7s %s", c[0], c[1], (double)n / fm,
				       (double)n / lc, lc / fm, ratio_str(c[2], 16, res_med(&r, IM_DPDK) / fm),
				       a ? "\n" : "|");
			}
			fflush(stdout);
		}
	}
	buf_put(&D);
	buf_put(&S);
}

/* ------------------------------------------------------------------ */
/* section 5: random small sizes and offsets                           */

#define RAND_TAB 4096

/* Size distribution (most calls small, as at real call sites):
 * 20% 0-8, 25% 9-32, 25% 33-64, 15% 65-128, 10% 129-512, 5% 513-4096. */
static size_t rand_small_size(void)
{
	unsigned p = (unsigned)rnd_below(100);
	if (p < 20)
		return rnd_range(0, 8);
	if (p < 45)
		return rnd_range(9, 32);
	if (p < 70)
		return rnd_range(33, 64);
	if (p < 85)
		return rnd_range(65, 128);
	if (p < 95)
		return rnd_range(129, 512);
	return rnd_range(513, 4096);
}

enum { SLOT = 8512, SLOT_COPY = 8448, NSLOT = 4 };

static void section_random(void)
{
	static const size_t shift[NSLOT] = { 0, 7, 21, 38 };
	struct buf S = buf_get(32 * KiB), D = buf_get(32 * KiB), M = buf_get(32 * KiB);
	struct buf A = buf_get(NSLOT * SLOT), B = buf_get(NSLOT * SLOT);
	struct entry *tab = calloc(RAND_TAB, sizeof *tab);
	uint32_t *sizes = calloc(RAND_TAB, sizeof *sizes);
	size_t m[NSLOT], i, small = 0, bytes = 0;
	int op, j, neq = 0, nover = 0;

	if (!tab || !sizes)
		die("calloc");
	/* one size sequence for every function */
	for (i = 0; i < RAND_TAB; i++) {
		sizes[i] = (uint32_t)rand_small_size();
		small += sizes[i] < 128;
		bytes += sizes[i];
	}
	for (j = 0; j < NSLOT; j++) {
		m[j] = 4096 + rnd_below(64);
		memcpy(B.p + j * SLOT + shift[j], A.p + j * SLOT, SLOT_COPY);
		B.p[j * SLOT + shift[j] + m[j]] ^= (unsigned char)rnd_range(1, 255);
	}
	printf("\n== random sizes and offsets: %d-entry table per function (ns per call) ==\n", RAND_TAB);
	printf("%-8s | %9s %9s %9s %7s %7s | %s\n", "func", "fastmem", "libc", "dpdk", "libc/fm", "dpdk/fm",
	       "table");
	for (op = 0; op < OP_COUNT; op++) {
		struct job jb = { 0 };
		struct result r;
		enum impl cols[3] = { IM_FM, IM_LIBC };
		/* only copies: the moves of this table overlap half the time */
		int ncols = with_dpdk(cols, 2, (enum op)op, 0);
		struct rowinfo ri = { "random", op_name[op], "random", "random", 0, -1, -1, 0 };
		char c[4][16], note[96];
		neq = nover = 0;
		for (i = 0; i < RAND_TAB; i++) {
			struct entry *e = &tab[i];
			size_t n = sizes[i];
			e->n = (uint32_t)n;
			e->c = (int)rnd_below(256);
			switch (op) {
			case OP_MEMCPY:
			case OP_MEMSET:
				e->src = (uint32_t)rnd_below(8192);
				e->dst = (uint32_t)rnd_below(8192);
				break;
			case OP_MEMMOVE:
				e->src = (uint32_t)(4096 + rnd_below(8192));
				if (rnd() & 1)
					e->dst = (uint32_t)((long)e->src + (long)rnd_below(2 * n + 1) - (long)n);
				else
					e->dst = (uint32_t)(4096 + rnd_below(8192));
				nover += (e->dst > e->src ? e->dst - e->src : e->src - e->dst) < n;
				break;
			default: {
				/* compares: a slot pair equal except at m[slot]; half the
				 * entries end before it (equal), half see it at a uniform
				 * position k < n */
				size_t slot = rnd_below(NSLOT), o;
				if (n && (rnd() & 1))
					o = m[slot] - rnd_below(n);
				else
					o = m[slot] + 1 + rnd_below(64);
				e->src = (uint32_t)(slot * SLOT + o);
				e->dst = (uint32_t)(slot * SLOT + shift[slot] + o);
				neq += memcmp(A.p + e->src, B.p + e->dst, n) == 0;
				break;
			}
			}
		}
		jb.op = (enum op)op;
		jb.tab = tab;
		jb.tabn = RAND_TAB;
		if (op == OP_MEMCMP || op == OP_MEMEQ) {
			jb.sbase = A.p;
			jb.dbase = B.p;
			snprintf(note, sizeof note, "%d of %d equal", neq, RAND_TAB);
		} else if (op == OP_MEMMOVE) {
			jb.sbase = M.p;
			jb.dbase = M.p;
			snprintf(note, sizeof note, "%d of %d overlapping", nover, RAND_TAB);
		} else {
			jb.sbase = S.p;
			jb.dbase = D.p;
			note[0] = 0;
		}
		ri.size = bytes / RAND_TAB;
		measure(&jb, cols, ncols, &r);
		csv_result(&ri, &r);
		fmt_ns(c[0], 16, res_med(&r, IM_FM));
		fmt_ns(c[1], 16, res_med(&r, IM_LIBC));
		fmt_ns(c[2], 16, res_med(&r, IM_DPDK));
		printf("%-8s | %9s %9s %9s %7.2f %7s | mean %zu B, %.0f%% < 128 B%s%s\n", op_name[op], c[0],
		       c[1], c[2], res_med(&r, IM_LIBC) / res_med(&r, IM_FM),
		       ratio_str(c[3], 16, res_med(&r, IM_DPDK) / res_med(&r, IM_FM)), bytes / RAND_TAB,
		       100.0 * (double)small / RAND_TAB, note[0] ? ", " : "", note);
	}
	printf("sizes: 20%% 0-8, 25%% 9-32, 25%% 33-64, 15%% 65-128, 10%% 129-512, 5%% 513-4096;\n"
	       "offsets uniform (any alignment) in a 16-32 KiB hot window.\n");
	free(sizes);
	free(tab);
	buf_put(&B);
	buf_put(&A);
	buf_put(&M);
	buf_put(&D);
	buf_put(&S);
}

/* ------------------------------------------------------------------ */
/* section 6: large copies beyond the last-level cache                 */

static void section_large(void)
{
	static const size_t full_sizes[] = { 64 * MiB, 128 * MiB };
	size_t nsz = opt.quick ? 1 : 2, maxn = full_sizes[nsz - 1], si;
	struct buf X = buf_get(maxn + 8 * KiB), Y = buf_get(maxn + 8 * KiB);

	printf("\n== large, beyond the last-level cache: GB/s (= bytes per ns) ==\n");
	printf("%-8s %6s %-10s | %8s %8s %8s %7s %7s\n", "func", "size", "case", "fastmem", "libc", "dpdk",
	       "libc/fm", "dpdk/fm");
	for (si = 0; si < nsz; si++) {
		static const struct {
			enum op op;
			const char *label;
			long dist; /* memmove: dst - src within one buffer */
		} rows[] = {
			{ OP_MEMCPY, "disjoint", 0 }, { OP_MEMMOVE, "dist-64", -64 },
			{ OP_MEMMOVE, "dist+64", 64 }, { OP_MEMSET, "-", 0 },
			{ OP_MEMCMP, "equal", 0 },     { OP_MEMEQ, "equal", 0 },
		};
		size_t n = full_sizes[si], k;
		for (k = 0; k < sizeof rows / sizeof rows[0]; k++) {
			struct job j = { 0 };
			struct result r;
			enum impl cols[3] = { IM_FM, IM_LIBC };
			int ncols = with_dpdk(cols, 2, rows[k].op, 0);
			char lab[48], nb[32], c[2][16];
			struct rowinfo ri = { "large", op_name[rows[k].op], "aligned", lab, n, 0, 0, 0 };
			j.op = rows[k].op;
			j.n = n;
			if (rows[k].op == OP_MEMMOVE) {
				j.s = X.p + 4096;
				j.d = X.p + 4096 + rows[k].dist;
			} else {
				j.s = X.p;
				j.d = Y.p + 2048;
				if (j.op == OP_MEMCMP || j.op == OP_MEMEQ)
					memcpy(j.d, j.s, n);
			}
			snprintf(lab, sizeof lab, "%s", rows[k].label);
			ri.src_off = (long)((uintptr_t)j.s & 4095);
			ri.dst_off = (long)((uintptr_t)j.d & 4095);
			ri.dist = rows[k].dist;
			measure(&j, cols, ncols, &r);
			csv_result(&ri, &r);
			printf("%-8s %6s %-10s | %8.2f %8.2f %8s %7.2f %7s\n", op_name[rows[k].op],
			       size_str(n, nb, sizeof nb), lab, (double)n / res_med(&r, IM_FM),
			       (double)n / res_med(&r, IM_LIBC), ratio_str(c[0], 16, (double)n / res_med(&r, IM_DPDK)),
			       res_med(&r, IM_LIBC) / res_med(&r, IM_FM),
			       ratio_str(c[1], 16, res_med(&r, IM_DPDK) / res_med(&r, IM_FM)));
			fflush(stdout);
		}
	}
	buf_put(&Y);
	buf_put(&X);
}

/* ------------------------------------------------------------------ */
/* section 7: how close to the hardware's limits (x86-64 with AVX-512)  */

static void section_limits(void)
{
	static const struct {
		enum op op;
		size_t n;
	} rows[] = { { OP_MEMCPY, 4 * KiB }, { OP_MEMCPY, 16 * KiB }, { OP_MEMSET, 4 * KiB },
		     { OP_MEMSET, 16 * KiB }, { OP_MEMCMP, 4 * KiB } };
	struct buf X = buf_get(64 * KiB);
	size_t k;

	printf("\n== limits: aligned, hot buffers, against the plainest AVX-512 loop (ns per call) ==\n");
#if HAVE_PLAIN
	if (!__builtin_cpu_supports("avx512bw")) {
		printf("(no AVX-512 here: skipped)\n");
		buf_put(&X);
		return;
	}
	printf("%-8s %6s | %9s %9s %9s | %8s %8s\n", "func", "size", "fastmem", "libc", "plain", "fm/plain", "libc/fm");
	for (k = 0; k < sizeof rows / sizeof rows[0]; k++) {
		struct job j = { 0 };
		struct result r;
		static const enum impl cols[] = { IM_FM, IM_LIBC, IM_PLAIN };
		char nb[32], c[3][16];
		struct rowinfo ri = { "limits", op_name[rows[k].op], "aligned", "plain", rows[k].n, 0, 2048, 0 };
		j.op = rows[k].op;
		j.n = rows[k].n;
		j.s = X.p;
		j.d = X.p + 32 * KiB + 2048;
		j.c = 0x5a;
		if (j.op == OP_MEMCMP)
			memcpy(j.d, j.s, j.n);
		measure(&j, cols, 3, &r);
		csv_result(&ri, &r);
		fmt_ns(c[0], 16, res_med(&r, IM_FM));
		fmt_ns(c[1], 16, res_med(&r, IM_LIBC));
		fmt_ns(c[2], 16, res_med(&r, IM_PLAIN));
		printf("%-8s %6s | %9s %9s %9s | %8.2f %8.2f\n", op_name[j.op], size_str(j.n, nb, sizeof nb), c[0], c[1],
		       c[2], res_med(&r, IM_FM) / res_med(&r, IM_PLAIN), res_med(&r, IM_LIBC) / res_med(&r, IM_FM));
	}
#else
	(void)rows;
	(void)k;
	printf("(x86-64 only: skipped)\n");
#endif
	buf_put(&X);
}

/* ------------------------------------------------------------------ */
/* section 8: cliffs (slow modes by address class)                     */

/* A slow mode is a class of addresses where one implementation takes many
 * times its usual time: rep movsb on AMD Zen 3 is ~25x slower when
 * (dst - src) mod 4096 is 1..31 (issue 12); seed 003's Intel modes sit at
 * (dst - src) mod 2^32 below 64.  This section times 64 KiB and 1 MiB copies,
 * disjoint moves and sets for each class, and reports per implementation
 * the median over the classes and the slowest class against it.  Slow modes
 * are 10-50x, so the 3x mark stands on a noisy shared machine. */

enum { CLIFF_MAXCLS = 320, CLIFF_MAXIM = 3 };

struct cliff_stat {
	double median, slowest, ratio;
	int at;          /* index of the slowest class */
	int nslow;       /* classes above 3x the median */
	char slow[120];  /* their labels, delta ranges compressed ("1-31") */
};

/* Stats over n class times; cls[i] is the class's delta (or -1: not a
 * delta, use lab[i]) */
static void cliff_stats(const double *ns, const long *cls, char (*lab)[16], int n, struct cliff_stat *st)
{
	double v[CLIFF_MAXCLS];
	int i, m = 0;
	size_t len = 0;
	memset(st, 0, sizeof *st);
	st->median = st->slowest = st->ratio = NAN;
	for (i = 0; i < n; i++)
		if (ns[i] > 0)
			v[m++] = ns[i];
	if (!m)
		return;
	st->median = median_of(v, m);
	st->slowest = 0;
	for (i = 0; i < n; i++) {
		if (!(ns[i] > 0))
			continue;
		if (ns[i] > st->slowest) {
			st->slowest = ns[i];
			st->at = i;
		}
		if (ns[i] > 3 * st->median) {
			int run_end = i;
			st->nslow++;
			/* a run of consecutive deltas prints as lo-hi */
			if (cls[i] >= 0 && i > 0 && cls[i - 1] == cls[i] - 1 && ns[i - 1] > 3 * st->median)
				continue;
			while (cls[i] >= 0 && run_end + 1 < n && cls[run_end + 1] == cls[run_end] + 1 &&
			       ns[run_end + 1] > 3 * st->median)
				run_end++;
			if (len < sizeof st->slow - 1) {
				if (cls[i] < 0)
					len += (size_t)snprintf(st->slow + len, sizeof st->slow - len, "%s%s", len ? " " : "",
								lab[i]);
				else if (run_end > i)
					len += (size_t)snprintf(st->slow + len, sizeof st->slow - len, "%s%ld-%ld",
								len ? " " : "", cls[i], cls[run_end]);
				else
					len += (size_t)snprintf(st->slow + len, sizeof st->slow - len, "%s%ld",
								len ? " " : "", cls[i]);
			}
		}
	}
	st->ratio = st->slowest / st->median;
}

static void cliff_print(FILE *f, const char *who, const char *what, size_t n, int ncls, const struct cliff_stat *st,
			const char *slowlab)
{
	char nb[32], a[16], b[16];
	fmt_ns(a, sizeof a, st->median);
	fmt_ns(b, sizeof b, st->slowest);
	fprintf(f, "  %-18s %-8s %5s %4d classes | median %9s ns, slowest %9s ns at %-8s = %6.2fx %s", who, what,
		size_str(n, nb, sizeof nb), ncls, a, b, slowlab, st->ratio, st->ratio > 3 ? "CLIFF" : "ok");
	if (st->nslow)
		fprintf(f, " (%d classes > 3x: %s)", st->nslow, st->slow);
	fprintf(f, "\n");
}

/* the (dst - src) mod 4096 classes */
static int cliff_deltas(long *d)
{
	int k = 0;
	long v;
	if (opt.quick) {
		static const long q[] = { 0, 1, 2, 3, 8, 16, 31, 32, 33, 63, 64, 65, 127, 128, 1000, 2048, 2049, 4064, 4095 };
		for (k = 0; k < (int)(sizeof q / sizeof q[0]); k++)
			d[k] = q[k];
		return k;
	}
	for (v = 0; v <= 128; v++)
		d[k++] = v;
	for (v = 192; v < 4032; v += 64) {
		if (v > 1000 && d[k - 1] < 1000)
			d[k++] = 1000;
		if (v > 2047 && d[k - 1] < 2047) {
			d[k++] = 2047;
			d[k++] = v; /* 2048 */
			d[k++] = 2049;
			continue;
		}
		d[k++] = v;
	}
	for (v = 4032; v <= 4095; v++)
		d[k++] = v;
	return k;
}

static void section_cliff(void)
{
	static const size_t sizes[] = { 64 * KiB, MiB };
	static const int full_offs[] = { 0, 1, 8, 16, 31, 32, 33, 48, 63 }, quick_offs[] = { 0, 1, 32, 63 };
	const int *offs = opt.quick ? quick_offs : full_offs;
	int noffs = opt.quick ? 4 : 9, ndelta, mode, op, si, k, ci;
	long deltas[CLIFF_MAXCLS];
	struct buf B = buf_get(4 * MiB + 64 * KiB);
	double save_ns = opt.sample_ns;
	int save_reps = opt.reps;
	static double ns[CLIFF_MAXIM][CLIFF_MAXCLS];
	static long cls[CLIFF_MAXCLS];
	static char lab[CLIFF_MAXCLS][16];

	ndelta = cliff_deltas(deltas);
	/* short batches, few samples: a class is a 10-50x question, and there
	 * are hundreds of classes */
	opt.sample_ns = opt.quick ? 20e3 : 100e3;
	opt.reps = opt.quick ? 3 : 7;
	printf("\n== cliff: 64 KiB and 1 MiB by address class, ns per call; a class slower than 3x the\n"
	       "   median class of the same implementation is a CLIFF. delta: (dst - src) mod 4096, src\n"
	       "   page-aligned, %d classes; offsets: src %% 64 x dst %% 64, %d x %d, dst - src = 2048 +\n"
	       "   dst %% 64 - src %% 64 mod 4096. memset: the class of its dst. Moves are disjoint. ==\n",
	       ndelta, noffs, noffs);
	for (mode = 0; mode < 2; mode++)
		for (op = 0; op < 3; op++)
			for (si = 0; si < 2; si++) {
				size_t n = sizes[si];
				enum impl cols[CLIFF_MAXIM] = { IM_FM, IM_LIBC };
				int ncols = with_dpdk(cols, 2, (enum op)op, 0), ncls = 0;
				unsigned char *src = B.p, *dbase = B.p + n + 4096;
				struct cliff_stat st;
				if (!opt.extra_cols) {
					/* the libc-norep run: fastmem and dpdk were measured in the first */
					cols[0] = IM_LIBC;
					ncols = 1;
				}
				for (ci = 0; ci < (mode ? noffs * noffs : ndelta); ci++) {
					struct job j = { 0 };
					struct result r;
					char label[32];
					struct rowinfo ri = { "cliff", op_name[op], mode ? "offsets" : "delta", label, n, 0, 0, 0 };
					long so = 0, dd;
					if (mode) {
						so = offs[ci / noffs];
						dd = 2048 + offs[ci % noffs];
						if (op == OP_MEMSET && ci / noffs)
							continue; /* a set has no src */
						snprintf(label, sizeof label, "s%ld_d%d", so, offs[ci % noffs]);
						if (op == OP_MEMSET)
							snprintf(lab[ncls], sizeof lab[0], "d%d", offs[ci % noffs]);
						else
							snprintf(lab[ncls], sizeof lab[0], "s%ld/d%d", so, offs[ci % noffs]);
						cls[ncls] = -1;
					} else {
						dd = deltas[ci];
						snprintf(label, sizeof label, "delta%ld", dd);
						snprintf(lab[ncls], sizeof lab[0], "%ld", dd);
						cls[ncls] = dd;
					}
					j.op = (enum op)op;
					j.s = src + so;
					j.d = dbase + dd;
					j.n = n;
					j.c = 0x5a;
					ri.src_off = so;
					ri.dst_off = (long)((uintptr_t)j.d & 4095);
					ri.dist = mode ? (long)((uintptr_t)(j.d - j.s) & 4095) : dd;
					measure_once(&j, cols, ncols, &r);
					r.attempts = 1;
					csv_result(&ri, &r);
					for (k = 0; k < ncols; k++)
						ns[k][ncls] = r.med[k];
					ncls++;
				}
				for (k = 0; k < ncols; k++) {
					char who[32], what[24];
					cliff_stats(ns[k], cls, lab, ncls, &st);
					snprintf(who, sizeof who, "%s%s", impl_name[cols[k]],
						 cols[k] == IM_LIBC && opt.child ? "-norep" : "");
					snprintf(what, sizeof what, "%s", op_name[op]);
					printf("%-7s", mode ? "offsets" : "delta");
					cliff_print(stdout, who, what, n, ncls, &st, lab[st.at]);
				}
				fflush(stdout);
			}
	opt.sample_ns = save_ns;
	opt.reps = save_reps;
	buf_put(&B);
}

/* ------------------------------------------------------------------ */
/* reading the CSV back (both runs) for the summary and the plots      */

struct crow {
	char variant[24], section[16], func[12], align[16], label[48], impl[16];
	double size, med, bpns, ratio;
	long dist;
};

static struct crow *rows;
static size_t nrows;
static char variants[4][24];
static int nvariants;

static void copy_field(char *dst, size_t cap, const char *src)
{
	snprintf(dst, cap, "%s", src ? src : "");
}

static void read_csv(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512];
	size_t cap = 0;
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		char *fld[20], *p = line, *q;
		int nf = 0, v;
		struct crow *r;
		line[strcspn(line, "\r\n")] = 0;
		while (nf < 20 && p) {
			fld[nf++] = p;
			q = strchr(p, ',');
			if (q)
				*q++ = 0;
			p = q;
		}
		if (nf < 16 || strcmp(fld[0], "libc_variant") == 0)
			continue;
		if (nrows == cap) {
			cap = cap ? cap * 2 : 1024;
			rows = realloc(rows, cap * sizeof *rows);
			if (!rows)
				die("realloc");
		}
		r = &rows[nrows++];
		copy_field(r->variant, sizeof r->variant, fld[0]);
		copy_field(r->section, sizeof r->section, fld[1]);
		copy_field(r->func, sizeof r->func, fld[2]);
		copy_field(r->align, sizeof r->align, fld[3]);
		copy_field(r->label, sizeof r->label, fld[4]);
		r->size = strtod(fld[5], NULL);
		r->dist = strtol(fld[8], NULL, 10);
		copy_field(r->impl, sizeof r->impl, fld[9]);
		r->med = strtod(fld[12], NULL);
		r->bpns = strtod(fld[14], NULL);
		r->ratio = strtod(fld[15], NULL);
		for (v = 0; v < nvariants; v++)
			if (strcmp(variants[v], r->variant) == 0)
				break;
		if (v == nvariants && nvariants < 4)
			copy_field(variants[nvariants++], sizeof variants[0], r->variant);
	}
	fclose(f);
}

/* first row matching every non-NULL key */
static const struct crow *find_row(const char *variant, const char *section, const char *func,
				   const char *align, const char *label, const char *impl, double size)
{
	size_t i;
	for (i = 0; i < nrows; i++) {
		const struct crow *r = &rows[i];
		if ((!variant || !strcmp(r->variant, variant)) && (!section || !strcmp(r->section, section)) &&
		    (!func || !strcmp(r->func, func)) && (!align || !strcmp(r->align, align)) &&
		    (!label || !strcmp(r->label, label)) && (!impl || !strcmp(r->impl, impl)) &&
		    (size < 0 || r->size == size))
			return r;
	}
	return NULL;
}

/* The peers of the summary and the plots: each libc variant's libc
 * column, and the dpdk column (measured in one of the runs).  A row's best
 * peer is the one with the smallest time / fastmem's time, each ratio from
 * the run that measured it. */
struct peer {
	char name[24], variant[24], impl[16];
};
static struct peer peers[6];
static int npeers;

static void find_peers(void)
{
	const struct crow *d = find_row(NULL, NULL, NULL, NULL, NULL, "dpdk", -1);
	int v;
	npeers = 0;
	for (v = 0; v < nvariants && npeers < 5; v++) {
		snprintf(peers[npeers].name, sizeof peers[0].name, "%.23s", variants[v]);
		snprintf(peers[npeers].variant, sizeof peers[0].variant, "%.23s", variants[v]);
		snprintf(peers[npeers++].impl, sizeof peers[0].impl, "libc");
	}
	if (d) {
		snprintf(peers[npeers].name, sizeof peers[0].name, "dpdk");
		snprintf(peers[npeers].variant, sizeof peers[0].variant, "%.23s", d->variant);
		snprintf(peers[npeers++].impl, sizeof peers[0].impl, "dpdk");
	}
}

/* The best peer's time / fastmem's time for fastmem's row r (NAN if no
 * peer measured it); *who gets the peer's index. */
static double best_peer(const struct crow *r, int *who)
{
	double best = NAN;
	int p;
	*who = -1;
	for (p = 0; p < npeers; p++) {
		const struct crow *l = find_row(peers[p].variant, r->section, r->func, r->align, r->label,
						peers[p].impl, r->size);
		if (l && l->ratio > 0 && !(l->ratio >= best)) {
			best = l->ratio;
			*who = p;
		}
	}
	return best;
}

/* ------------------------------------------------------------------ */
/* SVG plots                                                           */

static const char *const palette[] = {
	"#1f77b4", "#d62728", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
	"#17becf", "#bcbd22",
};

struct plot {
	FILE *f;
	double W, H, L, R, T, B; /* canvas and margins */
	double x0, x1, y0, y1;
	int logx, logy;
};

static double plot_x(const struct plot *p, double x)
{
	double t = p->logx ? (log(x) - log(p->x0)) / (log(p->x1) - log(p->x0))
			   : (x - p->x0) / (p->x1 - p->x0);
	return p->L + t * (p->W - p->L - p->R);
}

static double plot_y(const struct plot *p, double y)
{
	double t;
	if (p->logy)
		t = (log(y) - log(p->y0)) / (log(p->y1) - log(p->y0));
	else
		t = (y - p->y0) / (p->y1 - p->y0);
	if (t < 0)
		t = 0;
	if (t > 1)
		t = 1;
	return p->H - p->B - t * (p->H - p->T - p->B);
}

static void xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else
			fputc(*s, f);
	}
}

static int plot_open(struct plot *p, const char *name, const char *title, double W, double H)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", opt.out, name);
	memset(p, 0, sizeof *p);
	p->f = fopen(path, "w");
	if (!p->f) {
		fprintf(stderr, "bench: cannot write %s\n", path);
		return 0;
	}
	p->W = W;
	p->H = H;
	p->L = 70;
	p->R = 190;
	p->T = 40;
	p->B = 60;
	fprintf(p->f,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
		"viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
		"<text x=\"%.0f\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">",
		W, H, W, H, (W - p->R + p->L) / 2);
	xml_text(p->f, title);
	fprintf(p->f, "</text>\n");
	return 1;
}

static void plot_close(struct plot *p)
{
	fprintf(p->f, "</svg>\n");
	fclose(p->f);
}

static double nice_step(double range)
{
	double raw = range / 6, mag = pow(10, floor(log10(raw))), m = raw / mag;
	return (m < 1.5 ? 1 : m < 3 ? 2 : m < 7 ? 5 : 10) * mag;
}

/* y range from data; linear axes start at 0 */
static void plot_yrange(struct plot *p, double lo, double hi, int logy)
{
	p->logy = logy;
	if (!(hi > 0))
		hi = 1;
	if (logy) {
		if (!(lo > 0))
			lo = hi / 10;
		p->y0 = pow(10, floor(log10(lo)));
		p->y1 = pow(10, ceil(log10(hi)));
		if (p->y1 <= p->y0)
			p->y1 = p->y0 * 10;
	} else {
		double st = nice_step(hi * 1.05);
		p->y0 = 0;
		p->y1 = ceil(hi * 1.05 / st) * st;
	}
}

static void plot_yaxis(struct plot *p, const char *ylabel)
{
	double xl = p->L, xr = p->W - p->R;
	FILE *f = p->f;
	if (p->logy) {
		int d, k, dec = (int)lround(log10(p->y1 / p->y0));
		static const double ms[] = { 1, 2, 5 };
		for (d = (int)floor(log10(p->y0)); d <= (int)ceil(log10(p->y1)); d++)
			for (k = 0; k < (dec <= 3 ? 3 : 1); k++) {
				double v = ms[k] * pow(10, d), y;
				if (v < p->y0 * 0.999 || v > p->y1 * 1.001)
					continue;
				y = plot_y(p, v);
				fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", xl,
					y, xr, y, k ? "#eeeeee" : "#cccccc");
				fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", xl - 6, y + 4,
					v);
			}
	} else {
		double st = nice_step(p->y1 - p->y0), v;
		for (v = p->y0; v <= p->y1 + st * 0.01; v += st) {
			double y = plot_y(p, v);
			fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n", xl,
				y, xr, y);
			fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", xl - 6, y + 4,
				fabs(v) < st * 1e-6 ? 0.0 : v);
		}
	}
	fprintf(f, "<text transform=\"translate(16,%.1f) rotate(-90)\" text-anchor=\"middle\">",
		(p->T + p->H - p->B) / 2);
	xml_text(f, ylabel);
	fprintf(f, "</text>\n");
}

static void plot_frame(struct plot *p)
{
	fprintf(p->f,
		"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
		"stroke=\"#444444\"/>\n",
		p->L, p->T, p->W - p->L - p->R, p->H - p->T - p->B);
}

static void plot_legend(struct plot *p, int i, const char *name, const char *color, int dashed, int bar)
{
	double x = p->W - p->R + 12, y = p->T + 8 + 18 * i;
	if (bar)
		fprintf(p->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"22\" height=\"10\" fill=\"%s\"/>\n", x, y - 5,
			color);
	else
		fprintf(p->f,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			"stroke-width=\"2.5\"%s/>\n",
			x, y, x + 22, y, color, dashed ? " stroke-dasharray=\"6,3\"" : "");
	fprintf(p->f, "<text x=\"%.1f\" y=\"%.1f\">", x + 28, y + 4);
	xml_text(p->f, name);
	fprintf(p->f, "</text>\n");
}

struct series {
	char name[48];
	const char *color;
	int dashed;
	int n;
	double x[512], y[512];
};

/* Line chart over sizes: log2 x axis. */
static void line_chart(const char *file, const char *title, const char *ylabel, struct series *s, int ns,
		       int logy, double refline)
{
	struct plot p;
	double xmin = INFINITY, xmax = 0, ymin = INFINITY, ymax = 0, v;
	int i, k, e0, e1, step;
	for (i = 0; i < ns; i++)
		for (k = 0; k < s[i].n; k++) {
			if (s[i].x[k] < xmin)
				xmin = s[i].x[k];
			if (s[i].x[k] > xmax)
				xmax = s[i].x[k];
			if (s[i].y[k] < ymin)
				ymin = s[i].y[k];
			if (s[i].y[k] > ymax)
				ymax = s[i].y[k];
		}
	if (!(xmax > 0) || !plot_open(&p, file, title, 980, 520))
		return;
	e0 = (int)floor(log2(xmin));
	e1 = (int)ceil(log2(xmax));
	if (e1 <= e0)
		e1 = e0 + 1;
	p.logx = 1;
	p.x0 = ldexp(1, e0);
	p.x1 = ldexp(1, e1);
	if (!isnan(refline)) {
		if (refline < ymin)
			ymin = refline;
		if (refline > ymax)
			ymax = refline;
	}
	plot_yrange(&p, ymin, ymax, logy);
	plot_yaxis(&p, ylabel);
	step = (e1 - e0 + 13) / 14;
	for (k = e0; k <= e1; k += step) {
		double x = plot_x(&p, ldexp(1, k));
		char nb[32];
		fprintf(p.f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#eeeeee\"/>\n", x, p.T,
			x, p.H - p.B);
		fprintf(p.f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", x, p.H - p.B + 18,
			size_str((size_t)1 << k, nb, sizeof nb));
	}
	fprintf(p.f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">size (bytes, log scale)</text>\n",
		(p.L + p.W - p.R) / 2, p.H - 16);
	if (!isnan(refline)) {
		v = plot_y(&p, refline);
		fprintf(p.f,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000000\" "
			"stroke-dasharray=\"2,2\"/>\n",
			p.L, v, p.W - p.R, v);
	}
	for (i = 0; i < ns; i++) {
		if (!s[i].n)
			continue;
		fprintf(p.f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\"%s points=\"", s[i].color,
			s[i].dashed ? " stroke-dasharray=\"6,3\"" : "");
		for (k = 0; k < s[i].n; k++)
			fprintf(p.f, "%.1f,%.1f ", plot_x(&p, s[i].x[k]), plot_y(&p, s[i].y[k]));
		fprintf(p.f, "\"/>\n");
		plot_legend(&p, i, s[i].name, s[i].color, s[i].dashed, 0);
	}
	plot_frame(&p);
	plot_close(&p);
}

/* Grouped bar chart: val[g * nser + s], NAN = no bar. */
static void bar_chart(const char *file, const char *title, const char *ylabel, char (*groups)[32], int ng,
		      char (*sers)[32], int nser, const double *val, int logy)
{
	struct plot p;
	double lo = INFINITY, hi = 0, gw, bw, W, B;
	int g, s, rot = 0, wrap = 0, maxlen = 0, maxall = 0;
	for (g = 0; g < ng * nser; g++)
		if (!isnan(val[g]) && val[g] > 0) {
			if (val[g] < lo)
				lo = val[g];
			if (val[g] > hi)
				hi = val[g];
		}
	/* a label wider than its group is broken at spaces (up to 3 lines),
	 * or, if a word is still too wide, written at an angle */
	for (g = 0; g < ng; g++) {
		int w = 0;
		const char *c;
		for (c = groups[g];; c++) {
			if (*c == ' ' || !*c) {
				if (w > maxlen)
					maxlen = w;
				w = 0;
				if (!*c)
					break;
			} else {
				w++;
			}
		}
		if ((int)strlen(groups[g]) > maxall)
			maxall = (int)strlen(groups[g]);
	}
	W = 260 + ng * (nser * 12 + 14);
	if (W < 760)
		W = 760;
	gw = (W - 260) / ng; /* plot_open's left + right margins */
	wrap = maxall * 7 > gw - 4;
	rot = maxlen * 7 > gw - 4;
	B = rot ? 24 + maxall * 5 : wrap ? 76 : 60;
	if (!(hi > 0) || !plot_open(&p, file, title, W, 420 + B))
		return;
	p.B = B;
	plot_yrange(&p, lo, hi, logy);
	plot_yaxis(&p, ylabel);
	bw = gw * 0.8 / nser;
	for (g = 0; g < ng; g++) {
		double gx = p.L + g * gw;
		for (s = 0; s < nser; s++) {
			double v = val[g * nser + s], x = gx + gw * 0.1 + s * bw, y, base;
			if (isnan(v) || !(v > 0))
				continue;
			y = plot_y(&p, v);
			base = plot_y(&p, p.y0);
			fprintf(p.f,
				"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
				"<title>%s %s: %.4g</title></rect>\n",
				x, y, bw * 0.92, base - y, palette[s % 10], groups[g], sers[s], v);
		}
		if (rot)
			fprintf(p.f,
				"<text transform=\"translate(%.1f,%.1f) rotate(-40)\" text-anchor=\"end\">%s</text>\n",
				gx + gw / 2, p.H - p.B + 14, groups[g]);
		else if (wrap) {
			char *c, line[32];
			int ln = 0;
			snprintf(line, sizeof line, "%.31s", groups[g]);
			fprintf(p.f, "<text text-anchor=\"middle\">");
			for (c = strtok(line, " "); c; c = strtok(NULL, " "), ln++)
				fprintf(p.f, "<tspan x=\"%.1f\" y=\"%.1f\">%s</tspan>", gx + gw / 2,
					p.H - p.B + 18 + 15 * ln, c);
			fprintf(p.f, "</text>\n");
		} else
			fprintf(p.f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", gx + gw / 2,
				p.H - p.B + 18, groups[g]);
	}
	for (s = 0; s < nser; s++)
		plot_legend(&p, s, sers[s], palette[s % 10], 0, 1);
	plot_frame(&p);
	plot_close(&p);
}

static int variant_index(const char *v)
{
	int i;
	for (i = 0; i < nvariants; i++)
		if (!strcmp(variants[i], v))
			return i;
	return -1;
}

/* geometric mean of median_ns over the matching rows (NAN if none) */
static double geo_med(const char *variant, const char *section, const char *func, const char *impl,
		      double size, const char *label)
{
	double s = 0;
	int n = 0;
	size_t i;
	for (i = 0; i < nrows; i++) {
		const struct crow *r = &rows[i];
		if (strcmp(r->variant, variant) || strcmp(r->section, section) || strcmp(r->impl, impl) ||
		    (func && strcmp(r->func, func)) || (size >= 0 && r->size != size) ||
		    (label && strcmp(r->label, label)) || !(r->med > 0))
			continue;
		s += log(r->med);
		n++;
	}
	return n ? exp(s / n) : NAN;
}

static void plot_sweeps(void)
{
	struct series *s = calloc(12, sizeof *s);
	int op, a, v, ns;
	size_t i;
	char file[64], title[128];
	if (!s)
		die("calloc");
	for (a = 0; a < 2; a++) {
		const char *al = sweep_aligns[a].name;
		for (op = 0; op < OP_COUNT; op++) {
			memset(s, 0, 12 * sizeof *s);
			snprintf(s[0].name, sizeof s[0].name, "fastmem");
			s[0].color = palette[0];
			for (v = 0; v < nvariants; v++) {
				snprintf(s[1 + v].name, sizeof s[1 + v].name, "%.23s", variants[v]);
				s[1 + v].color = palette[1 + v];
				s[1 + v].dashed = v > 0;
			}
			ns = 1 + nvariants;
			snprintf(s[ns].name, sizeof s[ns].name, "dpdk rte_memcpy");
			s[ns].color = palette[3];
			for (i = 0; i < nrows; i++) {
				const struct crow *r = &rows[i];
				struct series *t;
				if (strcmp(r->section, "sweep") || strcmp(r->func, op_name[op]) || strcmp(r->align, al) ||
				    !(r->size > 0) || !(r->bpns > 0))
					continue;
				if (!strcmp(r->impl, "fastmem") && variant_index(r->variant) == 0)
					t = &s[0];
				else if (!strcmp(r->impl, "libc"))
					t = &s[1 + variant_index(r->variant)];
				else if (!strcmp(r->impl, "dpdk"))
					t = &s[1 + nvariants];
				else
					continue;
				if (t->n < 512) {
					t->x[t->n] = r->size;
					t->y[t->n++] = r->bpns;
				}
			}
			if (!s[0].n)
				continue;
			if (s[ns].n)
				ns++;
			snprintf(file, sizeof file, "sweep_%s_%s.svg", op_name[op], al);
			snprintf(title, sizeof title, "%s, %s: bytes per ns (higher is better)", op_name[op], al);
			line_chart(file, title, "bytes per ns", s, ns, 0, NAN);
		}
		/* ratio of every function in one chart */
		memset(s, 0, 12 * sizeof *s);
		ns = 0;
		for (op = 0; op < OP_COUNT; op++)
			for (v = 0; v < nvariants && v < 2; v++) {
				struct series *t = &s[ns++];
				snprintf(t->name, sizeof t->name, "%s %s", op_name[op], v ? "(norep)" : "");
				t->color = palette[op == 0 ? 0 : op == 1 ? 3 : op == 2 ? 1 : op == 3 ? 4 : 2];
				t->dashed = v > 0;
				for (i = 0; i < nrows; i++) {
					const struct crow *r = &rows[i];
					if (strcmp(r->section, "sweep") || strcmp(r->func, op_name[op]) ||
					    strcmp(r->align, al) || strcmp(r->impl, "libc") ||
					    strcmp(r->variant, variants[v]) || !(r->size > 0) || !(r->ratio > 0))
						continue;
					if (t->n < 512) {
						t->x[t->n] = r->size;
						t->y[t->n++] = r->ratio;
					}
				}
			}
		snprintf(file, sizeof file, "sweep_ratio_%s.svg", al);
		snprintf(title, sizeof title, "libc time / fastmem time, %s (above 1: fastmem faster)", al);
		line_chart(file, title, "ratio libc / fastmem (log)", s, ns, 1, 1.0);
	}
	free(s);
}

#define MAXG 64
#define MAXS 8

static void plot_tables(void)
{
	static char groups[MAXG][32], sers[MAXS][32];
	static double val[MAXG * MAXS];
	int g, ns, v, k, si;
	size_t i;
	const char *v0 = variants[0], *v1 = nvariants > 1 ? variants[1] : NULL;

	/* seed 000: per length, geometric mean over the nine offset pairs */
	{
		static const size_t lens[] = { 8, 32, 64, 256, 512, 1024 };
		static const char *const hist[] = { "loop4x8_bwd", "movsq_bwd", "byte_bwd" };
		ns = 0;
		snprintf(sers[ns++], 32, "fastmem");
		snprintf(sers[ns++], 32, "%.23s", v0);
		if (v1)
			snprintf(sers[ns++], 32, "%.23s", v1);
		for (k = 0; k < 3; k++)
			snprintf(sers[ns++], 32, "%s", hist[k]);
		for (g = 0; g < 6; g++) {
			double sz = (double)lens[g];
			snprintf(groups[g], 32, "%zu B", lens[g]);
			k = 0;
			val[g * ns + k++] = geo_med(v0, "seed000", NULL, "fastmem", sz, NULL);
			val[g * ns + k++] = geo_med(v0, "seed000", NULL, "libc", sz, NULL);
			if (v1)
				val[g * ns + k++] = geo_med(v1, "seed000", NULL, "libc", sz, NULL);
			for (si = 0; si < 3; si++)
				val[g * ns + k++] = geo_med(v0, "seed000", NULL, hist[si], sz, NULL);
		}
		if (find_row(NULL, "seed000", NULL, NULL, NULL, NULL, -1))
			bar_chart("seed000.svg",
				  "seed 000: overlapping memmove, dst above src (ns per call, geo. mean of 9 offsets)",
				  "ns per call (log)", groups, 6, sers, ns, val, 1);
	}
	/* seed 003: one chart per size, groups by distance */
	for (k = 0; k < 2; k++) {
		double sz = k ? 65536 : 1024;
		char file[32];
		ns = 0;
		snprintf(sers[ns++], 32, "fastmem");
		snprintf(sers[ns++], 32, "%.23s", v0);
		if (v1)
			snprintf(sers[ns++], 32, "%.23s", v1);
		snprintf(sers[ns++], 32, "rep movsb (fwd)");
		g = 0;
		for (i = 0; i < nrows && g < MAXG; i++) {
			const struct crow *r = &rows[i];
			if (strcmp(r->section, "seed003") || r->size != sz || strcmp(r->variant, v0) ||
			    strcmp(r->impl, "fastmem") || !strncmp(r->label, "disal", 5))
				continue;
			snprintf(groups[g], 32, "%.31s", strncmp(r->label, "dist", 4) ? r->label : r->label + 4);
			si = 0;
			val[g * ns + si++] = r->med;
			val[g * ns + si++] = geo_med(v0, "seed003", NULL, "libc", sz, r->label);
			if (v1)
				val[g * ns + si++] = geo_med(v1, "seed003", NULL, "libc", sz, r->label);
			val[g * ns + si++] = geo_med(v0, "seed003", NULL, "rep_movsb", sz, r->label);
			g++;
		}
		snprintf(file, sizeof file, "seed003_%s.svg", k ? "64K" : "1K");
		if (g)
			bar_chart(file,
				  k ? "seed 003: 64 KiB memmove by distance dst - src (ns per call)"
				    : "seed 003: 1 KiB memmove by distance dst - src (ns per call)",
				  "ns per call", groups, g, sers, ns, val, 0);
	}
	/* seed 004 */
	ns = 0;
	snprintf(sers[ns++], 32, "memcmp fastmem");
	snprintf(sers[ns++], 32, "memcmp %s", v0);
	snprintf(sers[ns++], 32, "memeq fastmem");
	snprintf(sers[ns++], 32, "memeq %s", v0);
	g = 0;
	for (i = 0; i < nrows && g < MAXG; i++) {
		const struct crow *r = &rows[i];
		if (strcmp(r->section, "seed004") || strcmp(r->variant, v0) || strcmp(r->impl, "fastmem") ||
		    strcmp(r->func, "memcmp"))
			continue;
		snprintf(groups[g], 32, "%s", strcmp(r->label, "ksm") ? r->label + 5 : "KSM run");
		val[g * ns + 0] = r->med;
		val[g * ns + 1] = geo_med(v0, "seed004", "memcmp", "libc", -1, r->label);
		val[g * ns + 2] = geo_med(v0, "seed004", "memeq", "fastmem", -1, r->label);
		val[g * ns + 3] = geo_med(v0, "seed004", "memeq", "libc", -1, r->label);
		g++;
	}
	if (g)
		bar_chart("seed004.svg", "seed 004: memcmp / memeq, equal buffers and a KSM-like run (ns per call)",
			  "ns per call (log)", groups, g, sers, ns, val, 1);
	/* random and large: fastmem and each libc variant */
	for (k = 0; k < 2; k++) {
		const char *sec = k ? "large" : "random";
		ns = 0;
		snprintf(sers[ns++], 32, "fastmem");
		for (v = 0; v < npeers && v < MAXS - 1; v++)
			snprintf(sers[ns++], 32, "%.23s", peers[v].name);
		g = 0;
		for (i = 0; i < nrows && g < MAXG; i++) {
			const struct crow *r = &rows[i];
			char nb[32];
			if (strcmp(r->section, sec) || strcmp(r->variant, v0) || strcmp(r->impl, "fastmem"))
				continue;
			if (k)
				snprintf(groups[g], 32, "%.8s %.6s %.12s", r->func, size_str((size_t)r->size, nb, sizeof nb),
					 strcmp(r->label, "-") ? r->label : "");
			else
				snprintf(groups[g], 32, "%s", r->func);
			val[g * ns] = k ? r->bpns : r->med;
			for (v = 0; v < ns - 1; v++) {
				const struct crow *l =
					find_row(peers[v].variant, sec, r->func, NULL, r->label, peers[v].impl, r->size);
				val[g * ns + 1 + v] = l ? (k ? l->bpns : l->med) : NAN;
			}
			g++;
		}
		if (g)
			bar_chart(k ? "large.svg" : "random.svg",
				  k ? "large, beyond the last-level cache (GB/s, higher is better)"
				    : "random sizes and offsets, most < 128 B (ns per call, lower is better)",
				  k ? "GB/s" : "ns per call", groups, g, sers, ns, val, 0);
	}
}

/* The cliff section from the CSV: per variant, implementation, function,
 * size and kind of class (delta / offsets), the median class and the
 * slowest class against it. */
static void summary_cliff(FILE *f)
{
	static const char *const kinds[] = { "delta", "offsets" };
	static const char *const ims[] = { "fastmem", "libc", "dpdk" };
	static const double sizes[] = { 65536, 1048576 };
	static double ns[CLIFF_MAXCLS];
	static long cls[CLIFF_MAXCLS];
	static char lab[CLIFF_MAXCLS][16];
	int v, k, m, op, si, worst_cliff = 0;
	size_t i;
	if (!find_row(NULL, "cliff", NULL, NULL, NULL, NULL, -1))
		return;
	fprintf(f, "\ncliff: slowest address class / median class, per implementation (CLIFF: > 3x)\n");
	for (k = 0; k < 2; k++)
		for (op = 0; op < 3; op++)
			for (si = 0; si < 2; si++)
				for (v = 0; v < nvariants; v++)
					for (m = 0; m < 3; m++) {
						struct cliff_stat st;
						char who[40];
						int n = 0;
						for (i = 0; i < nrows && n < CLIFF_MAXCLS; i++) {
							const struct crow *r = &rows[i];
							if (strcmp(r->section, "cliff") || strcmp(r->variant, variants[v]) ||
							    strcmp(r->impl, ims[m]) || strcmp(r->func, op_name[op]) ||
							    strcmp(r->align, kinds[k]) || r->size != sizes[si])
								continue;
							ns[n] = r->med;
							cls[n] = k ? -1 : r->dist;
							snprintf(lab[n], sizeof lab[0], "%.15s",
								 k ? r->label : r->label + 5 /* "delta" */);
							n++;
						}
						if (!n)
							continue;
						cliff_stats(ns, cls, lab, n, &st);
						/* fastmem and dpdk are measured in one run: name them
						 * alone; libc by its variant */
						snprintf(who, sizeof who, "%.23s", m == 1 ? variants[v] : ims[m]);
						fprintf(f, "%-7s", kinds[k]);
						cliff_print(f, who, op_name[op], (size_t)sizes[si], n, &st, lab[st.at]);
						worst_cliff |= st.ratio > 3;
					}
	fprintf(f, "%s\n", worst_cliff ? "cliff: at least one implementation has a slow mode above (CLIFF)"
				       : "cliff: no class above 3x its median in any implementation");
}

/* ns against the class (x: the classes in measured order, evenly spaced),
 * one chart per function, size and kind; log y. */
static void plot_cliff(void)
{
	static const char *const kinds[] = { "delta", "offsets" };
	static const double sizes[] = { 65536, 1048576 };
	struct series *s = calloc(6, sizeof *s);
	int k, op, si, p, i, ns;
	size_t r;
	if (!s)
		die("calloc");
	for (k = 0; k < 2; k++)
		for (op = 0; op < 3; op++)
			for (si = 0; si < 2; si++) {
				struct plot pl;
				char file[64], title[160], nb[32], xl[CLIFF_MAXCLS][16];
				double lo = INFINITY, hi = 0;
				int ncls = 0, step;
				memset(s, 0, 6 * sizeof *s);
				ns = 0;
				/* fastmem, then every peer (libc variants, dpdk) */
				for (p = -1; p < npeers && ns < 6; p++) {
					struct series *t = &s[ns];
					const char *var = p < 0 ? variants[0] : peers[p].variant;
					const char *im = p < 0 ? "fastmem" : peers[p].impl;
					snprintf(t->name, sizeof t->name, "%s", p < 0 ? "fastmem" : peers[p].name);
					t->color = palette[ns];
					t->dashed = p >= 1;
					for (r = 0; r < nrows; r++) {
						const struct crow *c = &rows[r];
						if (strcmp(c->section, "cliff") || strcmp(c->variant, var) || strcmp(c->impl, im) ||
						    strcmp(c->func, op_name[op]) || strcmp(c->align, kinds[k]) ||
						    c->size != sizes[si] || !(c->med > 0) || t->n >= CLIFF_MAXCLS)
							continue;
						if (ns == 0)
							snprintf(xl[t->n], sizeof xl[0], "%.15s", k ? c->label : c->label + 5);
						t->x[t->n] = t->n;
						t->y[t->n++] = c->med;
						if (c->med < lo)
							lo = c->med;
						if (c->med > hi)
							hi = c->med;
					}
					if (p < 0)
						ncls = t->n;
					if (t->n)
						ns++;
				}
				if (ncls < 2)
					continue;
				snprintf(file, sizeof file, "cliff_%s_%s%s.svg", op_name[op], size_str((size_t)sizes[si], nb, sizeof nb),
					 k ? "_offsets" : "");
				snprintf(title, sizeof title, "%s %s: ns per call by %s (lower is better; a spike is a slow mode)",
					 op_name[op], nb, k ? "src % 64 / dst % 64" : "(dst - src) mod 4096");
				if (!plot_open(&pl, file, title, 1100, 520))
					continue;
				pl.x0 = 0;
				pl.x1 = ncls - 1;
				plot_yrange(&pl, lo, hi, 1);
				plot_yaxis(&pl, "ns per call (log)");
				/* about 24 labels; for deltas, each multiple of 16 up to 128, then
				 * every label that is a multiple of 512 or the last one */
				step = (ncls + 23) / 24;
				for (i = 0; i < ncls; i++) {
					long d = strtol(xl[i], NULL, 10);
					int show = k ? i % step == 0 : (d <= 128 ? d % 16 == 0 : d % 512 == 0 || i == ncls - 1 || d == 4032);
					double x = plot_x(&pl, i);
					if (!show)
						continue;
					fprintf(pl.f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#eeeeee\"/>\n", x,
						pl.T, x, pl.H - pl.B);
					fprintf(pl.f,
						"<text transform=\"translate(%.1f,%.1f) rotate(-45)\" text-anchor=\"end\" "
						"font-size=\"10\">%s</text>\n",
						x, pl.H - pl.B + 12, xl[i]);
				}
				fprintf(pl.f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
					(pl.L + pl.W - pl.R) / 2, pl.H - 8,
					k ? "src % 64 / dst % 64 (each class one step)"
					  : "(dst - src) mod 4096 (each class one step: 0-128 all, then a spread)");
				for (p = 0; p < ns; p++) {
					fprintf(pl.f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"%s points=\"",
						s[p].color, s[p].dashed ? " stroke-dasharray=\"6,3\"" : "");
					for (i = 0; i < s[p].n; i++)
						fprintf(pl.f, "%.1f,%.1f ", plot_x(&pl, s[p].x[i]), plot_y(&pl, s[p].y[i]));
					fprintf(pl.f, "\"/>\n");
					plot_legend(&pl, p, s[p].name, s[p].color, s[p].dashed, 0);
				}
				plot_frame(&pl);
				plot_close(&pl);
			}
	free(s);
}

/* ------------------------------------------------------------------ */
/* summary: ratios libc / fastmem for each libc variant                */

/* The largest ratio so far and the distance it was seen at. */
struct worst {
	double x;
	long at;
};

static void worst_keep(struct worst *w, double x, long at)
{
	if (x > w->x) {
		w->x = x;
		w->at = at;
	}
}

static void summary(FILE *f)
{
	static const struct {
		const char *name;
		double lo, hi;
	} bands[] = {
		{ "0-31", 0, 31 },       { "32-256", 32, 256 },   { "257-2047", 257, 2047 },
		{ "2K-16K", 2048, 16384 }, { "16K-1M", 16385, 1048576 }, { ">1M", 1048577, 1e18 },
	};
	const int nb = (int)(sizeof bands / sizeof bands[0]);
	int v, op, a, b, k;
	size_t i;

	fprintf(f, "\n== summary: ratio peer time / fastmem time (> 1: fastmem faster); each ratio from one run ==\n");
	if (find_row(NULL, "sweep", NULL, NULL, NULL, NULL, -1)) {
		/* one table per peer, then one for the best peer of each row
		 * (p == npeers) */
		for (v = 0; v <= npeers; v++) {
			if (v < npeers) {
				fprintf(f, "\nsweep against %s: min / geometric mean per size band, then the slowest row\n",
					peers[v].name);
			} else {
				int p;
				fprintf(f, "\nsweep against the best peer of each row (the fastest of");
				for (p = 0; p < npeers; p++)
					fprintf(f, "%s %s", p ? "," : "", peers[p].name);
				fprintf(f, "):\nmin / geometric mean per size band, then the slowest row and its best peer\n");
			}
			fprintf(f, "%-8s %-10s", "func", "align");
			for (b = 0; b < nb; b++)
				fprintf(f, " %11s", bands[b].name);
			fprintf(f, "   worst\n");
			for (op = 0; op < OP_COUNT; op++)
				for (a = 0; a < 2; a++) {
					double wmin = INFINITY, wsize = 0;
					int wwho = -1, any = 0;
					char line[256];
					size_t ll = (size_t)snprintf(line, sizeof line, "%-8s %-10s", op_name[op],
								     sweep_aligns[a].name);
					for (b = 0; b < nb; b++) {
						double mn = INFINITY, sl = 0;
						int n = 0;
						char cell[32];
						for (i = 0; i < nrows; i++) {
							const struct crow *r = &rows[i];
							double x;
							int who = v;
							if (strcmp(r->section, "sweep") || strcmp(r->func, op_name[op]) ||
							    strcmp(r->align, sweep_aligns[a].name) || r->size < bands[b].lo ||
							    r->size > bands[b].hi)
								continue;
							if (v < npeers) {
								if (strcmp(r->variant, peers[v].variant) ||
								    strcmp(r->impl, peers[v].impl))
									continue;
								x = r->ratio;
							} else {
								if (strcmp(r->variant, variants[0]) || strcmp(r->impl, "fastmem"))
									continue;
								x = best_peer(r, &who);
							}
							if (!(x > 0))
								continue;
							if (x < mn)
								mn = x;
							if (x < wmin) {
								wmin = x;
								wsize = r->size;
								wwho = who;
							}
							sl += log(x);
							n++;
						}
						if (n)
							snprintf(cell, sizeof cell, "%.2f/%.2f", mn, exp(sl / n));
						else
							snprintf(cell, sizeof cell, "-");
						any |= n > 0;
						if (ll < sizeof line)
							ll += (size_t)snprintf(line + ll, sizeof line - ll, " %11s", cell);
					}
					if (!any)
						continue; /* e.g. dpdk: copies only */
					fprintf(f, "%s", line);
					if (isfinite(wmin)) {
						char nbuf[32];
						fprintf(f, "   %.2f at %s", wmin, size_str((size_t)wsize, nbuf, sizeof nbuf));
						if (v == npeers && wwho >= 0)
							fprintf(f, " (%s)", peers[wwho].name);
					}
					fprintf(f, "\n");
				}
		}
	}
	if (find_row(NULL, "seed000", NULL, NULL, NULL, NULL, -1)) {
		static const size_t lens[] = { 8, 32, 64, 256, 512, 1024 };
		fprintf(f, "\nseed 000 (overlapping memmove, dst above src), geometric mean over 9 offset pairs:\n");
		fprintf(f, "%6s", "len");
		for (v = 0; v < nvariants; v++)
			fprintf(f, " %14s", variants[v]);
		fprintf(f, " %10s %10s %10s\n", "byte/fm", "movsq/fm", "4x8/fm");
		for (k = 0; k < 6; k++) {
			double sz = (double)lens[k], fm0 = geo_med(variants[0], "seed000", NULL, "fastmem", sz, NULL);
			fprintf(f, "%6zu", lens[k]);
			for (v = 0; v < nvariants; v++)
				fprintf(f, " %14.2f",
					geo_med(variants[v], "seed000", NULL, "libc", sz, NULL) /
						geo_med(variants[v], "seed000", NULL, "fastmem", sz, NULL));
			fprintf(f, " %10.2f %10.2f %10.2f\n", geo_med(variants[0], "seed000", NULL, "byte_bwd", sz, NULL) / fm0,
				geo_med(variants[0], "seed000", NULL, "movsq_bwd", sz, NULL) / fm0,
				geo_med(variants[0], "seed000", NULL, "loop4x8_bwd", sz, NULL) / fm0);
		}
	}
	if (find_row(NULL, "seed003", NULL, NULL, NULL, NULL, -1)) {
		fprintf(f, "\nseed 003 (memmove by distance): slowest distance / disjoint copy of the same size,\n"
			   "aligned, then with the move's own alignments (dis-al)\n");
		for (v = 0; v < nvariants; v++)
			for (k = 0; k < 2; k++) {
				/* [fastmem, libc][against the aligned disjoint copy, against dis-al] */
				struct worst w[2][2] = { { { 0, 0 }, { 0, 0 } }, { { 0, 0 }, { 0, 0 } } };
				double sz = k ? 65536 : 1024, disj[2], mlc = INFINITY;
				disj[0] = geo_med(variants[v], "seed003", NULL, "fastmem", sz, "disjoint");
				disj[1] = geo_med(variants[v], "seed003", NULL, "libc", sz, "disjoint");
				for (i = 0; i < nrows; i++) {
					const struct crow *r = &rows[i];
					char al[48];
					int im = !strcmp(r->impl, "fastmem") ? 0 : !strcmp(r->impl, "libc") ? 1 : -1;
					if (im < 0 || strcmp(r->section, "seed003") || strcmp(r->variant, variants[v]) ||
					    r->size != sz || strncmp(r->label, "dist", 4))
						continue;
					snprintf(al, sizeof al, "disal%ld", r->dist);
					worst_keep(&w[im][0], r->med / disj[im], r->dist);
					worst_keep(&w[im][1], r->med / geo_med(variants[v], "seed003", NULL, r->impl, sz, al),
						   r->dist);
					if (im == 1 && r->ratio < mlc)
						mlc = r->ratio;
				}
				fprintf(f, "  %-10s %3s: fastmem %.2fx (at %+ld), libc %.2fx (at %+ld); dis-al: fastmem %.2fx (at %+ld), libc %.2fx (at %+ld); min libc/fm %.2f\n",
					variants[v], k ? "64K" : "1K", w[0][0].x, w[0][0].at, w[1][0].x, w[1][0].at,
					w[0][1].x, w[0][1].at, w[1][1].x, w[1][1].at, mlc);
			}
	}
	for (k = 0; k < 4; k++) {
		static const char *const secs[] = { "seed004", "random", "large", "limits" };
		static int has[6];
		int first = 1;
		for (i = 0; i < nrows; i++) {
			const struct crow *r = &rows[i];
			char nbuf[32];
			if (strcmp(r->section, secs[k]) || strcmp(r->variant, variants[0]) || strcmp(r->impl, "libc"))
				continue;
			if (first) {
				/* peers that measured none of this section's rows (dpdk
				 * outside copies) get no column */
				for (v = 0; v < npeers; v++)
					has[v] = find_row(peers[v].variant, secs[k], NULL, NULL, NULL, peers[v].impl, -1) != NULL;
				fprintf(f, "\n%-8s %-8s %-10s", secs[k], "func", "case");
				for (v = 0; v < npeers; v++)
					if (has[v])
						fprintf(f, " %12s", peers[v].name);
				fprintf(f, " %12s", "best peer");
				fprintf(f, "%s\n", k == 2 ? "   (fastmem GB/s)" : k == 3 ? "   (fastmem / plain loop)" : "");
				first = 0;
			}
			fprintf(f, "%-8s %-8s %-10s", "", r->func,
				k >= 2 ? size_str((size_t)r->size, nbuf, sizeof nbuf) : r->label);
			{
				double best = INFINITY;
				for (v = 0; v < npeers; v++) {
					const struct crow *l = find_row(peers[v].variant, secs[k], r->func, NULL, r->label,
									peers[v].impl, r->size);
					if (l && l->ratio < best)
						best = l->ratio;
					if (l)
						fprintf(f, " %12.2f", l->ratio);
					else if (has[v])
						fprintf(f, " %12s", "-");
				}
				fprintf(f, " %12.2f", best);
			}
			if (k == 2) {
				const struct crow *fm = find_row(variants[0], secs[k], r->func, NULL, r->label, "fastmem", r->size);
				fprintf(f, "   %.1f %s", fm ? fm->bpns : NAN, r->label);
			}
			if (k == 3) {
				const struct crow *pl = find_row(variants[0], secs[k], r->func, NULL, r->label, "plain_loop", r->size);
				fprintf(f, "   %.2f", pl ? 1 / pl->ratio : NAN);
			}
			fprintf(f, "\n");
		}
	}
	summary_cliff(f);
}

/* The report alone, from a run's directory: summary.txt (its header is
 * the run's meta.txt without the line about the second run) and the plots,
 * written to opt.out. */
static int report_only(const char *dir)
{
	char path[600], line[512];
	FILE *m, *f;
	snprintf(path, sizeof path, "%s/results.csv", dir);
	read_csv(path);
	if (!nrows) {
		fprintf(stderr, "bench: no rows in %s\n", path);
		return 0;
	}
	find_peers();
	mkdir(opt.out, 0777);
	snprintf(path, sizeof path, "%s/summary.txt", opt.out);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "bench: cannot write %s: %s\n", path, strerror(errno));
		return 0;
	}
	snprintf(path, sizeof path, "%s/meta.txt", dir);
	m = fopen(path, "r");
	if (m) {
		while (fgets(line, sizeof line, m))
			if (strncmp(line, "second run:", 11))
				fputs(line, f);
		fclose(m);
	}
	summary(stdout);
	summary(f);
	fclose(f);
	plot_sweeps();
	plot_tables();
	plot_cliff();
	printf("\nwrote %s/summary.txt and *.svg from %s\n", opt.out, dir);
	return 1;
}

/* ------------------------------------------------------------------ */
/* environment, options, main                                          */

/* Address-space layout randomisation moves the stack, the heap, the code
 * and the libraries relative to each other on every run; on our machine
 * that alone changes some small-size rows by up to 2x from one process to
 * the next (4K aliasing between stack and buffers, predictor aliasing
 * between code addresses), for libc and fastmem alike.  To make runs
 * comparable, the benchmark runs itself again once with randomisation
 * switched off for itself (like `setarch -R`) unless --aslr is given or the
 * system refuses. */
static int layout_fixed(void)
{
#ifdef __linux__
	int p = personality(0xffffffff);
	return p != -1 && (p & ADDR_NO_RANDOMIZE);
#else
	return 0;
#endif
}

static void fix_layout(char **argv)
{
#ifdef __linux__
	int p = personality(0xffffffff);
	if (p == -1 || (p & ADDR_NO_RANDOMIZE) || getenv("FASTMEM_BENCH_REEXEC"))
		return;
	if (personality((unsigned long)(p | ADDR_NO_RANDOMIZE)) == -1)
		return;
	setenv("FASTMEM_BENCH_REEXEC", "1", 1);
	fflush(stdout);
	execv("/proc/self/exe", argv);
	personality((unsigned long)p); /* exec failed: carry on as we are */
#else
	(void)argv;
#endif
}

static void cpu_model(char *o, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];
	struct utsname u;
	snprintf(o, len, "unknown");
	if (f) {
		while (fgets(line, sizeof line, f)) {
			char *c = strchr(line, ':');
			if (c && (!strncmp(line, "model name", 10) || !strncmp(line, "cpu\t", 4) ||
				  !strncmp(line, "Model\t", 6))) {
				c++;
				c += strspn(c, " \t");
				c[strcspn(c, "\n")] = 0;
				snprintf(o, len, "%s", c);
				break;
			}
		}
		fclose(f);
	}
	if (!strcmp(o, "unknown") && uname(&u) == 0)
		snprintf(o, len, "%s", u.machine);
}

/* What the CPU is, from CPUID where there is one: printed with every
 * figure (stdout, meta.txt, summary.txt), and the tag that names a
 * snapshot directory (make bench-snapshot): vendor-family-model, e.g.
 * amd-19h-01h, intel-06h-cfh. */
static struct {
	char vendor[16], name[80], tag[48], features[160];
	unsigned family, model, stepping;
	int have_cpuid;
} cpu_id;

#if BENCH_X86 && defined(__GNUC__)
#include <cpuid.h>
#endif

static void cpu_identify(void)
{
	struct utsname u;
	size_t i, len;
	cpu_model(cpu_id.name, sizeof cpu_id.name);
#if BENCH_X86 && defined(__GNUC__)
	{
		unsigned a, b, c, d, max = __get_cpuid_max(0, NULL), ext = __get_cpuid_max(0x80000000u, NULL);
		unsigned l1c = 0, l1d = 0, l7b = 0, l7d = 0;
		static const struct {
			const char *name;
			int leaf7; /* 0: leaf 1 EDX, 1: leaf 7 EBX, 2: leaf 7 EDX */
			unsigned bit;
		} feats[] = {
			{ "sse2", 0, 26 },     { "avx2", 1, 5 },      { "avx512f", 1, 16 }, { "avx512bw", 1, 30 },
			{ "avx512vl", 1, 31 }, { "erms", 1, 9 },      { "fsrm", 2, 4 },
		};
		char have[96] = "", lack[96] = "";
		if (max >= 1) {
			__cpuid(0, a, b, c, d);
			memcpy(cpu_id.vendor, &b, 4);
			memcpy(cpu_id.vendor + 4, &d, 4);
			memcpy(cpu_id.vendor + 8, &c, 4);
			cpu_id.vendor[12] = 0;
			__cpuid(1, a, b, l1c, l1d);
			cpu_id.stepping = a & 15;
			cpu_id.family = (a >> 8) & 15;
			cpu_id.model = (a >> 4) & 15;
			if (cpu_id.family == 15)
				cpu_id.family += (a >> 20) & 0xff;
			if (cpu_id.family == 6 || cpu_id.family >= 15)
				cpu_id.model += ((a >> 16) & 15) << 4;
			cpu_id.have_cpuid = 1;
		}
		if (max >= 7)
			__cpuid_count(7, 0, a, l7b, c, l7d);
		(void)l1c;
		for (i = 0; i < sizeof feats / sizeof feats[0]; i++) {
			unsigned w = feats[i].leaf7 == 0 ? l1d : feats[i].leaf7 == 1 ? l7b : l7d;
			char *o = (w >> feats[i].bit) & 1 ? have : lack;
			len = strlen(o);
			snprintf(o + len, 96 - len, "%s%s", len ? " " : "", feats[i].name);
		}
		snprintf(cpu_id.features, sizeof cpu_id.features, "%s%s%s", have, lack[0] ? "; not: " : "",
			 lack);
		if (ext >= 0x80000004u) {
			unsigned br[12];
			char *nm = (char *)br;
			for (i = 0; i < 3; i++)
				__cpuid(0x80000002u + (unsigned)i, br[4 * i], br[4 * i + 1], br[4 * i + 2], br[4 * i + 3]);
			nm[47] = 0;
			nm += strspn(nm, " ");
			if (*nm)
				snprintf(cpu_id.name, sizeof cpu_id.name, "%s", nm);
		}
	}
#endif
	if (cpu_id.have_cpuid) {
		const char *v = !strcmp(cpu_id.vendor, "GenuineIntel") ? "intel"
				: !strcmp(cpu_id.vendor, "AuthenticAMD") ? "amd"
				: !strcmp(cpu_id.vendor, "HygonGenuine") ? "hygon" : NULL;
		char lower[16];
		if (!v) {
			for (i = 0, len = 0; cpu_id.vendor[i] && len < 8; i++)
				if ((cpu_id.vendor[i] >= 'A' && cpu_id.vendor[i] <= 'Z') ||
				    (cpu_id.vendor[i] >= 'a' && cpu_id.vendor[i] <= 'z'))
					lower[len++] = (char)(cpu_id.vendor[i] | 0x20);
			lower[len] = 0;
			v = len ? lower : "x86";
		}
		snprintf(cpu_id.tag, sizeof cpu_id.tag, "%s-%02xh-%02xh", v, cpu_id.family, cpu_id.model);
	} else {
		/* no CPUID: the architecture's name (ppc64le, aarch64, ...) */
		snprintf(cpu_id.tag, sizeof cpu_id.tag, "%.40s", uname(&u) == 0 ? u.machine : "unknown");
		snprintf(cpu_id.features, sizeof cpu_id.features, "(no CPUID)");
	}
}

static const char *fm_path(void)
{
#ifdef BENCH_HAVE_PATH_NAME
	return fm_path_name();
#else
	return "(fm_path_name not available)";
#endif
}

static const char *dpdk_missing = "no dpdk column: rte_memcpy.h was not found at build time";

static const char *dpdk_version(void)
{
	return dpdk ? dpdk->version() : "-";
}

static void print_env(FILE *f)
{
	const char *tun = getenv("GLIBC_TUNABLES");
	struct utsname u;
	char day[32];
	time_t now = time(NULL);
	strftime(day, sizeof day, "%Y-%m-%d %H:%M UTC", gmtime(&now));
	fprintf(f, "date:       %s\n", day);
	fprintf(f, "cpu:        %s, %ld cpus online\n", cpu_id.name, sysconf(_SC_NPROCESSORS_ONLN));
	if (cpu_id.have_cpuid)
		fprintf(f, "cpuid:      %s family 0x%x model 0x%x stepping %u (tag %s)\n", cpu_id.vendor,
			cpu_id.family, cpu_id.model, cpu_id.stepping, cpu_id.tag);
	else
		fprintf(f, "cpuid:      none (tag %s)\n", cpu_id.tag);
	fprintf(f, "features:   %s\n", cpu_id.features);
	if (uname(&u) == 0)
		fprintf(f, "system:     %s %s %s\n", u.sysname, u.release, u.machine);
	fprintf(f, "compiler:   %s%s%s\n",
#ifdef __clang__
		"clang ",
#else
		"",
#endif
		__VERSION__,
#ifdef __OPTIMIZE__
		""
#else
		" (not optimised!)"
#endif
	);
#ifdef BENCH_FLAGS
	fprintf(f, "flags:      %s\n", BENCH_FLAGS);
#endif
#ifdef __GLIBC__
	fprintf(f, "libc:       glibc %s\n", gnu_get_libc_version());
#else
	fprintf(f, "libc:       unknown (not glibc)\n");
#endif
	fprintf(f, "memeq base: %s\n", libc_memeq_name);
	fprintf(f, "variant:    %s (GLIBC_TUNABLES=%s)\n", opt.variant, tun ? tun : "unset");
	fprintf(f, "fastmem:    path %s, features 0x%x%s\n", fm_path(), fm_cpu_features(),
		opt.have_limit ? " (limited by --cpu-limit)" : "");
	fprintf(f, "peers:      %s", opt.peers_avx2 ? "avx2 (glibc with " AVX2_TUNABLES "; " : "best (");
	if (dpdk)
		fprintf(f, "dpdk: rte_memcpy of DPDK %s, %s build: %s)\n", dpdk_version(), dpdk->isa, dpdk->flags);
	else
		fprintf(f, "%s)\n", dpdk_missing);
	fprintf(f, "mode:       %s, %d samples per column, batches of >= %.0f us, hugepages %s,\n"
		   "            address layout %s\n",
		opt.quick ? "quick" : "full", opt.reps, opt.sample_ns / 1000, opt.hugepages ? "on" : "off",
		layout_fixed() ? "fixed (randomisation off for this run)" : "randomised");
	if (opt.pinned >= 0)
		fprintf(f, "pinned:     cpu %d%s%s%s\n", opt.pinned, cpu_probe[0] ? " (4 KiB libc memcpy: " : "",
			cpu_probe, cpu_probe[0] ? ")" : "");
	else
		fprintf(f, "pinned:     no\n");
}

/* Run on one cpu only. The two vCPUs of our VM were measured to differ by
 * up to 1.6x at the same moment (one shares its core with a busy thread of
 * the host, the other does not, and that changes over minutes), and ratios
 * change with it: a run that migrates mixes the two. Unless --cpu says
 * which, the first process times a 4 KiB copy (libc's, 2000 calls, best of
 * 5) on each cpu it may use and keeps the fastest; the figures go into the
 * report. The --child process stays where its parent was. */
static int pin_to(int c)
{
#ifdef __linux__
	cpu_set_t set;
	if (c < 0 || c >= CPU_SETSIZE)
		return 0;
	CPU_ZERO(&set);
	CPU_SET(c, &set);
	return sched_setaffinity(0, sizeof set, &set) == 0;
#else
	(void)c;
	return 0;
#endif
}

static void pin_cpu(void)
{
	opt.pinned = -1;
#ifdef __linux__
	if (opt.cpu == -2)
		return;
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
				if (!CPU_ISSET(c, &allowed) || !pin_to(c))
					continue;
				for (k = 0; k < 5; k++) {
					double t0 = now_ns();
					for (i = 0; i < 2000; i++) {
						unsigned char *d = buf;
						OPAQUE(d);
						libc_memcpy(d + 4096, d, 4096);
					}
					t0 = (now_ns() - t0) / 2000;
					if (t0 < t)
						t = t0;
				}
				len += (size_t)snprintf(cpu_probe + len, len < sizeof cpu_probe ? sizeof cpu_probe - len : 0,
							"%scpu %d %.1f ns", len ? ", " : "", c, t);
				if (len >= sizeof cpu_probe)
					len = sizeof cpu_probe - 1;
				if (t < best) {
					best = t;
					pick = c;
				}
			}
		}
		free(buf);
		if (pick >= 0 && pin_to(pick))
			opt.pinned = pick;
		return;
	}
	if (pin_to(opt.cpu >= 0 ? opt.cpu : sched_getcpu()))
		opt.pinned = opt.cpu >= 0 ? opt.cpu : sched_getcpu();
	else if (opt.cpu >= 0)
		fprintf(stderr, "bench: cannot run on cpu %d: %s; not pinned\n", opt.cpu, strerror(errno));
#endif
}

/* --peers=avx2: glibc reads its tunables when the process starts, so the
 * benchmark runs itself again with the AVX-512 hwcaps masked (added to any
 * GLIBC_TUNABLES already set; the libc-norep run appends its own). */
static void avx2_peers(char **argv)
{
	const char *old = getenv("GLIBC_TUNABLES");
	char *tun;
	size_t len;
	if (old && strstr(old, AVX2_TUNABLES))
		return;
	len = strlen(AVX2_TUNABLES) + (old ? strlen(old) + 1 : 0) + 1;
	tun = malloc(len);
	if (!tun)
		die("malloc");
	snprintf(tun, len, "%s%s%s", old ? old : "", old ? ":" : "", AVX2_TUNABLES);
	setenv("GLIBC_TUNABLES", tun, 1);
	free(tun);
	fflush(stdout);
	execv("/proc/self/exe", argv);
	fprintf(stderr, "bench: cannot run again with GLIBC_TUNABLES=%s: %s\n", AVX2_TUNABLES, strerror(errno));
	exit(2);
}

/* DPDK's build for the column: with --peers=avx2 its AVX2 build, else the
 * widest this CPU runs (each build needs every feature of its -march level
 * that the compiler may use). */
static const struct peer_build *pick_dpdk(void)
{
#if defined(BENCH_HAVE_DPDK) && defined(__GNUC__)
	int v4, v3;
	__builtin_cpu_init();
	v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("fma");
	v4 = v3 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
	     __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
	     __builtin_cpu_supports("avx512cd");
	if (v4 && !opt.peers_avx2)
		return &dpdk_builds[0];
	if (v3)
		return &dpdk_builds[1];
	if (opt.peers_avx2)
		dpdk_missing = "no dpdk column: this CPU cannot run DPDK's AVX2 build";
	else if (__builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("ssse3"))
		return &dpdk_builds[2];
	else
		dpdk_missing = "no dpdk column: this CPU cannot run DPDK's builds";
#endif
	return NULL;
}

static void usage(FILE *f)
{
	int s;
	fprintf(f,
		"usage: bench [--quick] [--section=LIST] [--out=DIR] [--libc=both|plain|norep]\n"
		"             [--cpu-limit=MASK] [--no-hugepages] [--aslr] [--cpu=N|any]\n"
		"             [--peers=best|avx2]\n"
		"  --quick          every section briefly (smoke test)\n"
		"  --section=LIST   comma-separated, from:");
	for (s = 0; s < S_COUNT; s++)
		fprintf(f, " %s", section_name[s]);
	fprintf(f, "\n"
		   "  --out=DIR        results.csv, summary.txt, meta.txt and *.svg (default bench/out)\n"
		   "  --libc=both      also run against glibc without rep movsb/stosb (GLIBC_TUNABLES);\n"
		   "                   plain: only the libc as configured; norep: only the tuned one\n"
		   "  --cpu-limit=MASK call fm_cpu_limit(MASK) first (force a narrower path)\n"
		   "  --no-hugepages   do not madvise(MADV_HUGEPAGE) the large buffers\n"
		   "  --aslr           keep address-space randomisation (default: the benchmark\n"
		   "                   re-executes itself once with a fixed layout)\n"
		   "  --cpu=N          run on cpu N only (default: the one where a 4 KiB copy is\n"
		   "                   fastest at the start); any: unpinned\n"
		   "  --peers=avx2     the peers at their AVX2 code: glibc with GLIBC_TUNABLES=\n"
		   "                   " AVX2_TUNABLES ",\n"
		   "                   DPDK's AVX2 build (compare with --cpu-limit=0x3b: fastmem's AVX2 tier)\n"
		   "  --peers=best     the default: glibc as it picks, DPDK's best build this CPU runs\n"
		   "  --report-only=DIR  measure nothing: summary.txt and *.svg from DIR/results.csv\n"
		   "                   and DIR/meta.txt (a committed run), written to --out\n");
}

static int parse_sections(const char *list)
{
	char buf[256], *tok, *save = NULL;
	snprintf(buf, sizeof buf, "%s", list);
	opt.sections = 0;
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int s, hit = 0;
		for (s = 0; s < S_COUNT; s++)
			if (!strcmp(tok, section_name[s]) || (tok[0] == '1' + s && !tok[1])) {
				opt.sections |= 1u << s;
				hit = 1;
			}
		if (!strcmp(tok, "all")) {
			opt.sections = (1u << S_COUNT) - 1;
			hit = 1;
		}
		if (!hit) {
			fprintf(stderr, "bench: unknown section '%s'\n", tok);
			return 0;
		}
	}
	return opt.sections != 0;
}

static void run_sections(void)
{
	static void (*const fns[S_COUNT])(void) = {
		section_seed000, section_seed003, section_seed004, section_sweep, section_random, section_large,
		section_limits, section_cliff,
	};
	double t0 = now_ns(), t;
	int s;
	/* let the clock ramp up before the first row */
	while (now_ns() - t0 < (opt.quick ? 3e7 : 2e8))
		bench_sink++;
	for (s = 0; s < S_COUNT; s++)
		if (opt.sections & (1u << s)) {
			t = now_ns();
			fns[s]();
			printf("[%s: %.2f s]\n", section_name[s], (now_ns() - t) / 1e9);
			fflush(stdout);
		}
}

/* Run this program again with glibc's rep movsb / rep stosb disabled. */
static int run_norep_child(const char *self)
{
	char secs[256] = "", lim[32], outarg[600];
	const char *argv[18];
	const char *old = getenv("GLIBC_TUNABLES");
	char *tun;
	int argc = 0, s, st;
	pid_t pid;
	size_t len;
	for (s = 0; s < S_COUNT; s++)
		if (opt.sections & (1u << s)) {
			len = strlen(secs);
			snprintf(secs + len, sizeof secs - len, "%s%s", len ? "," : "--section=", section_name[s]);
		}
	argv[argc++] = self;
	argv[argc++] = "--child";
	argv[argc++] = secs;
	snprintf(outarg, sizeof outarg, "--out=%s", opt.out);
	argv[argc++] = outarg;
	if (opt.quick)
		argv[argc++] = "--quick";
	if (!opt.hugepages)
		argv[argc++] = "--no-hugepages";
	if (opt.aslr)
		argv[argc++] = "--aslr";
	if (opt.pinned < 0)
		argv[argc++] = "--cpu=any"; /* else it inherits the parent's cpu */
	if (opt.have_limit) {
		snprintf(lim, sizeof lim, "--cpu-limit=0x%x", opt.limit);
		argv[argc++] = lim;
	}
	if (opt.peers_avx2)
		argv[argc++] = "--peers=avx2";
	if (opt.libc_mode == LM_NOREP)
		argv[argc++] = "--extra-cols"; /* the only run: it measures them */
	argv[argc] = NULL;
	len = strlen(NOREP_TUNABLES) + (old ? strlen(old) + 1 : 0) + 1;
	tun = malloc(len);
	if (!tun)
		die("malloc");
	snprintf(tun, len, "%s%s%s", old ? old : "", old ? ":" : "", NOREP_TUNABLES);
	printf("\n######## second libc baseline: GLIBC_TUNABLES=%s ########\n", tun);
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		setenv("GLIBC_TUNABLES", tun, 1);
		execv(self, (char *const *)argv);
		perror("bench: exec");
		_exit(127);
	}
	free(tun);
	if (waitpid(pid, &st, 0) < 0)
		die("waitpid");
	return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

int main(int argc, char **argv)
{
	char path[600], self[512];
	const char *csvmode = "w";
	int i, ok = 1;
	ssize_t sl;
	FILE *f;
	void *sym;

	opt.out = "bench/out";
	opt.sections = (1u << S_COUNT) - 1;
	opt.hugepages = 1;
	opt.variant = "libc";
	opt.cpu = -1;
#if defined(__GLIBC__) && BENCH_X86
	opt.libc_mode = LM_BOTH;
#else
	opt.libc_mode = LM_PLAIN;
#endif
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--quick"))
			opt.quick = 1;
		else if (!strncmp(a, "--section=", 10)) {
			if (!parse_sections(a + 10))
				return 2;
		} else if (!strncmp(a, "--out=", 6))
			opt.out = a + 6;
		else if (!strcmp(a, "--libc=both"))
			opt.libc_mode = LM_BOTH;
		else if (!strcmp(a, "--libc=plain"))
			opt.libc_mode = LM_PLAIN;
		else if (!strcmp(a, "--libc=norep"))
			opt.libc_mode = LM_NOREP;
		else if (!strncmp(a, "--cpu-limit=", 12)) {
			opt.have_limit = 1;
			opt.limit = (unsigned)strtoul(a + 12, NULL, 0);
		} else if (!strcmp(a, "--no-hugepages"))
			opt.hugepages = 0;
		else if (!strcmp(a, "--aslr"))
			opt.aslr = 1;
		else if (!strcmp(a, "--cpu=any"))
			opt.cpu = -2;
		else if (!strncmp(a, "--cpu=", 6)) {
			char *end;
			long c = strtol(a + 6, &end, 10);
			if (end == a + 6 || *end || c < 0 || c > 4095) {
				fprintf(stderr, "bench: --cpu wants a cpu number or 'any'\n");
				return 2;
			}
			opt.cpu = (int)c;
		}
		else if (!strcmp(a, "--child"))
			opt.child = 1;
		else if (!strcmp(a, "--extra-cols"))
			opt.extra_cols = 1;
		else if (!strcmp(a, "--peers=avx2"))
			opt.peers_avx2 = 1;
		else if (!strcmp(a, "--peers=best"))
			opt.peers_avx2 = 0;
		else if (!strncmp(a, "--report-only=", 14))
			opt.report_only = a + 14;
		else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "bench: unknown option '%s'\n", a);
			usage(stderr);
			return 2;
		}
	}
	if (opt.report_only)
		return report_only(opt.report_only) ? 0 : 2;
	if (!opt.child)
		opt.extra_cols = 1;
	if (opt.peers_avx2)
		avx2_peers(argv);
	if (!opt.aslr)
		fix_layout(argv);
	pin_cpu(); /* the --child run inherits the parent's cpu */
	cpu_identify();
	dpdk = pick_dpdk();
	opt.sample_ns = opt.quick ? 40e3 : 200e3;
	opt.reps = opt.quick ? 7 : 21;
	if (opt.have_limit)
		fm_cpu_limit(opt.limit);
	sym = dlsym(RTLD_DEFAULT, "__memcmpeq");
	if (sym) {
		memcpy((void *)&libc_memeq, &sym, sizeof sym); /* object to function pointer */
		libc_memeq_name = "__memcmpeq() == 0";
	}
	if (opt.child) {
		opt.variant = "libc-norep";
		csvmode = "a";
	}
	mkdir(opt.out, 0777);
	snprintf(path, sizeof path, "%s/results.csv", opt.out);
	csv = fopen(path, csvmode);
	if (!csv) {
		fprintf(stderr, "bench: cannot write %s: %s\n", path, strerror(errno));
		return 2;
	}
	if (!opt.child)
		fprintf(csv, CSV_HEADER "\n");
	fflush(csv);
	setvbuf(stdout, NULL, _IOLBF, 0);

	if (opt.child || opt.libc_mode != LM_NOREP) {
		printf("######## fastmem benchmark against libc (%s) ########\n", opt.variant);
		print_env(stdout);
		run_sections();
	}
	fclose(csv);
	csv = NULL;
	if (opt.child)
		return 0;

	if (opt.libc_mode != LM_PLAIN) {
		sl = readlink("/proc/self/exe", self, sizeof self - 1);
		if (sl > 0)
			self[sl] = 0;
		else
			snprintf(self, sizeof self, "%s", argv[0]);
		if (!run_norep_child(self)) {
			fprintf(stderr, "bench: the %s run failed\n", "libc-norep");
			ok = 0;
		}
	}

	read_csv(path);
	find_peers();
	/* the directory name make bench-snapshot stores this run under:
	 * the CPU's tag, what was forced, the day */
	snprintf(path, sizeof path, "%s/run_name", opt.out);
	f = fopen(path, "w");
	if (f) {
		char day[16];
		time_t now = time(NULL);
		strftime(day, sizeof day, "%Y-%m-%d", gmtime(&now));
		fprintf(f, "%s%s", cpu_id.tag, opt.peers_avx2 ? "-avx2peers" : "");
		if (opt.have_limit)
			fprintf(f, "-limit0x%x", opt.limit);
		fprintf(f, "-%s\n", day);
		fclose(f);
	}
	snprintf(path, sizeof path, "%s/meta.txt", opt.out);
	f = fopen(path, "w");
	if (f) {
		print_env(f);
		if (opt.libc_mode != LM_PLAIN)
			fprintf(f, "second run: libc-norep with GLIBC_TUNABLES=%s%s\n",
				opt.peers_avx2 ? AVX2_TUNABLES ":" : "", NOREP_TUNABLES);
		fclose(f);
	}
	if (nrows) {
		snprintf(path, sizeof path, "%s/summary.txt", opt.out);
		f = fopen(path, "w");
		summary(stdout);
		if (f) {
			print_env(f);
			summary(f);
			fclose(f);
		}
		plot_sweeps();
		plot_tables();
		plot_cliff();
		printf("\nwrote %s/results.csv, summary.txt, meta.txt and *.svg\n", opt.out);
	}
	fprintf(stderr, "%s", bench_sink == 42 ? " " : "");
	return ok ? 0 : 1;
}
