/*
 * bench/report.c - the report: the CSV read back (both runs), the peers of
 * each row, summary.txt, the cliff table; and the report alone from a
 * committed run's directory (--report-only).  The plots are in plot.c.
 */
#include "bench.h"

#include <errno.h>
#include <sys/stat.h>

/* how many runs the rows' times are medians of (meta.txt "runs:"; 1: one run) */
static int report_runs = 1;

/* ------------------------------------------------------------------ */
/* reading the CSV back (both runs) for the summary and the plots      */

struct crow *rows;
size_t nrows;
char variants[4][24];
int nvariants;

/* The sections' names before they said what they measure, as committed
 * results.csv files still have them: old -> new. */
const char *section_rename(const char *name) {
  static const char *const names[][2] = {
      {"seed000", "overlap"},
      {"seed003", "distance"},
      {"seed004", "mismatch"},
  };
  size_t i;
  for (i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!strcmp(name, names[i][0])) return names[i][1];
  return name;
}

static void copy_field(char *dst, size_t cap, const char *src) {
  snprintf(dst, cap, "%s", src ? src : "");
}

void read_csv(const char *path) {
  FILE *f = fopen(path, "r");
  char line[512];
  size_t cap = 0;
  if (!f) return;
  while (fgets(line, sizeof line, f)) {
    char *fld[20], *p = line, *q;
    int nf = 0, v;
    struct crow *r;
    line[strcspn(line, "\r\n")] = 0;
    while (nf < 20 && p) {
      fld[nf++] = p;
      q = strchr(p, ',');
      if (q) *q++ = 0;
      p = q;
    }
    if (nf < 16 || strcmp(fld[0], "libc_variant") == 0) continue;
    if (nrows == cap) {
      cap = cap ? cap * 2 : 1024;
      rows = realloc(rows, cap * sizeof *rows);
      if (!rows) die("realloc");
    }
    r = &rows[nrows++];
    copy_field(r->variant, sizeof r->variant, fld[0]);
    copy_field(r->section, sizeof r->section, section_rename(fld[1]));
    copy_field(r->func, sizeof r->func, fld[2]);
    copy_field(r->align, sizeof r->align, fld[3]);
    copy_field(r->label, sizeof r->label, fld[4]);
    r->size = strtod(fld[5], NULL);
    r->dist = strtol(fld[8], NULL, 10);
    copy_field(r->impl, sizeof r->impl, fld[9]);
    r->med = strtod(fld[12], NULL);
    r->bpns = strtod(fld[14], NULL);
    r->ratio = strtod(fld[15], NULL);
    for (v = 0; v < nvariants; v++)
      if (strcmp(variants[v], r->variant) == 0) break;
    if (v == nvariants && nvariants < 4)
      copy_field(variants[nvariants++], sizeof variants[0], r->variant);
  }
  fclose(f);
}

/* first row matching every non-NULL key */
const struct crow *find_row(const char *variant, const char *section, const char *func,
                            const char *align, const char *label, const char *impl, double size) {
  size_t i;
  for (i = 0; i < nrows; i++) {
    const struct crow *r = &rows[i];
    if ((!variant || !strcmp(r->variant, variant)) && (!section || !strcmp(r->section, section)) &&
        (!func || !strcmp(r->func, func)) && (!align || !strcmp(r->align, align)) &&
        (!label || !strcmp(r->label, label)) && (!impl || !strcmp(r->impl, impl)) &&
        (size < 0 || r->size == size))
      return r;
  }
  return NULL;
}

/* The peers of the summary and the plots: each libc variant's libc
 * column, and the dpdk column (measured in one of the runs).  A row's best
 * peer is the one with the smallest time / fastmem's time, each ratio from
 * the run that measured it. */
struct peer peers[6];
int npeers;

void find_peers(void) {
  const struct crow *d = find_row(NULL, NULL, NULL, NULL, NULL, "dpdk", -1);
  int v;
  npeers = 0;
  for (v = 0; v < nvariants && npeers < 5; v++) {
    snprintf(peers[npeers].name, sizeof peers[0].name, "%.23s", variants[v]);
    snprintf(peers[npeers].variant, sizeof peers[0].variant, "%.23s", variants[v]);
    snprintf(peers[npeers++].impl, sizeof peers[0].impl, "libc");
  }
  if (d) {
    snprintf(peers[npeers].name, sizeof peers[0].name, "dpdk");
    snprintf(peers[npeers].variant, sizeof peers[0].variant, "%.23s", d->variant);
    snprintf(peers[npeers++].impl, sizeof peers[0].impl, "dpdk");
  }
}

/* The best peer's time / fastmem's time for fastmem's row r (NAN if no
 * peer measured it); *who gets the peer's index. */
double best_peer(const struct crow *r, int *who) {
  double best = NAN;
  int p;
  *who = -1;
  for (p = 0; p < npeers; p++) {
    const struct crow *l =
        find_row(peers[p].variant, r->section, r->func, r->align, r->label, peers[p].impl, r->size);
    if (l && l->ratio > 0 && !(l->ratio >= best)) {
      best = l->ratio;
      *who = p;
    }
  }
  return best;
}

/* ------------------------------------------------------------------ */
/* the cliff statistics (the section's own table and the summary's)    */

/* Stats over n class times; cls[i] is the class's delta (or -1: not a
 * delta, use lab[i]) */
void cliff_stats(const double *ns, const long *cls, char (*lab)[16], int n, struct cliff_stat *st) {
  double v[CLIFF_MAXCLS];
  int i, m = 0;
  size_t len = 0;
  memset(st, 0, sizeof *st);
  st->median = st->slowest = st->ratio = NAN;
  for (i = 0; i < n; i++)
    if (ns[i] > 0) v[m++] = ns[i];
  if (!m) return;
  st->median = median_of(v, m);
  st->slowest = 0;
  for (i = 0; i < n; i++) {
    if (!(ns[i] > 0)) continue;
    if (ns[i] > st->slowest) {
      st->slowest = ns[i];
      st->at = i;
    }
    if (ns[i] > 3 * st->median) {
      int run_end = i;
      st->nslow++;
      /* a run of consecutive deltas prints as lo-hi */
      if (cls[i] >= 0 && i > 0 && cls[i - 1] == cls[i] - 1 && ns[i - 1] > 3 * st->median) continue;
      while (cls[i] >= 0 && run_end + 1 < n && cls[run_end + 1] == cls[run_end] + 1 &&
             ns[run_end + 1] > 3 * st->median)
        run_end++;
      if (len < sizeof st->slow - 1) {
        if (cls[i] < 0)
          len += (size_t)snprintf(st->slow + len, sizeof st->slow - len, "%s%s", len ? " " : "",
                                  lab[i]);
        else if (run_end > i)
          len += (size_t)snprintf(st->slow + len, sizeof st->slow - len, "%s%ld-%ld",
                                  len ? " " : "", cls[i], cls[run_end]);
        else
          len += (size_t)snprintf(st->slow + len, sizeof st->slow - len, "%s%ld", len ? " " : "",
                                  cls[i]);
      }
    }
  }
  st->ratio = st->slowest / st->median;
}

void cliff_print(FILE *f, const char *who, const char *what, size_t n, int ncls,
                 const struct cliff_stat *st, const char *slowlab) {
  char nb[32], a[16], b[16];
  fmt_ns(a, sizeof a, st->median);
  fmt_ns(b, sizeof b, st->slowest);
  fprintf(f, "  %-18s %-8s %5s %4d classes | median %9s ns, slowest %9s ns at %-8s = %6.2fx %s",
          who, what, size_str(n, nb, sizeof nb), ncls, a, b, slowlab, st->ratio,
          st->ratio > 3 ? "CLIFF" : "ok");
  if (st->nslow) fprintf(f, " (%d classes > 3x: %s)", st->nslow, st->slow);
  fprintf(f, "\n");
}

int variant_index(const char *v) {
  int i;
  for (i = 0; i < nvariants; i++)
    if (!strcmp(variants[i], v)) return i;
  return -1;
}

/* geometric mean of median_ns over the matching rows (NAN if none) */
double geo_med(const char *variant, const char *section, const char *func, const char *impl,
               double size, const char *label) {
  double s = 0;
  int n = 0;
  size_t i;
  for (i = 0; i < nrows; i++) {
    const struct crow *r = &rows[i];
    if (strcmp(r->variant, variant) || strcmp(r->section, section) || strcmp(r->impl, impl) ||
        (func && strcmp(r->func, func)) || (size >= 0 && r->size != size) ||
        (label && strcmp(r->label, label)) || !(r->med > 0))
      continue;
    s += log(r->med);
    n++;
  }
  return n ? exp(s / n) : NAN;
}

/* The cliff section from the CSV: per variant, implementation, function,
 * size and kind of class (delta / offsets), the median class and the
 * slowest class against it. */
static void summary_cliff(FILE *f) {
  static const char *const kinds[] = {"delta", "offsets"};
  static const char *const ims[] = {"fastmem", "libc", "dpdk"};
  static const double sizes[] = {65536, 1048576};
  static double ns[CLIFF_MAXCLS];
  static long cls[CLIFF_MAXCLS];
  static char lab[CLIFF_MAXCLS][16];
  int v, k, m, op, si, worst_cliff = 0;
  size_t i;
  if (!find_row(NULL, "cliff", NULL, NULL, NULL, NULL, -1)) return;
  fprintf(f, "\ncliff: slowest address class / median class, per implementation (CLIFF: > 3x)\n");
  for (k = 0; k < 2; k++)
    for (op = 0; op < 3; op++)
      for (si = 0; si < 2; si++)
        for (v = 0; v < nvariants; v++)
          for (m = 0; m < 3; m++) {
            struct cliff_stat st;
            char who[40];
            int n = 0;
            for (i = 0; i < nrows && n < CLIFF_MAXCLS; i++) {
              const struct crow *r = &rows[i];
              if (strcmp(r->section, "cliff") || strcmp(r->variant, variants[v]) ||
                  strcmp(r->impl, ims[m]) || strcmp(r->func, op_name[op]) ||
                  strcmp(r->align, kinds[k]) || r->size != sizes[si])
                continue;
              ns[n] = r->med;
              cls[n] = k ? -1 : r->dist;
              snprintf(lab[n], sizeof lab[0], "%.15s", k ? r->label : r->label + 5 /* "delta" */);
              n++;
            }
            if (!n) continue;
            cliff_stats(ns, cls, lab, n, &st);
            /* fastmem and dpdk are measured in one run: name them
             * alone; libc by its variant */
            snprintf(who, sizeof who, "%.23s", m == 1 ? variants[v] : ims[m]);
            fprintf(f, "%-7s", kinds[k]);
            cliff_print(f, who, op_name[op], (size_t)sizes[si], n, &st, lab[st.at]);
            worst_cliff |= st.ratio > 3;
          }
  fprintf(f, "%s\n",
          worst_cliff ? "cliff: at least one implementation has a slow mode above (CLIFF)"
                      : "cliff: no class above 3x its median in any implementation");
}

/* ------------------------------------------------------------------ */
/* summary: ratios libc / fastmem for each libc variant                */

/* The largest ratio so far and the distance it was seen at. */
struct worst {
  double x;
  long at;
};

static void worst_keep(struct worst *w, double x, long at) {
  if (x > w->x) {
    w->x = x;
    w->at = at;
  }
}

/* The sweep's rows where fastmem is below 0.9 of the row's best peer, one
 * a line, in the order of the CSV: the list that the targets ask to have
 * each entry explained or shown to be noise (docs/performance.md). */
static void summary_rows_below(FILE *f) {
  const double limit = 0.9;
  size_t i, below = 0, all = 0;
  for (i = 0; i < nrows; i++) {
    const struct crow *r = &rows[i];
    const struct crow *p;
    char nbuf[32];
    int who;
    double x;
    if (strcmp(r->section, "sweep") || strcmp(r->variant, variants[0]) ||
        strcmp(r->impl, "fastmem"))
      continue;
    x = best_peer(r, &who);
    if (!(x > 0)) continue;
    all++;
    if (x >= limit) continue;
    /* the peer's row: its time, and fastmem's in the same process (a libc
       variant's ratio is from its own run, whose fastmem time may differ
       from the first variant's) */
    p = find_row(peers[who].variant, r->section, r->func, r->align, r->label, peers[who].impl,
                 r->size);
    if (!below++)
      fprintf(f, "\nsweep rows below %.1f of the best peer (func, align, size, ratio, best peer, "
                 "fastmem ns and the peer's ns, both from the peer's process):\n", limit);
    fprintf(f, "  %-8s %-10s %8s  %.3f  %-10s %10.2f %10.2f\n", r->func, r->align,
            size_str((size_t)r->size, nbuf, sizeof nbuf), x, peers[who].name, p->med / x, p->med);
  }
  if (all) fprintf(f, "%ssweep rows below %.1f of the best peer: %zu of %zu\n", below ? "" : "\n",
                   limit, below, all);
}

static void summary(FILE *f) {
  static const struct {
    const char *name;
    double lo, hi;
  } bands[] = {
      {"0-31", 0, 31},         {"32-256", 32, 256},        {"257-2047", 257, 2047},
      {"2K-16K", 2048, 16384}, {"16K-1M", 16385, 1048576}, {">1M", 1048577, 1e18},
  };
  const int nb = (int)(sizeof bands / sizeof bands[0]);
  int v, op, a, b, k;
  size_t i;

  if (report_runs > 1)
    fprintf(f,
            "\n== summary: ratio peer time / fastmem time (> 1: fastmem faster); each time the "
            "median of %d runs ==\n",
            report_runs);
  else
    fprintf(f, "\n== summary: ratio peer time / fastmem time (> 1: fastmem faster); each ratio "
               "from one run ==\n");
  if (find_row(NULL, "sweep", NULL, NULL, NULL, NULL, -1)) {
    /* one table per peer, then one for the best peer of each row
     * (p == npeers) */
    for (v = 0; v <= npeers; v++) {
      if (v < npeers) {
        fprintf(f, "\nsweep against %s: min / geometric mean per size band, then the slowest row\n",
                peers[v].name);
      } else {
        int p;
        fprintf(f, "\nsweep against the best peer of each row (the fastest of");
        for (p = 0; p < npeers; p++) fprintf(f, "%s %s", p ? "," : "", peers[p].name);
        fprintf(f,
                "):\nmin / geometric mean per size band, then the slowest row and its best peer\n");
      }
      fprintf(f, "%-8s %-10s", "func", "align");
      for (b = 0; b < nb; b++) fprintf(f, " %11s", bands[b].name);
      fprintf(f, "   worst\n");
      for (op = 0; op < OP_COUNT; op++)
        for (a = 0; a < 2; a++) {
          double wmin = INFINITY, wsize = 0;
          int wwho = -1, any = 0;
          char line[256];
          size_t ll =
              (size_t)snprintf(line, sizeof line, "%-8s %-10s", op_name[op], sweep_aligns[a].name);
          for (b = 0; b < nb; b++) {
            double mn = INFINITY, sl = 0;
            int n = 0;
            char cell[32];
            for (i = 0; i < nrows; i++) {
              const struct crow *r = &rows[i];
              double x;
              int who = v;
              if (strcmp(r->section, "sweep") || strcmp(r->func, op_name[op]) ||
                  strcmp(r->align, sweep_aligns[a].name) || r->size < bands[b].lo ||
                  r->size > bands[b].hi)
                continue;
              if (v < npeers) {
                if (strcmp(r->variant, peers[v].variant) || strcmp(r->impl, peers[v].impl))
                  continue;
                x = r->ratio;
              } else {
                if (strcmp(r->variant, variants[0]) || strcmp(r->impl, "fastmem")) continue;
                x = best_peer(r, &who);
              }
              if (!(x > 0)) continue;
              if (x < mn) mn = x;
              if (x < wmin) {
                wmin = x;
                wsize = r->size;
                wwho = who;
              }
              sl += log(x);
              n++;
            }
            if (n) snprintf(cell, sizeof cell, "%.2f/%.2f", mn, exp(sl / n));
            else snprintf(cell, sizeof cell, "-");
            any |= n > 0;
            if (ll < sizeof line)
              ll += (size_t)snprintf(line + ll, sizeof line - ll, " %11s", cell);
          }
          if (!any) continue; /* e.g. dpdk: copies only */
          fprintf(f, "%s", line);
          if (isfinite(wmin)) {
            char nbuf[32];
            fprintf(f, "   %.2f at %s", wmin, size_str((size_t)wsize, nbuf, sizeof nbuf));
            if (v == npeers && wwho >= 0) fprintf(f, " (%s)", peers[wwho].name);
          }
          fprintf(f, "\n");
        }
    }
  }
  summary_rows_below(f);
  if (find_row(NULL, "overlap", NULL, NULL, NULL, NULL, -1)) {
    static const size_t lens[] = {8, 32, 64, 256, 512, 1024};
    fprintf(
        f, "\noverlap (overlapping memmove, dst above src), geometric mean over 9 offset pairs:\n");
    fprintf(f, "%6s", "len");
    for (v = 0; v < nvariants; v++) fprintf(f, " %14s", variants[v]);
    fprintf(f, " %10s %10s %10s\n", "byte/fm", "movsq/fm", "4x8/fm");
    for (k = 0; k < 6; k++) {
      double sz = (double)lens[k], fm0 = geo_med(variants[0], "overlap", NULL, "fastmem", sz, NULL);
      fprintf(f, "%6zu", lens[k]);
      for (v = 0; v < nvariants; v++)
        fprintf(f, " %14.2f",
                geo_med(variants[v], "overlap", NULL, "libc", sz, NULL) /
                    geo_med(variants[v], "overlap", NULL, "fastmem", sz, NULL));
      fprintf(f, " %10.2f %10.2f %10.2f\n",
              geo_med(variants[0], "overlap", NULL, "byte_bwd", sz, NULL) / fm0,
              geo_med(variants[0], "overlap", NULL, "movsq_bwd", sz, NULL) / fm0,
              geo_med(variants[0], "overlap", NULL, "loop4x8_bwd", sz, NULL) / fm0);
    }
  }
  if (find_row(NULL, "distance", NULL, NULL, NULL, NULL, -1)) {
    fprintf(f, "\ndistance (memmove by distance dst - src): slowest distance / disjoint copy of "
               "the same size,\n"
               "aligned, then with the move's own alignments (dis-al)\n");
    for (v = 0; v < nvariants; v++)
      for (k = 0; k < 2; k++) {
        /* [fastmem, libc][against the aligned disjoint copy, against dis-al] */
        struct worst w[2][2] = {{{0, 0}, {0, 0}}, {{0, 0}, {0, 0}}};
        double sz = k ? 65536 : 1024, disj[2], mlc = INFINITY;
        disj[0] = geo_med(variants[v], "distance", NULL, "fastmem", sz, "disjoint");
        disj[1] = geo_med(variants[v], "distance", NULL, "libc", sz, "disjoint");
        for (i = 0; i < nrows; i++) {
          const struct crow *r = &rows[i];
          char al[48];
          int im = !strcmp(r->impl, "fastmem") ? 0 : !strcmp(r->impl, "libc") ? 1 : -1;
          if (im < 0 || strcmp(r->section, "distance") || strcmp(r->variant, variants[v]) ||
              r->size != sz || strncmp(r->label, "dist", 4))
            continue;
          snprintf(al, sizeof al, "disal%ld", r->dist);
          worst_keep(&w[im][0], r->med / disj[im], r->dist);
          worst_keep(&w[im][1], r->med / geo_med(variants[v], "distance", NULL, r->impl, sz, al),
                     r->dist);
          if (im == 1 && r->ratio < mlc) mlc = r->ratio;
        }
        fprintf(f,
                "  %-10s %3s: fastmem %.2fx (at %+ld), libc %.2fx (at %+ld); dis-al: fastmem %.2fx "
                "(at %+ld), libc %.2fx (at %+ld); min libc/fm %.2f\n",
                variants[v], k ? "64K" : "1K", w[0][0].x, w[0][0].at, w[1][0].x, w[1][0].at,
                w[0][1].x, w[0][1].at, w[1][1].x, w[1][1].at, mlc);
      }
  }
  for (k = 0; k < 4; k++) {
    static const char *const secs[] = {"mismatch", "random", "large", "limits"};
    static int has[6];
    int first = 1;
    for (i = 0; i < nrows; i++) {
      const struct crow *r = &rows[i];
      char nbuf[32];
      if (strcmp(r->section, secs[k]) || strcmp(r->variant, variants[0]) || strcmp(r->impl, "libc"))
        continue;
      if (first) {
        /* peers that measured none of this section's rows (dpdk
         * outside copies) get no column */
        for (v = 0; v < npeers; v++)
          has[v] = find_row(peers[v].variant, secs[k], NULL, NULL, NULL, peers[v].impl, -1) != NULL;
        fprintf(f, "\n%-8s %-8s %-10s", secs[k], "func", "case");
        for (v = 0; v < npeers; v++)
          if (has[v]) fprintf(f, " %12s", peers[v].name);
        fprintf(f, " %12s", "best peer");
        fprintf(f, "%s\n",
                k == 2   ? "   (fastmem GB/s)"
                : k == 3 ? "   (fastmem / plain loop)"
                         : "");
        first = 0;
      }
      fprintf(f, "%-8s %-8s %-10s", "", r->func,
              k >= 2 ? size_str((size_t)r->size, nbuf, sizeof nbuf) : r->label);
      {
        double best = INFINITY;
        for (v = 0; v < npeers; v++) {
          const struct crow *l =
              find_row(peers[v].variant, secs[k], r->func, NULL, r->label, peers[v].impl, r->size);
          if (l && l->ratio < best) best = l->ratio;
          if (l) fprintf(f, " %12.2f", l->ratio);
          else if (has[v]) fprintf(f, " %12s", "-");
        }
        fprintf(f, " %12.2f", best);
      }
      if (k == 2) {
        const struct crow *fm =
            find_row(variants[0], secs[k], r->func, NULL, r->label, "fastmem", r->size);
        fprintf(f, "   %.1f %s", fm ? fm->bpns : NAN, r->label);
      }
      if (k == 3) {
        const struct crow *pl =
            find_row(variants[0], secs[k], r->func, NULL, r->label, "plain_loop", r->size);
        fprintf(f, "   %.2f", pl ? 1 / pl->ratio : NAN);
      }
      fprintf(f, "\n");
    }
  }
  summary_cliff(f);
}

/* summary.txt (after the header the caller wrote to f) and stdout, and
 * the plots. */
void report_write(FILE *f) {
  summary(stdout);
  if (f) summary(f);
  plot_sweeps();
  plot_tables();
  plot_cliff();
}

/* The report alone, from a run's directory: summary.txt (its header is
 * the run's meta.txt without the line about the second run) and the plots,
 * written to opt.out. */
int report_only(const char *dir) {
  char path[600], line[512];
  FILE *m, *f;
  snprintf(path, sizeof path, "%s/results.csv", dir);
  read_csv(path);
  if (!nrows) {
    fprintf(stderr, "bench: no rows in %s\n", path);
    return 0;
  }
  find_peers();
  mkdir(opt.out, 0777);
  snprintf(path, sizeof path, "%s/summary.txt", opt.out);
  f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "bench: cannot write %s: %s\n", path, strerror(errno));
    return 0;
  }
  snprintf(path, sizeof path, "%s/meta.txt", dir);
  m = fopen(path, "r");
  if (m) {
    while (fgets(line, sizeof line, m)) {
      if (!strncmp(line, "runs:", 5)) report_runs = atoi(line + 5); /* bench/merge_runs.sh */
      if (strncmp(line, "second run:", 11)) fputs(line, f);
    }
    fclose(m);
  }
  report_write(f);
  fclose(f);
  printf("\nwrote %s/summary.txt and *.svg from %s\n", opt.out, dir);
  return 1;
}
