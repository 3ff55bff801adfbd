/* bench/sections_move.c - overlapping memmove by size and alignment
 * (overlap), memmove by the distance dst - src (distance), and compares by
 * the position of the first mismatch (mismatch). */
#include "bench.h"

void section_overlap(void) {
  static const size_t lens[] = {8, 32, 64, 256, 512, 1024};
  static const int offs[] = {0, 3, 7};
  static const enum impl cols[] = {IM_FM, IM_LIBC, IM_BYTE_BWD, IM_4X8_BWD, IM_MOVSQ_BWD};
  unsigned char *b = buf_get(16 * KiB);
  /* the libc-norep run skips the historical loops */
  int ncols = opt.child ? 2 : BENCH_X86_64 ? 5 : 4, li, si, di;
  printf(
      "\n== overlap: memmove, dst above src by the least distance >= len/2 with its offset ==\n");
  for (li = 0; li < 6; li++)
    for (si = 0; si < 3; si++)
      for (di = 0; di < 3; di++) {
        size_t n = lens[li], half = n / 2;
        /* the smallest dist >= half with (src + dist) % 8 == offs[di] */
        size_t dist = half + (size_t)((offs[di] - offs[si] - (long)half) & 7);
        char lab[48];
        struct job j = {
            .op = OP_MEMMOVE, .d = b + 4096 + offs[si] + dist, .s = b + 4096 + offs[si], .n = n};
        struct rowinfo ri = {"overlap", "memmove", "-", lab, n, offs[si], offs[di], (long)dist};
        snprintf(lab, sizeof lab, "len%zu_s%d_d%d", n, offs[si], offs[di]);
        row(&j, cols, ncols, &ri);
      }
}

void section_distance(void) {
  static const long dists[] = {-4096, -128, -64, -63, -32, -8, -1, 1, 8, 32, 63, 64, 128, 4096};
  static const enum impl cols[] = {IM_FM, IM_LIBC, IM_MOVSB};
  unsigned char *b = buf_get(256 * KiB), *other = buf_get(128 * KiB);
  int si, di;
  printf("\n== distance: memmove by dst - src; disjoint and disal<d>: copies elsewhere ==\n");
  for (si = 0; si < 2; si++)
    for (di = -1; di < 14; di++) {
      size_t n = si ? 64 * KiB : 1024;
      long dist = di < 0 ? 0 : dists[di];
      int ncols = BENCH_X86_64 && !opt.child && (dist <= 0 || (size_t)dist >= n) ? 3 : 2;
      char lab[48];
      struct job j = {.op = OP_MEMMOVE, .d = b + 96 * KiB + dist, .s = b + 96 * KiB, .n = n};
      struct rowinfo ri = {"distance", "memmove", "-", lab, n, 0, 0, dist};
      snprintf(lab, sizeof lab, "dist%ld", dist);
      if (di < 0) j.d = other + 2048, snprintf(lab, sizeof lab, "disjoint"); /* no 4K aliasing */
      ri.dst_off = (long)((uintptr_t)j.d & 4095);
      row(&j, cols, ncols, &ri);
      if (di < 0) continue;
      /* the same move's alignments, into the other buffer */
      j.d = other + 2048 + (size_t)(dist & 63);
      snprintf(lab, sizeof lab, "disal%ld", dist);
      ri.dst_off = (long)((uintptr_t)j.d & 4095);
      ri.dist = 0;
      row(&j, cols, 2, &ri);
    }
}

/* KSM-like mismatch positions: 76% < 16, 83% < 32, 84% < 64; of the other
 * 16%, half later in the page and half equal (the page merged). */
static long ksm_mismatch(void) {
  unsigned p = (unsigned)rnd_below(100);
  if (p < 76) return (long)rnd_below(16);
  if (p < 83) return (long)(16 + rnd_below(16));
  if (p < 84) return (long)(32 + rnd_below(32));
  if (p < 92) return (long)(64 + rnd_below(4032));
  return -1;
}

void section_mismatch(void) {
  static const size_t sizes[] = {8, 32, 256, 4096, 8192};
  static const enum impl cols[] = {IM_FM, IM_LIBC};
  enum { NPAGES = 512 };
  unsigned char *a = buf_get(16 * KiB), *b = buf_get(16 * KiB);
  unsigned char *pa = buf_get(NPAGES * 4096), *pb = buf_get(NPAGES * 4096);
  static struct entry tab[NPAGES];
  size_t perm[NPAGES], i;
  int k, op, neq = 0;
  printf("\n== mismatch: equal buffers, a KSM-like run (memeq's libc: %s) ==\n", libc_memeq_name);
  memcpy(b + 2048, a, 8192);
  /* KSM-like page pairs, visited in a shuffled order */
  memcpy(pb, pa, NPAGES * 4096);
  for (i = 0; i < NPAGES; i++) perm[i] = i;
  for (i = NPAGES - 1; i > 0; i--) {
    size_t k = rnd_below(i + 1), t = perm[i];
    perm[i] = perm[k];
    perm[k] = t;
  }
  for (i = 0; i < NPAGES; i++) {
    long m = ksm_mismatch();
    if (m >= 0) pb[i * 4096 + (size_t)m] ^= (unsigned char)(1 + rnd_below(255));
    else neq++;
    tab[i].src = tab[i].dst = (uint32_t)(perm[i] * 4096);
    tab[i].n = 4096;
  }
  for (k = 0; k <= 5; k++)
    for (op = OP_MEMCMP; op <= OP_MEMEQ; op++) {
      char lab[48];
      struct job j = {.op = (enum op)op, .d = b + 2048, .s = a, .n = k < 5 ? sizes[k] : 0};
      struct rowinfo ri = {"mismatch", op_name[op], "-", lab, j.n, 0, 2048, 0};
      snprintf(lab, sizeof lab, "equal%zu", j.n);
      if (k == 5) { /* the KSM run */
        j.tab = tab;
        j.tabn = NPAGES;
        j.sbase = pa;
        j.dbase = pb;
        ri.size = 4096;
        ri.dst_off = 0;
        snprintf(lab, sizeof lab, "ksm");
      }
      row(&j, cols, 2, &ri);
    }
  printf("(ksm: %d page pairs in shuffled order, %d equal)\n", NPAGES, neq);
}
