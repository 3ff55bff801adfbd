/*
 * bench/bench.h - what the files of the benchmark share: the options, the
 * functions and implementations measured, a row's job and result, and the
 * interfaces of the harness (harness.c, machine.c), the sections
 * (sections_*.c, section_cliff.c) and the report (report.c, plot.c).
 * main.c ties them together.
 */
#ifndef BENCH_BENCH_H
#define BENCH_BENCH_H

#include "peer.h"
#include "timing.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

#define NOREP_TUNABLES                                                                             \
  "glibc.cpu.x86_rep_movsb_threshold=0x7fffffff:"                                                  \
  "glibc.cpu.x86_rep_stosb_threshold=0x7fffffff"
/* --peers=avx2: glibc's ifuncs pick their AVX2 functions */
#define AVX2_TUNABLES "glibc.cpu.hwcaps=-AVX512F,-AVX512BW,-AVX512VL"

/* the historical string-instruction columns (x86-64) */
#if defined(__x86_64__)
#define HAVE_STRING_OPS 1
#else
#define HAVE_STRING_OPS 0
#endif

/* the plainest AVX-512 loops of the `limits` section */
#if defined(__x86_64__) && defined(__GNUC__)
#define HAVE_PLAIN 1
#else
#define HAVE_PLAIN 0
#endif

/* ------------------------------------------------------------------ */
/* options (main.c)                                                    */

enum libc_mode { LM_BOTH, LM_PLAIN, LM_NOREP };

struct options {
  int quick;
  unsigned sections; /* bit per enum section */
  const char *out;
  int libc_mode;
  int child;     /* second process of --libc=both */
  int hugepages; /* madvise(MADV_HUGEPAGE) on big buffers */
  int aslr;      /* keep address-space randomisation */
  int have_limit;
  unsigned limit;
  const char *variant;     /* libc_variant column */
  double sample_ns;        /* target length of one timed batch */
  double max_wait;         /* --max-wait: seconds a run may wait for an unshared core */
  int reps;                /* samples per column and row */
  int cpu;                 /* --cpu: -1 the one it starts on, -2 not pinned */
  int pinned;              /* the cpu it runs on, -1 if not pinned */
  int peers_avx2;          /* --peers=avx2: glibc and DPDK at their AVX2 code */
  int extra_cols;          /* this run measures the columns that do not depend
                              on libc's variant (dpdk, historical loops) */
  const char *report_only; /* --report-only=DIR: re-plot DIR's results.csv */
};
extern struct options opt;

/* ------------------------------------------------------------------ */
/* functions and implementations                                       */

enum op { OP_MEMCPY, OP_MEMMOVE, OP_MEMSET, OP_MEMCMP, OP_MEMEQ, OP_COUNT };
extern const char *const op_name[OP_COUNT];

enum impl {
  IM_FM,
  IM_LIBC,
  IM_BYTE_BWD,
  IM_MOVSQ_BWD,
  IM_LOOP4X8_BWD,
  IM_REP_MOVSB,
  IM_PLAIN,
  IM_DPDK,
  IM_COUNT
};
extern const char *const impl_name[IM_COUNT];

/* ------------------------------------------------------------------ */
/* the harness (harness.c)                                             */

extern const char *libc_memeq_name; /* memeq's baseline, as printed */

/* waiting out the periods when the core is shared (core_share.c) */
void core_share_init(void);
void core_share_wait(int again);
int core_share_again(void);
void core_share_report(FILE *f);
extern volatile long bench_sink;
extern char cpu_probe[256];           /* what pin_cpu() measured on each cpu */
extern const struct peer_build *dpdk; /* the DPDK build in use, or NULL */

void libc_setup(void);
uint64_t rnd(void);
size_t rnd_below(size_t n);
size_t rnd_range(size_t lo, size_t hi);
void fill_random(unsigned char *p, size_t n);
void die(const char *what);

/* Buffers come from mmap, aligned to 2 MiB, and are touched before use so
 * no row pays page faults. */
struct buf {
  unsigned char *p;
  void *map;
  size_t maplen;
};
struct buf buf_get(size_t n);
void buf_put(struct buf *b);

void fmt_ns(char *o, size_t len, double v);
const char *ratio_str(char *o, size_t len, double v);
const char *size_str(size_t n, char *o, size_t len);

/* one row's calls: a fixed (d, s, n, c) or a table of calls */
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

/* the row's identity in the CSV */
struct rowinfo {
  const char *section, *func, *align, *label;
  size_t size;
  long src_off, dst_off, dist;
};

void measure_once(const struct job *j, const enum impl *ims, int nim, struct result *r);
void measure(const struct job *j, const enum impl *ims, int nim, struct result *r);
double res_med(const struct result *r, enum impl im);
int with_dpdk(enum impl *cols, int n, enum op op, int disjoint);
int csv_open(const char *path, int append);
void csv_result(const struct rowinfo *ri, const struct result *r);
void csv_close(void);
void pin_cpu(void);
const char *bench_fm_path(void);
unsigned bench_fm_features(void);
void bench_fm_limit(unsigned mask);

/* ------------------------------------------------------------------ */
/* the machine (machine.c)                                             */

int layout_fixed(void);
void fix_layout(char **argv);
void cpu_identify(void);
const char *cpu_tag(void);
void print_env(FILE *f);
void avx2_peers(char **argv);
const struct peer_build *pick_dpdk(void);

/* ------------------------------------------------------------------ */
/* the sections (sections_move.c, sections_size.c, section_cliff.c)    */

void section_overlap(void);  /* overlapping memmove by size and alignment */
void section_distance(void); /* memmove by distance dst - src */
void section_mismatch(void); /* memcmp / memeq by mismatch position */
void section_sweep(void);
void section_random(void);
void section_large(void);
void section_limits(void);
void section_cliff(void);

struct sweep_align {
  const char *name;
  size_t soff, doff; /* d - s = 2048 + doff - soff: no 4K aliasing */
};
extern const struct sweep_align sweep_aligns[2];

enum { CLIFF_MAXCLS = 320, CLIFF_MAXIM = 3 };

struct cliff_stat {
  double median, slowest, ratio;
  int at;         /* index of the slowest class */
  int nslow;      /* classes above 3x the median */
  char slow[120]; /* their labels, delta ranges compressed ("1-31") */
};

/* ------------------------------------------------------------------ */
/* the report (report.c, plot.c)                                       */

/* one line of results.csv */
struct crow {
  char variant[24], section[16], func[12], align[16], label[48], impl[16];
  double size, med, bpns, ratio;
  long dist;
};
extern struct crow *rows;
extern size_t nrows;
extern char variants[4][24]; /* libc_variant values, in order of appearance */
extern int nvariants;

/* a peer: a libc variant's libc column, or the dpdk column */
struct peer {
  char name[24], variant[24], impl[16];
};
extern struct peer peers[6];
extern int npeers;

void read_csv(const char *path);
void find_peers(void);
const struct crow *find_row(const char *variant, const char *section, const char *func,
                            const char *align, const char *label, const char *impl, double size);
double best_peer(const struct crow *r, int *who);
int variant_index(const char *v);
double geo_med(const char *variant, const char *section, const char *func, const char *impl,
               double size, const char *label);
void cliff_stats(const double *ns, const long *cls, char (*lab)[16], int n, struct cliff_stat *st);
void cliff_print(FILE *f, const char *who, const char *what, size_t n, int ncls,
                 const struct cliff_stat *st, const char *slowlab);
void report_write(FILE *f);
int report_only(const char *dir);
const char *section_rename(const char *name);

void plot_sweeps(void);
void plot_tables(void);
void plot_cliff(void);

#endif
