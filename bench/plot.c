/*
 * bench/plot.c - the SVG plots of the report, written by hand (no gnuplot
 * needed): line charts over sizes, grouped bar charts, and the cliff charts
 * by address class.
 */
#include "bench.h"

/* ------------------------------------------------------------------ */
/* SVG plots                                                           */

static const char *const palette[] = {
    "#1f77b4", "#d62728", "#ff7f0e", "#2ca02c", "#9467bd",
    "#8c564b", "#e377c2", "#7f7f7f", "#17becf", "#bcbd22",
};

struct plot {
  FILE *f;
  double W, H, L, R, T, B; /* canvas and margins */
  double x0, x1, y0, y1;
  int logx, logy;
};

static double plot_x(const struct plot *p, double x) {
  double t =
      p->logx ? (log(x) - log(p->x0)) / (log(p->x1) - log(p->x0)) : (x - p->x0) / (p->x1 - p->x0);
  return p->L + t * (p->W - p->L - p->R);
}

static double plot_y(const struct plot *p, double y) {
  double t;
  if (p->logy) t = (log(y) - log(p->y0)) / (log(p->y1) - log(p->y0));
  else t = (y - p->y0) / (p->y1 - p->y0);
  if (t < 0) t = 0;
  if (t > 1) t = 1;
  return p->H - p->B - t * (p->H - p->T - p->B);
}

static void xml_text(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '<') fputs("&lt;", f);
    else if (*s == '>') fputs("&gt;", f);
    else if (*s == '&') fputs("&amp;", f);
    else fputc(*s, f);
  }
}

static int plot_open(struct plot *p, const char *name, const char *title, double W, double H) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", opt.out, name);
  memset(p, 0, sizeof *p);
  p->f = fopen(path, "w");
  if (!p->f) {
    fprintf(stderr, "bench: cannot write %s\n", path);
    return 0;
  }
  p->W = W;
  p->H = H;
  p->L = 70;
  p->R = 190;
  p->T = 40;
  p->B = 60;
  fprintf(p->f,
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
          "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n"
          "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
          "<text x=\"%.0f\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">",
          W, H, W, H, (W - p->R + p->L) / 2);
  xml_text(p->f, title);
  fprintf(p->f, "</text>\n");
  return 1;
}

static void plot_close(struct plot *p) {
  fprintf(p->f, "</svg>\n");
  fclose(p->f);
}

static double nice_step(double range) {
  double raw = range / 6, mag = pow(10, floor(log10(raw))), m = raw / mag;
  return (m < 1.5 ? 1 : m < 3 ? 2 : m < 7 ? 5 : 10) * mag;
}

/* y range from data; linear axes start at 0 */
static void plot_yrange(struct plot *p, double lo, double hi, int logy) {
  p->logy = logy;
  if (!(hi > 0)) hi = 1;
  if (logy) {
    if (!(lo > 0)) lo = hi / 10;
    p->y0 = pow(10, floor(log10(lo)));
    p->y1 = pow(10, ceil(log10(hi)));
    if (p->y1 <= p->y0) p->y1 = p->y0 * 10;
  } else {
    double st = nice_step(hi * 1.05);
    p->y0 = 0;
    p->y1 = ceil(hi * 1.05 / st) * st;
  }
}

static void plot_yaxis(struct plot *p, const char *ylabel) {
  double xl = p->L, xr = p->W - p->R;
  FILE *f = p->f;
  if (p->logy) {
    int d, k, dec = (int)lround(log10(p->y1 / p->y0));
    static const double ms[] = {1, 2, 5};
    for (d = (int)floor(log10(p->y0)); d <= (int)ceil(log10(p->y1)); d++)
      for (k = 0; k < (dec <= 3 ? 3 : 1); k++) {
        double v = ms[k] * pow(10, d), y;
        if (v < p->y0 * 0.999 || v > p->y1 * 1.001) continue;
        y = plot_y(p, v);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", xl, y,
                xr, y, k ? "#eeeeee" : "#cccccc");
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", xl - 6, y + 4, v);
      }
  } else {
    double st = nice_step(p->y1 - p->y0), v;
    for (v = p->y0; v <= p->y1 + st * 0.01; v += st) {
      double y = plot_y(p, v);
      fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n", xl,
              y, xr, y);
      fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", xl - 6, y + 4,
              fabs(v) < st * 1e-6 ? 0.0 : v);
    }
  }
  fprintf(f, "<text transform=\"translate(16,%.1f) rotate(-90)\" text-anchor=\"middle\">",
          (p->T + p->H - p->B) / 2);
  xml_text(f, ylabel);
  fprintf(f, "</text>\n");
}

static void plot_frame(struct plot *p) {
  fprintf(p->f,
          "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
          "stroke=\"#444444\"/>\n",
          p->L, p->T, p->W - p->L - p->R, p->H - p->T - p->B);
}

static void plot_legend(struct plot *p, int i, const char *name, const char *color, int dashed,
                        int bar) {
  double x = p->W - p->R + 12, y = p->T + 8 + 18 * i;
  if (bar)
    fprintf(p->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"22\" height=\"10\" fill=\"%s\"/>\n", x,
            y - 5, color);
  else
    fprintf(p->f,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
            "stroke-width=\"2.5\"%s/>\n",
            x, y, x + 22, y, color, dashed ? " stroke-dasharray=\"6,3\"" : "");
  fprintf(p->f, "<text x=\"%.1f\" y=\"%.1f\">", x + 28, y + 4);
  xml_text(p->f, name);
  fprintf(p->f, "</text>\n");
}

struct series {
  char name[48];
  const char *color;
  int dashed;
  int n;
  double x[512], y[512];
};

/* Series i as a polyline of the given width, and its legend entry. */
static void plot_series(struct plot *p, const struct series *s, int i, double width) {
  int k;
  fprintf(p->f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\"%s points=\"", s->color,
          width, s->dashed ? " stroke-dasharray=\"6,3\"" : "");
  for (k = 0; k < s->n; k++) fprintf(p->f, "%.1f,%.1f ", plot_x(p, s->x[k]), plot_y(p, s->y[k]));
  fprintf(p->f, "\"/>\n");
  plot_legend(p, i, s->name, s->color, s->dashed, 0);
}

/* Line chart over sizes: log2 x axis. */
static void line_chart(const char *file, const char *title, const char *ylabel, struct series *s,
                       int ns, int logy, double refline) {
  struct plot p;
  double xmin = INFINITY, xmax = 0, ymin = INFINITY, ymax = 0, v;
  int i, k, e0, e1, step;
  for (i = 0; i < ns; i++)
    for (k = 0; k < s[i].n; k++) {
      if (s[i].x[k] < xmin) xmin = s[i].x[k];
      if (s[i].x[k] > xmax) xmax = s[i].x[k];
      if (s[i].y[k] < ymin) ymin = s[i].y[k];
      if (s[i].y[k] > ymax) ymax = s[i].y[k];
    }
  if (!(xmax > 0) || !plot_open(&p, file, title, 980, 520)) return;
  e0 = (int)floor(log2(xmin));
  e1 = (int)ceil(log2(xmax));
  if (e1 <= e0) e1 = e0 + 1;
  p.logx = 1;
  p.x0 = ldexp(1, e0);
  p.x1 = ldexp(1, e1);
  if (!isnan(refline)) {
    if (refline < ymin) ymin = refline;
    if (refline > ymax) ymax = refline;
  }
  plot_yrange(&p, ymin, ymax, logy);
  plot_yaxis(&p, ylabel);
  step = (e1 - e0 + 13) / 14;
  for (k = e0; k <= e1; k += step) {
    double x = plot_x(&p, ldexp(1, k));
    char nb[32];
    fprintf(p.f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#eeeeee\"/>\n", x,
            p.T, x, p.H - p.B);
    fprintf(p.f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", x,
            p.H - p.B + 18, size_str((size_t)1 << k, nb, sizeof nb));
  }
  fprintf(p.f,
          "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">size (bytes, log scale)</text>\n",
          (p.L + p.W - p.R) / 2, p.H - 16);
  if (!isnan(refline)) {
    v = plot_y(&p, refline);
    fprintf(p.f,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000000\" "
            "stroke-dasharray=\"2,2\"/>\n",
            p.L, v, p.W - p.R, v);
  }
  for (i = 0; i < ns; i++) {
    if (s[i].n) plot_series(&p, &s[i], i, 1.8);
  }
  plot_frame(&p);
  plot_close(&p);
}

/* Grouped bar chart: val[g * nser + s], NAN = no bar. */
static void bar_chart(const char *file, const char *title, const char *ylabel, char (*groups)[32],
                      int ng, char (*sers)[32], int nser, const double *val, int logy) {
  struct plot p;
  double lo = INFINITY, hi = 0, gw, bw, W, B;
  int g, s, rot = 0, wrap = 0, maxlen = 0, maxall = 0;
  for (g = 0; g < ng * nser; g++)
    if (!isnan(val[g]) && val[g] > 0) {
      if (val[g] < lo) lo = val[g];
      if (val[g] > hi) hi = val[g];
    }
  /* a label wider than its group is broken at spaces (up to 3 lines),
   * or, if a word is still too wide, written at an angle */
  for (g = 0; g < ng; g++) {
    int w = 0;
    const char *c;
    for (c = groups[g];; c++) {
      if (*c == ' ' || !*c) {
        if (w > maxlen) maxlen = w;
        w = 0;
        if (!*c) break;
      } else {
        w++;
      }
    }
    if ((int)strlen(groups[g]) > maxall) maxall = (int)strlen(groups[g]);
  }
  W = 260 + ng * (nser * 12 + 14);
  if (W < 760) W = 760;
  gw = (W - 260) / ng; /* plot_open's left + right margins */
  wrap = maxall * 7 > gw - 4;
  rot = maxlen * 7 > gw - 4;
  B = rot ? 24 + maxall * 5 : wrap ? 76 : 60;
  if (!(hi > 0) || !plot_open(&p, file, title, W, 420 + B)) return;
  p.B = B;
  plot_yrange(&p, lo, hi, logy);
  plot_yaxis(&p, ylabel);
  bw = gw * 0.8 / nser;
  for (g = 0; g < ng; g++) {
    double gx = p.L + g * gw;
    for (s = 0; s < nser; s++) {
      double v = val[g * nser + s], x = gx + gw * 0.1 + s * bw, y, base;
      if (isnan(v) || !(v > 0)) continue;
      y = plot_y(&p, v);
      base = plot_y(&p, p.y0);
      fprintf(p.f,
              "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
              "<title>%s %s: %.4g</title></rect>\n",
              x, y, bw * 0.92, base - y, palette[s % 10], groups[g], sers[s], v);
    }
    if (rot)
      fprintf(
          p.f,
          "<text transform=\"translate(%.1f,%.1f) rotate(-40)\" text-anchor=\"end\">%s</text>\n",
          gx + gw / 2, p.H - p.B + 14, groups[g]);
    else if (wrap) {
      char *c, line[32];
      int ln = 0;
      snprintf(line, sizeof line, "%.31s", groups[g]);
      fprintf(p.f, "<text text-anchor=\"middle\">");
      for (c = strtok(line, " "); c; c = strtok(NULL, " "), ln++)
        fprintf(p.f, "<tspan x=\"%.1f\" y=\"%.1f\">%s</tspan>", gx + gw / 2,
                p.H - p.B + 18 + 15 * ln, c);
      fprintf(p.f, "</text>\n");
    } else
      fprintf(p.f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", gx + gw / 2,
              p.H - p.B + 18, groups[g]);
  }
  for (s = 0; s < nser; s++) plot_legend(&p, s, sers[s], palette[s % 10], 0, 1);
  plot_frame(&p);
  plot_close(&p);
}

void plot_sweeps(void) {
  struct series *s = calloc(12, sizeof *s);
  int op, a, v, ns;
  size_t i;
  char file[64], title[128];
  if (!s) die("calloc");
  for (a = 0; a < 2; a++) {
    const char *al = sweep_aligns[a].name;
    for (op = 0; op < OP_COUNT; op++) {
      memset(s, 0, 12 * sizeof *s);
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
        struct series *t;
        if (strcmp(r->section, "sweep") || strcmp(r->func, op_name[op]) || strcmp(r->align, al) ||
            !(r->size > 0) || !(r->bpns > 0))
          continue;
        if (!strcmp(r->impl, "fastmem") && variant_index(r->variant) == 0) t = &s[0];
        else if (!strcmp(r->impl, "libc")) t = &s[1 + variant_index(r->variant)];
        else if (!strcmp(r->impl, "dpdk")) t = &s[1 + nvariants];
        else continue;
        if (t->n < 512) {
          t->x[t->n] = r->size;
          t->y[t->n++] = r->bpns;
        }
      }
      if (!s[0].n) continue;
      if (s[ns].n) ns++;
      snprintf(file, sizeof file, "sweep_%s_%s.svg", op_name[op], al);
      snprintf(title, sizeof title, "%s, %s: bytes per ns (higher is better)", op_name[op], al);
      line_chart(file, title, "bytes per ns", s, ns, 0, NAN);
    }
    /* ratio of every function in one chart */
    memset(s, 0, 12 * sizeof *s);
    ns = 0;
    for (op = 0; op < OP_COUNT; op++)
      for (v = 0; v < nvariants && v < 2; v++) {
        struct series *t = &s[ns++];
        snprintf(t->name, sizeof t->name, "%s %s", op_name[op], v ? "(norep)" : "");
        t->color = palette[op == 0 ? 0 : op == 1 ? 3 : op == 2 ? 1 : op == 3 ? 4 : 2];
        t->dashed = v > 0;
        for (i = 0; i < nrows; i++) {
          const struct crow *r = &rows[i];
          if (strcmp(r->section, "sweep") || strcmp(r->func, op_name[op]) || strcmp(r->align, al) ||
              strcmp(r->impl, "libc") || strcmp(r->variant, variants[v]) || !(r->size > 0) ||
              !(r->ratio > 0))
            continue;
          if (t->n < 512) {
            t->x[t->n] = r->size;
            t->y[t->n++] = r->ratio;
          }
        }
      }
    snprintf(file, sizeof file, "sweep_ratio_%s.svg", al);
    snprintf(title, sizeof title, "libc time / fastmem time, %s (above 1: fastmem faster)", al);
    line_chart(file, title, "ratio libc / fastmem (log)", s, ns, 1, 1.0);
  }
  free(s);
}

#define MAXG 64
#define MAXS 8

void plot_tables(void) {
  static char groups[MAXG][32], sers[MAXS][32];
  static double val[MAXG * MAXS];
  int g, ns, v, k, si;
  size_t i;
  const char *v0 = variants[0], *v1 = nvariants > 1 ? variants[1] : NULL;

  /* overlap: per length, geometric mean over the nine offset pairs */
  {
    static const size_t lens[] = {8, 32, 64, 256, 512, 1024};
    static const char *const hist[] = {"loop4x8_bwd", "movsq_bwd", "byte_bwd"};
    ns = 0;
    snprintf(sers[ns++], 32, "fastmem");
    snprintf(sers[ns++], 32, "%.23s", v0);
    if (v1) snprintf(sers[ns++], 32, "%.23s", v1);
    for (k = 0; k < 3; k++) snprintf(sers[ns++], 32, "%s", hist[k]);
    for (g = 0; g < 6; g++) {
      double sz = (double)lens[g];
      snprintf(groups[g], 32, "%zu B", lens[g]);
      k = 0;
      val[g * ns + k++] = geo_med(v0, "overlap", NULL, "fastmem", sz, NULL);
      val[g * ns + k++] = geo_med(v0, "overlap", NULL, "libc", sz, NULL);
      if (v1) val[g * ns + k++] = geo_med(v1, "overlap", NULL, "libc", sz, NULL);
      for (si = 0; si < 3; si++)
        val[g * ns + k++] = geo_med(v0, "overlap", NULL, hist[si], sz, NULL);
    }
    if (find_row(NULL, "overlap", NULL, NULL, NULL, NULL, -1))
      bar_chart("overlap.svg",
                "overlapping memmove, dst above src (ns per call, geo. mean of 9 offsets)",
                "ns per call (log)", groups, 6, sers, ns, val, 1);
  }
  /* distance: one chart per size, groups by distance */
  for (k = 0; k < 2; k++) {
    double sz = k ? 65536 : 1024;
    char file[32];
    ns = 0;
    snprintf(sers[ns++], 32, "fastmem");
    snprintf(sers[ns++], 32, "%.23s", v0);
    if (v1) snprintf(sers[ns++], 32, "%.23s", v1);
    snprintf(sers[ns++], 32, "rep movsb (fwd)");
    g = 0;
    for (i = 0; i < nrows && g < MAXG; i++) {
      const struct crow *r = &rows[i];
      if (strcmp(r->section, "distance") || r->size != sz || strcmp(r->variant, v0) ||
          strcmp(r->impl, "fastmem") || !strncmp(r->label, "disal", 5))
        continue;
      snprintf(groups[g], 32, "%.31s", strncmp(r->label, "dist", 4) ? r->label : r->label + 4);
      si = 0;
      val[g * ns + si++] = r->med;
      val[g * ns + si++] = geo_med(v0, "distance", NULL, "libc", sz, r->label);
      if (v1) val[g * ns + si++] = geo_med(v1, "distance", NULL, "libc", sz, r->label);
      val[g * ns + si++] = geo_med(v0, "distance", NULL, "rep_movsb", sz, r->label);
      g++;
    }
    snprintf(file, sizeof file, "distance_%s.svg", k ? "64K" : "1K");
    if (g)
      bar_chart(file,
                k ? "64 KiB memmove by distance dst - src (ns per call)"
                  : "1 KiB memmove by distance dst - src (ns per call)",
                "ns per call", groups, g, sers, ns, val, 0);
  }
  /* mismatch */
  ns = 0;
  snprintf(sers[ns++], 32, "memcmp fastmem");
  snprintf(sers[ns++], 32, "memcmp %s", v0);
  snprintf(sers[ns++], 32, "memeq fastmem");
  snprintf(sers[ns++], 32, "memeq %s", v0);
  g = 0;
  for (i = 0; i < nrows && g < MAXG; i++) {
    const struct crow *r = &rows[i];
    if (strcmp(r->section, "mismatch") || strcmp(r->variant, v0) || strcmp(r->impl, "fastmem") ||
        strcmp(r->func, "memcmp"))
      continue;
    snprintf(groups[g], 32, "%s", strcmp(r->label, "ksm") ? r->label + 5 : "KSM run");
    val[g * ns + 0] = r->med;
    val[g * ns + 1] = geo_med(v0, "mismatch", "memcmp", "libc", -1, r->label);
    val[g * ns + 2] = geo_med(v0, "mismatch", "memeq", "fastmem", -1, r->label);
    val[g * ns + 3] = geo_med(v0, "mismatch", "memeq", "libc", -1, r->label);
    g++;
  }
  if (g)
    bar_chart(
        "mismatch.svg",
        "memcmp / memeq, equal buffers and a KSM-like run of mismatch positions (ns per call)",
        "ns per call (log)", groups, g, sers, ns, val, 1);
  /* random and large: fastmem and each libc variant */
  for (k = 0; k < 2; k++) {
    const char *sec = k ? "large" : "random";
    ns = 0;
    snprintf(sers[ns++], 32, "fastmem");
    for (v = 0; v < npeers && v < MAXS - 1; v++) snprintf(sers[ns++], 32, "%.23s", peers[v].name);
    g = 0;
    for (i = 0; i < nrows && g < MAXG; i++) {
      const struct crow *r = &rows[i];
      char nb[32];
      if (strcmp(r->section, sec) || strcmp(r->variant, v0) || strcmp(r->impl, "fastmem")) continue;
      if (k)
        snprintf(groups[g], 32, "%.8s %.6s %.12s", r->func,
                 size_str((size_t)r->size, nb, sizeof nb), strcmp(r->label, "-") ? r->label : "");
      else snprintf(groups[g], 32, "%s", r->func);
      val[g * ns] = k ? r->bpns : r->med;
      for (v = 0; v < ns - 1; v++) {
        const struct crow *l =
            find_row(peers[v].variant, sec, r->func, NULL, r->label, peers[v].impl, r->size);
        val[g * ns + 1 + v] = l ? (k ? l->bpns : l->med) : NAN;
      }
      g++;
    }
    if (g)
      bar_chart(k ? "large.svg" : "random.svg",
                k ? "large, beyond the last-level cache (GB/s, higher is better)"
                  : "random sizes and offsets, most < 128 B (ns per call, lower is better)",
                k ? "GB/s" : "ns per call", groups, g, sers, ns, val, 0);
  }
}

/* ns against the class (x: the classes in measured order, evenly spaced),
 * one chart per function, size and kind; log y. */
void plot_cliff(void) {
  static const char *const kinds[] = {"delta", "offsets"};
  static const double sizes[] = {65536, 1048576};
  struct series *s = calloc(6, sizeof *s);
  int k, op, si, p, i, ns;
  size_t r;
  if (!s) die("calloc");
  for (k = 0; k < 2; k++)
    for (op = 0; op < 3; op++)
      for (si = 0; si < 2; si++) {
        struct plot pl;
        char file[64], title[160], nb[32], xl[CLIFF_MAXCLS][16];
        double lo = INFINITY, hi = 0;
        int ncls = 0, step;
        memset(s, 0, 6 * sizeof *s);
        ns = 0;
        /* fastmem, then every peer (libc variants, dpdk) */
        for (p = -1; p < npeers && ns < 6; p++) {
          struct series *t = &s[ns];
          const char *var = p < 0 ? variants[0] : peers[p].variant;
          const char *im = p < 0 ? "fastmem" : peers[p].impl;
          snprintf(t->name, sizeof t->name, "%s", p < 0 ? "fastmem" : peers[p].name);
          t->color = palette[ns];
          t->dashed = p >= 1;
          for (r = 0; r < nrows; r++) {
            const struct crow *c = &rows[r];
            if (strcmp(c->section, "cliff") || strcmp(c->variant, var) || strcmp(c->impl, im) ||
                strcmp(c->func, op_name[op]) || strcmp(c->align, kinds[k]) ||
                c->size != sizes[si] || !(c->med > 0) || t->n >= CLIFF_MAXCLS)
              continue;
            if (ns == 0) snprintf(xl[t->n], sizeof xl[0], "%.15s", k ? c->label : c->label + 5);
            t->x[t->n] = t->n;
            t->y[t->n++] = c->med;
            if (c->med < lo) lo = c->med;
            if (c->med > hi) hi = c->med;
          }
          if (p < 0) ncls = t->n;
          if (t->n) ns++;
        }
        if (ncls < 2) continue;
        snprintf(file, sizeof file, "cliff_%s_%s%s.svg", op_name[op],
                 size_str((size_t)sizes[si], nb, sizeof nb), k ? "_offsets" : "");
        snprintf(title, sizeof title,
                 "%s %s: ns per call by %s (lower is better; a spike is a slow mode)", op_name[op],
                 nb, k ? "src % 64 / dst % 64" : "(dst - src) mod 4096");
        if (!plot_open(&pl, file, title, 1100, 520)) continue;
        pl.x0 = 0;
        pl.x1 = ncls - 1;
        plot_yrange(&pl, lo, hi, 1);
        plot_yaxis(&pl, "ns per call (log)");
        /* about 24 labels; for deltas, each multiple of 16 up to 128, then
         * every label that is a multiple of 512 or the last one */
        step = (ncls + 23) / 24;
        for (i = 0; i < ncls; i++) {
          long d = strtol(xl[i], NULL, 10);
          int show = k ? i % step == 0
                       : (d <= 128 ? d % 16 == 0 : d % 512 == 0 || i == ncls - 1 || d == 4032);
          double x = plot_x(&pl, i);
          if (!show) continue;
          fprintf(pl.f,
                  "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#eeeeee\"/>\n", x,
                  pl.T, x, pl.H - pl.B);
          fprintf(pl.f,
                  "<text transform=\"translate(%.1f,%.1f) rotate(-45)\" text-anchor=\"end\" "
                  "font-size=\"10\">%s</text>\n",
                  x, pl.H - pl.B + 12, xl[i]);
        }
        fprintf(pl.f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
                (pl.L + pl.W - pl.R) / 2, pl.H - 8,
                k ? "src % 64 / dst % 64 (each class one step)"
                  : "(dst - src) mod 4096 (each class one step: 0-128 all, then a spread)");
        for (p = 0; p < ns; p++) plot_series(&pl, &s[p], p, 1.6);
        plot_frame(&pl);
        plot_close(&pl);
      }
  free(s);
}
