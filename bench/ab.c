/* bench/ab.c - A/B timing of two versions of fastmem in one process (ab.sh).
 * With -DNAME=libc|A|B: one side's timed loops (-I picks its fastmem).
 * Without: the program. Per row, 21 batches of each side's calls take
 * turns, and their medians are compared: same process, buffers and moment,
 * so what differs between A and B is their code. Both sides probe the CPU
 * first, as a program's first call above the inline sizes does (clang's
 * masked short paths wait for it). Each row waits, up to 30 s, for a core
 * no other work shares (core_probe.h); one measured on a shared core
 * anyway ends in "shared". */

#define _GNU_SOURCE
#include "fleet.h" /* struct entry: one call of a table */

#ifdef NAME
#include "fastmem.h"
#include "bench.h"

#if defined(AB_PAD) && AB_PAD > 0
/* ab.sh -P: AB_PAD x 16 bytes of code, which move the objects linked
   after this one (A and B) as far */
__asm__(".text\n\t.skip " STR(AB_PAD) " * 16, 0x90");
#endif

#if defined(AB_LIBC) || defined(AB_DPDK)
typedef void *(*ab_cpy)(void *, const void *, size_t);
typedef void *(*ab_set)(void *, int, size_t);
typedef int (*ab_cmp)(const void *, const void *, size_t);
/* through volatile pointers: the compiler cannot inline or specialise them */
static ab_cpy volatile ab_memcpy = memcpy, ab_memmove = memmove;
static ab_set volatile ab_memset = memset;
static ab_cmp volatile ab_memcmp = memcmp, ab_memcmpeq = __memcmpeq;
#define CPY(d, s, n) ab_memcpy(d, s, n)
#define MOV(d, s, n) ab_memmove(d, s, n)
#define SET(d, n) ab_memset(d, 0x5a, n)
#define CMP(d, s, n) ab_memcmp(d, s, n)
/* memeq: glibc's __memcmpeq where the libc has it, as in the benchmark */
extern int __memcmpeq(const void *, const void *, size_t) __attribute__((weak));
#define EQ(d, s, n) ((__memcmpeq ? ab_memcmpeq : ab_memcmp)(d, s, n) == 0)
#ifdef AB_DPDK
/* ab.sh -p dpdk: DPDK's rte_memcpy inlined, built as the benchmark's
   dpdk column (memcpy only: it does not handle overlap) */
#include <rte_memcpy.h>
#undef CPY
#define CPY(d, s, n) rte_memcpy(d, s, n)
#endif
#else
#define CPY(d, s, n) fm_memcpy(d, s, n)
#define MOV(d, s, n) fm_memmove(d, s, n)
#define SET(d, n) fm_memset(d, 0x5a, n)
#define CMP(d, s, n) fm_memcmp(d, s, n)
#define EQ(d, s, n) fm_memeq(d, s, n)
#endif

__attribute__((noinline)) long CAT(ab_run_, NAME)(int op, unsigned char *d, const unsigned char *s,
                                                  size_t n, long iters) {
  long i, acc = 0;
  switch (op) { /* bench.h's loop */
  case 0: FIXED_LOOP(CPY(d, s, n)) break;
  case 1: FIXED_LOOP(MOV(d, s, n)) break;
  case 2: FIXED_LOOP(SET(d, n)) break;
  case 3: FIXED_LOOP(acc += CMP(d, s, n)) break;
  case 4: FIXED_LOOP(acc += EQ(d, s, n)) break;
  default: break;
  }
  return acc;
}

/* The same over a table of calls (sizes and offsets vary call to call). */
__attribute__((noinline)) long CAT(ab_table_,
                                   NAME)(int op, unsigned char *db, const unsigned char *sb,
                                         const struct entry *tab, size_t ntab, long iters) {
  long i, acc = 0;
  size_t k;
  for (i = 0; i < iters; i += (long)ntab)
    for (k = 0; k < ntab; k++) {
      unsigned char *d = db + tab[k].dst;
      const unsigned char *s = sb + tab[k].src;
      size_t n = tab[k].n;
      OPAQUE(d);
      OPAQUE(s);
      OPAQUE(n);
      switch (op) {
      case 0: CPY(d, s, n); break;
      case 1: MOV(d, s, n); break;
      case 2: SET(d, n); break;
      case 3: acc += CMP(d, s, n); break;
      case 4: acc += EQ(d, s, n); break;
      default: break;
      }
      CLOBBER();
    }
  return acc;
}

#if !defined(AB_LIBC) && !defined(AB_DPDK) /* each side has its own probe state */
void CAT(ab_limit_, NAME)(unsigned mask) { fm_cpu_limit(mask); }
#endif

#else /* the program */
#include <sys/mman.h>

#include "core_probe.h"

typedef long run_fn(int, unsigned char *, const unsigned char *, size_t, long);
typedef long table_fn(int, unsigned char *, const unsigned char *, const struct entry *, size_t,
                      long);
run_fn ab_run_libc, ab_run_A, ab_run_B;
table_fn ab_table_libc, ab_table_A, ab_table_B;
void ab_limit_A(unsigned), ab_limit_B(unsigned);
static run_fn *const fns[3] = {ab_run_libc, ab_run_A, ab_run_B};
static table_fn *const tabs[3] = {ab_table_libc, ab_table_A, ab_table_B};
static const char *const ops[] = {"memcpy", "memmove", "memset", "memcmp", "memeq"};
#ifndef AB_PEER /* the peer column: glibc, or DPDK's rte_memcpy (ab.sh -p) */
#define AB_PEER "libc"
#endif
#define REPS 21
#define SPAN (128u << 20) /* sizes up to 64 MiB at a distance of 64 MiB */

static double core_best = 1e30, core_waited;
static int core_shared_rows;
static volatile long core_sink;

/* One row: op on (d, s, n), or over tab[0..ntab) from d and s. */
static void row(const char *name, int op, unsigned char *d, const unsigned char *s, size_t n,
                const struct entry *tab, size_t ntab, long iters) {
  double t[3][REPS], m[3], w;
  int r, q;
  for (q = 0; q < 3; q++) /* warm up */
    tab ? tabs[q](op, d, s, tab, ntab, iters) : fns[q](op, d, s, n, iters);
  w = core_wait_unshared(&core_best, 30, &core_sink);
  core_waited += w < 0 ? -w : w;
  core_shared_rows += w < 0;
  for (r = 0; r < REPS; r++)
    for (q = 0; q < 3; q++) {
      int im = (r + q) % 3;
      double t0 = now_ns();
      tab ? tabs[im](op, d, s, tab, ntab, iters) : fns[im](op, d, s, n, iters);
      t[im][r] = (now_ns() - t0) / (double)iters;
    }
  for (q = 0; q < 3; q++) m[q] = median_of(t[q], REPS);
  printf("%8s %9.2f %9.2f %9.2f %8.2f %8.2f %8.2f%s\n", name, m[0], m[1], m[2], m[0] / m[1],
         m[0] / m[2], m[1] / m[2], w < 0 ? " shared" : "");
}

static int cmp_entry_n(const void *x, const void *y) {
  const struct entry *a = x, *b = y;
  return (a->n > b->n) - (a->n < b->n);
}

/* "fleet": the benchmark's fleet table of op (fleet.h), in the L1-sized
   working set, or the LLC-sized one (llc); sizes uniform in [lo, hi] where
   hi > 0; sorted: the same calls sorted by size, so that size branches
   predict (shuffled over sorted: what mispredicted size branches cost). */
static void run_fleet(int op, unsigned char *sb, int llc, unsigned lo, unsigned hi, int sorted) {
  static struct entry tab[FLEET_CALLS];
  size_t w = llc ? FLEET_LLC : FLEET_L1;
  unsigned char *db = op == 1 ? sb : sb + SPAN / 2;
  double mean, data;
  if (!fleet_table("bench/fleet", op, w, lo, hi, tab, &mean, &data)) {
    fprintf(stderr, "no data in bench/fleet\n");
    exit(2);
  }
  if (op >= 3) fleet_marks(sb, db, FLEET_LEN(w), w);
  if (sorted) qsort(tab, FLEET_CALLS, sizeof tab[0], cmp_entry_n);
  printf("(mean size %.1f B)\n", mean);
  row(llc ? "LLC" : "L1", op, db, sb, 0, tab, FLEET_CALLS, 2 * FLEET_CALLS);
}

int main(int argc, char **argv) {
  static const size_t def[] = {33,  64,  65,   128,  129,  256,   257,  512,
                               513, 769, 1023, 2048, 4096, 16384, 65536};
  size_t sizes[64], nsizes = 0, k;
  int op = -1, i, fleet = 0, sorted = 0, llc = 0;
  unsigned size_lo = 0, size_hi = 0;
  long dist = 2048 + (1L << 20); /* dst - src: 2048 mod 4096, as in the sweep */
  unsigned char *base, *s, *d;
  char name[32];
  ab_limit_A(~0u);
  ab_limit_B(~0u);
  for (i = 1; i < argc; i++) {
    if (!strncmp(argv[i], "--dist=", 7)) dist = strtol(argv[i] + 7, NULL, 0);
    else if (!strncmp(argv[i], "--sizes=", 8)) {
      char *end;
      size_lo = (unsigned)strtoul(argv[i] + 8, &end, 0);
      size_hi = *end == '-' ? (unsigned)strtoul(end + 1, NULL, 0) : size_lo;
      if (size_hi < size_lo || !size_hi) {
        fprintf(stderr, "--sizes=LO-HI: 0 < HI, LO <= HI\n");
        return 2;
      }
    } else if (!strncmp(argv[i], "--limit=", 8)) { /* fm_cpu_limit(MASK) on both sides */
      unsigned mask = (unsigned)strtoul(argv[i] + 8, NULL, 0);
      ab_limit_A(mask);
      ab_limit_B(mask);
      printf("A and B limited to fm_cpu_limit(0x%x)\n", mask);
    } else if (!strcmp(argv[i], "--order=sorted")) sorted = 1;
    else if (op >= 0 && !strcmp(argv[i], "fleet")) fleet = 1;
    else if (!strcmp(argv[i], "--set=llc")) llc = 1;
    else if (op < 0) {
      for (op = 0; op < 5 && strcmp(argv[i], ops[op]); op++) {}
      if (op == 5) {
        fprintf(stderr, "unknown operation %s\n", argv[i]);
        return 2;
      }
    } else if (nsizes < 64) sizes[nsizes++] = strtoul(argv[i], NULL, 0);
  }
  if (op < 0) op = 0;
  if (!nsizes)
    for (; nsizes < sizeof def / sizeof def[0]; nsizes++) sizes[nsizes] = def[nsizes];
  base = mmap(NULL, 2 * SPAN, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED) return perror("mmap"), 1;
  memset(base, 0x11, 2 * SPAN);
  if (fleet)
    printf("%s over a table of the fleet's sizes and offsets%s%s: ns per call\n", ops[op],
           size_hi ? " (sizes from --sizes)" : "", sorted ? ", sorted by size" : "");
  else
    printf("%s, dst - src = %ld: ns per call (medians of %d interleaved batches)\n", ops[op], dist,
           REPS);
  printf("%8s %9s %9s %9s %8s %8s %8s\n", fleet ? "" : "size", AB_PEER, "A", "B", AB_PEER "/A",
         AB_PEER "/B", "A/B");
  s = base + SPAN / 2;
  d = s + dist;
  if (fleet) run_fleet(op, base, llc, size_lo, size_hi, sorted);
  for (k = 0; !fleet && k < nsizes; k++) {
    size_t n = sizes[k];
    if (d < base || d + n > base + 2 * SPAN || (op != 2 && s + n > base + 2 * SPAN)) {
      fprintf(stderr, "size or distance too large\n");
      return 2;
    }
    if (op >= 3) memmove(d, s, n); /* equal buffers to compare (they may overlap) */
    snprintf(name, sizeof name, "%zu", n);
    row(name, op, d, s, n, NULL, 0, n < 1024 ? 100000 : (long)(100000000 / n));
  }
  printf("core: waited %.1f s for an unshared core, %d rows measured on a shared one; least "
         "probe ratio %.2f (AMD family 1Ah: 0.38-0.46 alone, about twice that shared)\n",
         core_waited, core_shared_rows, core_best);
  return 0;
}
#endif
