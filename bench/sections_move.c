/*
 * bench/sections_move.c - the sections that time one question each about
 * moves and compares: overlapping memmove by size and alignment, memmove by
 * the distance dst - src, and compares by the position of the first
 * mismatch.
 */
#include "bench.h"

/* ------------------------------------------------------------------ */
/* overlap: overlapping memmove with dst above src                     */

static const enum impl overlap_cols[] = {
    IM_FM,        IM_LIBC, IM_BYTE_BWD, IM_LOOP4X8_BWD,
#if HAVE_STRING_OPS
    IM_MOVSQ_BWD,
#endif
};

void section_overlap(void) {
  static const size_t lens[] = {8, 32, 64, 256, 512, 1024};
  static const int offs[] = {0, 3, 7};
  struct buf b = buf_get(16 * KiB);
  /* the child run (second libc baseline) skips the historical columns */
  int ncols = opt.child ? 2 : (int)(sizeof overlap_cols / sizeof overlap_cols[0]);
  size_t li;
  int si, di;

  printf("\n== overlap: memmove, dst above src and overlapping (ns per call) ==\n");
  printf("dst - src is the smallest distance >= len/2 that gives the dst offset;\n"
         "for len 8 with equal offsets that is 8 (adjacent, not overlapping).\n");
  printf("%5s %3s %3s %5s | %9s %9s %9s %9s %9s | %7s %7s\n", "len", "src", "dst", "dist",
         "fastmem", "libc", "byte-bwd", "4x8-bwd", "std-movsq", "libc/fm", "byte/fm");
  for (li = 0; li < sizeof lens / sizeof lens[0]; li++)
    for (si = 0; si < 3; si++)
      for (di = 0; di < 3; di++) {
        size_t n = lens[li], half = n / 2 ? n / 2 : 1, dist;
        unsigned char *src = b.p + 4096 + offs[si];
        struct job j = {0};
        struct result r;
        struct rowinfo ri = {"overlap", "memmove", "-", "", n, offs[si], 0, 0};
        char lab[48], c[5][16];
        int k;
        /* smallest dist >= half with (src + dist) % 8 == offs[di] */
        dist = half + (size_t)((offs[di] - offs[si] - (long)half) & 7);
        j.op = OP_MEMMOVE;
        j.s = src;
        j.d = src + dist;
        j.n = n;
        measure(&j, overlap_cols, ncols, &r);
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
        for (k = 0; k < 5; k++) printf(" %9s", c[k]);
        printf(" | %7.2f %7.1f\n", res_med(&r, IM_LIBC) / res_med(&r, IM_FM),
               res_med(&r, IM_BYTE_BWD) / res_med(&r, IM_FM));
      }
  buf_put(&b);
}

/* ------------------------------------------------------------------ */
/* distance: memmove by signed distance dst - src                       */

void section_distance(void) {
  static const size_t sizes[] = {1024, 64 * KiB};
  static const long dists[] = {-4096, -128, -64, -63, -32, -8, -1, 1, 8, 32, 63, 64, 128, 4096};
  const int ndist = (int)(sizeof dists / sizeof dists[0]);
  struct buf b = buf_get(256 * KiB), other = buf_get(128 * KiB);
  size_t si;
  int di;

  printf("\n== distance: memmove by distance dst - src (ns per call) ==\n");
  printf("'disjoint' copies into another buffer (the reference for a move), 64-byte aligned;\n"
         "fm/dis-al and libc/dis-al: against a disjoint copy with the same alignments as the\n"
         "move (dst %% 64 = dist %% 64), which pays the same split loads or stores;\n"
         "rep-movsb is a plain forward rep movsb, shown where a forward copy is a correct move.\n");
  printf("%6s %9s | %9s %9s %9s | %7s %9s %9s %9s %9s\n", "size", "dist", "fastmem", "libc",
         "rep-movsb", "libc/fm", "fm/disj", "libc/disj", "fm/dis-al", "lc/dis-al");
  for (si = 0; si < 2; si++) {
    size_t n = sizes[si];
    double fm_disj = NAN, libc_disj = NAN, al_fm = NAN, al_libc = NAN;
    for (di = -1; di < ndist; di++) {
      unsigned char *src = b.p + 96 * KiB;
      struct job j = {0};
      struct result r;
      enum impl cols[3] = {IM_FM, IM_LIBC, IM_REP_MOVSB};
      int ncols = 2;
      char lab[48], c[3][16], nb[32];
      struct rowinfo ri = {"distance", "memmove", "-", lab, n, 0, 0, 0};
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
      if (HAVE_STRING_OPS && !opt.child && (di < 0 || dist < 0 || (size_t)dist >= n)) ncols = 3;
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
      if (di < 0) printf(" %9s %9s\n", "-", "-");
      else printf(" %9.2f %9.2f\n", res_med(&r, IM_FM) / al_fm, res_med(&r, IM_LIBC) / al_libc);
    }
  }
  buf_put(&other);
  buf_put(&b);
}

/* ------------------------------------------------------------------ */
/* mismatch: memcmp / memeq by the position of the first difference    */

/* KSM-like mismatch positions: 76% < 16, 83% < 32, 84% < 64;
 * of the remaining 16% we make half differ later in the page and half
 * equal (page merged). */
static long ksm_mismatch(void) {
  unsigned p = (unsigned)rnd_below(100);
  if (p < 76) return (long)rnd_below(16);
  if (p < 83) return (long)rnd_range(16, 31);
  if (p < 84) return (long)rnd_range(32, 63);
  if (p < 92) return (long)rnd_range(64, 4095);
  return -1;
}

void section_mismatch(void) {
  static const size_t sizes[] = {8, 32, 256, 4096, 8192};
  const size_t npages = 512;
  struct buf a = buf_get(16 * KiB), b = buf_get(16 * KiB);
  struct buf pa = buf_get(npages * 4096), pb = buf_get(npages * 4096);
  struct entry *tab = calloc(npages, sizeof *tab);
  size_t *perm = calloc(npages, sizeof *perm);
  size_t i;
  int row, neq = 0;

  if (!tab || !perm) die("calloc");
  printf("\n== mismatch: memcmp and memeq (ns per call; memeq's libc baseline is %s) ==\n",
         libc_memeq_name);
  printf("%-12s | %9s %9s %7s | %9s %9s %7s\n", "case", "cmp fm", "cmp libc", "libc/fm", "eq fm",
         "eq libc", "libc/fm");
  memcpy(b.p + 2048, a.p, 8192);
  /* KSM-like page pairs, visited in a shuffled order */
  memcpy(pb.p, pa.p, npages * 4096);
  for (i = 0; i < npages; i++) perm[i] = i;
  for (i = npages - 1; i > 0; i--) {
    size_t k = rnd_below(i + 1), t = perm[i];
    perm[i] = perm[k];
    perm[k] = t;
  }
  for (i = 0; i < npages; i++) {
    long m = ksm_mismatch();
    if (m >= 0) pb.p[i * 4096 + (size_t)m] ^= (unsigned char)rnd_range(1, 255);
    else neq++;
    tab[i].src = tab[i].dst = (uint32_t)(perm[i] * 4096);
    tab[i].n = 4096;
  }
  for (row = 0; row < (int)(sizeof sizes / sizeof sizes[0]) + 1; row++) {
    int ksm = row == (int)(sizeof sizes / sizeof sizes[0]);
    double med[2][2];
    char lab[48], c[4][16];
    int op;
    for (op = 0; op < 2; op++) {
      struct job j = {0};
      struct result r;
      static const enum impl cols[] = {IM_FM, IM_LIBC};
      struct rowinfo ri = {"mismatch", op ? "memeq" : "memcmp", "-", lab, 0, 0, 2048, 0};
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
    if (ksm) snprintf(lab, sizeof lab, "KSM 4K pages");
    else snprintf(lab, sizeof lab, "equal %zu", sizes[row]);
    printf("%-12s | %9s %9s %7.2f | %9s %9s %7.2f\n", lab, c[0], c[1], med[0][1] / med[0][0], c[2],
           c[3], med[1][1] / med[1][0]);
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
