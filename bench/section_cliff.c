/* bench/section_cliff.c - slow modes by address class: 64 KiB and 1 MiB
 * copies, disjoint moves and sets, one row per class, measured once each
 * with short batches (a slow mode is 10-50x, and there are hundreds of
 * classes). The report gives each implementation's slowest class against
 * its median class (report.c). */
#include "bench.h"

/* (dst - src) mod 4096: 0..128, every 64th to 4032 with 1000, 2047 and
   2049, then 4033..4095 (negative distances within a page) */
static int cliff_deltas(long *d) {
  static const long q[] = {0,  1,  2,   3,   8,    16,   31,   32,   33,  63,
                           64, 65, 127, 128, 1000, 2048, 2049, 4064, 4095};
  int k = 0;
  long v;
  if (opt.quick) {
    for (k = 0; k < (int)(sizeof q / sizeof q[0]); k++) d[k] = q[k];
    return k;
  }
  for (v = 0; v <= 128; v++) d[k++] = v;
  for (v = 192; v < 4032; v += 64) {
    if (v > 1000 && d[k - 1] < 1000) d[k++] = 1000;
    if (v == 2048) d[k++] = 2047;
    d[k++] = v;
    if (v == 2048) d[k++] = 2049;
  }
  for (v = 4032; v <= 4095; v++) d[k++] = v;
  return k;
}

void section_cliff(void) {
  static const int full_offs[] = {0, 1, 8, 16, 31, 32, 33, 48, 63}, quick_offs[] = {0, 1, 32, 63};
  const int *offs = opt.quick ? quick_offs : full_offs, noffs = opt.quick ? 4 : 9;
  long deltas[320];
  int ndelta = cliff_deltas(deltas), mode, op, si, ci;
  unsigned char *B = buf_get(4 * MiB + 64 * KiB);
  double save_ns = opt.sample_ns;
  int save_reps = opt.reps;
  opt.sample_ns = opt.quick ? 20e3 : 100e3;
  opt.reps = opt.quick ? 3 : 7;
  opt.scan = 1;
  printf("\n== cliff: %d delta and %d x %d offset classes (rows: results.csv; table: summary) ==\n",
         ndelta, noffs, noffs);
  for (mode = 0; mode < 2; mode++)
    for (op = 0; op < 3; op++)
      for (si = 0; si < 2; si++) {
        size_t n = si ? MiB : 64 * KiB;
        enum impl cols[3] = {IM_FM, IM_LIBC};
        int ncols = with_dpdk(cols, 2, (enum op)op, 0);
        /* the libc-norep run: fastmem and dpdk were measured in the first */
        if (opt.child) cols[0] = IM_LIBC, ncols = 1;
        for (ci = 0; ci < (mode ? noffs * noffs : ndelta); ci++) {
          char label[32];
          long so = mode ? offs[ci / noffs] : 0, dd = mode ? 2048 + offs[ci % noffs] : deltas[ci];
          struct job j = {
              .op = (enum op)op, .d = B + n + 4096 + dd, .s = B + so, .n = n, .c = 0x5a};
          struct rowinfo ri = {"cliff", op_name[op], mode ? "offsets" : "delta", label, n, so, 0,
                               0};
          if (mode && op == OP_MEMSET && so) continue; /* a set has no src */
          if (mode) snprintf(label, sizeof label, "s%ld_d%d", so, offs[ci % noffs]);
          else snprintf(label, sizeof label, "delta%ld", dd);
          ri.dst_off = (long)((uintptr_t)j.d & 4095);
          ri.dist = mode ? (long)((uintptr_t)(j.d - j.s) & 4095) : dd;
          row(&j, cols, ncols, &ri);
        }
      }
  opt.sample_ns = save_ns;
  opt.reps = save_reps;
  opt.scan = 0;
}
