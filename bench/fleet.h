/* bench/fleet.h - tables of calls drawn from production size distributions
 * (bench/fleet/README.md: the data and its licence). The benchmark's fleet
 * section and `sh bench/ab.sh OP fleet` time the same tables. A table holds
 * the distribution's quantiles, shuffled, so its mean is the data's; the
 * offsets honour the alignment line; memmove overlaps as often as the data
 * says; a compare meets its first difference at a uniform position in
 * [0, n], n meaning none. */
#ifndef BENCH_FLEET_H
#define BENCH_FLEET_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FLEET_CALLS 32768              /* too many calls for the branch predictor to learn */
#define FLEET_L1 ((size_t)16 << 10)    /* window per buffer: the L1-sized working set */
#define FLEET_LLC ((size_t)8 << 20)    /* the LLC-sized one: beyond every L2, within L3 */
#define FLEET_MAXN ((size_t)256 << 10) /* sizes above are capped (the largest: 255 KiB) */
/* compares: a tile of 64 marks (the differing bytes), mark j at 256 + 257 j,
   so that every residue mod 64 has one; calls up to FLEET_CMP_SHORT bytes
   find a mark 257 bytes from the one before, longer ones one mark of their own */
#define FLEET_TILE 16640
#define FLEET_TILES(w) ((w) / FLEET_TILE ? (w) / FLEET_TILE : 1)
#define FLEET_CMP_SHORT 192
/* bytes each buffer needs for a window of w (memmove: src and dst windows) */
#define FLEET_LEN(w) (3 * FLEET_MAXN + 2 * (w) + 64)

/* one call of a table: pointers are base + offset; c: memset's byte */
struct entry {
  uint32_t src, dst, n;
  int c;
};

/* one line of a file: values and their cumulative probabilities */
struct fleet_line {
  unsigned n;
  uint32_t v[2048];
  double cum[2048];
};

static inline size_t rnd_below(size_t n) { /* xorshift64, the same sequence every run */
  static uint64_t x = 0x2545f4914f6cdd1dull;
  x ^= x << 13, x ^= x >> 7, x ^= x << 17;
  return n ? (size_t)(x % n) : 0;
}

/* line `which` (0 sizes, 1 overlap, 2 alignment) of dir's file for op */
static inline int fleet_read(const char *dir, int op, int which, struct fleet_line *l) {
  static const char *const files[] = {"Memcpy", "Memmove", "Memset", "Memcmp", "Bcmp"};
  static char text[64 << 10];
  char path[512], *p = text;
  int k, ok = 1;
  FILE *f;
  snprintf(path, sizeof path, "%s/%s_Fleet.csv", dir, files[op]);
  if (!(f = fopen(path, "r"))) return 0;
  for (k = 0; k <= which && ok; k++) ok = fgets(text, sizeof text, f) != NULL;
  fclose(f);
  for (l->n = 0; ok && *p >= '0' && *p <= '9' && l->n < 2048; l->n++) {
    l->v[l->n] = (uint32_t)strtoul(p, &p, 10);
    ok = *p++ == ':';
    l->cum[l->n] = strtod(p, &p) + (l->n ? l->cum[l->n - 1] : 0);
    p += *p == ',';
  }
  return ok && l->n;
}

/* the value at cumulative fraction u of l (u in [0, 1)) */
static inline uint32_t fleet_pick(const struct fleet_line *l, double u) {
  unsigned k = 0;
  while (k + 1 < l->n && l->cum[k] <= u * l->cum[l->n - 1]) k++;
  return l->v[k];
}

/* compares: b a copy of a's len bytes, but for the marks of each tile */
static inline void fleet_marks(const unsigned char *a, unsigned char *b, size_t len, size_t w) {
  size_t tiles = FLEET_TILES(w), t, j;
  memcpy(b, a, len);
  for (t = 0; t < tiles; t++)
    for (j = 0; j < 64; j++) b[t * FLEET_TILE + 256 + 257 * j] ^= 0x5a;
  b[tiles * FLEET_TILE + FLEET_MAXN] ^= 0x5a; /* the long compares' mark */
}

/* FLEET_CALLS calls of op (0 memcpy, 1 memmove, 2 memset, 3 memcmp, 4 memeq)
   in a window of w bytes per buffer; sizes uniform in [lo, hi] where hi > 0.
   *mean: the table's mean size, *data: the data's. 0: dir has no data. */
static inline int fleet_table(const char *dir, int op, size_t w, unsigned lo, unsigned hi,
                              struct entry *t, double *mean, double *data) {
  static struct fleet_line size, over, align;
  size_t i, k, tiles = FLEET_TILES(w), sum = 0, over_per_2p30;
  if (!fleet_read(dir, op, 0, &size) || !fleet_read(dir, op, 1, &over) ||
      !fleet_read(dir, op, 2, &align))
    return 0;
  /* line 1: 0 (no overlap) first, then 1 */
  over_per_2p30 = (size_t)((over.v[0] ? 1 : 1 - over.cum[0] / over.cum[over.n - 1]) * (1 << 30));
  for (*data = 0, i = 0; i < size.n; i++)
    *data += size.v[i] * (size.cum[i] - (i ? size.cum[i - 1] : 0)) / size.cum[size.n - 1];
  for (i = 0; i < FLEET_CALLS; i++) { /* the quantiles, then shuffled */
    uint32_t n =
        hi ? lo + (uint32_t)rnd_below(hi - lo + 1) : fleet_pick(&size, (i + .5) / FLEET_CALLS);
    sum += t[i].n = n < FLEET_MAXN ? n : (uint32_t)FLEET_MAXN;
  }
  *mean = (double)sum / FLEET_CALLS;
  for (i = FLEET_CALLS - 1; i > 0; i--) {
    uint32_t n = t[i].n;
    k = rnd_below(i + 1), t[i].n = t[k].n, t[k].n = n;
  }
  for (i = 0; i < FLEET_CALLS; i++) {
    size_t n = t[i].n, a = fleet_pick(&align, rnd_below(1 << 30) / (double)(1 << 30));
    size_t mask = ~(a - 1), pos = rnd_below(n + 1), o = rnd_below(w) & mask;
    t[i].src = t[i].dst = (uint32_t)o, t[i].c = (int)(i & 255);
    if (op == 0 || op == 2) t[i].dst = (uint32_t)(rnd_below(w) & mask);
    else if (op == 1) { /* overlapping either way, or in the other window */
      t[i].src = (uint32_t)(o += FLEET_MAXN);
      if (n > 1 && rnd_below(1 << 30) < over_per_2p30)
        o = rnd_below(2) ? o + 1 + rnd_below(n - 1) : o - 1 - rnd_below(n - 1);
      else o = 2 * FLEET_MAXN + w + (rnd_below(w) & mask);
      t[i].dst = (uint32_t)o;
    } else {
      if (n <= FLEET_CMP_SHORT) { /* a tile's mark k sits at residue k mod 64 */
        size_t tile = rnd_below(tiles) * FLEET_TILE + 256;
        k = pos == n ? rnd_below(64) : (pos & ~mask) + a * rnd_below(64 / a);
        o = pos == n ? (tile + 257 * k + a) & mask : tile + 257 * k - pos;
      } else { /* the long compares' mark; equal after it */
        o = tiles * FLEET_TILE + FLEET_MAXN;
        o = pos == n ? o + 64 : (o - pos) & mask;
      }
      t[i].src = t[i].dst = (uint32_t)o;
    }
  }
  return 1;
}

#endif
