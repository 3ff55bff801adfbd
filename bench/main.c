/*
 * bench/main.c - measures fastmem against the system libc: the options,
 * the sections to run, the second libc baseline, and the report.
 *
 * Build and run from the repository root:  make bench | make bench-quick |
 * make bench SECTION=distance.  Or by hand:
 *     cc -O2 -I. -o bench/out/bench bench/main.c bench/harness.c bench/machine.c
 *         bench/sections_*.c bench/section_cliff.c bench/report.c bench/plot.c -lm -ldl
 *     bench/out/bench [--quick] [--section=a,b] [--out=DIR] [--libc=both|plain|norep]
 *
 * Method (one rule for every row):
 *   - libc is called through a volatile function pointer, so the compiler
 *     can neither inline nor fold it; fastmem is called as users call it:
 *     static inline, its short path expanded at the call site.
 *   - Every row times fastmem and libc (and any extra columns) interleaved:
 *     A B B A A B ... for `reps` repetitions; each sample is a batch of
 *     `iters` calls long enough that the clock (CLOCK_MONOTONIC) costs
 *     nothing measurable.  We report the median of the samples (ns per
 *     call) and the ratio libc / fastmem (> 1: fastmem is faster).
 *   - Barriers: before each call the pointers and the size go through an
 *     empty asm ("+r"), so the compiler cannot prove them loop invariant and
 *     hoist or unswitch any part of the inline code; after each call an empty
 *     asm with a "memory" clobber forces every store to happen and every load
 *     to be repeated.  Both emit no instruction.  An opaque libc call is
 *     already such a barrier for the compiler, so the same two barriers are
 *     put around the libc calls too: neither side gets an advantage (gcc
 *     turns the "+r" barriers into the same few register-to-register moves
 *     in both loops, which the CPU eliminates at rename; clang emits none).
 *   - Compare results are summed into a sink that is written to a volatile,
 *     so no call can be dropped.  Calls run back to back (throughput).
 *   - Hot rows repeat on the same buffers; the random and KSM rows walk a
 *     pre-generated table of sizes / offsets so the branch predictor cannot
 *     learn the sequence.
 *
 * Two libc baselines (--libc=both, the default with glibc on x86): the
 * process measures the libc as it is configured, then runs itself again with
 * GLIBC_TUNABLES switching off glibc's rep movsb / rep stosb, appending to the
 * same CSV with libc_variant=libc-norep.  Each run has its own fastmem column
 * measured side by side with its libc, and each ratio comes from one run.
 *
 * Output: tables on stdout, DIR/results.csv (one line per row and column),
 * DIR/summary.txt, DIR/meta.txt and SVG plots written by plot.c (no
 * gnuplot needed).  DIR defaults to bench/out.
 */
#define _GNU_SOURCE
#include "bench.h"

#include <errno.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

struct options opt;

enum section {
  S_OVERLAP,
  S_DISTANCE,
  S_MISMATCH,
  S_SWEEP,
  S_RANDOM,
  S_LARGE,
  S_LIMITS,
  S_CLIFF,
  S_COUNT
};
static const char *const section_name[S_COUNT] = {
    "overlap", "distance", "mismatch", "sweep", "random", "large", "limits", "cliff",
};

static void usage(FILE *f) {
  int s;
  fprintf(f, "usage: bench [--quick] [--section=LIST] [--out=DIR] [--libc=both|plain|norep]\n"
             "             [--cpu-limit=MASK] [--no-hugepages] [--aslr] [--cpu=N|any]\n"
             "             [--peers=best|avx2] [--max-wait=S]\n"
             "  --quick          every section briefly (smoke test)\n"
             "  --section=LIST   comma-separated, from:");
  for (s = 0; s < S_COUNT; s++) fprintf(f, " %s", section_name[s]);
  fprintf(
      f,
      "\n"
      "  --out=DIR        results.csv, summary.txt, meta.txt and *.svg (default bench/out)\n"
      "  --libc=both      also run against glibc without rep movsb/stosb (GLIBC_TUNABLES);\n"
      "                   plain: only the libc as configured; norep: only the tuned one\n"
      "  --cpu-limit=MASK call fm_cpu_limit(MASK) first (force a narrower path)\n"
      "  --no-hugepages   do not madvise(MADV_HUGEPAGE) the large buffers\n"
      "  --aslr           keep address-space randomisation (default: the benchmark\n"
      "                   re-executes itself once with a fixed layout)\n"
      "  --cpu=N          run on cpu N only (default: the one where a 4 KiB copy is\n"
      "                   fastest at the start); any: unpinned\n"
      "  --max-wait=S     seconds a run may wait, row by row, while other work shares\n"
      "                   the core (default 120, 5 with --quick; 0: never wait)\n"
      "  --peers=avx2     the peers at their AVX2 code: glibc with GLIBC_TUNABLES=\n"
      "                   " AVX2_TUNABLES ",\n"
      "                   DPDK's AVX2 build (compare with --cpu-limit=0x3b: fastmem's AVX2 tier)\n"
      "  --peers=best     the default: glibc as it picks, DPDK's best build this CPU runs\n"
      "  --report-only=DIR  measure nothing: summary.txt and *.svg from DIR/results.csv\n"
      "                   and DIR/meta.txt (a committed run), written to --out\n");
}

static int parse_sections(const char *list) {
  char buf[256], *tok, *save = NULL;
  snprintf(buf, sizeof buf, "%s", list);
  opt.sections = 0;
  for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    const char *name = section_rename(tok); /* the old names still work */
    int s, hit = 0;
    for (s = 0; s < S_COUNT; s++)
      if (!strcmp(name, section_name[s]) || (name[0] == '1' + s && !name[1])) {
        opt.sections |= 1u << s;
        hit = 1;
      }
    if (!strcmp(name, "all")) {
      opt.sections = (1u << S_COUNT) - 1;
      hit = 1;
    }
    if (!hit) {
      fprintf(stderr, "bench: unknown section '%s'\n", tok);
      return 0;
    }
  }
  return opt.sections != 0;
}

static void run_sections(void) {
  static void (*const fns[S_COUNT])(void) = {
      section_overlap, section_distance, section_mismatch, section_sweep,
      section_random,  section_large,    section_limits,   section_cliff,
  };
  double t0 = now_ns(), t;
  int s;
  /* let the clock ramp up before the first row */
  while (now_ns() - t0 < (opt.quick ? 3e7 : 2e8)) bench_sink++;
  core_share_init();
  for (s = 0; s < S_COUNT; s++)
    if (opt.sections & (1u << s)) {
      t = now_ns();
      fns[s]();
      printf("[%s: %.2f s]\n", section_name[s], (now_ns() - t) / 1e9);
      fflush(stdout);
    }
}

/* The lines of core_share_report() that this run's processes wrote. */
static void copy_core_lines(FILE *f) {
  char path[600], line[512];
  FILE *c;
  snprintf(path, sizeof path, "%s/core.txt", opt.out);
  c = fopen(path, "r");
  if (!c) return;
  while (fgets(line, sizeof line, c)) fputs(line, f);
  fclose(c);
}

/* Run this program again with glibc's rep movsb / rep stosb disabled. */
static int run_norep_child(const char *self) {
  char secs[256] = "", lim[32], outarg[600], wait[48];
  const char *argv[18];
  const char *old = getenv("GLIBC_TUNABLES");
  char *tun;
  int argc = 0, s, st;
  pid_t pid;
  size_t len;
  for (s = 0; s < S_COUNT; s++)
    if (opt.sections & (1u << s)) {
      len = strlen(secs);
      snprintf(secs + len, sizeof secs - len, "%s%s", len ? "," : "--section=", section_name[s]);
    }
  argv[argc++] = self;
  argv[argc++] = "--child";
  argv[argc++] = secs;
  snprintf(outarg, sizeof outarg, "--out=%s", opt.out);
  argv[argc++] = outarg;
  if (opt.quick) argv[argc++] = "--quick";
  if (!opt.hugepages) argv[argc++] = "--no-hugepages";
  if (opt.aslr) argv[argc++] = "--aslr";
  if (opt.pinned < 0) argv[argc++] = "--cpu=any"; /* else it inherits the parent's cpu */
  if (opt.have_limit) {
    snprintf(lim, sizeof lim, "--cpu-limit=0x%x", opt.limit);
    argv[argc++] = lim;
  }
  if (opt.peers_avx2) argv[argc++] = "--peers=avx2";
  snprintf(wait, sizeof wait, "--max-wait=%g", opt.max_wait);
  argv[argc++] = wait;
  if (opt.libc_mode == LM_NOREP) argv[argc++] = "--extra-cols"; /* the only run: it measures them */
  argv[argc] = NULL;
  len = strlen(NOREP_TUNABLES) + (old ? strlen(old) + 1 : 0) + 1;
  tun = malloc(len);
  if (!tun) die("malloc");
  snprintf(tun, len, "%s%s%s", old ? old : "", old ? ":" : "", NOREP_TUNABLES);
  printf("\n######## second libc baseline: GLIBC_TUNABLES=%s ########\n", tun);
  fflush(stdout);
  fflush(stderr);
  pid = fork();
  if (pid < 0) die("fork");
  if (pid == 0) {
    setenv("GLIBC_TUNABLES", tun, 1);
    execv(self, (char *const *)argv);
    perror("bench: exec");
    _exit(127);
  }
  free(tun);
  if (waitpid(pid, &st, 0) < 0) die("waitpid");
  return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

int main(int argc, char **argv) {
  char path[600], core_path[600], self[512];
  int i, ok = 1;
  ssize_t sl;
  FILE *f;

  opt.out = "bench/out";
  opt.sections = (1u << S_COUNT) - 1;
  opt.hugepages = 1;
  opt.variant = "libc";
  opt.cpu = -1;
  opt.max_wait = -1;
#if defined(__GLIBC__) && BENCH_X86
  opt.libc_mode = LM_BOTH;
#else
  opt.libc_mode = LM_PLAIN;
#endif
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--quick")) opt.quick = 1;
    else if (!strncmp(a, "--section=", 10)) {
      if (!parse_sections(a + 10)) return 2;
    } else if (!strncmp(a, "--out=", 6)) opt.out = a + 6;
    else if (!strcmp(a, "--libc=both")) opt.libc_mode = LM_BOTH;
    else if (!strcmp(a, "--libc=plain")) opt.libc_mode = LM_PLAIN;
    else if (!strcmp(a, "--libc=norep")) opt.libc_mode = LM_NOREP;
    else if (!strncmp(a, "--cpu-limit=", 12)) {
      opt.have_limit = 1;
      opt.limit = (unsigned)strtoul(a + 12, NULL, 0);
    } else if (!strcmp(a, "--no-hugepages")) opt.hugepages = 0;
    else if (!strcmp(a, "--aslr")) opt.aslr = 1;
    else if (!strcmp(a, "--cpu=any")) opt.cpu = -2;
    else if (!strncmp(a, "--cpu=", 6)) {
      char *end;
      long c = strtol(a + 6, &end, 10);
      if (end == a + 6 || *end || c < 0 || c > 4095) {
        fprintf(stderr, "bench: --cpu wants a cpu number or 'any'\n");
        return 2;
      }
      opt.cpu = (int)c;
    } else if (!strcmp(a, "--child")) opt.child = 1;
    else if (!strcmp(a, "--extra-cols")) opt.extra_cols = 1;
    else if (!strncmp(a, "--max-wait=", 11)) opt.max_wait = atof(a + 11);
    else if (!strcmp(a, "--peers=avx2")) opt.peers_avx2 = 1;
    else if (!strcmp(a, "--peers=best")) opt.peers_avx2 = 0;
    else if (!strncmp(a, "--report-only=", 14)) opt.report_only = a + 14;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else {
      fprintf(stderr, "bench: unknown option '%s'\n", a);
      usage(stderr);
      return 2;
    }
  }
  if (opt.report_only) return report_only(opt.report_only) ? 0 : 2;
  if (!opt.child) opt.extra_cols = 1;
  if (opt.peers_avx2) avx2_peers(argv);
  if (!opt.aslr) fix_layout(argv);
  pin_cpu(); /* the --child run inherits the parent's cpu */
  cpu_identify();
  dpdk = pick_dpdk();
  opt.sample_ns = opt.quick ? 40e3 : 200e3;
  opt.reps = opt.quick ? 7 : 21;
  if (opt.max_wait < 0) opt.max_wait = opt.quick ? 5 : 120;
  if (opt.have_limit) bench_fm_limit(opt.limit);
  libc_setup();
  if (opt.child) opt.variant = "libc-norep";
  mkdir(opt.out, 0777);
  snprintf(path, sizeof path, "%s/results.csv", opt.out);
  if (!csv_open(path, opt.child)) {
    fprintf(stderr, "bench: cannot write %s: %s\n", path, strerror(errno));
    return 2;
  }
  setvbuf(stdout, NULL, _IOLBF, 0);

  snprintf(core_path, sizeof core_path, "%s/core.txt", opt.out);
  if (!opt.child) remove(core_path);
  if (opt.child || opt.libc_mode != LM_NOREP) {
    printf("######## fastmem benchmark against libc (%s) ########\n", opt.variant);
    print_env(stdout);
    run_sections();
    core_share_report(stdout);
    f = fopen(core_path, "a");
    if (f) {
      core_share_report(f);
      fclose(f);
    }
  }
  csv_close();
  if (opt.child) return 0;

  if (opt.libc_mode != LM_PLAIN) {
    sl = readlink("/proc/self/exe", self, sizeof self - 1);
    if (sl > 0) self[sl] = 0;
    else snprintf(self, sizeof self, "%s", argv[0]);
    if (!run_norep_child(self)) {
      fprintf(stderr, "bench: the %s run failed\n", "libc-norep");
      ok = 0;
    }
  }

  read_csv(path);
  find_peers();
  /* the directory name make bench-snapshot stores this run under:
   * the CPU's tag, what was forced, the day */
  snprintf(path, sizeof path, "%s/run_name", opt.out);
  f = fopen(path, "w");
  if (f) {
    char day[16];
    time_t now = time(NULL);
    strftime(day, sizeof day, "%Y-%m-%d", gmtime(&now));
    fprintf(f, "%s%s", cpu_tag(), opt.peers_avx2 ? "-avx2peers" : "");
    if (opt.have_limit) fprintf(f, "-limit0x%x", opt.limit);
    fprintf(f, "-%s\n", day);
    fclose(f);
  }
  snprintf(path, sizeof path, "%s/meta.txt", opt.out);
  f = fopen(path, "w");
  if (f) {
    print_env(f);
    copy_core_lines(f);
    if (opt.libc_mode != LM_PLAIN)
      fprintf(f, "second run: libc-norep with GLIBC_TUNABLES=%s%s\n",
              opt.peers_avx2 ? AVX2_TUNABLES ":" : "", NOREP_TUNABLES);
    fclose(f);
  }
  if (nrows) {
    snprintf(path, sizeof path, "%s/summary.txt", opt.out);
    f = fopen(path, "w");
    if (f) {
      print_env(f);
      copy_core_lines(f);
    }
    report_write(f);
    if (f) fclose(f);
    printf("\nwrote %s/results.csv, summary.txt, meta.txt and *.svg\n", opt.out);
  }
  fprintf(stderr, "%s", bench_sink == 42 ? " " : "");
  return ok ? 0 : 1;
}
