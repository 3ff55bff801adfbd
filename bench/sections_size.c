/* bench/sections_size.c - the sections over sizes: every size (sweep), tables
 * of calls from production size distributions (fleet), buffers beyond the last-level
 * cache (large), and the plainest AVX-512 loop as the hardware's limit
 * (limits). */
#include "bench.h"

/* every size to 64 (--quick: to 16, then 24-64 by 8, 33 and 63), then
   3 * 2^(k-2) + 1, 2^k - 1 and 2^k to 64 MiB (--quick: 2^k, and from every
   third k 3 * 2^(k-1) + 1), in order */
static size_t sweep_sizes(size_t *out) {
  static const size_t quick[] = {24, 32, 33, 40, 48, 56, 63, 64};
  size_t k = 0, n;
  int p;
  for (n = 0; n <= (opt.quick ? 16u : 64u); n++) out[k++] = n;
  for (n = 0; opt.quick && n < 8; n++) out[k++] = quick[n];
  for (p = 7; p <= 26; p++) {
    if (!opt.quick) out[k++] = ((size_t)3 << (p - 2)) + 1, out[k++] = ((size_t)1 << p) - 1;
    out[k++] = (size_t)1 << p;
    if (opt.quick && p % 3 == 0) out[k++] = ((size_t)3 << (p - 1)) + 1;
  }
  return k;
}

void section_sweep(void) {
  static const struct {
    const char *name;
    size_t soff, doff; /* dst - src = 2048 + doff - soff: no 4K aliasing */
  } aligns[2] = {{"aligned", 0, 0}, {"misaligned", 3, 17}};
  size_t sizes[256], nsizes = sweep_sizes(sizes), maxn = sizes[nsizes - 1], si;
  unsigned char *S = buf_get(maxn + 8 * KiB), *D = buf_get(maxn + 8 * KiB);
  int op, a;
  printf("\n== sweep: by size; src %% 64 and dst %% 64 0 (aligned) or 3 and 17 (misaligned) ==\n");
  for (op = 0; op < OP_COUNT; op++)
    for (si = 0; si < nsizes; si++)
      for (a = 0; a < 2; a++) {
        size_t n = sizes[si];
        enum impl cols[3] = {IM_FM, IM_LIBC};
        char lab[32];
        struct job j = {
            .op = (enum op)op, .d = D + 2048 + aligns[a].doff, .s = S + aligns[a].soff, .n = n};
        struct rowinfo ri = {"sweep", op_name[op], aligns[a].name, lab, n, 0, 0, 0};
        ri.src_off = (long)aligns[a].soff;
        ri.dst_off = (long)(2048 + aligns[a].doff);
        snprintf(lab, sizeof lab, "%s_%zu", aligns[a].name, n);
        if (op == OP_MEMCMP || op == OP_MEMEQ) memcpy(j.d, j.s, n);
        row(&j, cols, with_dpdk(cols, 2, (enum op)op, 1), &ri);
      }
}

/* fleet: tables of calls from production size distributions (fleet.h), at
   an L1-sized and an LLC-sized working set */
void section_fleet(void) {
  static const size_t sets[2] = {FLEET_L1, FLEET_LLC};
  static const char *const set_name[2] = {"L1", "LLC"};
  static struct entry tab[FLEET_CALLS];
  unsigned char *S = buf_get(FLEET_LEN(FLEET_LLC)), *D = buf_get(FLEET_LEN(FLEET_LLC));
  double mean, data;
  int op, k;
  printf("\n== fleet: production size distributions from %s, %d calls a table ==\n", opt.fleet,
         FLEET_CALLS);
  for (op = 0; op < OP_COUNT; op++)
    for (k = 0; k < 2; k++) {
      enum impl cols[3] = {IM_FM, IM_LIBC};
      struct job j = {.op = (enum op)op, .tab = tab, .tabn = FLEET_CALLS, .sbase = S, .dbase = D};
      struct rowinfo ri = {"fleet", op_name[op], set_name[k], set_name[k], 0, -1, -1, 0};
      if (!fleet_table(opt.fleet, op, sets[k], 0, 0, tab, &mean, &data))
        die("fleet: no data (bench/fleet/*.csv; --fleet=DIR)");
      if (op >= OP_MEMCMP) fleet_marks(S, D, FLEET_LEN(sets[k]), sets[k]);
      if (op == OP_MEMMOVE) j.dbase = S;
      ri.size = (size_t)(mean + 0.5);
      printf("(%s %s: mean %.1f B, the data's %.1f B)\n", op_name[op], set_name[k], mean, data);
      /* dpdk only for copies: moves overlap */
      row(&j, cols, with_dpdk(cols, 2, (enum op)op, 0), &ri);
    }
}

void section_large(void) {
  static const struct {
    enum op op;
    const char *label;
    long dist; /* memmove: dst - src within one buffer */
  } rows[] = {
      {OP_MEMCPY, "disjoint", 0}, {OP_MEMMOVE, "dist-64", -64}, {OP_MEMMOVE, "dist+64", 64},
      {OP_MEMSET, "-", 0},        {OP_MEMCMP, "equal", 0},      {OP_MEMEQ, "equal", 0},
  };
  size_t maxn = (opt.quick ? 64 : 128) * MiB, n, k;
  unsigned char *X = buf_get(maxn + 8 * KiB), *Y = buf_get(maxn + 8 * KiB);
  printf("\n== large: 64 MiB (and 128 MiB) beyond the last-level cache ==\n");
  for (n = 64 * MiB; n <= maxn; n *= 2)
    for (k = 0; k < 6; k++) {
      enum impl cols[3] = {IM_FM, IM_LIBC};
      struct job j = {.op = rows[k].op, .d = Y + 2048, .s = X, .n = n};
      struct rowinfo ri = {"large", op_name[j.op], "aligned", rows[k].label, n, 0, 0, rows[k].dist};
      if (j.op == OP_MEMMOVE) j.s = X + 4096, j.d = X + 4096 + rows[k].dist;
      if (j.op == OP_MEMCMP || j.op == OP_MEMEQ) memcpy(j.d, j.s, n);
      ri.src_off = (long)((uintptr_t)j.s & 4095);
      ri.dst_off = (long)((uintptr_t)j.d & 4095);
      row(&j, cols, with_dpdk(cols, 2, j.op, 0), &ri);
    }
}

/* aligned, hot buffers against the plainest loop of 4 x 64-byte AVX-512
   loads and stores (a copy's limit in L1: one 64-byte store per cycle) */
void section_limits(void) {
  static const enum op ops[] = {OP_MEMCPY, OP_MEMCPY, OP_MEMSET, OP_MEMSET, OP_MEMCMP};
  static const size_t sizes[] = {4 * KiB, 16 * KiB, 4 * KiB, 16 * KiB, 4 * KiB};
  static const enum impl cols[] = {IM_FM, IM_LIBC, IM_PLAIN};
  unsigned char *X = buf_get(64 * KiB);
  size_t k;
  int ok = 0;
#if BENCH_X86_64
  ok = __builtin_cpu_supports("avx512bw");
#endif
  printf("\n== limits: aligned, hot buffers, against the plainest AVX-512 loop%s ==\n",
         ok ? "" : " (no AVX-512 here: skipped)");
  for (k = 0; ok && k < 5; k++) {
    struct job j = {.op = ops[k], .d = X + 34 * KiB, .s = X, .n = sizes[k], .c = 0x5a};
    struct rowinfo ri = {"limits", op_name[j.op], "aligned", "plain", j.n, 0, 2048, 0};
    if (j.op == OP_MEMCMP) memcpy(j.d, j.s, j.n);
    row(&j, cols, 3, &ri);
  }
}
