/*
 * bench/plot.c - the SVG plots of the rows report.c read, written by hand (no
 * gnuplot): line charts over sizes, grouped bar charts, the cliff charts by
 * address class.
 */
#include "bench.h"

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
  double t =
      p->logy ? (log(y) - log(p->y0)) / (log(p->y1) - log(p->y0)) : (y - p->y0) / (p->y1 - p->y0);
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return p->H - p->B - t * (p->H - p->T - p->B);
}

/* s as XML text between pre and post */
static void xml_text(FILE *f, const char *pre, const char *s, const char *post) {
  fputs(pre, f);
  for (; *s; s++) {
    if (*s == '<') fputs("&lt;", f);
    else if (*s == '>') fputs("&gt;", f);
    else if (*s == '&') fputs("&amp;", f);
    else fputc(*s, f);
  }
  fputs(post, f);
}

static int plot_open(struct plot *p, const char *name, const char *title, double W, double H) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", opt.out, name);
  memset(p, 0, sizeof *p);
  if (!(p->f = fopen(path, "w"))) {
    fprintf(stderr, "bench: cannot write %s\n", path);
    return 0;
  }
  p->W = W, p->H = H, p->L = 70, p->R = 190, p->T = 40, p->B = 60;
  fprintf(p->f,
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
          "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n"
          "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
          "<text x=\"%.0f\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">",
          W, H, W, H, (W - p->R + p->L) / 2);
  xml_text(p->f, "", title, "</text>\n");
  return 1;
}

/* the frame, and the end */
static void plot_close(struct plot *p) {
  fprintf(p->f,
          "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
          "stroke=\"#444444\"/>\n</svg>\n",
          p->L, p->T, p->W - p->L - p->R, p->H - p->T - p->B);
  fclose(p->f);
}

static double nice_step(double range) {
  double raw = range / 6, mag = pow(10, floor(log10(raw))), m = raw / mag;
  return (m < 1.5 ? 1 : m < 3 ? 2 : m < 7 ? 5 : 10) * mag;
}

static void hline(struct plot *p, double y, const char *color, double label) {
  fprintf(p->f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", p->L, y,
          p->W - p->R, y, color);
  fprintf(p->f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", p->L - 6, y + 4,
          label);
}

/* The y axis from the data's range: decades on a log axis, else from 0. */
static void plot_yaxis(struct plot *p, double lo, double hi, int logy, const char *ylabel) {
  double st, v;
  int d, k;
  p->logy = logy;
  if (!(hi > 0)) hi = 1;
  if (logy) {
    static const double ms[] = {1, 2, 5};
    if (!(lo > 0)) lo = hi / 10;
    p->y0 = pow(10, floor(log10(lo)));
    p->y1 = pow(10, ceil(log10(hi)));
    if (p->y1 <= p->y0) p->y1 = p->y0 * 10;
    for (d = (int)floor(log10(p->y0)); d <= (int)ceil(log10(p->y1)); d++)
      for (k = 0; k < (lround(log10(p->y1 / p->y0)) <= 3 ? 3 : 1); k++) {
        v = ms[k] * pow(10, d);
        if (v >= p->y0 * 0.999 && v <= p->y1 * 1.001)
          hline(p, plot_y(p, v), k ? "#eeeeee" : "#cccccc", v);
      }
  } else {
    st = nice_step(hi * 1.05);
    p->y0 = 0;
    p->y1 = ceil(hi * 1.05 / st) * st;
    st = nice_step(p->y1 - p->y0);
    for (v = p->y0; v <= p->y1 + st * 0.01; v += st)
      hline(p, plot_y(p, v), "#dddddd", fabs(v) < st * 1e-6 ? 0.0 : v);
  }
  fprintf(p->f, "<text transform=\"translate(16,%.1f) rotate(-90)\" text-anchor=\"middle\">",
          (p->T + p->H - p->B) / 2);
  xml_text(p->f, "", ylabel, "</text>\n");
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
  xml_text(p->f, "", name, "</text>\n");
}

/* a vertical grid line at x, and its label below the axis */
static void xtick(struct plot *p, double x, const char *label, int rotated) {
  fprintf(p->f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#eeeeee\"/>\n", x,
          p->T, x, p->H - p->B);
  if (rotated)
    fprintf(p->f,
            "<text transform=\"translate(%.1f,%.1f) rotate(-45)\" text-anchor=\"end\" "
            "font-size=\"10\">%s</text>\n",
            x, p->H - p->B + 12, label);
  else
    fprintf(p->f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", x,
            p->H - p->B + 18, label);
}

static void xlabel(struct plot *p, double y, const char *label) {
  fprintf(p->f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
          (p->L + p->W - p->R) / 2, p->H - y, label);
}

struct series {
  char name[48];
  const char *color;
  int dashed, n;
  double x[512], y[512];
};

static void add_point(struct series *s, double x, double y) {
  if (s->n < 512) s->x[s->n] = x, s->y[s->n++] = y;
}

static void plot_series(struct plot *p, const struct series *s, int i, double width) {
  int k;
  fprintf(p->f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\"%s points=\"", s->color,
          width, s->dashed ? " stroke-dasharray=\"6,3\"" : "");
  for (k = 0; k < s->n; k++) fprintf(p->f, "%.1f,%.1f ", plot_x(p, s->x[k]), plot_y(p, s->y[k]));
  fprintf(p->f, "\"/>\n");
  plot_legend(p, i, s->name, s->color, s->dashed, 0);
}

/* Line chart over sizes (log2 x axis); refline: a dashed level, or NAN. */
static void line_chart(const char *file, const char *title, const char *ylabel,
                       const struct series *s, int ns, int logy, double refline) {
  struct plot p;
  double xmin = INFINITY, xmax = 0, ymin = INFINITY, ymax = 0, v;
  int i, k, e0, e1, step;
  char nb[32];
  for (i = 0; i < ns; i++)
    for (k = 0; k < s[i].n; k++) {
      xmin = fmin(xmin, s[i].x[k]), xmax = fmax(xmax, s[i].x[k]);
      ymin = fmin(ymin, s[i].y[k]), ymax = fmax(ymax, s[i].y[k]);
    }
  if (!(xmax > 0) || !plot_open(&p, file, title, 980, 520)) return;
  e0 = (int)floor(log2(xmin));
  e1 = (int)ceil(log2(xmax));
  if (e1 <= e0) e1 = e0 + 1;
  p.logx = 1;
  p.x0 = ldexp(1, e0);
  p.x1 = ldexp(1, e1);
  if (!isnan(refline)) ymin = fmin(ymin, refline), ymax = fmax(ymax, refline);
  plot_yaxis(&p, ymin, ymax, logy, ylabel);
  step = (e1 - e0 + 13) / 14;
  for (k = e0; k <= e1; k += step)
    xtick(&p, plot_x(&p, ldexp(1, k)), size_str((size_t)1 << k, nb, sizeof nb), 0);
  xlabel(&p, 16, "size (bytes, log scale)");
  if (!isnan(refline)) {
    v = plot_y(&p, refline);
    fprintf(p.f,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000000\" "
            "stroke-dasharray=\"2,2\"/>\n",
            p.L, v, p.W - p.R, v);
  }
  for (i = 0; i < ns; i++)
    if (s[i].n) plot_series(&p, &s[i], i, 1.8);
  plot_close(&p);
}

#define MAXG 64
#define MAXS 8
static char groups[MAXG][32], sers[MAXS][32];
static double val[MAXG * MAXS];

/* Grouped bar chart of groups[0..ng) x sers[0..nser): val[g * nser + s],
 * NAN: no bar. A label wider than its group is broken at spaces, or if a
 * word is still too wide, written at an angle. */
static void bar_chart(const char *file, const char *title, const char *ylabel, int ng, int nser,
                      int logy) {
  struct plot p;
  double lo = INFINITY, hi = 0, gw, bw, W, B;
  int g, s, rot, wrap, maxword = 0, maxall = 0;
  for (g = 0; g < ng * nser; g++)
    if (val[g] > 0) lo = fmin(lo, val[g]), hi = fmax(hi, val[g]);
  for (g = 0; g < ng; g++) {
    const char *c = groups[g];
    int w;
    while (*c) {
      w = (int)strcspn(c, " ");
      if (w > maxword) maxword = w;
      c += w + (c[w] == ' ');
    }
    if ((int)strlen(groups[g]) > maxall) maxall = (int)strlen(groups[g]);
  }
  W = fmax(760, 260 + ng * (nser * 12 + 14));
  gw = (W - 260) / ng; /* plot_open's left + right margins */
  wrap = maxall * 7 > gw - 4;
  rot = maxword * 7 > gw - 4;
  B = rot ? 24 + maxall * 5 : wrap ? 76 : 60;
  if (!(hi > 0) || !plot_open(&p, file, title, W, 420 + B)) return;
  p.B = B;
  plot_yaxis(&p, lo, hi, logy, ylabel);
  bw = gw * 0.8 / nser;
  for (g = 0; g < ng; g++) {
    double gx = p.L + g * gw;
    for (s = 0; s < nser; s++) {
      double v = val[g * nser + s], x = gx + gw * 0.1 + s * bw, y = plot_y(&p, v);
      if (!(v > 0)) continue;
      fprintf(p.f,
              "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
              "<title>%s %s: %.4g</title></rect>\n",
              x, y, bw * 0.92, plot_y(&p, p.y0) - y, palette[s % 10], groups[g], sers[s], v);
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
  plot_close(&p);
}

/* sweep_<func>_<align>.svg (bytes per ns: fastmem, each libc, dpdk) and
   sweep_ratio_<align>.svg (libc / fastmem, every function) */
static void plot_sweeps(void) {
  static const char *const aligns[] = {"aligned", "misaligned"};
  static const int color[] = {0, 3, 1, 4, 2}; /* of each function's ratio */
  struct series *s = calloc(12, sizeof *s);
  int op, a, v, ns;
  size_t i;
  char file[64], title[128];
  if (!s) die("calloc");
  for (a = 0; a < 2; a++) {
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
        int k = !strcmp(r->impl, "libc")      ? 1 + variant_index(r->variant)
                : !strcmp(r->impl, "dpdk")    ? ns
                : !strcmp(r->impl, "fastmem") ? (variant_index(r->variant) ? -1 : 0)
                                              : -1;
        if (k >= 0 && !strcmp(r->section, "sweep") && !strcmp(r->func, op_name[op]) &&
            !strcmp(r->align, aligns[a]) && r->size > 0 && r->bpns > 0)
          add_point(&s[k], r->size, r->bpns);
      }
      if (!s[0].n) continue;
      snprintf(file, sizeof file, "sweep_%s_%s.svg", op_name[op], aligns[a]);
      snprintf(title, sizeof title, "%s, %s: bytes per ns (higher is better)", op_name[op],
               aligns[a]);
      line_chart(file, title, "bytes per ns", s, ns + (s[ns].n > 0), 0, NAN);
    }
    memset(s, 0, 12 * sizeof *s);
    for (ns = op = 0; op < OP_COUNT; op++)
      for (v = 0; v < nvariants && v < 2; v++, ns++) {
        snprintf(s[ns].name, sizeof s[ns].name, "%s %s", op_name[op], v ? "(norep)" : "");
        s[ns].color = palette[color[op]];
        s[ns].dashed = v > 0;
        for (i = 0; i < nrows; i++) {
          const struct crow *r = &rows[i];
          if (!strcmp(r->section, "sweep") && !strcmp(r->func, op_name[op]) &&
              !strcmp(r->align, aligns[a]) && !strcmp(r->impl, "libc") &&
              !strcmp(r->variant, variants[v]) && r->size > 0 && r->ratio > 0)
            add_point(&s[ns], r->size, r->ratio);
        }
      }
    snprintf(file, sizeof file, "sweep_ratio_%s.svg", aligns[a]);
    snprintf(title, sizeof title, "libc time / fastmem time, %s (above 1: fastmem faster)",
             aligns[a]);
    line_chart(file, title, "ratio libc / fastmem (log)", s, ns, 1, 1.0);
  }
  free(s);
}

/* the bar charts' series: fastmem and the libc of each variant, then extra */
static int libc_sers(const char *fm) {
  int v, n = 0;
  snprintf(sers[n++], 32, "%s", fm);
  for (v = 0; v < nvariants && v < 2; v++) snprintf(sers[n++], 32, "%.23s", variants[v]);
  return n;
}

static void plot_tables(void) {
  static const size_t lens[] = {8, 32, 64, 256, 512, 1024};
  static const char *const loops[] = {"loop4x8_bwd", "movsq_bwd", "byte_bwd"};
  const char *v0 = variants[0];
  int g, ns, v, k;
  size_t i;
  /* overlap: per length, the geometric mean over the nine offset pairs */
  ns = libc_sers("fastmem");
  for (k = 0; k < 3; k++) snprintf(sers[ns++], 32, "%s", loops[k]);
  for (g = 0; g < 6; g++) {
    double *o = &val[g * ns];
    snprintf(groups[g], 32, "%zu B", lens[g]);
    *o++ = geo_med(v0, "overlap", NULL, "fastmem", (double)lens[g], NULL);
    for (v = 0; v < nvariants && v < 2; v++)
      *o++ = geo_med(variants[v], "overlap", NULL, "libc", (double)lens[g], NULL);
    for (k = 0; k < 3; k++) *o++ = geo_med(v0, "overlap", NULL, loops[k], (double)lens[g], NULL);
  }
  if (find_row(NULL, "overlap", NULL, NULL, NULL, NULL, -1))
    bar_chart("overlap.svg",
              "overlapping memmove, dst above src (ns per call, geo. mean of 9 offsets)",
              "ns per call (log)", 6, ns, 1);
  /* distance: one chart per size, a group per distance */
  for (k = 0; k < 2; k++) {
    double sz = k ? 65536 : 1024;
    ns = libc_sers("fastmem");
    snprintf(sers[ns++], 32, "rep movsb (fwd)");
    for (i = g = 0; i < nrows && g < MAXG; i++) {
      const struct crow *r = &rows[i];
      double *o = &val[g * ns];
      if (strcmp(r->section, "distance") || r->size != sz || strcmp(r->variant, v0) ||
          strcmp(r->impl, "fastmem") || !strncmp(r->label, "disal", 5))
        continue;
      snprintf(groups[g++], 32, "%.31s", strncmp(r->label, "dist", 4) ? r->label : r->label + 4);
      *o++ = r->med;
      for (v = 0; v < nvariants && v < 2; v++)
        *o++ = geo_med(variants[v], "distance", NULL, "libc", sz, r->label);
      *o = geo_med(v0, "distance", NULL, "rep_movsb", sz, r->label);
    }
    if (g)
      bar_chart(k ? "distance_64K.svg" : "distance_1K.svg",
                k ? "64 KiB memmove by distance dst - src (ns per call)"
                  : "1 KiB memmove by distance dst - src (ns per call)",
                "ns per call", g, ns, 0);
  }
  /* mismatch: memcmp and memeq, fastmem and libc */
  for (ns = 0; ns < 4; ns++)
    snprintf(sers[ns], 32, "%s %s", ns < 2 ? "memcmp" : "memeq", ns & 1 ? v0 : "fastmem");
  for (i = g = 0; i < nrows && g < MAXG; i++) {
    const struct crow *r = &rows[i];
    if (strcmp(r->section, "mismatch") || strcmp(r->variant, v0) || strcmp(r->impl, "fastmem") ||
        strcmp(r->func, "memcmp"))
      continue;
    snprintf(groups[g], 32, "%s", strcmp(r->label, "ksm") ? r->label + 5 : "KSM run");
    val[g * 4] = r->med;
    for (k = 1; k < 4; k++)
      val[g * 4 + k] = geo_med(v0, "mismatch", k < 2 ? "memcmp" : "memeq",
                               k & 1 ? "libc" : "fastmem", -1, r->label);
    g++;
  }
  if (g)
    bar_chart(
        "mismatch.svg",
        "memcmp / memeq, equal buffers and a KSM-like run of mismatch positions (ns per call)",
        "ns per call (log)", g, 4, 1);
  /* random and large: fastmem and each peer */
  for (k = 0; k < 2; k++) {
    const char *sec = k ? "large" : "random";
    ns = 0;
    snprintf(sers[ns++], 32, "fastmem");
    for (v = 0; v < npeers && v < MAXS - 1; v++) snprintf(sers[ns++], 32, "%.23s", peers[v].name);
    for (i = g = 0; i < nrows && g < MAXG; i++) {
      const struct crow *r = &rows[i], *l;
      char nb[32];
      if (strcmp(r->section, sec) || strcmp(r->variant, v0) || strcmp(r->impl, "fastmem")) continue;
      if (k)
        snprintf(groups[g], 32, "%.8s %.6s %.12s", r->func,
                 size_str((size_t)r->size, nb, sizeof nb), strcmp(r->label, "-") ? r->label : "");
      else snprintf(groups[g], 32, "%s", r->func);
      val[g * ns] = k ? r->bpns : r->med;
      for (v = 0; v < ns - 1; v++) {
        l = find_row(peers[v].variant, sec, r->func, NULL, r->label, peers[v].impl, r->size);
        val[g * ns + 1 + v] = l ? (k ? l->bpns : l->med) : NAN;
      }
      g++;
    }
    if (g)
      bar_chart(k ? "large.svg" : "random.svg",
                k ? "large, beyond the last-level cache (GB/s, higher is better)"
                  : "random sizes and offsets, most < 128 B (ns per call, lower is better)",
                k ? "GB/s" : "ns per call", g, ns, 0);
  }
}

/* cliff_<func>_<size>[_offsets].svg: ns against the class (the classes in
   measured order, evenly spaced), fastmem and every peer; log y */
static void plot_cliff(void) {
  static const char *const kinds[] = {"delta", "offsets"};
  struct series *s = calloc(6, sizeof *s);
  int k, op, si, p, i, ns;
  size_t r;
  if (!s) die("calloc");
  for (k = 0; k < 2; k++)
    for (op = 0; op < 3; op++)
      for (si = 0; si < 2; si++) {
        struct plot pl;
        char file[64], title[160], nb[32], xl[320][16];
        double lo = INFINITY, hi = 0, sz = si ? 1048576 : 65536;
        int ncls = 0, step;
        memset(s, 0, 6 * sizeof *s);
        for (ns = 0, p = -1; p < npeers && ns < 6; p++) {
          struct series *t = &s[ns];
          const char *var = p < 0 ? variants[0] : peers[p].variant;
          const char *im = p < 0 ? "fastmem" : peers[p].impl;
          snprintf(t->name, sizeof t->name, "%s", p < 0 ? "fastmem" : peers[p].name);
          t->color = palette[ns];
          t->dashed = p >= 1;
          for (r = 0; r < nrows; r++) {
            const struct crow *c = &rows[r];
            if (strcmp(c->section, "cliff") || strcmp(c->variant, var) || strcmp(c->impl, im) ||
                strcmp(c->func, op_name[op]) || strcmp(c->align, kinds[k]) || c->size != sz ||
                !(c->med > 0) || t->n >= 320)
              continue;
            if (ns == 0) snprintf(xl[t->n], sizeof xl[0], "%.15s", k ? c->label : c->label + 5);
            add_point(t, t->n, c->med);
            lo = fmin(lo, c->med), hi = fmax(hi, c->med);
          }
          if (p < 0) ncls = t->n;
          if (t->n) ns++;
        }
        if (ncls < 2) continue;
        snprintf(file, sizeof file, "cliff_%s_%s%s.svg", op_name[op],
                 size_str((size_t)sz, nb, sizeof nb), k ? "_offsets" : "");
        snprintf(title, sizeof title,
                 "%s %s: ns per call by %s (lower is better; a spike is a slow mode)", op_name[op],
                 nb, k ? "src % 64 / dst % 64" : "(dst - src) mod 4096");
        if (!plot_open(&pl, file, title, 1100, 520)) continue;
        pl.x0 = 0;
        pl.x1 = ncls - 1;
        plot_yaxis(&pl, lo, hi, 1, "ns per call (log)");
        /* about 24 labels; deltas: the multiples of 16 to 128, then of 512,
           4032 and the last */
        step = (ncls + 23) / 24;
        for (i = 0; i < ncls; i++) {
          long d = strtol(xl[i], NULL, 10);
          if (k ? i % step == 0
                : (d <= 128 ? d % 16 == 0 : d % 512 == 0 || i == ncls - 1 || d == 4032))
            xtick(&pl, plot_x(&pl, i), xl[i], 1);
        }
        xlabel(&pl, 8,
               k ? "src % 64 / dst % 64 (each class one step)"
                 : "(dst - src) mod 4096 (each class one step: 0-128 all, then a spread)");
        for (p = 0; p < ns; p++) plot_series(&pl, &s[p], p, 1.6);
        plot_close(&pl);
      }
  free(s);
}

void plots(void) {
  plot_sweeps();
  plot_tables();
  plot_cliff();
}
