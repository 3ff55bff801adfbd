/* bench/bench.h - what the files of the benchmark share. The layers, each
 * using only those below it: main.c (options, runs, report files); the
 * sections (sections_*.c, section_cliff.c); plot.c (SVG) over report.c (the
 * CSV read back, summary.txt); machine.c and core_share.c; harness.c (timed
 * loops, rows, CSV). peer_dpdk.c is built apart, once per ISA. */
#ifndef BENCH_BENCH_H
#define BENCH_BENCH_H

#include "fleet.h" /* struct entry, and the fleet section's tables */
#include "timing.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An empty asm the compiler must assume reads and rewrites x. */
#define OPAQUE(x) __asm__ volatile("" : "+r"(x))
/* An empty asm the compiler must assume reads and writes all memory. */
#define CLOBBER() __asm__ volatile("" ::: "memory")

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b) /* a and b expanded, then pasted */
#define STR2(x) #x
#define STR(x) STR2(x)
#define KiB ((size_t)1024)
#define MiB (1024 * KiB)

#define NOREP_TUNABLES                                                                             \
  "glibc.cpu.x86_rep_movsb_threshold=0x7fffffff:"                                                  \
  "glibc.cpu.x86_rep_stosb_threshold=0x7fffffff"
/* --peers=avx2: glibc's ifuncs pick their AVX2 functions */
#define AVX2_TUNABLES "glibc.cpu.hwcaps=-AVX512F,-AVX512BW,-AVX512VL"

/* x86-64: the columns of string instructions and plain AVX-512 loops */
#ifdef __x86_64__
#define BENCH_X86_64 1
#else
#define BENCH_X86_64 0
#endif

/* ---- the timed loops: harness.c's, and the same in peer_dpdk.c ---- */

/* iters calls of CALL on (d, s, n); the pointers and the size pass an
   OPAQUE before each call, so the compiler cannot hoist or unswitch inline
   code, and a CLOBBER after it forces every call's loads and stores */
#define FIXED_LOOP(CALL)                                                                           \
  for (i = 0; i < iters; i++) {                                                                    \
    OPAQUE(d);                                                                                     \
    OPAQUE(s);                                                                                     \
    OPAQUE(n);                                                                                     \
    CALL;                                                                                          \
    CLOBBER();                                                                                     \
  }
/* the same over tab[0..tabn) from bases db and sb, until iters calls */
#define TABLE_LOOP(tab, tabn, CALL)                                                                \
  for (i = 0; i < iters;) {                                                                        \
    const struct entry *e = tab, *end = e + tabn;                                                  \
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

/* DPDK's rte_memcpy in those loops, one object per ISA (peer_dpdk.c) */
struct peer_build {
  const char *isa;   /* "avx512", "avx2" or "sse" */
  const char *flags; /* the ISA flags it was compiled with */
  void (*fixed)(unsigned char *d, const unsigned char *s, size_t n, long iters);
  void (*table)(const struct entry *tab, size_t tabn, unsigned char *db, const unsigned char *sb,
                long iters);
  const char *version; /* DPDK's, from its headers */
};
#define PEER_DECLARE(isa)                                                                          \
  void bench_dpdk_fixed_##isa(unsigned char *, const unsigned char *, size_t, long);               \
  void bench_dpdk_table_##isa(const struct entry *, size_t, unsigned char *,                       \
                              const unsigned char *, long);                                        \
  extern const char bench_dpdk_version_##isa[];

/* ---- options (parsed by main.c) ---- */

struct options {
  const char *out, *variant; /* variant: the libc_variant column */
  const char *fleet;         /* --fleet: the directory of the fleet data */
  unsigned sections, limit;  /* limit: --cpu-limit */
  int quick, hugepages, aslr, have_limit, peers_avx2;
  int plain;        /* --libc=plain: no second (libc-norep) process */
  int child;        /* the second process: only the columns that depend on libc */
  double sample_ns; /* target length of one timed batch */
  double max_wait;  /* seconds a run may wait for an unshared core */
  int reps;         /* samples per column and row */
  int scan;         /* rows measured once each, not printed (cliff) */
  int cpu, pinned;  /* --cpu (-1: the fastest, -2: any); the cpu pinned to or -1 */
};
extern struct options opt;

/* ---- the harness (harness.c) ---- */

enum op { OP_MEMCPY, OP_MEMMOVE, OP_MEMSET, OP_MEMCMP, OP_MEMEQ, OP_COUNT };
extern const char *const op_name[OP_COUNT];

enum impl { IM_FM, IM_LIBC, IM_BYTE_BWD, IM_MOVSQ_BWD, IM_4X8_BWD, IM_MOVSB, IM_PLAIN, IM_DPDK };
#define IM_COUNT (IM_DPDK + 1)
extern const char *const impl_name[IM_COUNT];

extern const char *libc_memeq_name;   /* memeq's baseline, as printed */
extern volatile long bench_sink;      /* compare results, kept alive */
extern char cpu_probe[256];           /* the time of a copy on each cpu (harness_init) */
extern const struct peer_build *dpdk; /* the DPDK build in use, or NULL */

__attribute__((noreturn)) void die(const char *what);
FILE *out_file(const char *dir, const char *name, const char *mode);

/* n bytes from mmap, aligned to 2 MiB, filled before use; all unmapped by
   buf_free_all(), after each section */
unsigned char *buf_get(size_t n);
void buf_free_all(void);

const char *fmt_ns(char *o, size_t len, double v);
const char *size_str(size_t n, char *o, size_t len);

/* one row's calls: a fixed (d, s, n, c), or a table of calls (tab) */
struct job {
  enum op op;
  unsigned char *d, *dbase;
  const unsigned char *s, *sbase;
  size_t n, tabn; /* tabn: the table's entries (iters: a multiple of tabn) */
  int c;
  const struct entry *tab;
};

/* the row's identity in the CSV */
struct rowinfo {
  const char *section, *func, *align, *label;
  size_t size;
  long src_off, dst_off, dist;
};

/* Measures the columns ims[0..nim) of a row, writes them to the CSV and
   prints them (not with opt.scan). */
void row(const struct job *j, const enum impl *ims, int nim, const struct rowinfo *ri);
/* ims[0..n) and the dpdk column where rte_memcpy is a correct answer:
   copies, and moves whose ranges are disjoint */
int with_dpdk(enum impl *ims, int n, enum op op, int disjoint);
extern FILE *bench_csv; /* results.csv, opened by main.c */
/* __memcmpeq, --cpu-limit, and the cpu to run on (--cpu) */
void harness_init(void);
const char *bench_fm(char *o, size_t len); /* fastmem's path and features */

/* rows wait while the core is shared (core_share.c) */
void core_share_init(void);
void core_share_wait(int again);
int core_share_again(void);
void core_share_report(FILE *f);

/* ---- the machine (machine.c) ---- */

void run_again(char **argv); /* with the layout fixed, for --peers=avx2 */
void cpu_identify(void);
const char *cpu_tag(void);
void print_env(FILE *f);
char *tunables_plus(const char *add); /* GLIBC_TUNABLES with add appended */
const struct peer_build *pick_dpdk(void);

/* the sections (sections_move.c, sections_size.c, section_cliff.c), in
   their order: section_overlap() ... */
#define SECTIONS(X) X(overlap) X(distance) X(mismatch) X(sweep) X(fleet) X(large) X(limits) X(cliff)
#define SECTION_FN(name) void section_##name(void);
SECTIONS(SECTION_FN)

/* ---- the report (report.c) and its charts (plot.c), into opt.out ---- */

/* reads results.csv (and closes it); 0 if it has no rows */
int read_results(FILE *f);
/* summary.txt after its header, and the plots; runs: how many runs each
   time is the median of */
void summary(FILE *f, int runs);

struct series {
  char name[48];
  const char *color;
  int dashed, n;
  double x[512], y[512];
};
extern const char *const palette[10];
void add_point(struct series *s, double x, double y);
/* lines over sizes (a log2 x axis; xl NULL), or over classes 0..nx-1 with
   the labels xl[i] ("": none) and the axis title xtitle; refline: a dashed
   level, or NAN */
void line_chart(const char *file, const char *title, const char *ylabel, const struct series *s,
                int ns, int logy, double refline, char (*xl)[16], int nx, const char *xtitle);
/* bars val[g * nser + k] of groups[0..ng) and series sers[0..nser); NAN: none */
void bar_chart(const char *file, const char *title, const char *ylabel, char (*groups)[32], int ng,
               char (*sers)[32], int nser, const double *val, int logy);

#endif
