/*
 * bench/report.c - results.csv read back (both runs, or a merge of runs), the
 * peers of each row, and summary.txt. A row's best peer is the one with the
 * least time / fastmem's time, each ratio from the run that measured both.
 */
#include "bench.h"

struct crow *rows;
size_t nrows;
char variants[4][24];
int nvariants;
struct peer peers[6];
int npeers;

/* the sections' names before they said what they measure (old results.csv) */
const char *section_rename(const char *name) {
  static const char *const names[][2] = {
      {"seed000", "overlap"}, {"seed003", "distance"}, {"seed004", "mismatch"}};
  int i;
  for (i = 0; i < 3; i++)
    if (!strcmp(name, names[i][0])) return names[i][1];
  return name;
}

int read_results(const char *path) {
  FILE *f = fopen(path, "r");
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
    snprintf(r->variant, sizeof r->variant, "%s", fld[0]);
    snprintf(r->section, sizeof r->section, "%s", section_rename(fld[1]));
    snprintf(r->func, sizeof r->func, "%s", fld[2]);
    snprintf(r->align, sizeof r->align, "%s", fld[3]);
    snprintf(r->label, sizeof r->label, "%s", fld[4]);
    snprintf(r->impl, sizeof r->impl, "%s", fld[9]);
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
  for (v = 0; v < nvariants; v++) {
    snprintf(peers[v].name, sizeof peers[0].name, "%s", variants[v]);
    snprintf(peers[v].variant, sizeof peers[0].variant, "%s", variants[v]);
    snprintf(peers[v].impl, sizeof peers[0].impl, "libc");
  }
  npeers = nvariants;
  if ((d = find_row(NULL, NULL, NULL, NULL, NULL, "dpdk", -1))) {
    snprintf(peers[npeers].name, sizeof peers[0].name, "dpdk");
    snprintf(peers[npeers].variant, sizeof peers[0].variant, "%s", d->variant);
    snprintf(peers[npeers++].impl, sizeof peers[0].impl, "dpdk");
  }
  return nrows > 0;
}

int variant_index(const char *v) {
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

const struct crow *find_row(const char *variant, const char *section, const char *func,
                            const char *align, const char *label, const char *impl, double size) {
  size_t i;
  for (i = 0; i < nrows; i++)
    if (match(&rows[i], variant, section, func, align, label, impl, size)) return &rows[i];
  return NULL;
}

double geo_med(const char *variant, const char *section, const char *func, const char *impl,
               double size, const char *label) {
  double s = 0;
  size_t i, n = 0;
  for (i = 0; i < nrows; i++)
    if (match(&rows[i], variant, section, func, NULL, label, impl, size) && rows[i].med > 0)
      s += log(rows[i].med), n++;
  return n ? exp(s / (double)n) : NAN;
}

/* peer p's row beside fastmem's row r */
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

static void summary_sweep(FILE *f) {
  static const struct {
    const char *name;
    double lo, hi;
  } bands[] = {
      {"0-31", 0, 31},         {"32-256", 32, 256},        {"257-2047", 257, 2047},
      {"2K-16K", 2048, 16384}, {"16K-1M", 16385, 1048576}, {">1M", 1048577, 1e18},
  };
  static const char *const aligns[] = {"aligned", "misaligned"};
  int v, op, a, b, p;
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
    for (b = 0; b < 6; b++) fprintf(f, " %11s", bands[b].name);
    fprintf(f, "   worst\n");
    for (op = 0; op < OP_COUNT; op++)
      for (a = 0; a < 2; a++) {
        double wmin = INFINITY, wsize = 0;
        int wwho = -1, any = 0;
        char line[256], nb[32];
        size_t ll = (size_t)snprintf(line, sizeof line, "%-8s %-10s", op_name[op], aligns[a]);
        for (b = 0; b < 6; b++) {
          double mn = INFINITY, sl = 0;
          int n = 0;
          char cell[32] = "-";
          for (i = 0; i < nrows; i++) {
            const struct crow *r = &rows[i];
            int who;
            double x;
            if (!match(r, NULL, "sweep", op_name[op], aligns[a], NULL, NULL, -1) ||
                r->size < bands[b].lo || r->size > bands[b].hi ||
                !((x = sweep_ratio(r, v, &who)) > 0))
              continue;
            if (x < mn) mn = x;
            if (x < wmin) wmin = x, wsize = r->size, wwho = who;
            sl += log(x);
            n++;
          }
          if (n) snprintf(cell, sizeof cell, "%.2f/%.2f", mn, exp(sl / n));
          any |= n > 0;
          if (ll < sizeof line) ll += (size_t)snprintf(line + ll, sizeof line - ll, " %11s", cell);
        }
        if (!any) continue; /* e.g. dpdk: copies only */
        fprintf(f, "%s", line);
        if (isfinite(wmin)) fprintf(f, "   %.2f at %s", wmin, size_str((size_t)wsize, nb, 32));
        if (isfinite(wmin) && v == npeers && wwho >= 0) fprintf(f, " (%s)", peers[wwho].name);
        fprintf(f, "\n");
      }
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

static void summary_overlap(FILE *f) {
  static const size_t lens[] = {8, 32, 64, 256, 512, 1024};
  static const char *const loops[] = {"byte_bwd", "movsq_bwd", "loop4x8_bwd"};
  int v, k, l;
  fprintf(f,
          "\noverlap (overlapping memmove, dst above src), geometric mean over 9 offset pairs:\n");
  fprintf(f, "%6s", "len");
  for (v = 0; v < nvariants; v++) fprintf(f, " %14s", variants[v]);
  fprintf(f, " %10s %10s %10s\n", "byte/fm", "movsq/fm", "4x8/fm");
  for (k = 0; k < 6; k++) {
    double sz = (double)lens[k];
    fprintf(f, "%6zu", lens[k]);
    for (v = 0; v < nvariants; v++)
      fprintf(f, " %14.2f",
              geo_med(variants[v], "overlap", NULL, "libc", sz, NULL) /
                  geo_med(variants[v], "overlap", NULL, "fastmem", sz, NULL));
    for (l = 0; l < 3; l++)
      fprintf(f, " %10.2f",
              geo_med(variants[0], "overlap", NULL, loops[l], sz, NULL) /
                  geo_med(variants[0], "overlap", NULL, "fastmem", sz, NULL));
    fprintf(f, "\n");
  }
}

/* per variant and size, the slowest distance against the disjoint copy */
static void summary_distance(FILE *f) {
  int v, k, im, c;
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
}

/* mismatch, random, large and limits: a row per case, a column per peer */
static void summary_table(FILE *f, int k) {
  static const char *const secs[] = {"mismatch", "random", "large", "limits"};
  static const char *const notes[] = {"", "", "   (fastmem GB/s)", "   (fastmem / plain loop)"};
  int has[6] = {0}, v, first = 1;
  size_t i;
  for (i = 0; i < nrows; i++) {
    const struct crow *r = &rows[i], *l;
    double best = INFINITY;
    char nb[32];
    if (!match(r, variants[0], secs[k], NULL, NULL, NULL, "libc", -1)) continue;
    if (first) { /* peers that measured none of these rows get no column */
      fprintf(f, "\n%-8s %-8s %-10s", secs[k], "func", "case");
      for (v = 0; v < npeers; v++)
        if ((has[v] = !!find_row(peers[v].variant, secs[k], NULL, NULL, NULL, peers[v].impl, -1)))
          fprintf(f, " %12s", peers[v].name);
      fprintf(f, " %12s%s\n", "best peer", notes[k]);
      first = 0;
    }
    fprintf(f, "%-8s %-8s %-10s", "", r->func,
            k >= 2 ? size_str((size_t)r->size, nb, sizeof nb) : r->label);
    for (v = 0; v < npeers; v++) {
      if ((l = peer_row(v, r, NULL)) && l->ratio < best) best = l->ratio;
      if (l) fprintf(f, " %12.2f", l->ratio);
      else if (has[v]) fprintf(f, " %12s", "-");
    }
    fprintf(f, " %12.2f", best);
    l = find_row(variants[0], secs[k], r->func, NULL, r->label, k == 2 ? "fastmem" : "plain_loop",
                 r->size);
    if (k == 2) fprintf(f, "   %.1f %s", l ? l->bpns : NAN, r->label);
    if (k == 3) fprintf(f, "   %.2f", l ? 1 / l->ratio : NAN);
    fprintf(f, "\n");
  }
}

/* Per variant, implementation, function, size and kind of class (delta,
 * offsets): the median class, the slowest against it (CLIFF above 3x: slow
 * modes are 10-50x) and the classes above 3x, runs of deltas as lo-hi. */
static void summary_cliff(FILE *f) {
  static const char *const kinds[] = {"delta", "offsets"}, *const ims[] = {"fastmem", "libc",
                                                                           "dpdk"};
  static double ns[320], v[320];
  static const struct crow *cr[320];
  int kd, op, si, var, m, i, n, at, cliffs = 0;
  size_t r;
  if (!find_row(NULL, "cliff", NULL, NULL, NULL, NULL, -1)) return;
  fprintf(f, "\ncliff: slowest address class / median class, per implementation (CLIFF: > 3x)\n");
  for (kd = 0; kd < 2; kd++)
    for (op = 0; op < 3; op++)
      for (si = 0; si < 2; si++)
        for (var = 0; var < nvariants; var++)
          for (m = 0; m < 3; m++) {
            double med, slow = 0, sz = si ? 1048576 : 65536;
            char slowlist[120] = "", a[16], b[16], nb[16], who[40];
            int nslow = 0, len = 0;
            for (r = 0, n = 0; r < nrows && n < 320; r++)
              if (match(&rows[r], variants[var], "cliff", op_name[op], kinds[kd], NULL, ims[m], sz))
                cr[n] = &rows[r], ns[n++] = rows[r].med;
            if (!n) continue;
            for (i = 0; i < n; i++) v[i] = ns[i];
            med = median_of(v, n);
            for (i = at = 0; i < n; i++) {
              int end = i;
              long d = kd ? -1 : cr[i]->dist;
              if (ns[i] > slow) slow = ns[i], at = i;
              if (!(ns[i] > 3 * med)) continue;
              nslow++;
              /* a run of consecutive deltas prints as lo-hi */
              if (d >= 0 && i > 0 && cr[i - 1]->dist == d - 1 && ns[i - 1] > 3 * med) continue;
              while (d >= 0 && end + 1 < n && cr[end + 1]->dist == cr[end]->dist + 1 &&
                     ns[end + 1] > 3 * med)
                end++;
              if (len >= (int)sizeof slowlist - 1) continue;
              if (d < 0)
                len += snprintf(slowlist + len, sizeof slowlist - (size_t)len, "%s%s",
                                len ? " " : "", cr[i]->label);
              else if (end > i)
                len += snprintf(slowlist + len, sizeof slowlist - (size_t)len, "%s%ld-%ld",
                                len ? " " : "", d, cr[end]->dist);
              else
                len += snprintf(slowlist + len, sizeof slowlist - (size_t)len, "%s%ld",
                                len ? " " : "", d);
            }
            /* fastmem and dpdk are measured in one run: named alone */
            snprintf(who, sizeof who, "%.23s", m == 1 ? variants[var] : ims[m]);
            fprintf(f,
                    "%-7s  %-18s %-8s %5s %4d classes | median %9s ns, slowest %9s ns at %-8s = "
                    "%6.2fx %s",
                    kinds[kd], who, op_name[op], size_str((size_t)sz, nb, sizeof nb), n,
                    fmt_ns(a, sizeof a, med), fmt_ns(b, sizeof b, slow),
                    cr[at]->label + (kd ? 0 : 5), slow / med, slow / med > 3 ? "CLIFF" : "ok");
            if (nslow) fprintf(f, " (%d classes > 3x: %s)", nslow, slowlist);
            fprintf(f, "\n");
            cliffs |= slow / med > 3;
          }
  fprintf(f, "%s\n",
          cliffs ? "cliff: at least one implementation has a slow mode above (CLIFF)"
                 : "cliff: no class above 3x its median in any implementation");
}

void summary(FILE *f, int runs) {
  int k;
  if (runs > 1)
    fprintf(f,
            "\n== summary: ratio peer time / fastmem time (> 1: fastmem faster); each time the "
            "median of %d runs ==\n",
            runs);
  else
    fprintf(f, "\n== summary: ratio peer time / fastmem time (> 1: fastmem faster); each ratio "
               "from one run ==\n");
  if (find_row(NULL, "sweep", NULL, NULL, NULL, NULL, -1)) summary_sweep(f);
  summary_rows_below(f);
  if (find_row(NULL, "overlap", NULL, NULL, NULL, NULL, -1)) summary_overlap(f);
  if (find_row(NULL, "distance", NULL, NULL, NULL, NULL, -1)) summary_distance(f);
  for (k = 0; k < 4; k++) summary_table(f, k);
  summary_cliff(f);
}
