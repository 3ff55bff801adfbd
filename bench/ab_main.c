/* bench/ab_main.c - A/B timing of two versions of fastmem in one process
 * (see ab.sh): for each size, batches of calls of libc, A and B take turns
 * (rotating which runs first), and the medians are compared. Same process,
 * same buffers, same moment: what differs between A and B is their code. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>

typedef long (*ab_fn)(int, unsigned char *, const unsigned char *, size_t, long);
long ab_run_libc(int, unsigned char *, const unsigned char *, size_t, long);
long ab_run_A(int, unsigned char *, const unsigned char *, size_t, long);
long ab_run_B(int, unsigned char *, const unsigned char *, size_t, long);
static const ab_fn fns[3] = { ab_run_libc, ab_run_A, ab_run_B };
static const char *const ops[] = { "memcpy", "memmove", "memset", "memcmp", "memeq" };
#define REPS 21
#define SPAN (16u << 20)

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  static const size_t def[] = { 33, 64, 65, 128, 129, 256, 257, 512, 513, 769, 1023, 2048, 4096, 16384, 65536 };
  size_t sizes[64], nsizes = 0, k;
  int op = -1, i;
  long dist = 2048 + (1L << 20); /* dst - src: 2048 mod 4096, as in the sweep */
  unsigned char *base, *s, *d;
  for (i = 1; i < argc; i++) {
    if (!strncmp(argv[i], "--dist=", 7)) dist = strtol(argv[i] + 7, NULL, 0);
    else if (op < 0) {
      for (op = 0; op < 5 && strcmp(argv[i], ops[op]); op++) {}
      if (op == 5) { fprintf(stderr, "unknown operation %s\n", argv[i]); return 2; }
    } else if (nsizes < 64) sizes[nsizes++] = strtoul(argv[i], NULL, 0);
  }
  if (op < 0) op = 0;
  if (!nsizes) for (; nsizes < sizeof def / sizeof def[0]; nsizes++) sizes[nsizes] = def[nsizes];
  base = mmap(NULL, 2 * SPAN, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED) { perror("mmap"); return 1; }
  memset(base, 0x11, 2 * SPAN);
  s = base + SPAN / 2;
  d = s + dist;
  printf("%s, dst - src = %ld: ns per call (medians of %d interleaved batches)\n", ops[op], dist, REPS);
  printf("%8s %9s %9s %9s %8s %8s %8s\n", "size", "libc", "A", "B", "libc/A", "libc/B", "A/B");
  for (k = 0; k < nsizes; k++) {
    size_t n = sizes[k];
    double t[3][REPS];
    long iters = n < 1024 ? 100000 : (long)(100000000 / n);
    int r, q;
    if ((d > s ? (size_t)(d - s) : (size_t)(s - d)) + n > SPAN / 2) { fprintf(stderr, "size too large\n"); return 2; }
    if (op >= 3) memcpy(d, s, n);
    for (q = 0; q < 3; q++) fns[q](op, d, s, n, iters); /* warm up */
    for (r = 0; r < REPS; r++)
      for (q = 0; q < 3; q++) {
        int im = (r + q) % 3;
        double t0 = now_ns();
        fns[im](op, d, s, n, iters);
        t[im][r] = (now_ns() - t0) / (double)iters;
      }
    for (q = 0; q < 3; q++) qsort(t[q], REPS, sizeof(double), cmp_double);
    printf("%8zu %9.2f %9.2f %9.2f %8.2f %8.2f %8.2f\n", n, t[0][REPS / 2], t[1][REPS / 2], t[2][REPS / 2],
           t[0][REPS / 2] / t[1][REPS / 2], t[0][REPS / 2] / t[2][REPS / 2], t[1][REPS / 2] / t[2][REPS / 2]);
  }
  return 0;
}
