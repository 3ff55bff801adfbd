/* bench/core_share.c - rows are measured while the benchmark has its core to
 * itself. On shared machines the host now and then runs other work on the
 * second hardware thread of our core, for seconds to minutes: the clock stays,
 * but code with many independent operations per call slows 1.3-2x (fastmem's
 * inline paths more than glibc's calls). Before each row the probe
 * (core_probe.h) runs; while the core is shared the row waits, up to 2 s a
 * row and opt.max_wait seconds a run, and a row after which it is found
 * shared is measured again, once. The counts go to meta.txt ("core:"). */
#define _GNU_SOURCE
#include "bench.h"
#include "core_probe.h"

static double best = 1e30;                       /* least probe ratio so far: the core on its own */
static double waited_s;                          /* seconds waited in this run */
static long n_rows, n_waited, n_shared, n_again; /* counts of this run */

/* At the start of the run: a first idea of the unshared ratio. */
void core_share_init(void) {
  int k;
  for (k = 0; k < 20; k++) {
    struct timespec pause = {0, 2000000};
    double r = core_probe_ratio(&bench_sink);
    if (r < best) best = r;
    nanosleep(&pause, NULL);
  }
}

/* Before a row (again: before its second measurement). */
void core_share_wait(int again) {
  double left = opt.max_wait - waited_s, w;
  if (again) n_again++;
  else n_rows++;
  w = core_wait_unshared(&best, left < 2.0 ? left : 2.0, &bench_sink);
  if (w < 0) n_shared++;
  else if (w > 0) n_waited++;
  waited_s += w < 0 ? -w : w;
}

/* After a row: 1 if the core is shared now and there is time left to wait. */
int core_share_again(void) {
  return waited_s < opt.max_wait && core_probe_ratio(&bench_sink) > CORE_SHARED_ABOVE * best;
}

void core_share_report(FILE *f) {
  fprintf(f,
          "core:       %s: %ld rows; %ld waited until the core was unshared (%.1f s of waiting "
          "in all), %ld measured again, %ld measured while it was shared; least probe "
          "ratio %.2f\n",
          opt.variant, n_rows, n_waited, waited_s, n_again, n_shared, best);
}
