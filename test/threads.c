/* fastmem threads test: many threads race the first call (the CPU probe),
 * then call every function concurrently, each checking its results against
 * a byte reference. Built with -fsanitize=thread in CI: TSan must report
 * nothing (the probe state is read and written only with atomics).
 *
 *   threads [-t THREADS] [-r ROUNDS] [-i ITERATIONS]
 *
 * Round 0 is the program's real first call. Later rounds reset the probe
 * state to "not probed yet" while no thread runs, then race again. The last
 * phase also changes fm_cpu_limit() from the main thread while the workers
 * run (the README asks callers not to; it must still be race-free and every
 * call must be right with whichever features it read).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "fastmem.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref.h"

#define MAXN (160 * 1024) /* reaches the rep movsb window (28 KiB up) */

static int nthreads = 16, rounds = 30, iters = 50;
static pthread_barrier_t start, done;
static unsigned long total_pass, total_fail;
static unsigned seen_features[256];

typedef struct {
  int id;
  u8 *a, *b, *ref;
  unsigned long long rng;
  unsigned long pass, fail;
} worker;

static unsigned long long rnd(worker *w) {
  w->rng ^= w->rng << 13;
  w->rng ^= w->rng >> 7;
  w->rng ^= w->rng << 17;
  return w->rng;
}

static void check(worker *w, int ok, const char *what, size_t n, int x) {
  if (ok) {
    w->pass++;
    return;
  }
  w->fail++;
  if (w->fail <= 5)
    printf("FAIL thread %d: %s n=%zu (%d) [%s]\n", w->id, what, n, x, fm_path_name());
}

/* One operation of kind op on n bytes, checked. */
static void one(worker *w, int op, size_t n) {
  size_t i, off = (size_t)(rnd(w) % 64), off2 = (size_t)(rnd(w) % 64);
  u8 *a = w->a + off, *b = w->b + off2;
  for (i = 0; i < n; i += 8) a[i] = (u8)rnd(w);
  switch (op) {
  case 0: /* memcpy */
    memset(b, 0x5a, n);
    check(w, fm_memcpy(b, a, n) == b && memcmp(a, b, n) == 0, "memcpy", n, 0);
    break;
  case 1: { /* memmove, overlapping: dst = src + dist inside w->a */
    long dist = (long)(rnd(w) % 129) - 64;
    u8 *s = w->a + 64, *d = s + dist;
    memcpy(w->ref, s, n);
    check(w, fm_memmove(d, s, n) == d && memcmp(d, w->ref, n) == 0, "memmove", n, (int)dist);
    break;
  }
  case 2: { /* memset */
    int c = (int)(rnd(w) % 512) - 256;
    check(w, fm_memset(b, c, n) == b, "memset return", n, c);
    for (i = 0; i < n && b[i] == (u8)c; i++) {}
    check(w, i == n, "memset", n, c);
    break;
  }
  default: { /* memcmp and memeq, equal or one byte apart */
    size_t pos = n ? (size_t)(rnd(w) % n) : 0;
    int want, got;
    memcpy(b, a, n);
    if (n && (rnd(w) & 1)) b[pos] ^= (u8)(1 + rnd(w) % 255);
    want = ref_cmp(a, b, n);
    got = fm_memcmp(a, b, n);
    check(w, sign(got) == want, "memcmp", n, got);
    check(w, fm_memeq(a, b, n) == (want == 0), "memeq", n, want);
  }
  }
}

static size_t pick_size(worker *w) {
  unsigned r = (unsigned)(rnd(w) % 16);
  if (r < 8) return (size_t)(rnd(w) % 600);
  if (r < 14) return (size_t)(rnd(w) % 8192);
  return 64 * 1024 + (size_t)(rnd(w) % (MAXN - 64 * 1024 - 256));
}

static void *run(void *arg) {
  worker *w = (worker *)arg;
  int r, k;
  for (r = 0; r < rounds + 1; r++) {
    pthread_barrier_wait(&start);
    /* The first call of the round: every thread at once, a long path
       (n > 32) so that it reads the probe. */
    one(w, w->id % 4, 33 + (size_t)(rnd(w) % 5000));
    seen_features[w->id] = fm_cpu_features();
    for (k = 0; k < iters; k++) one(w, (int)(rnd(w) % 4), pick_size(w));
    pthread_barrier_wait(&done);
  }
  return NULL;
}

int main(int argc, char **argv) {
  pthread_t tid[256];
  worker ws[256];
  unsigned all = 0;
  int i, r, limit_phase;
  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-t") && i + 1 < argc) nthreads = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-r") && i + 1 < argc) rounds = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-i") && i + 1 < argc) iters = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: %s [-t THREADS] [-r ROUNDS] [-i ITERATIONS]\n", argv[0]);
      return 2;
    }
  }
  if (nthreads < 1 || nthreads > 256) nthreads = 16;
  pthread_barrier_init(&start, NULL, (unsigned)nthreads + 1);
  pthread_barrier_init(&done, NULL, (unsigned)nthreads + 1);
  for (i = 0; i < nthreads; i++) {
    ws[i].id = i;
    ws[i].a = (u8 *)malloc(MAXN + 256);
    ws[i].b = (u8 *)malloc(MAXN + 256);
    ws[i].ref = (u8 *)malloc(MAXN + 256);
    ws[i].rng = 0x9e3779b97f4a7c15ull * (unsigned long long)(i + 1);
    ws[i].pass = ws[i].fail = 0;
    if (!ws[i].a || !ws[i].b || !ws[i].ref) return 2;
    memset(ws[i].a, 0, MAXN + 256);
    pthread_create(&tid[i], NULL, run, &ws[i]);
  }
  /* No fastmem call from main before round 0: that round is the real first call. */
  for (r = 0; r <= rounds; r++) {
    int toggles = 0;
    if (r > 0 && r < rounds)
      __atomic_store_n(&fm__cpu_state, 0u, __ATOMIC_RELAXED); /* "not probed yet" */
    limit_phase = r == rounds;
    pthread_barrier_wait(&start);
    if (limit_phase) /* the last round: limits change under the workers' feet */
      for (toggles = 0; toggles < 200; toggles++)
        fm_cpu_limit(toggles % 3 == 0 ? 0u : toggles % 3 == 1 ? FM_CPU_SSE2 : ~0u);
    pthread_barrier_wait(&done);
    if (r == 0) {
      all = fm_cpu_features();
      printf("fastmem threads test: %d threads, %d rounds of %d calls each, features 0x%x (%s)\n",
             nthreads, rounds + 1, iters + 1, all, fm_path_name());
    }
    if (!limit_phase)
      for (i = 0; i < nthreads; i++) {
        if (seen_features[i] == all) total_pass++;
        else {
          total_fail++;
          printf("FAIL round %d thread %d saw features 0x%x, not 0x%x\n", r, i, seen_features[i],
                 all);
        }
      }
    if (limit_phase) fm_cpu_limit(~0u);
  }
  for (i = 0; i < nthreads; i++) {
    pthread_join(tid[i], NULL);
    total_pass += ws[i].pass;
    total_fail += ws[i].fail;
    free(ws[i].a);
    free(ws[i].b);
    free(ws[i].ref);
  }
  printf("%lu passed, %lu failed\n", total_pass, total_fail);
  return total_fail != 0;
}
