/* bench/plot.c - SVG charts written by hand (no gnuplot): line charts over
 * sizes or over labelled classes, and grouped bar charts. report.c gives
 * them their data; this file knows nothing of the results. */
#include "bench.h"

const char *const palette[10] = {
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
  memset(p, 0, sizeof *p);
  if (!(p->f = out_file(opt.out, name, "w"))) return 0;
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

void add_point(struct series *s, double x, double y) {
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

void line_chart(const char *file, const char *title, const char *ylabel, const struct series *s,
                int ns, int logy, double refline, char (*xl)[16], int nx, const char *xtitle) {
  struct plot p;
  double xmin = INFINITY, xmax = 0, ymin = INFINITY, ymax = 0, v;
  int i, k, e0 = 0, e1 = 0;
  char nb[32];
  for (i = 0; i < ns; i++)
    for (k = 0; k < s[i].n; k++) {
      xmin = fmin(xmin, s[i].x[k]), xmax = fmax(xmax, s[i].x[k]);
      ymin = fmin(ymin, s[i].y[k]), ymax = fmax(ymax, s[i].y[k]);
    }
  if (!(xmax > 0) || !plot_open(&p, file, title, xl ? 1100 : 980, 520)) return;
  p.logx = !xl;
  p.x0 = 0, p.x1 = nx - 1;
  if (!xl) {
    e0 = (int)floor(log2(xmin)), e1 = (int)ceil(log2(xmax));
    if (e1 <= e0) e1 = e0 + 1;
    p.x0 = ldexp(1, e0), p.x1 = ldexp(1, e1);
  }
  if (!isnan(refline)) ymin = fmin(ymin, refline), ymax = fmax(ymax, refline);
  plot_yaxis(&p, ymin, ymax, logy, ylabel);
  for (k = 0; xl && k < nx; k++)
    if (xl[k][0]) xtick(&p, plot_x(&p, k), xl[k], 1);
  for (k = e0; !xl && k <= e1; k += (e1 - e0 + 13) / 14)
    xtick(&p, plot_x(&p, ldexp(1, k)), size_str((size_t)1 << k, nb, sizeof nb), 0);
  xlabel(&p, xl ? 8 : 16, xl ? xtitle : "size (bytes, log scale)");
  if (!isnan(refline)) {
    v = plot_y(&p, refline);
    fprintf(p.f,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000000\" "
            "stroke-dasharray=\"2,2\"/>\n",
            p.L, v, p.W - p.R, v);
  }
  for (i = 0; i < ns; i++)
    if (s[i].n) plot_series(&p, &s[i], i, xl ? 1.6 : 1.8);
  plot_close(&p);
}

/* Labels wider than a group are written at an angle. */
void bar_chart(const char *file, const char *title, const char *ylabel, char (*groups)[32], int ng,
               char (*sers)[32], int nser, const double *val, int logy) {
  struct plot p;
  double lo = INFINITY, hi = 0, gw, bw, W, B;
  int g, s, rot, maxlen = 0;
  for (g = 0; g < ng * nser; g++)
    if (val[g] > 0) lo = fmin(lo, val[g]), hi = fmax(hi, val[g]);
  for (g = 0; g < ng; g++) maxlen = (int)fmax(maxlen, (double)strlen(groups[g]));
  W = fmax(760, 260 + ng * (nser * 12 + 14));
  gw = (W - 260) / ng; /* plot_open's left + right margins */
  rot = maxlen * 7 > gw - 4;
  B = rot ? 24 + maxlen * 5 : 60;
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
    else
      fprintf(p.f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", gx + gw / 2,
              p.H - p.B + 18, groups[g]);
  }
  for (s = 0; s < nser; s++) plot_legend(&p, s, sers[s], palette[s % 10], 0, 1);
  plot_close(&p);
}
