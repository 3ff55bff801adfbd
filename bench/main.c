/* bench/main.c - fastmem against the system libc and DPDK (bench/README.md):
 * the options, the sections to run, the second libc baseline (glibc without
 * rep movsb / rep stosb, in a second process that appends to the CSV), and
 * the output files: results.csv, meta.txt, run_name, summary.txt and plots. */
#define _GNU_SOURCE
#include "bench.h"

#include <errno.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define SECTION_ENTRY(name) {#name, section_##name},
static const struct {
  const char *name;
  void (*fn)(void);
} sections[] = {SECTIONS(SECTION_ENTRY)};
enum { NSEC = sizeof sections / sizeof sections[0] };

/* the options, as bench/README.md explains them */
static const char usage[] =
    "usage: bench [--quick] [--section=LIST] [--out=DIR] [--libc=both|plain]\n"
    "             [--cpu-limit=MASK] [--no-hugepages] [--aslr] [--cpu=N|any] [--max-wait=S]\n"
    "             [--peers=avx2] [--report-only=DIR] [--fleet=DIR]\n"
    "sections: overlap distance mismatch sweep fleet large limits cliff (default: all)\n";

static int parse_sections(const char *list) {
  char buf[256], *tok, *save = NULL;
  snprintf(buf, sizeof buf, "%s", list);
  opt.sections = 0;
  for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    unsigned hit = !strcmp(tok, "all") ? (1u << NSEC) - 1 : 0;
    int s;
    for (s = 0; s < NSEC; s++)
      if (!strcmp(tok, sections[s].name)) hit |= 1u << s;
    if (!hit) {
      fprintf(stderr, "bench: unknown section '%s'\n", tok);
      return 0;
    }
    opt.sections |= hit;
  }
  return opt.sections != 0;
}

/* The lines of in (closed then) that do not start with skip (NULL: none),
   to f; the "runs:" line of a merge of runs (merge_runs.sh) sets *runs. */
static void copy_lines(FILE *in, FILE *f, const char *skip, int *runs) {
  char line[512];
  while (in && fgets(line, sizeof line, in)) {
    if (runs && !strncmp(line, "runs:", 5)) *runs = atoi(line + 5);
    if (!skip || strncmp(line, skip, strlen(skip))) fputs(line, f);
  }
  if (in) fclose(in);
}

/* summary.txt (after dir/meta.txt, without its line about the second run)
   and the plots, from dir's results, written to opt.out */
static int report(const char *dir) {
  char *text;
  size_t len;
  int runs = 1;
  FILE *f, *m;
  if (!read_results(out_file(dir, "results.csv", "r"))) {
    fprintf(stderr, "bench: no rows in %s/results.csv\n", dir);
    return 0;
  }
  mkdir(opt.out, 0777);
  if (!(f = out_file(opt.out, "summary.txt", "w"))) return 0;
  copy_lines(out_file(dir, "meta.txt", "r"), f, "second run:", &runs);
  if (!(m = open_memstream(&text, &len))) die("open_memstream");
  summary(m, runs); /* and the plots */
  fclose(m);
  fputs(text, stdout);
  fputs(text, f);
  free(text);
  fclose(f);
  printf("\nwrote %s/summary.txt and *.svg from %s\n", opt.out, dir);
  return 1;
}

/* This program again, with its arguments and --child, with glibc's rep
   movsb / rep stosb disabled; it stays on the parent's cpu. */
static int run_norep_child(int argc, char **argv) {
  char **av = calloc((size_t)argc + 2, sizeof *av), *tun = tunables_plus(NOREP_TUNABLES);
  int st;
  pid_t pid;
  if (!av) die("calloc");
  memcpy(av, argv, (size_t)argc * sizeof *av);
  av[argc] = "--child";
  printf("\n######## second libc baseline: GLIBC_TUNABLES=%s ########\n", tun);
  fflush(stdout);
  fflush(stderr);
  if ((pid = fork()) < 0) die("fork");
  if (pid == 0) {
    setenv("GLIBC_TUNABLES", tun, 1);
    execv("/proc/self/exe", av);
    perror("bench: exec");
    _exit(127);
  }
  free(tun);
  free(av);
  if (waitpid(pid, &st, 0) < 0) die("waitpid");
  return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

int main(int argc, char **argv) {
  char day[16], lim[24] = "";
  const char *report_only = NULL;
  double t0, t;
  time_t now = time(NULL);
  int i, s, ok = 1;
  FILE *f;
  opt.sections = (1u << NSEC) - 1;
#if !defined(__GLIBC__) || !(defined(__x86_64__) || defined(__i386__))
  opt.plain = 1; /* the second baseline is glibc's */
#endif
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    char *end;
    if (!strcmp(a, "--quick")) opt.quick = 1;
    else if (!strncmp(a, "--section=", 10)) {
      if (!parse_sections(a + 10)) return 2;
    } else if (!strncmp(a, "--out=", 6)) opt.out = a + 6;
    else if (!strncmp(a, "--libc=", 7)) opt.plain = !strcmp(a + 7, "plain");
    else if (!strncmp(a, "--cpu-limit=", 12))
      opt.have_limit = 1, opt.limit = (unsigned)strtoul(a + 12, NULL, 0);
    else if (!strcmp(a, "--no-hugepages")) opt.hugepages = 0;
    else if (!strcmp(a, "--aslr")) opt.aslr = 1;
    else if (!strcmp(a, "--cpu=any")) opt.cpu = -2;
    else if (!strncmp(a, "--cpu=", 6)) {
      long c = strtol(a + 6, &end, 10);
      if (end == a + 6 || *end || c < 0 || c > 4095) {
        fprintf(stderr, "bench: --cpu wants a cpu number or 'any'\n");
        return 2;
      }
      opt.cpu = (int)c;
    } else if (!strcmp(a, "--child")) opt.child = 1;
    else if (!strncmp(a, "--max-wait=", 11)) opt.max_wait = atof(a + 11);
    else if (!strcmp(a, "--peers=avx2")) opt.peers_avx2 = 1;
    else if (!strncmp(a, "--report-only=", 14)) report_only = a + 14;
    else {
      int help = !strcmp(a, "--help") || !strcmp(a, "-h");
      if (!help) fprintf(stderr, "bench: unknown option '%s'\n", a);
      fputs(usage, help ? stdout : stderr);
      return help ? 0 : 2;
    }
  }
  if (report_only) return report(report_only) ? 0 : 2;
  run_again(argv);
  harness_init(); /* the --child run stays on the parent's cpu */
  cpu_identify();
  dpdk = pick_dpdk();
  opt.sample_ns = opt.quick ? 40e3 : 200e3;
  opt.reps = opt.quick ? 7 : 21;
  if (opt.max_wait < 0) opt.max_wait = opt.quick ? 5 : 120;
  if (opt.child) opt.variant = "libc-norep";
  mkdir(opt.out, 0777);
  if (!(bench_csv = out_file(opt.out, "results.csv", opt.child ? "a" : "w"))) return 2;
  if (!opt.child)
    fprintf(bench_csv, "libc_variant,section,func,align,label,size,src_off,dst_off,dist,impl,"
                       "calls_per_sample,samples,median_ns,min_ns,bytes_per_ns,ratio_vs_fastmem,"
                       "spread,attempts\n");
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (!opt.child && (f = out_file(opt.out, "core.txt", "w"))) fclose(f); /* the runs' core lines */
  t0 = now_ns();
  printf("######## fastmem benchmark against libc (%s) ########\n", opt.variant);
  print_env(stdout);
  printf("each row: func, case, size | per column: ns per call, x its time / fastmem's\n");
  while (now_ns() - t0 < (opt.quick ? 3e7 : 2e8)) bench_sink++; /* the clock ramps up */
  core_share_init();
  for (s = 0; s < NSEC; s++)
    if (opt.sections & (1u << s)) {
      t = now_ns();
      sections[s].fn();
      buf_free_all();
      printf("[%s: %.2f s]\n", sections[s].name, (now_ns() - t) / 1e9);
    }
  core_share_report(stdout);
  if ((f = out_file(opt.out, "core.txt", "a"))) core_share_report(f), fclose(f);
  fclose(bench_csv);
  if (opt.child) return 0;
  if (!opt.plain && !run_norep_child(argc, argv)) {
    fprintf(stderr, "bench: the libc-norep run failed\n");
    ok = 0;
  }
  /* the directory name make bench-snapshot stores this run under */
  strftime(day, sizeof day, "%Y-%m-%d", gmtime(&now));
  if (opt.have_limit) snprintf(lim, sizeof lim, "-limit0x%x", opt.limit);
  if ((f = out_file(opt.out, "run_name", "w")))
    fprintf(f, "%s%s%s-%s\n", cpu_tag(), opt.peers_avx2 ? "-avx2peers" : "", lim, day), fclose(f);
  if ((f = out_file(opt.out, "meta.txt", "w"))) {
    print_env(f);
    copy_lines(out_file(opt.out, "core.txt", "r"), f, NULL, NULL);
    if (!opt.plain)
      fprintf(f, "second run: libc-norep with GLIBC_TUNABLES=%s%s\n",
              opt.peers_avx2 ? AVX2_TUNABLES ":" : "", NOREP_TUNABLES);
    fclose(f);
  }
  report(opt.out);
  return ok ? 0 : 1;
}
