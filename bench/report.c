/* bench/report.c - results.csv read back (both runs, or a merge of runs), and
 * from it summary.txt and the plots (drawn by plot.c). A row's best peer is
 * the one with the least time / fastmem's time, each ratio from the run that
 * measured both. */
#include "bench.h"

static struct crow { /* one line of results.csv */
  char variant[24], section[16], func[12], align[16], label[48], impl[16];
  double size, med, bpns, ratio;
  long dist;
} * rows;
static size_t nrows;
static char variants[4][24]; /* libc_variant values, in order of appearance */
static int nvariants;
static struct peer { /* a libc variant's libc column, or the dpdk column */
  const char *name, *variant, *impl;
} peers[6];
static int npeers;

static int variant_index(const char *v) {
  int i;
  for (i = 0; i < nvariants; i++)
    if (!strcmp(variants[i], v)) return i;
  return -1;
}

#define KEY(field, want) (!(want) || !strcmp(r->field, want))
static int match(const struct crow *r, const char *variant, const char *section, const char *func,
                 const char *align, const char *label, const char *impl, double size) {
  return KEY(variant, variant) && KEY(section, section) && KEY(func, func) && KEY(align, align) &&
         KEY(label, label) && KEY(impl, impl) && (size < 0 || r->size == size);
}

/* the first row matching every key but NULL ones (size < 0: any) */
static const struct crow *find_row(const char *variant, const char *section, const char *func,
                                   const char *align, const char *label, const char *impl,
                                   double size) {
  size_t i;
  for (i = 0; i < nrows; i++)
    if (match(&rows[i], variant, section, func, align, label, impl, size)) return &rows[i];
  return NULL;
}

/* the geometric mean of median_ns over the matching rows, NAN if none */
static double geo_med(const char *variant, const char *section, const char *func, const char *impl,
                      double size, const char *label) {
  double s = 0;
  size_t i, n = 0;
  for (i = 0; i < nrows; i++)
    if (match(&rows[i], variant, section, func, NULL, label, impl, size) && rows[i].med > 0)
      s += log(rows[i].med), n++;
  return n ? exp(s / (double)n) : NAN;
}

int read_results(FILE *f) {
  char line[512];
  size_t cap = 0;
  const struct crow *d;
  int v;
  while (f && fgets(line, sizeof line, f)) {
    char *fld[20], *p = line;
    int nf = 0;
    struct crow *r;
    line[strcspn(line, "\r\n")] = 0;
    for (; nf < 20 && p; nf++) {
      fld[nf] = p;
      if ((p = strchr(p, ','))) *p++ = 0;
    }
    if (nf < 16 || !strcmp(fld[0], "libc_variant")) continue;
    if (nrows == cap && !(rows = realloc(rows, (cap = cap ? cap * 2 : 1024) * sizeof *rows)))
      die("realloc");
    r = &rows[nrows++];
#define FIELD(name, k) snprintf(r->name, sizeof r->name, "%s", fld[k])
    FIELD(variant, 0), FIELD(section, 1), FIELD(func, 2), FIELD(align, 3), FIELD(label, 4);
    FIELD(impl, 9);
    r->size = strtod(fld[5], NULL);
    r->dist = strtol(fld[8], NULL, 10);
    r->med = strtod(fld[12], NULL);
    r->bpns = strtod(fld[14], NULL);
    r->ratio = strtod(fld[15], NULL);
    if (variant_index(r->variant) < 0 && nvariants < 4)
      snprintf(variants[nvariants++], sizeof variants[0], "%s", r->variant);
  }
  if (f) fclose(f);
  /* the peers: each variant's libc column, then the dpdk column */
  for (v = 0; v < nvariants; v++) peers[v] = (struct peer){variants[v], variants[v], "libc"};
  npeers = nvariants;
  if ((d = find_row(NULL, NULL, NULL, NULL, NULL, "dpdk", -1)))
    peers[npeers++] = (struct peer){"dpdk", d->variant, "dpdk"};
  return nrows > 0;
}

/* peer p's row beside row r (align NULL: any) */
static const struct crow *peer_row(int p, const struct crow *r, const char *align) {
  return find_row(peers[p].variant, r->section, r->func, align, r->label, peers[p].impl, r->size);
}

/* the best peer's time / fastmem's time for fastmem's row r (NAN: no peer
   measured it); *who: the peer */
static double best_peer(const struct crow *r, int *who) {
  double best = NAN;
  int p;
  for (*who = -1, p = 0; p < npeers; p++) {
    const struct crow *l = peer_row(p, r, r->align);
    if (l && l->ratio > 0 && !(l->ratio >= best)) best = l->ratio, *who = p;
  }
  return best;
}

/* sweep table v (peer v, or v == npeers: each row's best peer): row r's
   ratio, NAN where the row is not one of the table's */
static double sweep_ratio(const struct crow *r, int v, int *who) {
  *who = v;
  if (v < npeers)
    return strcmp(r->variant, peers[v].variant) || strcmp(r->impl, peers[v].impl) ? NAN : r->ratio;
  return strcmp(r->variant, variants[0]) || strcmp(r->impl, "fastmem") ? NAN : best_peer(r, who);
}

static const char *const aligns[] = {"aligned", "misaligned"};

static void summary_sweep(FILE *f) {
  static const double hi[] = {31, 256, 2047, 16384, 1048576, 1e18}; /* the size bands */
  static const char *const band[] = {"0-31", "32-256", "257-2047", "2K-16K", "16K-1M", ">1M"};
  int v, op, a, b, p, who, wwho, n[6];
  double x, mn[6], sl[6], wmin, wsize;
  char cell[32];
  size_t i;
  for (v = 0; v <= npeers; v++) {
    if (v < npeers)
      fprintf(f, "\nsweep against %s: min / geometric mean per size band, then the slowest row\n",
              peers[v].name);
    else {
      fprintf(f, "\nsweep against the best peer of each row (the fastest of");
      for (p = 0; p < npeers; p++) fprintf(f, "%s %s", p ? "," : "", peers[p].name);
      fprintf(f,
              "):\nmin / geometric mean per size band, then the slowest row and its best peer\n");
    }
    fprintf(f, "%-8s %-10s", "func", "align");
    for (b = 0; b < 6; b++) fprintf(f, " %11s", band[b]);
    fprintf(f, "   worst\n");
    for (op = 0; op < OP_COUNT; op++)
      for (a = 0; a < 2; a++) {
        for (wmin = INFINITY, wsize = 0, wwho = -1, b = 0; b < 6; b++)
          mn[b] = INFINITY, sl[b] = n[b] = 0;
        for (i = 0; i < nrows; i++) {
          const struct crow *r = &rows[i];
          if (!match(r, NULL, "sweep", op_name[op], aligns[a], NULL, NULL, -1) ||
              !((x = sweep_ratio(r, v, &who)) > 0))
            continue;
          for (b = 0; r->size > hi[b]; b++) {}
          if (x < mn[b]) mn[b] = x;
          if (x < wmin) wmin = x, wsize = r->size, wwho = who;
          sl[b] += log(x), n[b]++;
        }
        if (!isfinite(wmin)) continue; /* e.g. dpdk: copies only */
        fprintf(f, "%-8s %-10s", op_name[op], aligns[a]);
        for (b = 0; b < 6; b++) {
          snprintf(cell, sizeof cell, n[b] ? "%.2f/%.2f" : "-", mn[b], exp(sl[b] / n[b]));
          fprintf(f, " %11s", cell);
        }
        fprintf(f, "   %.2f at %s", wmin, size_str((size_t)wsize, cell, sizeof cell));
        if (v == npeers && wwho >= 0) fprintf(f, " (%s)", peers[wwho].name);
        fprintf(f, "\n");
      }
  }
}

/* sweep_<func>_<align>.svg (bytes per ns of fastmem, each libc and dpdk) and
   sweep_ratio_<align>.svg (libc / fastmem of every function) */
static void plot_sweeps(void) {
  static const int color[] = {0, 3, 1, 4, 2}; /* of each function's ratio */
  static struct series s[12];
  int op, a, v, ns;
  size_t i;
  char file[64], title[128];
  for (a = 0; a < 2; a++) {
    for (op = 0; op < OP_COUNT; op++) {
      memset(s, 0, sizeof s);
      snprintf(s[0].name, sizeof s[0].name, "fastmem");
      s[0].color = palette[0];
      for (v = 0; v < nvariants; v++) {
        snprintf(s[1 + v].name, sizeof s[1 + v].name, "%.23s", variants[v]);
        s[1 + v].color = palette[1 + v];
        s[1 + v].dashed = v > 0;
      }
      ns = 1 + nvariants;
      snprintf(s[ns].name, sizeof s[ns].name, "dpdk rte_memcpy");
      s[ns].color = palette[3];
      for (i = 0; i < nrows; i++) {
        const struct crow *r = &rows[i];
        int k = !strcmp(r->impl, "libc")      ? 1 + variant_index(r->variant)
                : !strcmp(r->impl, "dpdk")    ? ns
                : !strcmp(r->impl, "fastmem") ? (variant_index(r->variant) ? -1 : 0)
                                              : -1;
        if (k >= 0 && match(r, NULL, "sweep", op_name[op], aligns[a], NULL, NULL, -1) &&
            r->size > 0 && r->bpns > 0)
          add_point(&s[k], r->size, r->bpns);
      }
      if (!s[0].n) continue;
      snprintf(file, sizeof file, "sweep_%s_%s.svg", op_name[op], aligns[a]);
      snprintf(title, sizeof title, "%s, %s: bytes per ns (higher is better)", op_name[op],
               aligns[a]);
      line_chart(file, title, "bytes per ns", s, ns + (s[ns].n > 0), 0, NAN, NULL, 0, NULL);
    }
    memset(s, 0, sizeof s);
    for (ns = op = 0; op < OP_COUNT; op++)
      for (v = 0; v < nvariants && v < 2; v++, ns++) {
        snprintf(s[ns].name, sizeof s[ns].name, "%s %s", op_name[op], v ? "(norep)" : "");
        s[ns].color = palette[color[op]];
        s[ns].dashed = v > 0;
        for (i = 0; i < nrows; i++)
          if (match(&rows[i], variants[v], "sweep", op_name[op], aligns[a], NULL, "libc", -1) &&
              rows[i].size > 0 && rows[i].ratio > 0)
            add_point(&s[ns], rows[i].size, rows[i].ratio);
      }
    snprintf(file, sizeof file, "sweep_ratio_%s.svg", aligns[a]);
    snprintf(title, sizeof title, "libc time / fastmem time, %s (above 1: fastmem faster)",
             aligns[a]);
    line_chart(file, title, "ratio libc / fastmem (log)", s, ns, 1, 1.0, NULL, 0, NULL);
  }
}

/* The sweep's rows where fastmem is below 0.9 of the row's best peer, each
 * with fastmem's and the peer's time from the peer's own process: the list
 * the targets ask to have explained (docs/performance.md). */
static void summary_rows_below(FILE *f) {
  size_t i, below = 0, all = 0;
  for (i = 0; i < nrows; i++) {
    const struct crow *r = &rows[i], *p;
    char nb[32];
    int who;
    double x;
    if (!match(r, variants[0], "sweep", NULL, NULL, NULL, "fastmem", -1) ||
        !((x = best_peer(r, &who)) > 0) || (all++, x >= 0.9))
      continue;
    p = peer_row(who, r, r->align);
    if (!below++)
      fprintf(f, "\nsweep rows below 0.9 of the best peer (func, align, size, ratio, best peer, "
                 "fastmem ns and the peer's ns, both from the peer's process):\n");
    fprintf(f, "  %-8s %-10s %8s  %.3f  %-10s %10.2f %10.2f\n", r->func, r->align,
            size_str((size_t)r->size, nb, sizeof nb), x, peers[who].name, p->med / x, p->med);
  }
  if (all)
    fprintf(f, "%ssweep rows below 0.9 of the best peer: %zu of %zu\n", below ? "" : "\n", below,
            all);
}

/* a bar chart's first series: fastmem, and the libc of the first two variants */
static int libc_sers(char (*sers)[32]) {
  int v;
  snprintf(sers[0], 32, "fastmem");
  for (v = 0; v < nvariants && v < 2; v++) snprintf(sers[v + 1], 32, "%.23s", variants[v]);
  return v + 1;
}

/* per length, the geometric mean over the nine offset pairs; overlap.svg */
static void summary_overlap(FILE *f) {
  static const size_t lens[] = {8, 32, 64, 256, 512, 1024};
  static const char *const loops[] = {"loop4x8_bwd", "movsq_bwd", "byte_bwd"};
  char groups[6][32], sers[8][32];
  double val[48], lc, *o;
  int v, k, l, ns;
  fprintf(f,
          "\noverlap (overlapping memmove, dst above src), geometric mean over 9 offset pairs:\n");
  fprintf(f, "%6s", "len");
  for (v = 0; v < nvariants; v++) fprintf(f, " %14s", variants[v]);
  for (ns = libc_sers(sers), l = 0; l < 3; l++) snprintf(sers[ns++], 32, "%s", loops[l]);
  fprintf(f, " %10s %10s %10s\n", "byte/fm", "movsq/fm", "4x8/fm");
  for (k = 0; k < 6; k++) {
    double sz = (double)lens[k];
    snprintf(groups[k], 32, "%zu B", lens[k]);
    fprintf(f, "%6zu", lens[k]);
    *(o = &val[k * ns]) = geo_med(variants[0], "overlap", NULL, "fastmem", sz, NULL);
    for (o++, v = 0; v < nvariants; v++) {
      lc = geo_med(variants[v], "overlap", NULL, "libc", sz, NULL);
      fprintf(f, " %14.2f", lc / geo_med(variants[v], "overlap", NULL, "fastmem", sz, NULL));
      if (v < 2) *o++ = lc;
    }
    for (l = 0; l < 3; l++) *o++ = geo_med(variants[0], "overlap", NULL, loops[l], sz, NULL);
    fprintf(f, " %10.2f %10.2f %10.2f\n", o[-1] / val[k * ns], o[-2] / val[k * ns],
            o[-3] / val[k * ns]);
  }
  bar_chart("overlap.svg",
            "overlapping memmove, dst above src (ns per call, geo. mean of 9 offsets)",
            "ns per call (log)", groups, 6, sers, ns, val, 1);
}

/* per variant and size, the slowest distance against the disjoint copy;
   distance_1K.svg and distance_64K.svg: each distance's time */
static void summary_distance(FILE *f) {
  char groups[64][32], sers[8][32];
  double val[64 * 8];
  int v, k, im, c, g, ns;
  size_t i;
  fprintf(f, "\ndistance (memmove by distance dst - src): slowest distance / disjoint copy of "
             "the same size,\naligned, then with the move's own alignments (dis-al)\n");
  for (v = 0; v < nvariants; v++)
    for (k = 0; k < 2; k++) {
      /* [fastmem, libc][against the aligned disjoint copy, against dis-al] */
      double sz = k ? 65536 : 1024, disj[2], mlc = INFINITY, wx[2][2] = {{0}};
      long wat[2][2] = {{0}};
      disj[0] = geo_med(variants[v], "distance", NULL, "fastmem", sz, "disjoint");
      disj[1] = geo_med(variants[v], "distance", NULL, "libc", sz, "disjoint");
      for (i = 0; i < nrows; i++) {
        const struct crow *r = &rows[i];
        char al[48];
        double x[2];
        im = !strcmp(r->impl, "fastmem") ? 0 : !strcmp(r->impl, "libc") ? 1 : -1;
        if (im < 0 || !match(r, variants[v], "distance", NULL, NULL, NULL, NULL, sz) ||
            strncmp(r->label, "dist", 4))
          continue;
        snprintf(al, sizeof al, "disal%ld", r->dist);
        x[0] = r->med / disj[im];
        x[1] = r->med / geo_med(variants[v], "distance", NULL, r->impl, sz, al);
        for (c = 0; c < 2; c++)
          if (x[c] > wx[im][c]) wx[im][c] = x[c], wat[im][c] = r->dist;
        if (im == 1 && r->ratio < mlc) mlc = r->ratio;
      }
      fprintf(f,
              "  %-10s %3s: fastmem %.2fx (at %+ld), libc %.2fx (at %+ld); dis-al: fastmem %.2fx "
              "(at %+ld), libc %.2fx (at %+ld); min libc/fm %.2f\n",
              variants[v], k ? "64K" : "1K", wx[0][0], wat[0][0], wx[1][0], wat[1][0], wx[0][1],
              wat[0][1], wx[1][1], wat[1][1], mlc);
    }
  for (k = 0; k < 2; k++) {
    double sz = k ? 65536 : 1024;
    snprintf(sers[ns = libc_sers(sers)], 32, "rep movsb (fwd)"), ns++;
    for (i = g = 0; i < nrows && g < 64; i++) {
      const struct crow *r = &rows[i];
      double *o = &val[g * ns];
      if (!match(r, variants[0], "distance", NULL, NULL, NULL, "fastmem", sz) ||
          !strncmp(r->label, "disal", 5))
        continue;
      snprintf(groups[g++], 32, "%.31s", strncmp(r->label, "dist", 4) ? r->label : r->label + 4);
      *o++ = r->med;
      for (v = 0; v < nvariants && v < 2; v++)
        *o++ = geo_med(variants[v], "distance", NULL, "libc", sz, r->label);
      *o = geo_med(variants[0], "distance", NULL, "rep_movsb", sz, r->label);
    }
    if (g)
      bar_chart(k ? "distance_64K.svg" : "distance_1K.svg",
                k ? "64 KiB memmove by distance dst - src (ns per call)"
                  : "1 KiB memmove by distance dst - src (ns per call)",
                "ns per call", groups, g, sers, ns, val, 0);
  }
}

/* mismatch, fleet, large and limits: a row per case, a column per peer;
   mismatch.svg, fleet.svg and large.svg: fastmem's and the peers' times
   (large: GB/s) */
static void summary_table(FILE *f, int k) {
  static const char *const secs[] = {"mismatch", "fleet", "large", "limits"};
  static const char *const notes[] = {"", "   (fastmem ns)", "   (fastmem GB/s)",
                                      "   (fastmem / plain loop)"};
  static const char *const titles[] = {
      "memcmp / memeq, equal buffers and a KSM-like run of mismatch positions (ns per call)",
      "fleet: production size distributions, L1 and LLC working sets (ns per call)",
      "large, beyond the last-level cache (GB/s, higher is better)"};
  char groups[64][32], sers[8][32], file[32], nb[32];
  double val[64 * 8], best;
  int has[6] = {0}, v, g = 0, ns = 0;
  size_t i;
  for (i = 0; i < nrows; i++) {
    const struct crow *r = &rows[i], *l, *fm;
    double *o = &val[g * ns];
    if (!match(r, variants[0], secs[k], NULL, NULL, NULL, "libc", -1)) continue;
    if (!ns) { /* peers that measured none of these rows get no column */
      fprintf(f, "\n%-8s %-8s %-10s", secs[k], "func", "case");
      snprintf(sers[ns++], 32, "fastmem");
      for (v = 0; v < npeers; v++)
        if ((has[v] = !!find_row(peers[v].variant, secs[k], NULL, NULL, NULL, peers[v].impl, -1)))
          fprintf(f, " %12s", peers[v].name), snprintf(sers[ns++], 32, "%.23s", peers[v].name);
      fprintf(f, " %12s%s\n", "best peer", notes[k]);
      o = val;
    }
    fm = find_row(variants[0], secs[k], r->func, NULL, r->label, k == 3 ? "plain_loop" : "fastmem",
                  r->size);
    fprintf(f, "%-8s %-8s %-10s", "", r->func,
            k >= 2 ? size_str((size_t)r->size, nb, sizeof nb) : r->label);
    *o++ = fm ? (k == 2 ? fm->bpns : fm->med) : NAN;
    for (best = INFINITY, v = 0; v < npeers; v++) {
      if ((l = peer_row(v, r, NULL)) && l->ratio < best) best = l->ratio;
      if (l) fprintf(f, " %12.2f", l->ratio);
      else if (has[v]) fprintf(f, " %12s", "-");
      if (has[v]) *o++ = l ? (k == 2 ? l->bpns : l->med) : NAN;
    }
    fprintf(f, " %12.2f", best);
    if (k == 1) fprintf(f, "   %.2f", fm ? fm->med : NAN);
    if (k == 2) fprintf(f, "   %.1f %s", fm ? fm->bpns : NAN, r->label);
    if (k == 3) fprintf(f, "   %.2f", fm ? 1 / fm->ratio : NAN);
    fprintf(f, "\n");
    if (k == 2 && g < 64)
      snprintf(groups[g++], 32, "%.8s %.6s %.12s", r->func, nb,
               strcmp(r->label, "-") ? r->label : "");
    else if (k < 2 && g < 64) snprintf(groups[g++], 32, "%s %.19s", r->func, r->label);
  }
  snprintf(file, sizeof file, "%s.svg", secs[k]);
  if (g && k < 3)
    bar_chart(file, titles[k],
              k == 1 ? "ns per call"
              : k    ? "GB/s"
                     : "ns per call (log)",
              groups, g, sers, ns, val, k == 0);
}

/* Per variant, implementation, function, size and kind of class (delta,
 * offsets): the median class, the slowest against it (CLIFF above 3x: slow
 * modes are 10-50x) and the classes above 3x, runs of deltas as lo-hi; and
 * cliff_<func>_<size>[_offsets].svg, ns per class of fastmem and each peer. */
static void summary_cliff(FILE *f) {
  static const char *const kinds[] = {"delta", "offsets"}, *const ims[] = {"fastmem", "libc",
                                                                           "dpdk"};
  static const struct crow *cr[12][320];
  static struct series s[6];
  static char xl[320][16];
  int n[12], kd, op, si, v, m, i, ns, p, ncls, cliffs = 0;
  size_t r;
  fprintf(f, "\ncliff: slowest address class / median class, per implementation (CLIFF: > 3x)\n");
  for (kd = 0; kd < 2; kd++)
    for (op = 0; op < 3; op++)
      for (si = 0; si < 2; si++) {
        double sz = si ? 1048576 : 65536;
        char file[64], title[160], nb[16];
        memset(n, 0, sizeof n);
        size_str((size_t)sz, nb, sizeof nb);
        for (r = 0; r < nrows; r++) /* each variant's and implementation's classes */
          for (m = 0; m < 3; m++)
            if (match(&rows[r], NULL, "cliff", op_name[op], kinds[kd], NULL, ims[m], sz) &&
                (v = variant_index(rows[r].variant) * 3 + m) >= 0 && n[v] < 320)
              cr[v][n[v]++] = &rows[r];
        for (v = 0; v < nvariants * 3; v++) {
          double t[320], med, slow = 0;
          char slowlist[120] = "", item[48], a[16], b[16], who[40];
          int nslow = 0, len = 0, at = 0, end;
          if (!n[v]) continue;
          for (i = 0; i < n[v]; i++) t[i] = cr[v][i]->med;
          med = median_of(t, n[v]);
          for (i = 0; i < n[v]; i++) {
            const struct crow *c = cr[v][i];
            long d = kd ? -1 : c->dist;
            if (c->med > slow) slow = c->med, at = i;
            if (!(c->med > 3 * med)) continue;
            nslow++;
            /* a run of consecutive deltas prints as lo-hi */
            if (d >= 0 && i > 0 && cr[v][i - 1]->dist == d - 1 && cr[v][i - 1]->med > 3 * med)
              continue;
            for (end = i;
                 d >= 0 && end + 1 < n[v] && cr[v][end + 1]->dist == cr[v][end]->dist + 1 &&
                 cr[v][end + 1]->med > 3 * med;
                 end++) {}
            if (d < 0) snprintf(item, sizeof item, "%s", c->label);
            else snprintf(item, sizeof item, end > i ? "%ld-%ld" : "%ld", d, cr[v][end]->dist);
            if (len < 119) len += snprintf(slowlist + len, 120 - (size_t)len, " %s", item);
          }
          /* fastmem and dpdk are measured in one run: named alone */
          snprintf(who, sizeof who, "%.23s", v % 3 == 1 ? variants[v / 3] : ims[v % 3]);
          fprintf(f,
                  "%-7s  %-18s %-8s %5s %4d classes | median %9s ns, slowest %9s ns at %-8s = "
                  "%6.2fx %s",
                  kinds[kd], who, op_name[op], nb, n[v], fmt_ns(a, sizeof a, med),
                  fmt_ns(b, sizeof b, slow), cr[v][at]->label + (kd ? 0 : 5), slow / med,
                  slow / med > 3 ? "CLIFF" : "ok");
          if (nslow) fprintf(f, " (%d classes > 3x:%s)", nslow, slowlist);
          fprintf(f, "\n");
          cliffs |= slow / med > 3;
        }
        /* the chart: fastmem, then every peer (libc variants, dpdk) */
        memset(s, 0, sizeof s);
        for (ns = ncls = 0, p = -1; p < npeers; p++) {
          const char *im = p < 0 ? "fastmem" : peers[p].impl;
          v = variant_index(p < 0 ? variants[0] : peers[p].variant) * 3 + !strcmp(im, "libc") +
              2 * !strcmp(im, "dpdk");
          snprintf(s[ns].name, sizeof s[0].name, "%s", p < 0 ? "fastmem" : peers[p].name);
          s[ns].color = palette[ns];
          s[ns].dashed = p >= 1;
          for (i = 0; i < n[v]; i++)
            if (cr[v][i]->med > 0) {
              if (!ns) snprintf(xl[s[0].n], 16, "%.15s", cr[v][i]->label + (kd ? 0 : 5));
              add_point(&s[ns], s[ns].n, cr[v][i]->med);
            }
          if (p < 0) ncls = s[0].n;
          if (s[ns].n) ns++;
        }
        if (ncls < 2) continue;
        /* about 24 labels; deltas: the multiples of 16 to 128, then of 512, 4032 and the last */
        for (i = 0; i < ncls; i++) {
          long d = strtol(xl[i], NULL, 10);
          if (!(kd         ? i % ((ncls + 23) / 24) == 0
                : d <= 128 ? d % 16 == 0
                           : d % 512 == 0 || i == ncls - 1 || d == 4032))
            xl[i][0] = 0;
        }
        snprintf(file, sizeof file, "cliff_%s_%s%s.svg", op_name[op], nb, kd ? "_offsets" : "");
        snprintf(title, sizeof title,
                 "%s %s: ns per call by %s (lower is better; a spike is a slow mode)", op_name[op],
                 nb, kd ? "src % 64 / dst % 64" : "(dst - src) mod 4096");
        line_chart(file, title, "ns per call (log)", s, ns, 1, NAN, xl, ncls,
                   kd ? "src % 64 / dst % 64 (each class one step)"
                      : "(dst - src) mod 4096 (each class one step: 0-128 all, then a spread)");
      }
  fprintf(f, "%s\n",
          cliffs ? "cliff: at least one implementation has a slow mode above (CLIFF)"
                 : "cliff: no class above 3x its median in any implementation");
}

void summary(FILE *f, int runs) {
  int k;
  char each[48] = "each ratio from one run";
  if (runs > 1) snprintf(each, sizeof each, "each time the median of %d runs", runs);
  fprintf(f, "\n== summary: ratio peer time / fastmem time (> 1: fastmem faster); %s ==\n", each);
  if (find_row(NULL, "sweep", NULL, NULL, NULL, NULL, -1)) summary_sweep(f), plot_sweeps();
  summary_rows_below(f);
  if (find_row(NULL, "overlap", NULL, NULL, NULL, NULL, -1)) summary_overlap(f);
  if (find_row(NULL, "distance", NULL, NULL, NULL, NULL, -1)) summary_distance(f);
  for (k = 0; k < 4; k++) summary_table(f, k);
  if (find_row(NULL, "cliff", NULL, NULL, NULL, NULL, -1)) summary_cliff(f);
}
