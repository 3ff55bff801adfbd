/*
 * bench/core_share.c - rows are measured while the benchmark has its core
 * to itself.
 *
 * On the shared machines we measure on, the host now and then runs other
 * work on the second hardware thread of the core our cpu runs on. The clock
 * stays where it was, but the core's issue slots are split: four
 * independent adds then take about as long as a chain of four, and code
 * with many independent operations per call slows 1.3-2x while code that
 * waits on latency barely moves. On AMD family 1Ah model 02h the AVX2
 * tier's 256-byte memcmp took 2.9 ns and glibc's 2.8 ns on a core of its
 * own, 6.1 ns and 4.3 ns on a shared one (`make bench-core-watch`; figures:
 * bench/results/amd-1ah-02h-2026-12-02-shared-core/README.md). A shared
 * period lasts seconds to minutes, so one run's ratios could be 0.7 where
 * the next one's were 0.95.
 *
 * The probe (core_probe.h): four independent add chains against one chain
 * of four adds. Their ratio does not depend on the clock; there it was
 * 0.4-0.55 on a core of its own and 0.65-0.9 on a shared one (0.38-0.46
 * alone since the loops are asm; core_probe.h). A row waits
 * (10 ms at a time) while the ratio is more than 1.5 times the least one
 * seen so far, up to 2 s a row and opt.max_wait seconds a run (--max-wait);
 * a row after which the core is found shared is measured again, once.
 * What happened is counted and written to meta.txt and the summary
 * ("core:"), with the least ratio seen: a run that never had the core to
 * itself shows it there (about 0.8 on that CPU), and its rows are counted
 * as unshared.
 */
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

/* Before a row (again: before its second measurement): wait while the
 * core is shared, up to 2 s a row and what is left of opt.max_wait. */
void core_share_wait(int again) {
  double left = opt.max_wait - waited_s, w;
  if (again) n_again++;
  else n_rows++;
  w = core_wait_unshared(&best, left < 2.0 ? left : 2.0, &bench_sink);
  if (w < 0) n_shared++;
  else if (w > 0) n_waited++;
  waited_s += w < 0 ? -w : w;
}

/* After a row: 1 if the core is shared now (it may have been during the
 * row) and there is time left to wait for it. */
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
