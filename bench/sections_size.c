/*
 * bench/sections_size.c - the sections over sizes: every size (sweep), a
 * table of random small sizes and offsets (random), buffers beyond the
 * last-level cache (large), and the plainest AVX-512 loop as the hardware's
 * limit (limits).
 */
#include "bench.h"

/* ------------------------------------------------------------------ */
/* section 4: sweeps                                                   */

static int cmp_size(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return (x > y) - (x < y);
}

static size_t sweep_sizes(size_t *out) {
  size_t k = 0, n;
  int p;
  if (opt.quick) {
    for (n = 0; n <= 16; n++) out[k++] = n;
    for (n = 24; n <= 64; n += 8) out[k++] = n;
    out[k++] = 33;
    out[k++] = 63;
    for (p = 7; p <= 26; p++) {
      out[k++] = (size_t)1 << p;
      if (p % 3 == 0) out[k++] = ((size_t)3 << (p - 1)) + 1;
    }
  } else {
    for (n = 0; n <= 64; n++) out[k++] = n;
    for (p = 7; p <= 26; p++) {
      out[k++] = ((size_t)3 << (p - 2)) + 1; /* odd, between the powers */
      out[k++] = ((size_t)1 << p) - 1;
      out[k++] = (size_t)1 << p;
    }
  }
  qsort(out, k, sizeof *out, cmp_size);
  return k;
}

const struct sweep_align sweep_aligns[2] = {{"aligned", 0, 0}, {"misaligned", 3, 17}};

void section_sweep(void) {
  size_t sizes[256], nsizes = sweep_sizes(sizes), maxn = sizes[nsizes - 1], si;
  struct buf S = buf_get(maxn + 8 * KiB), D = buf_get(maxn + 8 * KiB);
  int op, a;

  printf("\n== sweeps: ns per call and bytes per ns; aligned: src and dst 64-byte aligned,\n"
         "   misaligned: src %% 64 = 3, dst %% 64 = 17; dst - src = 2048 + 14 mod 4096 ==\n");
  if (dpdk && opt.extra_cols)
    printf("dpdk/fm: DPDK's rte_memcpy time / fastmem's (memcpy, and memmove: the ranges are "
           "disjoint)\n");
  for (op = 0; op < OP_COUNT; op++) {
    printf("\n-- %s --\n", op_name[op]);
    printf("%9s | %8s %8s %6s %6s %7s %7s | %8s %8s %6s %6s %7s %7s\n", "size", "fm ns", "libc ns",
           "fm B/ns", "libc", "libc/fm", "dpdk/fm", "fm ns", "libc ns", "fm B/ns", "libc",
           "libc/fm", "dpdk/fm");
    printf("%9s | %-48s | %-48s\n", "", "aligned", "misaligned");
    for (si = 0; si < nsizes; si++) {
      size_t n = sizes[si];
      char nb[32];
      printf("%9s |", size_str(n, nb, sizeof nb));
      for (a = 0; a < 2; a++) {
        const struct sweep_align *al = &sweep_aligns[a];
        struct job j = {0};
        struct result r;
        enum impl cols[3] = {IM_FM, IM_LIBC};
        int ncols = with_dpdk(cols, 2, (enum op)op, 1);
        struct rowinfo ri = {"sweep", op_name[op], al->name, "", n, 0, 0, 0};
        char lab[32], c[3][16];
        double fm, lc;
        j.op = (enum op)op;
        j.s = S.p + al->soff;
        j.d = D.p + 2048 + al->doff;
        j.n = n;
        j.c = 0;
        if (op == OP_MEMCMP || op == OP_MEMEQ) memcpy(j.d, j.s, n);
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
        printf(" %8s %8s %6.2f %6.2f %7.2f %7s %s", c[0], c[1], (double)n / fm, (double)n / lc,
               lc / fm, ratio_str(c[2], 16, res_med(&r, IM_DPDK) / fm), a ? "\n" : "|");
      }
      fflush(stdout);
    }
  }
  buf_put(&D);
  buf_put(&S);
}

/* ------------------------------------------------------------------ */
/* section 5: random small sizes and offsets                           */

/* 32768 entries, so that the branch predictor cannot learn the sequence: a
   table of 4096 entries run over and over was partly learned on Intel family
   6 model CFh, which flattered branchy code (`sh bench/ab.sh memcmp random`
   with either size: bench/ab_main.c). */
#define RAND_TAB 32768

/* Size distribution (most calls small, as at real call sites):
 * 20% 0-8, 25% 9-32, 25% 33-64, 15% 65-128, 10% 129-512, 5% 513-4096. */
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
  struct buf S = buf_get(32 * KiB), D = buf_get(32 * KiB), M = buf_get(32 * KiB);
  struct buf A = buf_get(NSLOT * SLOT), B = buf_get(NSLOT * SLOT);
  struct entry *tab = calloc(RAND_TAB, sizeof *tab);
  uint32_t *sizes = calloc(RAND_TAB, sizeof *sizes);
  size_t m[NSLOT], i, small = 0, bytes = 0;
  int op, j, neq = 0, nover = 0;

  if (!tab || !sizes) die("calloc");
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
  printf("%-8s | %9s %9s %9s %7s %7s | %s\n", "func", "fastmem", "libc", "dpdk", "libc/fm",
         "dpdk/fm", "table");
  for (op = 0; op < OP_COUNT; op++) {
    struct job jb = {0};
    struct result r;
    enum impl cols[3] = {IM_FM, IM_LIBC};
    /* only copies: the moves of this table overlap half the time */
    int ncols = with_dpdk(cols, 2, (enum op)op, 0);
    struct rowinfo ri = {"random", op_name[op], "random", "random", 0, -1, -1, 0};
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
        if (rnd() & 1) e->dst = (uint32_t)((long)e->src + (long)rnd_below(2 * n + 1) - (long)n);
        else e->dst = (uint32_t)(4096 + rnd_below(8192));
        nover += (e->dst > e->src ? e->dst - e->src : e->src - e->dst) < n;
        break;
      default: {
        /* compares: a slot pair equal except at m[slot]; half the
         * entries end before it (equal), half see it at a uniform
         * position k < n */
        size_t slot = rnd_below(NSLOT), o;
        if (n && (rnd() & 1)) o = m[slot] - rnd_below(n);
        else o = m[slot] + 1 + rnd_below(64);
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

void section_large(void) {
  static const size_t full_sizes[] = {64 * MiB, 128 * MiB};
  size_t nsz = opt.quick ? 1 : 2, maxn = full_sizes[nsz - 1], si;
  struct buf X = buf_get(maxn + 8 * KiB), Y = buf_get(maxn + 8 * KiB);

  printf("\n== large, beyond the last-level cache: GB/s (= bytes per ns) ==\n");
  printf("%-8s %6s %-10s | %8s %8s %8s %7s %7s\n", "func", "size", "case", "fastmem", "libc",
         "dpdk", "libc/fm", "dpdk/fm");
  for (si = 0; si < nsz; si++) {
    static const struct {
      enum op op;
      const char *label;
      long dist; /* memmove: dst - src within one buffer */
    } rows[] = {
        {OP_MEMCPY, "disjoint", 0}, {OP_MEMMOVE, "dist-64", -64}, {OP_MEMMOVE, "dist+64", 64},
        {OP_MEMSET, "-", 0},        {OP_MEMCMP, "equal", 0},      {OP_MEMEQ, "equal", 0},
    };
    size_t n = full_sizes[si], k;
    for (k = 0; k < sizeof rows / sizeof rows[0]; k++) {
      struct job j = {0};
      struct result r;
      enum impl cols[3] = {IM_FM, IM_LIBC};
      int ncols = with_dpdk(cols, 2, rows[k].op, 0);
      char lab[48], nb[32], c[2][16];
      struct rowinfo ri = {"large", op_name[rows[k].op], "aligned", lab, n, 0, 0, 0};
      j.op = rows[k].op;
      j.n = n;
      if (rows[k].op == OP_MEMMOVE) {
        j.s = X.p + 4096;
        j.d = X.p + 4096 + rows[k].dist;
      } else {
        j.s = X.p;
        j.d = Y.p + 2048;
        if (j.op == OP_MEMCMP || j.op == OP_MEMEQ) memcpy(j.d, j.s, n);
      }
      snprintf(lab, sizeof lab, "%s", rows[k].label);
      ri.src_off = (long)((uintptr_t)j.s & 4095);
      ri.dst_off = (long)((uintptr_t)j.d & 4095);
      ri.dist = rows[k].dist;
      measure(&j, cols, ncols, &r);
      csv_result(&ri, &r);
      printf("%-8s %6s %-10s | %8.2f %8.2f %8s %7.2f %7s\n", op_name[rows[k].op],
             size_str(n, nb, sizeof nb), lab, (double)n / res_med(&r, IM_FM),
             (double)n / res_med(&r, IM_LIBC),
             ratio_str(c[0], 16, (double)n / res_med(&r, IM_DPDK)),
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

void section_limits(void) {
  static const struct {
    enum op op;
    size_t n;
  } rows[] = {{OP_MEMCPY, 4 * KiB},
              {OP_MEMCPY, 16 * KiB},
              {OP_MEMSET, 4 * KiB},
              {OP_MEMSET, 16 * KiB},
              {OP_MEMCMP, 4 * KiB}};
  struct buf X = buf_get(64 * KiB);
  size_t k;

  printf("\n== limits: aligned, hot buffers, against the plainest AVX-512 loop (ns per call) ==\n");
#if HAVE_PLAIN
  if (!__builtin_cpu_supports("avx512bw")) {
    printf("(no AVX-512 here: skipped)\n");
    buf_put(&X);
    return;
  }
  printf("%-8s %6s | %9s %9s %9s | %8s %8s\n", "func", "size", "fastmem", "libc", "plain",
         "fm/plain", "libc/fm");
  for (k = 0; k < sizeof rows / sizeof rows[0]; k++) {
    struct job j = {0};
    struct result r;
    static const enum impl cols[] = {IM_FM, IM_LIBC, IM_PLAIN};
    char nb[32], c[3][16];
    struct rowinfo ri = {"limits", op_name[rows[k].op], "aligned", "plain", rows[k].n, 0, 2048, 0};
    j.op = rows[k].op;
    j.n = rows[k].n;
    j.s = X.p;
    j.d = X.p + 32 * KiB + 2048;
    j.c = 0x5a;
    if (j.op == OP_MEMCMP) memcpy(j.d, j.s, j.n);
    measure(&j, cols, 3, &r);
    csv_result(&ri, &r);
    fmt_ns(c[0], 16, res_med(&r, IM_FM));
    fmt_ns(c[1], 16, res_med(&r, IM_LIBC));
    fmt_ns(c[2], 16, res_med(&r, IM_PLAIN));
    printf("%-8s %6s | %9s %9s %9s | %8.2f %8.2f\n", op_name[j.op], size_str(j.n, nb, sizeof nb),
           c[0], c[1], c[2], res_med(&r, IM_FM) / res_med(&r, IM_PLAIN),
           res_med(&r, IM_LIBC) / res_med(&r, IM_FM));
  }
#else
  (void)rows;
  (void)k;
  printf("(x86-64 only: skipped)\n");
#endif
  buf_put(&X);
}
