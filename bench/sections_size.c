/* bench/sections_size.c - the sections over sizes: every size (sweep), tables
 * of random small sizes and offsets (random), buffers beyond the last-level
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

/* 32768 entries: a table of 4096 run over and over was partly learned by the
   branch predictor (Intel family 6 model CFh), which flattered branchy code. */
#define RAND_TAB 32768

/* 20% 0-8, 25% 9-32, 25% 33-64, 15% 65-128, 10% 129-512, 5% 513-4096 */
static size_t rand_small_size(void) {
  unsigned p = (unsigned)rnd_below(100);
  if (p < 20) return rnd_range(0, 8);
  if (p < 45) return rnd_range(9, 32);
  if (p < 70) return rnd_range(33, 64);
  if (p < 85) return rnd_range(65, 128);
  if (p < 95) return rnd_range(129, 512);
  return rnd_range(513, 4096);
}

enum { SLOT = 8512, SLOT_COPY = 8448, NSLOT = 4 };

void section_random(void) {
  static const size_t shift[NSLOT] = {0, 7, 21, 38};
  static struct entry tab[RAND_TAB];
  static uint32_t sizes[RAND_TAB];
  unsigned char *S = buf_get(32 * KiB), *D = buf_get(32 * KiB), *M = buf_get(32 * KiB);
  unsigned char *A = buf_get(NSLOT * SLOT), *B = buf_get(NSLOT * SLOT);
  size_t m[NSLOT], i, small = 0, bytes = 0;
  int op, k;
  for (i = 0; i < RAND_TAB; i++) { /* one size sequence for every function */
    sizes[i] = (uint32_t)rand_small_size();
    small += sizes[i] < 128;
    bytes += sizes[i];
  }
  /* compares: slot pairs, equal but at m[slot], shifted against each other */
  for (k = 0; k < NSLOT; k++) {
    m[k] = 4096 + rnd_below(64);
    memcpy(B + k * SLOT + shift[k], A + k * SLOT, SLOT_COPY);
    B[k * SLOT + shift[k] + m[k]] ^= (unsigned char)rnd_range(1, 255);
  }
  printf("\n== random: %d calls, mean %zu B, %.0f%% < 128 B, any alignment ==\n", RAND_TAB,
         bytes / RAND_TAB, 100.0 * (double)small / RAND_TAB);
  for (op = 0; op < OP_COUNT; op++) {
    enum impl cols[3] = {IM_FM, IM_LIBC};
    struct job j = {.op = (enum op)op, .tab = tab, .tabn = RAND_TAB, .dbase = D, .sbase = S};
    struct rowinfo ri = {"random", op_name[op], "random", "random", bytes / RAND_TAB, -1, -1, 0};
    int neq = 0, nover = 0;
    for (i = 0; i < RAND_TAB; i++) {
      struct entry *e = &tab[i];
      size_t n = sizes[i], slot, o;
      e->n = (uint32_t)n;
      e->c = (int)rnd_below(256);
      switch (op) {
      case OP_MEMCPY:
      case OP_MEMSET:
        e->src = (uint32_t)rnd_below(8192);
        e->dst = (uint32_t)rnd_below(8192);
        break;
      case OP_MEMMOVE: /* overlapping, either way, half the time */
        e->src = (uint32_t)(4096 + rnd_below(8192));
        if (rnd() & 1) e->dst = (uint32_t)((long)e->src + (long)rnd_below(2 * n + 1) - (long)n);
        else e->dst = (uint32_t)(4096 + rnd_below(8192));
        nover += (e->dst > e->src ? e->dst - e->src : e->src - e->dst) < n;
        break;
      default: /* compares: equal half the time, else a mismatch at k < n */
        slot = rnd_below(NSLOT);
        if (n && (rnd() & 1)) o = m[slot] - rnd_below(n);
        else o = m[slot] + 1 + rnd_below(64);
        e->src = (uint32_t)(slot * SLOT + o);
        e->dst = (uint32_t)(slot * SLOT + shift[slot] + o);
        neq += memcmp(A + e->src, B + e->dst, n) == 0;
      }
    }
    if (op == OP_MEMCMP || op == OP_MEMEQ) j.sbase = A, j.dbase = B;
    if (op == OP_MEMMOVE) j.sbase = M, j.dbase = M;
    /* dpdk only for copies: the moves overlap half the time */
    row(&j, cols, with_dpdk(cols, 2, (enum op)op, 0), &ri);
    if (op == OP_MEMMOVE) printf("(%d of %d overlapping)\n", nover, RAND_TAB);
    if (op >= OP_MEMCMP) printf("(%d of %d equal)\n", neq, RAND_TAB);
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
