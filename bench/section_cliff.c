/*
 * bench/section_cliff.c - the cliff section: slow modes by address class.
 */
#include "bench.h"

/* ------------------------------------------------------------------ */
/* section 8: cliffs (slow modes by address class)                     */

/* A slow mode is a class of addresses where one implementation takes many
 * times its usual time: rep movsb on AMD Zen 3 is ~25x slower when
 * (dst - src) mod 4096 is 1..31 (issue 12); Intel's (the distance section) sit at
 * (dst - src) mod 2^32 below 64.  This section times 64 KiB and 1 MiB copies,
 * disjoint moves and sets for each class, and reports per implementation
 * the median over the classes and the slowest class against it.  Slow modes
 * are 10-50x, so the 3x mark stands on a noisy shared machine. */

/* the (dst - src) mod 4096 classes */
static int cliff_deltas(long *d) {
  int k = 0;
  long v;
  if (opt.quick) {
    static const long q[] = {0,  1,  2,   3,   8,    16,   31,   32,   33,  63,
                             64, 65, 127, 128, 1000, 2048, 2049, 4064, 4095};
    for (k = 0; k < (int)(sizeof q / sizeof q[0]); k++) d[k] = q[k];
    return k;
  }
  for (v = 0; v <= 128; v++) d[k++] = v;
  for (v = 192; v < 4032; v += 64) {
    if (v > 1000 && d[k - 1] < 1000) d[k++] = 1000;
    if (v > 2047 && d[k - 1] < 2047) {
      d[k++] = 2047;
      d[k++] = v; /* 2048 */
      d[k++] = 2049;
      continue;
    }
    d[k++] = v;
  }
  for (v = 4032; v <= 4095; v++) d[k++] = v;
  return k;
}

void section_cliff(void) {
  static const size_t sizes[] = {64 * KiB, MiB};
  static const int full_offs[] = {0, 1, 8, 16, 31, 32, 33, 48, 63}, quick_offs[] = {0, 1, 32, 63};
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
  printf(
      "\n== cliff: 64 KiB and 1 MiB by address class, ns per call; a class slower than 3x the\n"
      "   median class of the same implementation is a CLIFF. delta: (dst - src) mod 4096, src\n"
      "   page-aligned, %d classes; offsets: src %% 64 x dst %% 64, %d x %d, dst - src = 2048 +\n"
      "   dst %% 64 - src %% 64 mod 4096. memset: the class of its dst. Moves are disjoint. ==\n",
      ndelta, noffs, noffs);
  for (mode = 0; mode < 2; mode++)
    for (op = 0; op < 3; op++)
      for (si = 0; si < 2; si++) {
        size_t n = sizes[si];
        enum impl cols[CLIFF_MAXIM] = {IM_FM, IM_LIBC};
        int ncols = with_dpdk(cols, 2, (enum op)op, 0), ncls = 0;
        unsigned char *src = B.p, *dbase = B.p + n + 4096;
        struct cliff_stat st;
        if (!opt.extra_cols) {
          /* the libc-norep run: fastmem and dpdk were measured in the first */
          cols[0] = IM_LIBC;
          ncols = 1;
        }
        for (ci = 0; ci < (mode ? noffs * noffs : ndelta); ci++) {
          struct job j = {0};
          struct result r;
          char label[32];
          struct rowinfo ri = {"cliff", op_name[op], mode ? "offsets" : "delta", label, n, 0, 0, 0};
          long so = 0, dd;
          if (mode) {
            so = offs[ci / noffs];
            dd = 2048 + offs[ci % noffs];
            if (op == OP_MEMSET && ci / noffs) continue; /* a set has no src */
            snprintf(label, sizeof label, "s%ld_d%d", so, offs[ci % noffs]);
            if (op == OP_MEMSET) snprintf(lab[ncls], sizeof lab[0], "d%d", offs[ci % noffs]);
            else snprintf(lab[ncls], sizeof lab[0], "s%ld/d%d", so, offs[ci % noffs]);
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
          for (k = 0; k < ncols; k++) ns[k][ncls] = r.med[k];
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
