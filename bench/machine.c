/* bench/machine.c - what the benchmark runs on and how: the CPU (CPUID, the
 * features that decide the paths, the tag that names a run), the environment
 * printed with every figure, a fixed address layout, and the peers' builds
 * (DPDK's object per ISA, glibc at its AVX2 code). */
#define _GNU_SOURCE
#include "bench.h"

#include <errno.h>
#include <unistd.h>
#include <sys/utsname.h>
#ifdef __linux__
#include <sys/personality.h>
#endif
#ifdef __GLIBC__
#include <gnu/libc-version.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#ifdef BENCH_HAVE_DPDK
PEER_DECLARE(avx512)
PEER_DECLARE(avx2)
PEER_DECLARE(sse)
#define PEER_BUILD(isa)                                                                            \
  {                                                                                                \
#isa, BENCH_DPDK_FLAGS_##isa, bench_dpdk_fixed_##isa, bench_dpdk_table_##isa,                  \
        bench_dpdk_version_##isa                                                                   \
  }
static const struct peer_build dpdk_builds[] = {PEER_BUILD(avx512), PEER_BUILD(avx2),
                                                PEER_BUILD(sse)};
#endif

static int layout_fixed(void) {
#ifdef __linux__
  int p = personality(0xffffffff);
  return p != -1 && (p & ADDR_NO_RANDOMIZE);
#else
  return 0;
#endif
}

/* The process runs itself again, once, where it must start otherwise: with
 * address-space randomisation off (unless --aslr; as `setarch -R` does), as
 * the layout alone moved some small-size rows by up to 2x from one process
 * to the next (4K aliasing, predictor aliasing between code addresses); and
 * for --peers=avx2 with glibc's AVX-512 functions masked, as glibc reads
 * its tunables when a process starts. */
void run_again(char **argv) {
  const char *old = getenv("GLIBC_TUNABLES");
  int again = 0;
#ifdef __linux__
  int p = personality(0xffffffff);
  if (!opt.aslr && p != -1 && !(p & ADDR_NO_RANDOMIZE) && !getenv("FASTMEM_BENCH_REEXEC") &&
      personality((unsigned long)(p | ADDR_NO_RANDOMIZE)) != -1)
    again = 1, setenv("FASTMEM_BENCH_REEXEC", "1", 1);
#endif
  if (opt.peers_avx2 && !(old && strstr(old, AVX2_TUNABLES)))
    again = 1, setenv("GLIBC_TUNABLES", tunables_plus(AVX2_TUNABLES), 1);
  if (!again) return;
  fflush(stdout);
  execv("/proc/self/exe", argv);
  fprintf(stderr, "bench: cannot run again: %s\n", strerror(errno));
  exit(2);
}

/* The CPU, printed with every figure; its tag (vendor-family-model, e.g.
 * amd-19h-01h, or the architecture without CPUID) names the run. */
static struct {
  char vendor[16], name[80], tag[48], features[160];
  unsigned family, model, stepping;
} cpu_id;

void cpu_identify(void) {
  struct utsname u;
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[256];
  snprintf(cpu_id.name, sizeof cpu_id.name, "%s", uname(&u) == 0 ? u.machine : "unknown");
  snprintf(cpu_id.tag, sizeof cpu_id.tag, "%.40s", cpu_id.name);
  snprintf(cpu_id.features, sizeof cpu_id.features, "(no CPUID)");
  while (f && fgets(line, sizeof line, f)) {
    char *c = strchr(line, ':');
    if (c && (!strncmp(line, "model name", 10) || !strncmp(line, "cpu\t", 4) ||
              !strncmp(line, "Model\t", 6))) {
      c += 1 + strspn(c + 1, " \t");
      c[strcspn(c, "\n")] = 0;
      snprintf(cpu_id.name, sizeof cpu_id.name, "%s", c);
      break;
    }
  }
  if (f) fclose(f);
#if defined(__x86_64__) || defined(__i386__)
  {
    static const struct {
      const char *name;
      int reg; /* 0: leaf 1 EDX, 1: leaf 7 EBX, 2: leaf 7 EDX */
      unsigned bit;
    } feats[] = {
        {"sse2", 0, 26},     {"avx2", 1, 5}, {"avx512f", 1, 16}, {"avx512bw", 1, 30},
        {"avx512vl", 1, 31}, {"erms", 1, 9}, {"fsrm", 2, 4},
    };
    unsigned a, b, c, d, w[3] = {0, 0, 0}, br[13] = {0};
    char have[96] = "", lack[96] = "", *v, *nm = (char *)br;
    size_t i, len;
    if ((unsigned)__get_cpuid_max(0, NULL) < 1) return;
    __cpuid(0, a, b, c, d);
    snprintf(cpu_id.vendor, 13, "%.4s%.4s%.4s", (char *)&b, (char *)&d, (char *)&c);
    __cpuid(1, a, b, c, w[0]);
    cpu_id.stepping = a & 15;
    cpu_id.family = (a >> 8) & 15;
    cpu_id.model = (a >> 4) & 15;
    if (cpu_id.family == 15) cpu_id.family += (a >> 20) & 0xff;
    if (cpu_id.family == 6 || cpu_id.family >= 15) cpu_id.model += ((a >> 16) & 15) << 4;
    if ((unsigned)__get_cpuid_max(0, NULL) >= 7) __cpuid_count(7, 0, a, w[1], c, w[2]);
    for (i = 0; i < sizeof feats / sizeof feats[0]; i++) {
      char *o = (w[feats[i].reg] >> feats[i].bit) & 1 ? have : lack;
      len = strlen(o);
      snprintf(o + len, 96 - len, "%s%s", len ? " " : "", feats[i].name);
    }
    snprintf(cpu_id.features, sizeof cpu_id.features, "%s%s%s", have, lack[0] ? "; not: " : "",
             lack);
    if ((unsigned)__get_cpuid_max(0x80000000u, NULL) >= 0x80000004u) {
      for (i = 0; i < 3; i++)
        __cpuid(0x80000002u + (unsigned)i, br[4 * i], br[4 * i + 1], br[4 * i + 2], br[4 * i + 3]);
      nm += strspn(nm, " ");
      if (*nm) snprintf(cpu_id.name, sizeof cpu_id.name, "%s", nm);
    }
    v = !strcmp(cpu_id.vendor, "GenuineIntel")   ? "intel"
        : !strcmp(cpu_id.vendor, "AuthenticAMD") ? "amd"
        : !strcmp(cpu_id.vendor, "HygonGenuine") ? "hygon"
                                                 : "x86";
    snprintf(cpu_id.tag, sizeof cpu_id.tag, "%s-%02xh-%02xh", v, cpu_id.family, cpu_id.model);
  }
#endif
}

const char *cpu_tag(void) { return cpu_id.tag; }

static const char *dpdk_missing = "no dpdk column: rte_memcpy.h was not found at build time";

void print_env(FILE *f) {
  const char *tun = getenv("GLIBC_TUNABLES");
  struct utsname u;
  char day[32], fm[64];
  time_t now = time(NULL);
  strftime(day, sizeof day, "%Y-%m-%d %H:%M UTC", gmtime(&now));
  fprintf(f, "date:       %s\n", day);
  fprintf(f, "cpu:        %s, %ld cpus online\n", cpu_id.name, sysconf(_SC_NPROCESSORS_ONLN));
  if (cpu_id.vendor[0])
    fprintf(f, "cpuid:      %s family 0x%x model 0x%x stepping %u (tag %s)\n", cpu_id.vendor,
            cpu_id.family, cpu_id.model, cpu_id.stepping, cpu_id.tag);
  else fprintf(f, "cpuid:      none (tag %s)\n", cpu_id.tag);
  fprintf(f, "features:   %s\n", cpu_id.features);
  if (uname(&u) == 0) fprintf(f, "system:     %s %s %s\n", u.sysname, u.release, u.machine);
#ifdef __clang__
  fprintf(f, "compiler:   clang %s", __VERSION__);
#else
  fprintf(f, "compiler:   %s", __VERSION__);
#endif
#ifndef __OPTIMIZE__
  fprintf(f, " (not optimised!)");
#endif
#ifdef BENCH_FLAGS
  fprintf(f, "\nflags:      %s", BENCH_FLAGS);
#endif
#ifdef __GLIBC__
  fprintf(f, "\nlibc:       glibc %s\n", gnu_get_libc_version());
#else
  fprintf(f, "\nlibc:       unknown (not glibc)\n");
#endif
  fprintf(f, "memeq base: %s\n", libc_memeq_name);
  fprintf(f, "variant:    %s (GLIBC_TUNABLES=%s)\n", opt.variant, tun ? tun : "unset");
  fprintf(f, "fastmem:    %s%s\n", bench_fm(fm, sizeof fm),
          opt.have_limit ? " (limited by --cpu-limit)" : "");
  fprintf(f, "peers:      %s", opt.peers_avx2 ? "avx2 (glibc with " AVX2_TUNABLES "; " : "best (");
  if (dpdk)
    fprintf(f, "dpdk: rte_memcpy of DPDK %s, %s build: %s)\n", dpdk->version, dpdk->isa,
            dpdk->flags);
  else fprintf(f, "%s)\n", dpdk_missing);
  fprintf(f,
          "mode:       %s, %d samples per column, batches of >= %.0f us, hugepages %s,\n"
          "            address layout %s\n",
          opt.quick ? "quick" : "full", opt.reps, opt.sample_ns / 1000,
          opt.hugepages ? "on" : "off",
          layout_fixed() ? "fixed (randomisation off for this run)" : "randomised");
  if (opt.pinned >= 0)
    fprintf(f, "pinned:     cpu %d%s%s%s\n", opt.pinned,
            cpu_probe[0] ? " (4 KiB libc memcpy: " : "", cpu_probe, cpu_probe[0] ? ")" : "");
  else fprintf(f, "pinned:     no\n");
}

char *tunables_plus(const char *add) {
  const char *old = getenv("GLIBC_TUNABLES");
  size_t len = strlen(add) + (old ? strlen(old) + 1 : 0) + 1;
  char *tun = malloc(len);
  if (!tun) die("malloc");
  snprintf(tun, len, "%s%s%s", old ? old : "", old ? ":" : "", add);
  return tun;
}

/* DPDK's build for the column: with --peers=avx2 its AVX2 build, else the
 * widest this CPU runs (every feature of its -march level). */
const struct peer_build *pick_dpdk(void) {
#if defined(BENCH_HAVE_DPDK) && defined(__GNUC__)
  int v3, v4;
  __builtin_cpu_init();
  v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
       __builtin_cpu_supports("fma");
  v4 = v3 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
       __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
       __builtin_cpu_supports("avx512cd");
  if (v4 && !opt.peers_avx2) return &dpdk_builds[0];
  if (v3) return &dpdk_builds[1];
  if (opt.peers_avx2) dpdk_missing = "no dpdk column: this CPU cannot run DPDK's AVX2 build";
  else if (__builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("ssse3"))
    return &dpdk_builds[2];
  else dpdk_missing = "no dpdk column: this CPU cannot run DPDK's builds";
#endif
  return NULL;
}
