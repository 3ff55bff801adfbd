/* fastmem_x86.h - the x86 (x86-64 and i386) backend of fastmem.h.
 * Included by fastmem.h; not meant to be included on its own.
 *
 * Tiers, best first: AVX-512 (64-byte vectors), AVX2 (32), SSE2 (16); each
 * is one out-of-line function per operation with its own target attribute,
 * so the build needs no -m flags; the call site calls the tier the probe
 * chose. Size classes for copy/move (W = width), n > 32:
 *   ..8W         first and last blocks, all loads before any store
 *   > 8W         4W per iteration, unaligned loads, W-aligned stores; forward
 *                unless dst lies inside (src, src + n), then backward
 *   28 KiB..     what the CPU's plan says (fm__x86_find_plan): rep movsb
 *                (forward, disjoint, outside its slow modes; in the AVX2
 *                and SSE2 tiers from 4 KiB where the plan says), rep stosb, or
 *                non-temporal stores; on CPUs not in the table, the loop up
 *                to 3/4 of the L3 and non-temporal stores from there
 * Compares: the first 32 bytes, then 4 vectors a step from where the first
 * operand is aligned, masks and a bit scan only where a step differs.
 * Short calls (x86-64, at the call site): copies, moves, sets and memeq up
 * to 64 bytes in SSE2 (memcmp: 32); on CPUs whose plan says so
 * (FM_CPU_MASKED), sizes not known at compile time through AVX-512 byte
 * masks (copies up to 32, sets and compares up to 64), with no size branch,
 * in clang builds and gcc builds for AVX-512.
 */
#ifndef FASTMEM_X86_H
#define FASTMEM_X86_H

#ifndef FASTMEM_H
#error "include fastmem.h, not fastmem_x86.h"
#endif

/* Freestanding gcc: its xmmintrin.h pulls in mm_malloc.h, which needs the C
   library's <stdlib.h>; fastmem uses no _mm_malloc, so that header is
   skipped (clang's headers do so themselves when not hosted). */
#if defined(__STDC_HOSTED__) && !__STDC_HOSTED__ && !defined(__clang__) &&                         \
    !defined(_MM_MALLOC_H_INCLUDED)
#define _MM_MALLOC_H_INCLUDED
#define FASTMEM__NO_MM_MALLOC
#endif
#include <immintrin.h>
#ifdef FASTMEM__NO_MM_MALLOC
#undef _MM_MALLOC_H_INCLUDED
#undef FASTMEM__NO_MM_MALLOC
#endif
/* clang in MSVC mode: immintrin.h declares only the intrinsics the build's
   flags enable; the tiers' target attributes need the AVX2 and AVX-512
   ones too (their headers may be included once immintrin.h was). */
#if defined(_MSC_VER) && defined(__clang__)
#include <emmintrin.h>
#include <smmintrin.h>
#include <avxintrin.h>
#include <avx2intrin.h>
#include <avx512fintrin.h>
#include <avx512bwintrin.h>
#include <avx512vlintrin.h>
#endif
#if !defined(FASTMEM_NO_PROBE)
#include <cpuid.h>
#endif

#define FASTMEM__T_SSE2 "sse2"
#define FASTMEM__T_AVX2 "avx,avx2"
#define FASTMEM__T_AVX512 "avx,avx2,avx512f,avx512bw,avx512vl"

/* Masked short copies, sets and compares are compiled in where they can be
   inlined, and masked sets and compares, as calls, into gcc builds that ask
   for them (FASTMEM_MASKED_CALLS; see that section): the asm names k1 and k2
   as clobbered, which clang accepts on any target and gcc only where the
   function targets AVX-512. */
#if defined(__SSE2__) && defined(__x86_64__) &&                                                    \
    (defined(__clang__) || defined(__AVX512F__) || defined(FASTMEM_MASKED_CALLS))
#define FASTMEM__X86_MASKS 1
#if defined(__clang__) || defined(__AVX512F__)
#define FASTMEM__X86_MASKS_INLINE 1
#endif
#endif

/* ---- Big sizes: per-CPU plans ----------------------------------------------
 * From which size a copy or a set leaves the vector loop for rep movsb, rep
 * stosb or non-temporal stores depends on the microarchitecture, and a string
 * instruction on the wrong CPU can hit a slow mode many times slower than the
 * loop (`sh bench/tune.sh slow`; `make bench SECTION=distance`). So they run only on
 * the CPUs in this table, which were measured; every other CPU gets the
 * vector loops, with non-temporal stores from 3/4 of its L3 (a rule that held
 * on every CPU measured, where its caches behave as one L3). Sizes in KiB;
 * FASTMEM__NEVER switches a strategy off; a non-temporal size of 0 means
 * 3/4 of the L3. Each row names the CPU and the command behind it; the
 * figures are in bench/results/<cpu>/thresholds.md. */
#define FASTMEM__NEVER 0xffffffffu
typedef struct {
  unsigned amd, family, model_lo, model_hi; /* amd: 1 AMD, 0 Intel */
  unsigned movsb, nt_copy, stosb, stosb_end, nt_set;
  /* the AVX2 and SSE2 tiers only (loops of 32 and 16 bytes a store): rep
     movsb also from movsb_narrow up to movsb_narrow_end */
  unsigned movsb_narrow, movsb_narrow_end;
  unsigned masked; /* 1: short copies, sets, compares through AVX-512 byte masks (FM_CPU_MASKED) */
  /* the AVX-512 tier's memcmp and memeq load 32 bytes at a time from this
     size on (fm__cmp_narrow_avx512) */
  unsigned cmp_narrow;
  /* on CPUs that write longer rep movsb and rep stosb past their caches,
     the longest that they do not: copies run them in pieces of this size,
     sets below the non-temporal size (zeros: half of it); FASTMEM__NEVER:
     whole (fm__x86_rep_pieces) */
  unsigned string_piece;
  /* 1: the AVX-512 tier ends copies and sets with the fewest blocks
     (FM_CPU_TAILS; fastmem.h, section 4, "The last part") */
  unsigned tails;
} fm__x86_plan;
/* The plan of a CPU not measured: the vector loops, non-temporal stores
   from 3/4 of the L3. */
#define FASTMEM__PLAN_LOOPS                                                                        \
  {                                                                                                \
    0, 0, 0, 0, FASTMEM__NEVER, 0, FASTMEM__NEVER, FASTMEM__NEVER, 0, FASTMEM__NEVER, 0, 0,        \
        FASTMEM__NEVER, FASTMEM__NEVER, 0                                                          \
  }

/* FASTMEM_STRING_OPS_ANY_CPU (tests and tuning): string instructions on
   any CPU, from 28 KiB (copies) and 960 KiB (sets), whole. */
#define FASTMEM__PLAN_ANY                                                                          \
  {                                                                                                \
    0, 0, 0, 0, 28, 0, 960, FASTMEM__NEVER, 0, FASTMEM__NEVER, 0, 0, FASTMEM__NEVER,               \
        FASTMEM__NEVER, 0                                                                          \
  }

/* Non-temporal threshold when the probe cannot read the L3 size. */
#define FASTMEM__NT_DEFAULT_KIB (24u * 1024)

/* The plan's sizes in bytes, as the tiers read them. Shared by every
   translation unit, like fm__cpu_state; written by the probe. */
typedef struct {
  size_t movsb, nt_copy, stosb, stosb_end, nt_set, movsb_narrow, movsb_narrow_end, cmp_narrow;
  size_t string_piece;
} fm__x86_sizes;
FASTMEM__SHARED fm__x86_sizes fm__x86_big = {0, 0, 0, 0, 0, 0, 0, 0, 0};

/* Below this size the tiers go straight to their vector loops, without
   looking at the plan: three taken branches and two loads fewer on the way
   to the loop, faster at 513-1023 B (`sh bench/ab.sh memcpy 513 769 1023`,
   measured on AMD Zen 5: bench/results/zen5-2026-11-30/thresholds.md).
   Every plan's sizes are at least this (but the band of the AVX2 and SSE2
   tiers, below); user overrides below it lower it. */
#define FASTMEM__X86_BIG_DEFAULT (28u * 1024)
#if defined(FASTMEM_MOVSB_MIN) && (FASTMEM_MOVSB_MIN) < FASTMEM__X86_BIG_DEFAULT
#define FASTMEM__X86_BIG_M (FASTMEM_MOVSB_MIN)
#else
#define FASTMEM__X86_BIG_M FASTMEM__X86_BIG_DEFAULT
#endif
#if defined(FASTMEM_STOSB_MIN) && (FASTMEM_STOSB_MIN) < FASTMEM__X86_BIG_M
#define FASTMEM__X86_BIG (FASTMEM_STOSB_MIN)
#else
#define FASTMEM__X86_BIG FASTMEM__X86_BIG_M
#endif
/* The same for the AVX2 and SSE2 tiers: the smallest movsb_narrow of the
   plan table, where their loops start to look (a user's FASTMEM_MOVSB_MIN
   replaces the band: then FASTMEM__X86_BIG). */
#define FASTMEM__X86_BIG_NARROW_DEFAULT (4u * 1024)
#if defined(FASTMEM_MOVSB_MIN) || FASTMEM__X86_BIG < FASTMEM__X86_BIG_NARROW_DEFAULT
#define FASTMEM__X86_BIG_NARROW FASTMEM__X86_BIG
#else
#define FASTMEM__X86_BIG_NARROW FASTMEM__X86_BIG_NARROW_DEFAULT
#endif
/* n >= min for a threshold a user may define as 0, without a warning that
   the comparison is always true (-Wtype-limits). */
FASTMEM__AI int fm__at_least(size_t n, size_t min) { return n >= min; }

/* KiB to bytes; FASTMEM__NEVER to the largest size_t. */
FASTMEM__AI size_t fm__x86_kib(unsigned kib) {
  return kib == FASTMEM__NEVER ? ~(size_t)0 : (size_t)kib << 10;
}

/* Store a plan for this CPU, with the user's overrides. l3: KiB, 0 unknown.
   Returns whether it uses a string instruction at all. */
FASTMEM__SI int fm__x86_use_plan(const fm__x86_plan *p, unsigned l3) {
  unsigned nt = l3 ? l3 / 4 * 3 : FASTMEM__NT_DEFAULT_KIB;
  fm__x86_sizes z;
  z.movsb = fm__x86_kib(p->movsb);
  z.stosb = fm__x86_kib(p->stosb);
  z.stosb_end = fm__x86_kib(p->stosb_end);
  z.nt_copy = fm__x86_kib(p->nt_copy ? p->nt_copy : nt);
  z.nt_set = fm__x86_kib(p->nt_set ? p->nt_set : nt);
  z.movsb_narrow = fm__x86_kib(p->movsb_narrow);
  z.movsb_narrow_end = fm__x86_kib(p->movsb_narrow_end);
  z.cmp_narrow = fm__x86_kib(p->cmp_narrow);
  z.string_piece = fm__x86_kib(p->string_piece);
#ifdef FASTMEM_MOVSB_MIN
  /* the user's size stands for every tier, where the plan uses rep movsb */
  if (p->movsb != FASTMEM__NEVER || p->movsb_narrow != FASTMEM__NEVER)
    z.movsb = (size_t)(FASTMEM_MOVSB_MIN);
  z.movsb_narrow = ~(size_t)0;
#endif
#ifdef FASTMEM_STOSB_MIN
  if (p->stosb != FASTMEM__NEVER) z.stosb = (size_t)(FASTMEM_STOSB_MIN);
#endif
#ifdef FASTMEM_NT_THRESHOLD
  z.nt_copy = z.nt_set = (size_t)(FASTMEM_NT_THRESHOLD);
#endif
  /* never below the size where the tiers start to look */
  if (!fm__at_least(z.nt_copy, FASTMEM__X86_BIG)) z.nt_copy = FASTMEM__X86_BIG;
  if (!fm__at_least(z.nt_set, FASTMEM__X86_BIG)) z.nt_set = FASTMEM__X86_BIG;
  /* racing first probes store the same values; relaxed atomics say so */
  __atomic_store_n(&fm__x86_big.movsb, z.movsb, __ATOMIC_RELAXED);
  __atomic_store_n(&fm__x86_big.nt_copy, z.nt_copy, __ATOMIC_RELAXED);
  __atomic_store_n(&fm__x86_big.stosb, z.stosb, __ATOMIC_RELAXED);
  __atomic_store_n(&fm__x86_big.stosb_end, z.stosb_end, __ATOMIC_RELAXED);
  __atomic_store_n(&fm__x86_big.nt_set, z.nt_set, __ATOMIC_RELAXED);
  __atomic_store_n(&fm__x86_big.movsb_narrow, z.movsb_narrow, __ATOMIC_RELAXED);
  __atomic_store_n(&fm__x86_big.movsb_narrow_end, z.movsb_narrow_end, __ATOMIC_RELAXED);
  __atomic_store_n(&fm__x86_big.cmp_narrow, z.cmp_narrow, __ATOMIC_RELAXED);
  __atomic_store_n(&fm__x86_big.string_piece, z.string_piece, __ATOMIC_RELAXED);
  /* fm__nt_kib: the copy threshold, as every backend reports it */
  __atomic_store_n(&fm__nt_kib,
                   z.nt_copy >> 10 > 0xffffffffu ? 0xffffffffu : (unsigned)(z.nt_copy >> 10),
                   __ATOMIC_RELAXED);
  return p->movsb != FASTMEM__NEVER || p->stosb != FASTMEM__NEVER ||
         p->movsb_narrow != FASTMEM__NEVER;
}

/* The plan of a CPU: the measured row that matches it, or the vector loops. */
FASTMEM__SI const fm__x86_plan *fm__x86_find_plan(int amd, unsigned family, unsigned model) {
  static const fm__x86_plan plans[] = {
      /* AMD Zen 5 EPYC (family 1Ah, models 00h-1Fh; measured: an EPYC of
         family 1Ah). rep movsb from 28 KiB: `sh bench/tune.sh movsb`, rep
         movsb against the AVX-512 loop. Its one slow mode, 4 GiB + 1..63
         (up to 36x), is inside fm__x86_move_big's guard; no other distance
         mod 4096, at 1 page, 4096 pages or 4 GiB apart, reached 1.5x (`sh
         bench/tune.sh slow`, model 02h, results/amd-1ah-02h-2026-12-04).
         rep stosb from 960 KiB with no upper limit: `sh bench/ab.sh
         memset` around 1 MiB and past 24 MiB.
         Short copies, sets and compares through byte masks (measured on
         family 1Ah model 02h): on the random table 1.3-1.4x the size
         ladders for copies, 1.5-1.6x for sets, 1.2x memcmp, 1.6-1.7x memeq
         (`sh bench/ab.sh -c "clang -O2" OP random`, also gcc for
         x86-64-v4, three runs); repeated sizes mixed, 0.75-2.8x, with
         placement moving them as much (results/amd-1ah-02h-2026-12-01).
         Compares in 32-byte blocks from 6 MiB (fm__cmp_narrow_avx512; `sh
         bench/ab.sh memcmp` with sizes of 1-24 MiB). For half an hour of
         2026-12-02, rep movsb and rep stosb of 4096 KiB or more wrote past
         the caches at 34-38 GB/s, 55-60 for zeros (below: 45 and 90 GB/s;
         the rest of the day whole and in pieces read the same): so they
         run in pieces of 4095 KiB, sets only below the non-temporal size
         (zeros: half of it), and copies take non-temporal stores from 12 MiB (source and
         destination then fill 3/4 of the 32 MiB L3), 1.0-1.3x as fast as
         rep movsb there. `sh bench/tune.sh pieces`; `sh bench/tune.sh
         plan` at 6-32 MiB; `sh bench/ab.sh memset|memcpy` of 1-20 MiB in
         the first state: sets of 6-20 MiB 1.3-2.5x, copies of 6 MiB 1.2x,
         level elsewhere. */
      {1, 0x1a, 0x00, 0x1f, 28, 12288, 960, FASTMEM__NEVER, 0, FASTMEM__NEVER, 0, 1, 6144, 4095, 0},
      /* AMD Zen 3 EPYC (family 19h, model 01h): rep movsb slower than the
         AVX2 loop at 32 KiB-1 MiB, and far slower when (dst - src) mod 4096
         is 1..31; rep stosb never measured ahead: the vector loops.
         `sh bench/tune.sh plan` and `sh bench/tune.sh slow`. */
      {1, 0x19, 0x01, 0x01, FASTMEM__NEVER, 0, FASTMEM__NEVER, FASTMEM__NEVER, 0, FASTMEM__NEVER, 0,
       0, FASTMEM__NEVER, FASTMEM__NEVER, 0},
      /* AMD Zen 4 EPYC (family 19h, model 11h; measured: an EPYC of that
         model, 32 MiB L3). rep movsb never: 25-35x slower when (dst - src)
         mod 4096 is 1..8, up to 3.3x at 16..31 and at distances 33, 63 and
         65, and at most 1.2x ahead of the AVX-512 loop elsewhere (`sh
         bench/tune.sh slow`, `sh bench/tune.sh plan`). Non-temporal copies
         from 12 MiB: at 12-24 MiB 1.27-1.73x the loop aligned, 0.96-1.41x
         misaligned; at 10 MiB 0.84-1.13x (`sh bench/tune.sh plan`); in
         `make bench SECTION=sweep` copies and moves of 12-16 MiB went from
         0.93-1.01 of the best peer to 1.07-1.25, a figure the peers' own
         slowdown right after non-temporal stores flattered. Sets keep the
         loop and the 3/4-of-L3 rule: rep stosb from 2 MiB was level with
         the loop (`sh bench/ab.sh memset`, 0.93-1.03 at 1-20 MiB, two
         runs); in `make bench SECTION=sweep` non-temporal sets lost at 12
         MiB, led in three of four pairs at 16 MiB and ran 1.3-3.3x the
         loop from 24 MiB (two runs of each FASTMEM_NT_THRESHOLD; 16-24 MiB
         not measured). Short copies, sets and compares through byte masks:
         random tables 1.18-1.64x the ladders, repeated sizes of 1-64 bytes
         0.97-3.0x (`sh bench/ab.sh -c "clang -O2" OP random`, three runs;
         the same with sizes 1-64, two). Copies and
         sets end with the fewest blocks (FM_CPU_TAILS): 257-600 bytes
         1.06-1.59x (clang up to 1.9x), random tables 0.92-0.98x
         (fastmem.h, section 4, "The last part"). Compares in 32-byte
         blocks from 32 MiB, where the operands come from memory: memcmp
         and memeq of 32-64 MiB 1.10-1.18x as fast as 64-byte blocks at
         the same line offset, 0.98-1.09x at different ones; below, no
         direction (`sh bench/ab.sh memcmp|memeq 16777216 ... 67108864
         --dist=67110912`, and 67110926, two runs). Figures:
         bench/results/amd-19h-11h-2026-12-03/thresholds.md. */
      {1, 0x19, 0x11, 0x11, FASTMEM__NEVER, 12288, FASTMEM__NEVER, FASTMEM__NEVER, 0,
       FASTMEM__NEVER, 0, 1, 32768, FASTMEM__NEVER, 1},
      /* Intel Xeon, family 6 model CFh (AVX-512; under KVM with a 260 MiB L3
         shared with other guests). `sh bench/tune.sh plan`: rep movsb ahead
         of the AVX-512 loop from 768 KiB, non-temporal copies from 1.25 MiB;
         rep stosb ahead from 1 MiB, non-temporal sets ahead of it from
         32 MiB. Short copies and sets through byte masks: on the random
         table 1.4x the size ladders for copies, 1.45x for sets (clang
         build, `make bench SECTION=random`), while a size that repeats
         stays at 1.4x glibc or more (`make bench SECTION=sweep`); sets and
         compares up to 64 bytes: random table memcmp 1.10-1.16x glibc,
         memeq 1.5x, sweep bands of 0-256 bytes 1.1-3.0x (same two).
         The AVX2 and SSE2 loops lose to rep movsb while source and
         destination fit in the 48 KiB L1D, the AVX-512 loop does not: rep
         movsb for them from 4 to 26 KiB. `sh bench/tune.sh narrow`: rep
         movsb 1.04-2.2x as fast as the 32-byte loop at 4-24 KiB, 1.5-3.3x
         the 16-byte one; from 28 KiB 0.87-1.03x and 0.95-1.4x. `sh
         bench/ab.sh memcpy SIZES --limit=0x3b` (0x39 for SSE2), against
         the loops: 1.15-1.8x at 4-24 KiB (SSE2 1.9-2.9x). */
      {0, 6, 0xcf, 0xcf, 768, 1280, 1024, 32768, 32768, 4, 26, 1, FASTMEM__NEVER, FASTMEM__NEVER,
       0},
  };
  static const fm__x86_plan loops = FASTMEM__PLAN_LOOPS;
  unsigned i;
#ifdef FASTMEM_STRING_OPS_ANY_CPU
  /* Tests and tuning only: every CPU gets rep movsb and rep stosb, from
     FASTMEM_MOVSB_MIN / FASTMEM_STOSB_MIN, else 28 KiB / 960 KiB, with no
     upper limit for sets (where the CPU has ERMS at all). */
  static const fm__x86_plan any = FASTMEM__PLAN_ANY;
  (void)amd;
  (void)family;
  (void)model;
  (void)plans;
  (void)loops;
  (void)i;
  return &any;
#endif
  for (i = 0; i < sizeof plans / sizeof plans[0]; i++)
    if ((unsigned)amd == plans[i].amd && family == plans[i].family && model >= plans[i].model_lo &&
        model <= plans[i].model_hi)
      return &plans[i];
  return &loops;
}

/* ---- Probe ---------------------------------------------------------------- */
#if defined(FASTMEM_NO_PROBE)
/* Features from the target macros; no string instructions (the CPU is not
   known), non-temporal stores from FASTMEM_NT_THRESHOLD or 24 MiB. */
FASTMEM__SI unsigned fm__x86_probe(void) {
  unsigned f = FM_CPU_NT;
  static const fm__x86_plan loops = FASTMEM__PLAN_LOOPS;
#if defined(__SSE2__)
  f |= FM_CPU_SSE2;
#endif
#if defined(__AVX2__)
  f |= FM_CPU_AVX2;
#endif
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)
  f |= FM_CPU_AVX512;
#endif
  fm__x86_use_plan(&loops, 0);
  return f;
}
#else
/* Size in KiB of the cache that leaf (4 on Intel, 0x8000001D on AMD) reports
   at subleaf 3 (the L3), 0 if none. */
FASTMEM__SI unsigned fm__x86_l3_kib(unsigned leaf) {
  unsigned a, b, c, d, i;
  for (i = 0; i < 8; i++) {
    __cpuid_count(leaf, i, a, b, c, d);
    if ((a & 31) == 0) break;
    if (((a >> 5) & 7) == 3) {
      unsigned long long bytes = (unsigned long long)((b >> 22) + 1) * (((b >> 12) & 1023) + 1) *
                                 ((b & 4095) + 1) * ((unsigned long long)c + 1);
      return (unsigned)(bytes >> 10);
    }
  }
  return 0;
}

/* Family and model as the vendors number them (leaf 1 EAX): the extended
   family is added from base family 0Fh, the extended model prefixed for
   base family 06h and 0Fh. */
FASTMEM__SI unsigned fm__x86_family(unsigned eax) {
  unsigned fam = (eax >> 8) & 0xf;
  return fam == 0xf ? fam + ((eax >> 20) & 0xff) : fam;
}
FASTMEM__SI unsigned fm__x86_model(unsigned eax) {
  unsigned fam = (eax >> 8) & 0xf, model = (eax >> 4) & 0xf;
  return fam == 0x6 || fam == 0xf ? model | ((eax >> 12) & 0xf0) : model;
}

FASTMEM__SI unsigned fm__x86_probe(void) {
  unsigned a, b, c, d, max, maxext, eax1, f = 0, l3 = 0, xcr0 = 0, erms = 0;
  int amd;
  const fm__x86_plan *plan;
  if (!__get_cpuid(0, &max, &b, &c, &d)) return 0;
  amd = (b == 0x68747541u); /* "AuthenticAMD" */
  __cpuid(1, eax1, b, c, d);
  if (d & (1u << 26)) f |= FM_CPU_SSE2 | FM_CPU_NT;
  if (c & (1u << 27)) { /* OSXSAVE: the OS saves the state we ask about */
    unsigned hi;
    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(xcr0), "=d"(hi) : "c"(0));
  }
  if (max >= 7) {
    unsigned b7, d7;
    __cpuid_count(7, 0, a, b7, c, d7);
    if ((xcr0 & 0x6) == 0x6 && (b7 & (1u << 5))) f |= FM_CPU_AVX2;
    if ((xcr0 & 0xe6) == 0xe6 && (b7 & (1u << 16)) && (b7 & (1u << 30)) && (b7 & (1u << 31)))
      f |= FM_CPU_AVX512;
    erms = (b7 >> 9) & 1;
    if (d7 & (1u << 4)) f |= FM_CPU_FSRM;
  }
  if (!(f & FM_CPU_AVX2)) f &= ~FM_CPU_AVX512;
  __cpuid(0x80000000u, maxext, b, c, d);
  if (amd && maxext >= 0x8000001du) l3 = fm__x86_l3_kib(0x8000001du);
  else if (!amd && max >= 4) l3 = fm__x86_l3_kib(4);
  plan = fm__x86_find_plan(amd, fm__x86_family(eax1), fm__x86_model(eax1));
  /* FM_CPU_ERMS: string instructions in use, where the plan has them */
  if (fm__x86_use_plan(plan, l3) && erms) f |= FM_CPU_ERMS;
#ifdef FASTMEM__X86_MASKS
#ifdef FASTMEM_MASKED_ANY_CPU /* tests and tuning: on every CPU with AVX-512 */
  if (f & FM_CPU_AVX512) f |= FM_CPU_MASKED;
#endif
  if ((f & FM_CPU_AVX512) && plan->masked) f |= FM_CPU_MASKED;
#endif
#ifdef FASTMEM_TAILS_ANY_CPU /* tests and tuning: on every CPU with AVX-512 */
  if (f & FM_CPU_AVX512) f |= FM_CPU_TAILS;
#endif
  if ((f & FM_CPU_AVX512) && plan->tails) f |= FM_CPU_TAILS;
  return f;
}
#endif /* FASTMEM_NO_PROBE */

FASTMEM__SI const char *fm__x86_name(unsigned f) {
  int erms = (f & FM_CPU_ERMS) != 0;
  if (f & FM_CPU_AVX512) return erms ? "avx512+erms" : "avx512";
  if (f & FM_CPU_AVX2) return erms ? "avx2+erms" : "avx2";
  if (f & FM_CPU_SSE2) return erms ? "sse2+erms" : "sse2";
  return "";
}

/* ---- Primitives that need a target: one per vector width -------------- */
/* f##_W(...) for the tier's vector width W (16, 32 or 64). */
#define FASTMEM__X86_BY_W(W, f, ...)                                                               \
  ((W) == 64 ? f##_64(__VA_ARGS__) : (W) == 32 ? f##_32(__VA_ARGS__) : f##_16(__VA_ARGS__))

/* Copy one W-byte block from s to W-aligned d with a non-temporal store.
   (asm rather than the intrinsics, which clang -O0 turns into a memcpy.) */
FASTMEM__TARGET(FASTMEM__T_SSE2) void fm__stream_16(fm__u8 *d, const fm__u8 *s) {
  fm__v16 x = *FASTMEM__CAST(const fm__v16 *, s);
  __asm__("movntdq %1, %0" : "=m"(*FASTMEM__CAST(fm__v16a *, d)) : "x"(x));
}
FASTMEM__TARGET(FASTMEM__T_AVX2) void fm__stream_32(fm__u8 *d, const fm__u8 *s) {
  fm__v32 x = *FASTMEM__CAST(const fm__v32 *, s);
  __asm__("vmovntdq %1, %0" : "=m"(*FASTMEM__CAST(fm__v32a *, d)) : "x"(x));
}
FASTMEM__TARGET(FASTMEM__T_AVX512) void fm__stream_64(fm__u8 *d, const fm__u8 *s) {
  fm__v64 x = *FASTMEM__CAST(const fm__v64 *, s);
  __asm__("vmovntdq %1, %0" : "=m"(*FASTMEM__CAST(fm__v64a *, d)) : "v"(x));
}

/* 0xff in each byte where the 16 bytes at a and b are equal. */
FASTMEM__TARGET(FASTMEM__T_SSE2) __m128i fm__eq_x16(const fm__u8 *a, const fm__u8 *b) {
  return _mm_cmpeq_epi8(_mm_loadu_si128(FASTMEM__CAST(const __m128i *, a)),
                        _mm_loadu_si128(FASTMEM__CAST(const __m128i *, b)));
}

/* The same for 32 bytes. */
FASTMEM__TARGET(FASTMEM__T_AVX2) __m256i fm__eq_x32(const fm__u8 *a, const fm__u8 *b) {
  return _mm256_cmpeq_epi8(_mm256_loadu_si256(FASTMEM__CAST(const __m256i *, a)),
                           _mm256_loadu_si256(FASTMEM__CAST(const __m256i *, b)));
}

/* Bit i set where byte i of the two W-byte blocks differs. */
FASTMEM__TARGET(FASTMEM__T_SSE2) uint64_t fm__ne_16(const fm__u8 *a, const fm__u8 *b) {
  return (unsigned)_mm_movemask_epi8(fm__eq_x16(a, b)) ^ 0xffffu;
}
FASTMEM__TARGET(FASTMEM__T_AVX2) uint64_t fm__ne_32(const fm__u8 *a, const fm__u8 *b) {
  return ~(unsigned)_mm256_movemask_epi8(fm__eq_x32(a, b));
}
FASTMEM__TARGET(FASTMEM__T_AVX512) uint64_t fm__ne_64(const fm__u8 *a, const fm__u8 *b) {
  return _mm512_cmpneq_epi8_mask(*FASTMEM__CAST(const fm__v64 *, a),
                                 *FASTMEM__CAST(const fm__v64 *, b));
}

FASTMEM__AI uint64_t fm__ne(const fm__u8 *a, const fm__u8 *b, size_t W) {
  return FASTMEM__X86_BY_W(W, fm__ne, a, b);
}

/* Nonzero if the 4W bytes at a and b differ anywhere: XOR, OR together, one
   test; no mask leaves the vector unit in the loop. */
#define FASTMEM__XOR4(T)                                                                           \
  ((*FASTMEM__CAST(const T *, a) ^ *FASTMEM__CAST(const T *, b)) |                                 \
   (*FASTMEM__CAST(const T *, a + sizeof(T)) ^ *FASTMEM__CAST(const T *, b + sizeof(T))) |         \
   (*FASTMEM__CAST(const T *, a + 2 * sizeof(T)) ^ *FASTMEM__CAST(const T *, b + 2 * sizeof(T))) | \
   (*FASTMEM__CAST(const T *, a + 3 * sizeof(T)) ^ *FASTMEM__CAST(const T *, b + 3 * sizeof(T))))
FASTMEM__TARGET(FASTMEM__T_SSE2) int fm__diff4_16(const fm__u8 *a, const fm__u8 *b) {
  return _mm_movemask_epi8(_mm_cmpeq_epi8(FASTMEM__XOR4(fm__v16), _mm_setzero_si128())) != 0xffff;
}
/* AVX2: byte compares ANDed and one vpmovmskb, 6% faster in the loop than
   XOR, OR and vptest (2 uops) on Intel family 6 model CFh (figures:
   bench/results/intel-06h-cfh-2026-12-01/thresholds.md). */
#define FASTMEM__EQ32(k) fm__eq_x32(a + 32 * (k), b + 32 * (k))
FASTMEM__TARGET(FASTMEM__T_AVX2) int fm__diff4_32(const fm__u8 *a, const fm__u8 *b) {
  __m256i eq = _mm256_and_si256(_mm256_and_si256(FASTMEM__EQ32(0), FASTMEM__EQ32(1)),
                                _mm256_and_si256(FASTMEM__EQ32(2), FASTMEM__EQ32(3)));
  return (unsigned)_mm256_movemask_epi8(eq) != 0xffffffffu;
}
FASTMEM__TARGET(FASTMEM__T_AVX512) int fm__diff4_64(const fm__u8 *a, const fm__u8 *b) {
  fm__v64 x = FASTMEM__XOR4(fm__v64);
  return _mm512_test_epi64_mask(x, x) != 0;
}

FASTMEM__AI int fm__diff4(const fm__u8 *a, const fm__u8 *b, size_t W) {
  return FASTMEM__X86_BY_W(W, fm__diff4, a, b);
}
/* 32-byte blocks in the AVX-512 tier (its compares from the plan's
   cmp_narrow on): XOR, OR, one test. The AVX2 form above, compiled for
   AVX-512 by clang 14, became four byte compares into one mask register,
   each waiting for the one before: clang builds' memcmp of 12-16 MiB
   ran at 0.54-0.75 of glibc, and at 0.99-1.02 with this form (A/B
   1.34-1.84; memeq, and gcc builds, level: 0.98-1.07). `sh bench/ab.sh
   [-c "clang -O2"] memcmp|memeq 6291456 8388608 12582912 16777216
   --dist=D`, D = 16 MiB and 16 MiB + 2062, AMD family 1Ah; figures:
   bench/results/amd-1ah-02h-2026-12-01/thresholds.md. */
FASTMEM__TARGET(FASTMEM__T_AVX512) int fm__diff4_32_in_avx512(const fm__u8 *a, const fm__u8 *b) {
  fm__v32 x = FASTMEM__XOR4(fm__v32);
  return !_mm256_testz_si256(x, x);
}
/* fm__diff4 for blocks of W bytes in the tier whose own blocks are TW
   bytes (fm__x86_find's TW) */
FASTMEM__AI int fm__diff4_tier(const fm__u8 *a, const fm__u8 *b, size_t W, size_t TW) {
  return TW == 64 && W == 32 ? fm__diff4_32_in_avx512(a, b) : fm__diff4(a, b, W);
}

/* The mask of 32 bytes, with the tier's cheapest compare: one 32-byte
   vector, or two of 16. */
FASTMEM__AI uint64_t fm__ne32b(const fm__u8 *a, const fm__u8 *b, size_t W) {
  return W >= 32 ? fm__ne_32(a, b) : fm__ne_16(a, b) | fm__ne_16(a + 16, b + 16) << 16;
}

/* ---- Copy and move ------------------------------------------------------- */

/* One size of the plan (fm__x86_big), as the probe stored it. */
#define FASTMEM__BIG(field) __atomic_load_n(&fm__x86_big.field, __ATOMIC_RELAXED)

/* n >= NT threshold: an unaligned first 64 bytes, then 4W a step of
   non-temporal stores to 64-aligned dst, then the last 4W bytes with ordinary
   stores. A copy (disjoint) reads s[0, n); a set (pat != 0) repeats the 64
   bytes at s, a vector of the fill byte. */
FASTMEM__AI void fm__stream_nt(fm__u8 *d, const fm__u8 *s, size_t n, size_t W, int pat) {
  size_t i = 64 - ((uintptr_t)d & 63), k;
  if (pat) fm__set_ends(d, s[0], 64, W, (int)(64 / W));
  else fm__move_ends(d, s, 64, W, (int)(64 / W));
  for (; i + 4 * W <= n; i += 4 * W) {
    for (k = i; k < i + 4 * W; k += W) {
      const fm__u8 *from = pat ? s : s + k;
      FASTMEM__X86_BY_W(W, fm__stream, d + k, from);
    }
    FASTMEM__OPAQUE(d);
  }
  __asm__ volatile("sfence" ::: "memory"); /* order the streamed stores */
  if (pat) fm__set_ends(d + n - 4 * W, s[0], 4 * W, W, 2);
  else fm__move_ends(d + n - 4 * W, s + n - 4 * W, 4 * W, W, 2);
}

/* rep movsb from s (rep stosb of c where s is null) over n bytes, in pieces
   of at most `piece` bytes (a multiple of 64, so that each piece keeps a
   64-aligned destination). */
FASTMEM__AI void fm__x86_rep_pieces(fm__u8 *d, const fm__u8 *s, int c, size_t n, size_t piece) {
  for (; n > piece; d += piece, n -= piece) {
    if (s) {
      fm__rep_movsb(d, s, piece);
      s += piece;
    } else fm__rep_stosb(d, c, piece);
  }
  if (s) fm__rep_movsb(d, s, n);
  else fm__rep_stosb(d, c, n);
}

/* Copies from FASTMEM__X86_BIG on (FASTMEM__X86_BIG_NARROW in the AVX2 and
   SSE2 tiers), as the CPU's plan says: rep movsb or non-temporal stores; 0
   for the loop. rep movsb only forward, disjoint, and
   outside both of its known slow modes, which one test covers: (dst - src)
   mod 4096 below 64 (4 KiB aliasing, on AMD Zen 3 at 1..31) implies
   (dst - src) mod 2^32 below 64 (on Intel family 6 model CFh and FSRM parts
   in general at 1..63). `sh bench/tune.sh slow`; test/cliff.c. */
FASTMEM__AI int fm__x86_move_big(fm__u8 *d, const fm__u8 *s, size_t n, size_t W) {
  unsigned f = fm__load(&fm__cpu_state);
  size_t nt = FASTMEM__BIG(nt_copy);
  /* in the AVX2 and SSE2 tiers, also in the plan's band for their loops
     (ERMS tested first: CPUs without string instructions load nothing
     more; the AVX-512 tier folds this away) */
  int narrow = W < 64 && (f & FM_CPU_ERMS) && n >= FASTMEM__BIG(movsb_narrow) &&
               n < FASTMEM__BIG(movsb_narrow_end);
  if ((f & FM_CPU_ERMS) && (n >= FASTMEM__BIG(movsb) || narrow) && n < nt &&
      (((uintptr_t)d - (uintptr_t)s) & 4095) >= 64 && fm__disjoint(d, s, n)) {
    /* dst 64-aligned: a misaligned destination slows rep movsb down on AMD */
    size_t skip = 64 - ((uintptr_t)d & 63);
    fm__move_ends(d, s, 64, W, (int)(64 / W));
    fm__x86_rep_pieces(d + skip, s + skip, 0, n - skip, FASTMEM__BIG(string_piece));
    return 1;
  }
  if ((f & FM_CPU_NT) && n >= nt && fm__disjoint(d, s, n)) {
    fm__stream_nt(d, s, n, W, 0);
    return 1;
  }
  return 0;
}

/* 65..128 bytes: the smallest size an x86-64 call site leaves to the tier
   (FASTMEM__COPY_SHORT_MAX), and the commonest there. It is tested first
   and runs straight through, without a taken branch; at the end of a ladder
   from 33 up it took one or two. Intel family 6 model CFh, against the
   ladder first (`sh bench/ab.sh memcpy 65 97 128 129 193 256 300 512`, and
   memmove, memset; three runs each): 65-128 bytes 1.06-1.32, 129-256
   0.90-1.28, 300-512 level; the AVX2 tier (--limit=0x3b) level for
   copies, 1.15-1.19 for sets of 65-128. Figures:
   bench/results/intel-06h-cfh-2026-12-01/thresholds.md. i386 call sites
   stop at 32 bytes, and i386 code was not timed (this machine runs it
   only under QEMU): its tiers keep the ladder. The callers mark the test
   likely at their branch: clang drops a __builtin_expect that does not
   feed a branch of its own function, and with the mark in here it laid
   the class out behind a taken jump, 0.3-0.8 ns slower (thresholds.md in
   bench/results/amd-19h-11h-2026-12-03, "clang's first class"). */
FASTMEM__AI int fm__x86_first_class(size_t n) {
#ifdef __x86_64__
  return n - 65 <= 128 - 65;
#else
  return (void)n, 0;
#endif
}

/* ---- Stores across a 4 KiB boundary (FASTMEM_AVOID_PAGE_SPLITS) -------- */
/* On Intel family 6 model CFh a store that crosses a 4 KiB boundary costs
   about 7 ns (20-25 cycles) at any width; stores next to a boundary that do
   not cross it, and loads that cross one, cost nothing extra (figures and
   commands: bench/results/intel-06h-cfh-2026-12-01/thresholds.md, "Stores
   that cross a 4 KiB boundary"). The loops store W-aligned blocks, which
   never cross one; the unaligned blocks at the two ends of a call may: a
   100-byte copy that does took 5-10x its usual time, a 300-byte one 3-4x.
   With FASTMEM_AVOID_PAGE_SPLITS, each size class first checks the blocks
   it is about to store (fm__ends_cross), and where one would cross,
   the tier does the call in parts that each lie between two boundaries
   (fm__x86_move_cut), out of line: such calls then take 2-4x, not 5-10x.
   It is off by default because the checks cost more than they save where
   calls fall at random places, the usual case: tables of random sizes and
   offsets ran 0.94-0.97x as fast with it (medians of six runs of `sh
   bench/ab.sh memcpy|memset|memmove random`, each tier), and 65-200-byte
   calls that cross nothing about one cycle slower. AMD Zen 4 (family 19h
   model 11h) pays about 17 ns a crossing store: 100-byte calls 4.5-8.5x
   by default, 1.8-4.5x with the option, which there cost the random
   tables 0.90-0.95x and calls of 65-600 bytes that cross nothing
   0.71-0.98x (`page-splits.sh` and thresholds.md in
   bench/results/amd-19h-11h-2026-12-03): off by default there too. */
#ifdef FASTMEM_AVOID_PAGE_SPLITS
#define FASTMEM__SPLIT_CHECK 1
#else
#define FASTMEM__SPLIT_CHECK 0
#endif

/* A part of at most 64 bytes on one side of a boundary, in the AVX-512
   tier: one masked store whose 64-byte window lies on that side, ending at
   d + n where the part ends at the boundary (below), else starting at d.
   (A masked store whose window crosses the boundary costs as much as a
   plain one that does, whatever its mask: 13-15 ns against 1.8 inside a
   page, scratch timing on Intel family 6 model CFh.) The load is masked
   alike; its lanes outside the source are not read. A masked load whose
   window crosses a boundary is as slow (a 100-byte copy 12 ns against 5),
   so a copy takes this path only where the source window does not. */
FASTMEM__AI __mmask64 fm__x86_part_mask(size_t n, int below) {
  uint64_t ones = ~(uint64_t)0;
  if (!n) return 0;
  return below ? ones << (64 - n) : ones >> (64 - n);
}
FASTMEM__AI uintptr_t fm__x86_part_window(const fm__u8 *d, size_t n, int below) {
  return (uintptr_t)d + (below ? n : 64) - 64;
}
FASTMEM__AI int fm__x86_window_in_page(const fm__u8 *s, size_t n, int below) {
  return (fm__x86_part_window(s, n, below) & 4095) <= 4096 - 64;
}
FASTMEM__TARGET(FASTMEM__T_AVX512)
void fm__x86_move_part_masked(fm__u8 *d, const fm__u8 *s, size_t n, int below) {
  __mmask64 k = fm__x86_part_mask(n, below);
  __m512i v =
      _mm512_maskz_loadu_epi8(k, FASTMEM__CAST(const void *, fm__x86_part_window(s, n, below)));
  _mm512_mask_storeu_epi8(FASTMEM__CAST(void *, fm__x86_part_window(d, n, below)), k, v);
}
FASTMEM__TARGET(FASTMEM__T_AVX512)
void fm__x86_set_part_masked(fm__u8 *d, int c, size_t n, int below) {
  _mm512_mask_storeu_epi8(FASTMEM__CAST(void *, fm__x86_part_window(d, n, below)),
                          fm__x86_part_mask(n, below), _mm512_set1_epi8((char)c));
}

/* ---- Copy and move: the size classes and the tiers ----------------------- */
/* A forward loop whose destination lies 1 to `near` - 1 bytes above its
   source modulo 4096 stores to the page offsets its next loads read, and
   each such load waits for those stores (4 KiB aliasing). A backward loop
   loads below what it just stored, so where that is safe (the source not
   inside the destination) the copy runs backward: 16 KiB copies 1.15-1.70x
   as fast at distances 8 and 60 in every tier (`sh bench/ab.sh memcpy
   16384 --dist=D --limit=MASK`, AMD family 1Ah). In the 32- and 64-byte
   tiers only below FASTMEM__X86_BIG: at 64 KiB their backward loops took
   1.4-1.9x the forward ones' time (test/cliff.c -v), while the SSE2
   tier's gained 1.15-1.35x. How far `near` reaches: fm__x86_alias_window.
   Figures: bench/results/amd-1ah-02h-2026-12-01/thresholds.md.
   The same 4 GiB apart (period FASTMEM__MOD_4G): where dst lies 1 to
   2047 bytes above src modulo 2^32, AMD Zen 4's loads wait for stores
   whose low 32 address bits match theirs: 64 KiB and 1 MiB copies took
   1.3-2.8x (64-byte loop), up to 4.1x (32-byte) and 6.0x (16-byte) as
   long as at 4 MiB + the same distance; the backward loops 0.9-1.3x; at
   2048 and beyond forward is level (`far-alias.c` in
   bench/results/amd-19h-11h-2026-12-03, family 19h model 11h; the 4 GiB
   classes of test/cliff.c fail without it). Below FASTMEM__X86_BIG the
   4096 rule's 1024-byte window covers most of it; from there on such
   copies run backward, also where the plan would take rep movsb or
   non-temporal stores: a placement this rare is not worth a second
   branch. Not measured on other CPUs; their cliff test passed these
   classes with the forward loop. */
#define FASTMEM__MOD_4K 4095u
#define FASTMEM__MOD_4G 0xffffffffu
FASTMEM__AI int fm__x86_aliased(const fm__u8 *d, const fm__u8 *s, size_t n, uint32_t mod,
                                size_t near) {
  return (((uint32_t)((uintptr_t)d - (uintptr_t)s) - 1u) & mod) < near - 1 && fm__fwd_ok(s, d, n);
}
/* `near` for fm__x86_aliased in the 32- and 64-byte tiers (narrow_big: the
   AVX2 tier's size may fall in the plan's rep movsb band; 1: never
   backward). Below FASTMEM__X86_BIG: 1024. Their forward loops slow down
   from about 100 bytes up to about 1 KiB: 16 KiB copies took 1.3-2.0x as
   long at distances 100-996 as at 2056 and beyond. Backward, 4-16 KiB
   copies ran 1.15-1.56x as fast at 100-420 (AVX2) and 200-900 (AVX-512),
   2 KiB 0.91-1.24x, 300 B-1 KiB 0.96-1.20x; at 1300 the two are level
   (`sh bench/ab.sh memcpy 300 1024 2048 4096 16384 --dist=1048576+D
   --limit=MASK`, AMD family 1Ah; figures: bench/results/
   amd-1ah-02h-2026-12-01/alias-window-ab.txt). Where the AVX2 tier may
   take the plan's rep movsb band, 64, that band's own guard. The SSE2
   tier keeps 128 below 4 KiB and 64 from 4 KiB on, at every size: with
   1024 its 64 KiB copies took 1.7x as long, and distances 900-1000 lost
   5-12% at every size. Its rule stays written out in fm__x86_move_w:
   folded in here, the same logic compiled to other branches and its
   300 B-1 KiB copies read 0.87-0.95 at every distance. Not measured on other
   CPUs; a backward copy has no slow mode on any CPU measured. */
FASTMEM__AI size_t fm__x86_alias_window(size_t n, int narrow_big) {
  if (fm__at_least(n, FASTMEM__X86_BIG)) return 1;
  if (narrow_big && n >= FASTMEM__BIG(movsb_narrow)) return 64;
  return 1024;
}

/* n > 32, by size class: the first class, then fm__move_upto8's ladder,
   then the loops and the string and streaming paths. With check set, each
   class first checks the blocks it stores unaligned and returns 0, having
   stored nothing, where one would cross a 4 KiB boundary; otherwise 1. */
FASTMEM__AI int fm__x86_move_w(fm__u8 *d, const fm__u8 *s, size_t n, size_t W, int check) {
  int back, big;
  if (FASTMEM__LIKELY(fm__x86_first_class(n))) /* all loads first: any overlap */
    return fm__move_k(d, s, n, W, (int)(64 / W), check);
  if (fm__move_upto8(d, s, n, W, check)) return 1;
  if (check && n <= 8 * W) return 0; /* a block would cross */
  /* The AVX2 tier's usual case, below the plan's sizes: forward, and dst
     not 1..1023 bytes above src modulo 4 KiB; then one test and the loop.
     Through the general test below, gcc put three taken jumps before the
     loop. With this, the AVX2 tier's copies and moves of 257 B-1 KiB ran
     1.02-1.13x as fast, 2-8 KiB level; overlapping moves and random
     tables level; clang 0.98-1.08 (AMD Zen 4 with fm_cpu_limit(0x3b):
     `sh bench/ab.sh memcpy|memmove 257 ... 8192 --limit=0x3b`, three
     runs, and with --dist=-8, 8, 100 and 3000, two; figures:
     bench/results/amd-19h-11h-2026-12-03/thresholds.md). The AVX-512
     tier read 0.93-1.00 with the same (memmove of 600-769 B) and the SSE2
     tier 0.93-1.07, so they keep the general test. The loop is inlined a
     second time for it: about 300 bytes more in the AVX2 tier. One loop,
     reached from here by a goto, ran 0.86-1.00x at 257 B-1 KiB (same
     command, three runs; a second taken jump). */
  if (W == 32 && !check && !fm__at_least(n, FASTMEM__X86_BIG_NARROW) &&
      FASTMEM__LIKELY(fm__fwd_ok(d, s, n) & !fm__x86_aliased(d, s, n, FASTMEM__MOD_4K, 1024))) {
    fm__copy_fwd(d, s, n, W);
    return 1;
  }
  big = fm__at_least(n, W == 64 ? FASTMEM__X86_BIG : FASTMEM__X86_BIG_NARROW);
  back = !fm__fwd_ok(d, s, n) ||
         (W == 16 ? fm__x86_aliased(d, s, n, FASTMEM__MOD_4K, big ? 64 : 128)
                  : fm__x86_aliased(d, s, n, FASTMEM__MOD_4K, fm__x86_alias_window(n, big))) ||
         (big && fm__x86_aliased(d, s, n, FASTMEM__MOD_4G, 2048));
  /* unaligned: forward, one block at d (64 bytes before rep movsb or
     streaming) and four before d + n; backward, the mirror image */
  if (check && FASTMEM__UNLIKELY(fm__ends_cross(d, n, W,
                                                back  ? 4 * W
                                                : big ? 64
                                                      : W,
                                                back ? W : 4 * W)))
    return 0;
  if (FASTMEM__UNLIKELY(back)) {
    if (d != s) fm__copy_bwd(d, s, n, W);
    return 1;
  }
  if (FASTMEM__UNLIKELY(big) && fm__x86_move_big(d, s, n, W)) return 1;
  fm__copy_fwd(d, s, n, W);
  return 1;
}

/* A call whose blocks would cross a boundary, in up to three parts: up to
   the first boundary, the whole pages between, and the rest after the last
   boundary. None holds a boundary inside, so none checks. The part whose
   source another part may overwrite goes first: ascending where a forward
   copy is safe, else descending. */
FASTMEM__AI void fm__x86_move_part(fm__u8 *d, const fm__u8 *s, size_t n, size_t W, int below) {
  if (W == 64 && n <= 64 && fm__x86_window_in_page(s, n, below))
    fm__x86_move_part_masked(d, s, n, below);
  else if (n <= 32) fm__move_short(d, s, n);
  else fm__x86_move_w(d, s, n, W, 0);
}
FASTMEM__AI void fm__x86_move_cut(fm__u8 *d, const fm__u8 *s, size_t n, size_t W) {
  size_t h = (size_t)(-(uintptr_t)d & 4095), t = (size_t)(((uintptr_t)d + n) & 4095);
  size_t m = n - h - t;
  if (fm__fwd_ok(d, s, n)) {
    fm__x86_move_part(d, s, h, W, 1);
    if (m) fm__x86_move_part(d + h, s + h, m, W, 0);
    fm__x86_move_part(d + h + m, s + h + m, t, W, 0);
  } else {
    fm__x86_move_part(d + h + m, s + h + m, t, W, 0);
    if (m) fm__x86_move_part(d + h, s + h, m, W, 0);
    fm__x86_move_part(d, s, h, W, 1);
  }
}

/* The cut, out of line: inline, its registers would be saved and restored
   on every call of the tier (an earlier version with the cut inline saved
   six, and took 600-byte copies that need no cut from 7.1 to 8.6 ns:
   scratch timing of fm_memcpy on Intel family 6 model CFh). */
FASTMEM__TIER(FASTMEM__T_AVX512) void fm__move_cut_avx512(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__x86_move_cut(d, s, n, 64);
}
FASTMEM__TIER(FASTMEM__T_AVX2) void fm__move_cut_avx2(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__x86_move_cut(d, s, n, 32);
}
FASTMEM__TIER(FASTMEM__T_SSE2) void fm__move_cut_sse2(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__x86_move_cut(d, s, n, 16);
}
FASTMEM__TIER(FASTMEM__T_AVX512) void fm__move_avx512(fm__u8 *d, const fm__u8 *s, size_t n) {
  if (FASTMEM__UNLIKELY(!fm__x86_move_w(d, s, n, 64, FASTMEM__SPLIT_CHECK)))
    fm__move_cut_avx512(d, s, n);
}
FASTMEM__TIER(FASTMEM__T_AVX2) void fm__move_avx2(fm__u8 *d, const fm__u8 *s, size_t n) {
  if (FASTMEM__UNLIKELY(!fm__x86_move_w(d, s, n, 32, FASTMEM__SPLIT_CHECK)))
    fm__move_cut_avx2(d, s, n);
}
FASTMEM__TIER(FASTMEM__T_SSE2) void fm__move_sse2(fm__u8 *d, const fm__u8 *s, size_t n) {
  if (FASTMEM__UNLIKELY(!fm__x86_move_w(d, s, n, 16, FASTMEM__SPLIT_CHECK)))
    fm__move_cut_sse2(d, s, n);
}

/* ---- Set ------------------------------------------------------------------ */
/* The pieces of a set's rep stosb (fm__x86_rep_pieces): the plan's below
   the non-temporal size, and for zeros below half of it, whose
   written-around stores run faster than other bytes' (`sh bench/tune.sh
   pieces`); whole from there on. */
FASTMEM__AI size_t fm__x86_stosb_piece(int c, size_t n) {
  return n < FASTMEM__BIG(nt_set) >> ((fm__u8)c == 0) ? FASTMEM__BIG(string_piece) : n;
}

/* Sets from FASTMEM__X86_BIG on, as the CPU's plan says: rep stosb (no slow
   mode seen on any CPU measured, at every dst % 64, 64 KiB and 1 MiB:
   `sh bench/tune.sh slow`) or non-temporal stores; 0 for the loop. */
FASTMEM__AI int fm__x86_set_big(fm__u8 *d, int c, size_t n, size_t W) {
  unsigned f = fm__load(&fm__cpu_state);
  if ((f & FM_CPU_ERMS) && n >= FASTMEM__BIG(stosb) && n < FASTMEM__BIG(stosb_end)) {
    size_t skip = 64 - ((uintptr_t)d & 63); /* 64-aligned destination, as for rep movsb */
    fm__set_ends(d, c, 64, W, (int)(64 / W));
    fm__x86_rep_pieces(d + skip, 0, c, n - skip, fm__x86_stosb_piece(c, n));
    return 1;
  }
  if ((f & FM_CPU_NT) && n >= FASTMEM__BIG(nt_set)) {
    fm__v64a pat = FASTMEM__SPLAT(fm__v64a, fm__b64, c);
    fm__stream_nt(d, FASTMEM__CAST(const fm__u8 *, &pat), n, W, 1);
    return 1;
  }
  return 0;
}

/* The same for sets (fm__x86_move_w, fm__x86_move_cut). */
FASTMEM__AI int fm__x86_set_w(fm__u8 *d, int c, size_t n, size_t W, int check) {
  int big;
  if (FASTMEM__LIKELY(fm__x86_first_class(n))) return fm__set_k(d, c, n, W, (int)(64 / W), check);
  if (fm__set_upto8(d, c, n, W, check)) return 1;
  if (check && n <= 8 * W) return 0; /* a block would cross */
  big = fm__at_least(n, FASTMEM__X86_BIG);
  if (check && FASTMEM__UNLIKELY(fm__ends_cross(d, n, W, big ? 64 : W, 4 * W))) return 0;
  if (FASTMEM__UNLIKELY(big) && fm__x86_set_big(d, c, n, W)) return 1;
  fm__set_loop(d, c, n, W);
  return 1;
}
FASTMEM__AI void fm__x86_set_part(fm__u8 *d, int c, size_t n, size_t W, int below) {
  if (W == 64 && n <= 64) fm__x86_set_part_masked(d, c, n, below);
  else if (n <= 32) fm__set_short(d, c, n);
  else fm__x86_set_w(d, c, n, W, 0);
}
FASTMEM__AI void fm__x86_set_cut(fm__u8 *d, int c, size_t n, size_t W) {
  size_t h = (size_t)(-(uintptr_t)d & 4095), t = (size_t)(((uintptr_t)d + n) & 4095);
  fm__x86_set_part(d, c, h, W, 1);
  if (n - h - t) fm__x86_set_part(d + h, c, n - h - t, W, 0);
  fm__x86_set_part(d + n - t, c, t, W, 0);
}
FASTMEM__TIER(FASTMEM__T_AVX512) void fm__set_cut_avx512(fm__u8 *d, int c, size_t n) {
  fm__x86_set_cut(d, c, n, 64);
}
FASTMEM__TIER(FASTMEM__T_AVX2) void fm__set_cut_avx2(fm__u8 *d, int c, size_t n) {
  fm__x86_set_cut(d, c, n, 32);
}
FASTMEM__TIER(FASTMEM__T_SSE2) void fm__set_cut_sse2(fm__u8 *d, int c, size_t n) {
  fm__x86_set_cut(d, c, n, 16);
}
FASTMEM__TIER(FASTMEM__T_AVX512) void fm__set_avx512(fm__u8 *d, int c, size_t n) {
  if (FASTMEM__UNLIKELY(!fm__x86_set_w(d, c, n, 64, FASTMEM__SPLIT_CHECK)))
    fm__set_cut_avx512(d, c, n);
}
FASTMEM__TIER(FASTMEM__T_AVX2) void fm__set_avx2(fm__u8 *d, int c, size_t n) {
  if (FASTMEM__UNLIKELY(!fm__x86_set_w(d, c, n, 32, FASTMEM__SPLIT_CHECK)))
    fm__set_cut_avx2(d, c, n);
}
FASTMEM__TIER(FASTMEM__T_SSE2) void fm__set_sse2(fm__u8 *d, int c, size_t n) {
  if (FASTMEM__UNLIKELY(!fm__x86_set_w(d, c, n, 16, FASTMEM__SPLIT_CHECK)))
    fm__set_cut_sse2(d, c, n);
}

/* ---- Compare (n > 32, the whole range, first 32 bytes included) --------- */

/* Nonzero if the last 2W bytes at a and b differ anywhere: both blocks
   compared, one test. */
FASTMEM__AI int fm__last2_differ(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W) {
  return (fm__ne(a + n - 2 * W, b + n - 2 * W, W) | fm__ne(a + n - W, b + n - W, W)) != 0;
}

/* Nonzero if the last r bytes at a and b, ending at n, differ anywhere
   (0 < r <= 4W): the fewest W-byte blocks that cover them, one test. The
   blocks are combined as in fm__diff4: byte compares ANDed in the 16- and
   32-byte tiers, XORs ORed in the 64-byte tier. BLOCK(j) is the j-th
   block from the end. */
#define FASTMEM__TAIL(T, W, x, BLOCK, COMBINE)                                                     \
  T x = BLOCK(1);                                                                                  \
  if (r > (W)) {                                                                                   \
    x = COMBINE(x, BLOCK(2));                                                                      \
    if (r > 2 * (W)) {                                                                             \
      x = COMBINE(x, BLOCK(3));                                                                    \
      if (r > 3 * (W)) x = COMBINE(x, BLOCK(4));                                                   \
    }                                                                                              \
  }
#define FASTMEM__TAIL_EQ16(j) fm__eq_x16(a + n - 16 * (j), b + n - 16 * (j))
#define FASTMEM__TAIL_EQ32(j) fm__eq_x32(a + n - 32 * (j), b + n - 32 * (j))
#define FASTMEM__TAIL_XOR64(j)                                                                     \
  (*FASTMEM__CAST(const fm__v64 *, a + n - 64 * (j)) ^                                             \
   *FASTMEM__CAST(const fm__v64 *, b + n - 64 * (j)))
#define FASTMEM__OR(x, y) ((x) | (y))
FASTMEM__TARGET(FASTMEM__T_SSE2)
int fm__tail_differ_16(const fm__u8 *a, const fm__u8 *b, size_t n, size_t r) {
  FASTMEM__TAIL(__m128i, 16, eq, FASTMEM__TAIL_EQ16, _mm_and_si128)
  return _mm_movemask_epi8(eq) != 0xffff;
}
FASTMEM__TARGET(FASTMEM__T_AVX2)
int fm__tail_differ_32(const fm__u8 *a, const fm__u8 *b, size_t n, size_t r) {
  FASTMEM__TAIL(__m256i, 32, eq, FASTMEM__TAIL_EQ32, _mm256_and_si256)
  return (unsigned)_mm256_movemask_epi8(eq) != 0xffffffffu;
}
FASTMEM__TARGET(FASTMEM__T_AVX512)
int fm__tail_differ_64(const fm__u8 *a, const fm__u8 *b, size_t n, size_t r) {
  FASTMEM__TAIL(fm__v64, 64, x, FASTMEM__TAIL_XOR64, FASTMEM__OR)
  return _mm512_test_epi64_mask(x, x) != 0;
}
FASTMEM__AI int fm__tail_differ(const fm__u8 *a, const fm__u8 *b, size_t n, size_t r, size_t W) {
  return FASTMEM__X86_BY_W(W, fm__tail_differ, a, b, n, r);
}

/* The first W-byte block from i on whose bytes differ (the last one ends
   at n): its mask, 0 if none, and its offset in *at. */
FASTMEM__AI uint64_t fm__x86_locate(const fm__u8 *a, const fm__u8 *b, size_t n, size_t i, size_t W,
                                    size_t *at) {
  uint64_t m;
  for (; n - i > W; i += W)
    if ((m = fm__ne(a + i, b + i, W)) != 0) {
      *at = i;
      return m;
    }
  *at = n - W;
  return fm__ne(a + n - W, b + n - W, W);
}

/* The last r bytes (0 < r <= 4W), the bytes before them known equal: the
   fewest W-byte blocks that end at n and cover them, one test; where they
   differ, fm__x86_locate among them. */
FASTMEM__AI uint64_t fm__x86_find_tail(const fm__u8 *a, const fm__u8 *b, size_t n, size_t r,
                                       size_t W, size_t *at) {
  if (FASTMEM__LIKELY(!fm__tail_differ(a, b, n, r, W))) return 0;
  return fm__x86_locate(a, b, n, n - FASTMEM__R_SPAN(r, W), W, at);
}

/* For n > 8W, the first 32 bytes known equal: the mask of the first W-byte
   block whose bytes differ and its offset in *at; where none does, 0, and
   in *at where the rest begins, up to 4W bytes that the caller tests
   (fm__x86_find_tail, fm__tail_differ) with its own block size, at one
   place for every size class where FASTMEM__X86_ONE_TAIL says so.
   - Bytes 32..63 first; in the AVX2 and SSE2 tiers (W <= 32) the rest of
     the first 4W bytes a block at a time.
   - Then steps of 4W from where a is W-aligned (an unaligned loop would
     split every load across two cache lines, at half the speed: `sh
     bench/ab.sh memcmp 4096` against such a version; figures:
     bench/results/notes-from-code.md).
   - The rest, up to 4W bytes: the fewest blocks that end at n and cover
     it (fm__x86_find_tail). Where a step differs, W at a time finds the
     block.
   Measured on AMD family 1Ah with the AVX2 tier forced: its compares are
   bound by loads there (about two 32-byte loads a cycle; one that crosses
   a cache line costs two), so each block read twice costs. With the loop
   starting after the first 4W and two blocks at the end where they cover
   the rest, memcmp and memeq of 257-1024 bytes ran 1.04-1.26x as fast as
   with the loop from byte 64 and a 4W step at the end (memeq of 600
   bytes: 0.95), 1.00-1.09x with the operands at different line offsets,
   random tables 0.98-1.02x; the SSE2 tier 0.97-1.14x. `sh bench/ab.sh
   memcmp|memeq 257 300 385 400 512 600 768 1024 1500 2048 4096
   --limit=0x3b [--dist=1050638]`, and `random`, five rounds each, glibc's
   AVX2 code picked with GLIBC_TUNABLES as bench/README.md says. The
   AVX-512 tier tried the same and read 0.89-1.20 at 513-2048 bytes, no
   direction, so it keeps the shorter head (its first 4W would be 256
   bytes of one-block tests). Figures:
   bench/results/amd-1ah-02h-2026-12-01/thresholds.md.
   The rest as the fewest blocks (before: two where W <= 32 and they
   covered the rest, else a whole 4W step ending at n), on AMD Zen 4: the
   AVX-512 tier's memcmp and memeq of 600 bytes 1.11-1.44x as fast, 769
   0.88-1.03, 1-4 KiB 0.99-1.09; the AVX2 tier's of 300 B-2 KiB 0.79-1.17
   (`sh bench/ab.sh memcmp|memeq 257 ... 4096 [--dist=1050638]
   [--limit=0x3b]`, two runs each; random tables 0.94-1.05; figures:
   bench/results/amd-19h-11h-2026-12-03/thresholds.md). */
FASTMEM__AI uint64_t fm__x86_find(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W, size_t TW,
                                  size_t *at) {
  size_t last = n - 4 * W; /* the loop's bound, so that a step tests i alone */
  size_t i;
  uint64_t m = fm__ne32b(a + 32, b + 32, W);
  if (m) {
    *at = 32;
    return m;
  }
  /* the loop from the first W-aligned byte of a after the bytes tested
     here: in the AVX2 and SSE2 tiers the rest of the first 4W bytes, a
     block at a time; in the AVX-512 tier bytes 32..63 alone */
  if (W <= 32) {
    for (i = 64; i < 4 * W; i += W)
      if ((m = fm__ne(a + i, b + i, W)) != 0) {
        *at = i;
        return m;
      }
    i = 4 * W - (size_t)((uintptr_t)a & (W - 1));
  } else i = (size_t)(((uintptr_t)a + 64) & ~(uintptr_t)(W - 1)) - (size_t)(uintptr_t)a;
  /* i < last here (n > 8W). gcc lays a loop with two exits out with a
     jump into it and its test at the top; with one exit (both tests at
     the end) the loop falls through to the rest: the AVX2 tier's memcmp
     of 257-512 bytes 1.06-1.16x as fast, memeq of 257-1024 1.03-1.17x,
     the SSE2 tier's memcmp of 129-1024 1.02-1.14x (memeq 0.97-1.09),
     the AVX-512 tier level. clang keeps two exits: with one, its AVX2 tier's
     memcmp of 257-448 bytes read 0.90-0.98x. `sh bench/ab.sh [-c "clang
     -O2"] -P 8 memcmp|memeq 257 ... 4096 [--limit=0x3b|0x39]`, medians
     over 8 code placements, AMD Zen 4; figures:
     bench/results/amd-19h-11h-2026-12-03/thresholds.md. */
#ifdef __clang__
  for (; i < last; i += 4 * W)
    if (FASTMEM__UNLIKELY(fm__diff4_tier(a + i, b + i, W, TW)))
      return fm__x86_locate(a, b, n, i, W, at);
#else
  {
    int differ;
    do {
      differ = fm__diff4_tier(a + i, b + i, W, TW);
      i += 4 * W;
    } while (!differ & (i < last));
    if (FASTMEM__UNLIKELY(differ)) return fm__x86_locate(a, b, n, i - 4 * W, W, at);
  }
#endif
  *at = i;
  return 0;
}

/* 64 < n <= 4W without a loop: two W-byte blocks (first and last) where n
   fits in two, else four (two from the front, two from the back), in memory
   order; the mask of the first block whose bytes differ, 0 if none, and its
   offset in *at. Where blocks overlap, the shared bytes of a later block
   were found equal in an earlier one, so its first set bit is the first
   difference. `sh bench/ab.sh memcmp 65 100 128 200 256` against the loop
   that began at the first W-aligned byte: see bench/results/<cpu>/. */
FASTMEM__AI uint64_t fm__x86_find_upto4(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W,
                                        size_t *at) {
  uint64_t m;
  *at = 0;
#ifndef __clang__
  /* Two blocks (the AVX-512 tier's 65..128 bytes): both compared, then one
     test of both masks. With gcc 1.14-1.15x at 65-128 bytes, level with
     glibc where it was 0.87-0.90, and 129-256 level; with clang level at
     65-128 and 0.91-0.95x at 129-256, so clang keeps the early exits (`sh
     bench/ab.sh [-c "clang -O2"] memcmp 65 80 100 128 129 160 200 256`,
     medians of three and five runs, AMD family 1Ah; figures:
     bench/results/amd-1ah-02h-2026-12-01/thresholds.md). Where they
     differ, which block holds the first difference is picked without a
     branch: on the random table of 65-128 bytes, whose mismatches sit at
     random places, 1.09-1.11x (`sh bench/ab.sh memcmp random
     --sizes=65-128`, medians of three runs; the whole table 1.02x,
     repeated sizes level). */
  if (n <= 2 * W) {
    uint64_t m0 = fm__ne(a, b, W), m1 = fm__ne(a + n - W, b + n - W, W), last;
    if (FASTMEM__LIKELY(!(m0 | m1))) return 0;
    last = (uint64_t)0 - (m0 == 0); /* all ones where the first block is equal */
    *at = (n - W) & (size_t)last;
    return m0 | (m1 & last);
  }
#endif
  if ((m = fm__ne(a, b, W)) != 0) return m;
  if (n > 2 * W) {
    if ((m = fm__ne(a + W, b + W, W)) != 0) {
      *at = W;
      return m;
    }
    if ((m = fm__ne(a + n - 2 * W, b + n - 2 * W, W)) != 0) {
      *at = n - 2 * W;
      return m;
    }
  }
  *at = n - W;
  return fm__ne(a + n - W, b + n - W, W);
}

/* 4W < n <= 8W without a loop: the first 4W bytes with one test
   (fm__diff4); where they differ, masks W at a time, in memory order;
   else 0 and the rest for fm__x86_find_tail, as fm__x86_find returns it.
   Before, the rest was the last two blocks up to 6W and the last four
   above: the fewest took memcmp of 257-448 bytes 1.00-1.19x as fast in
   the AVX-512 tier on AMD Zen 4 (memeq 1.10-1.30), 129-256 0.95-1.09 in
   the AVX2 tier, 65-96 1.13-1.21 in the SSE2 tier (`sh bench/ab.sh
   memcmp 257 300 385 448 511 [--limit=0x3b|0x39]`, two runs; figures:
   bench/results/amd-19h-11h-2026-12-03/thresholds.md). */
FASTMEM__AI uint64_t fm__x86_find_upto8(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W,
                                        size_t *at) {
  if (fm__diff4(a, b, W)) return fm__x86_locate(a, b, n, 0, W, at);
  *at = 4 * W;
  return 0;
}

/* The AVX-512 tier's memcmp and memeq from the plan's cmp_narrow on: the
   same code with 32-byte blocks, a function of its own that the tier
   jumps to, so that the tier's shorter calls save no registers for it.
   Measured on AMD family 1Ah (32 MiB L3), where the operands come from L3
   at those sizes:
   - a and b at different offsets in their cache lines: the loop aligns a,
     so every 64-byte load of b straddles two lines (half of the 32-byte
     ones do); memcmp and memeq of 6-16 MiB 1.04-1.45x as fast with 32-byte
     blocks, 1-5 MiB 0.82-1.12 (no direction). `sh bench/ab.sh
     memcmp|memeq 4194304 6291456 8388608 12582912 16777216
     --dist=16779278`.
   - a and b at the same offset: 6-12 MiB 1.06-1.16x, 16-24 MiB 0.96-1.01
     (`--dist=16779264` and `--dist=16783360`, sizes of 4-24 MiB).
   Figures: bench/results/amd-1ah-02h-2026-12-01/thresholds.md. */
FASTMEM__TIER(FASTMEM__T_AVX512)
int fm__cmp_narrow_avx512(const fm__u8 *a, const fm__u8 *b, size_t n);
FASTMEM__TIER(FASTMEM__T_AVX512)
int fm__eq_narrow_avx512(const fm__u8 *a, const fm__u8 *b, size_t n);
#define FASTMEM__X86_NARROW(W, TW, n) ((W) == 64 && (TW) == 64 && (n) >= FASTMEM__BIG(cmp_narrow))
/* Where memcmp tests the rest past the first 4W or past the loop
   (fm__x86_find_tail): in clang builds at one place per tier, as memeq
   does everywhere. clang 14 inlined neither of two such places, and the
   tier then saved five registers on every call; gcc inlines both, and
   with one place its memcmp random table read 0.93-0.95 against
   0.98-1.02 with two (AMD Zen 4, `sh bench/ab.sh memcmp random`, three
   runs each). */
#ifdef __clang__
#define FASTMEM__X86_ONE_TAIL 1
#else
#define FASTMEM__X86_ONE_TAIL 0
#endif

/* A branch hint for clang builds only, on the compare tiers' test for n <=
   64: clang laid that class out as the fall-through and jumped to every
   longer one. With the hint, clang's memcmp of 65-128 bytes ran 1.16-1.22x
   as fast in the AVX-512 tier and 1.25-1.38x in the AVX2 tier, 200-300
   bytes 0.99-1.16x, 40-64 bytes 1.00x (AVX-512 tier) and 1.04-1.10x (AVX2
   tier, which call sites without the masks send them to), memeq and the
   random tables level
   (`sh bench/ab.sh -c "clang -O2" -P 8 memcmp|memeq 40 ... 300
   [--limit=0x3b]` and `random`, memcmp two runs, AMD Zen 4; figures:
   bench/results/amd-19h-11h-2026-12-03/thresholds.md). gcc builds keep the
   test unmarked: their call sites send compares of 33-64 bytes to the
   tiers, and with the mark gcc's memcmp of 40-64 bytes read 0.60. */
#ifdef __clang__
#define FASTMEM__UNLIKELY_CLANG(x) FASTMEM__UNLIKELY(x)
#else
#define FASTMEM__UNLIKELY_CLANG(x) (x)
#endif

/* a[at + k] - b[at + k] for the first bit k set in m; 0 where m is 0 */
FASTMEM__AI int fm__x86_byte_diff(const fm__u8 *a, const fm__u8 *b, size_t at, uint64_t m) {
  if (!m) return 0;
  at += (size_t)__builtin_ctzll(m);
  return (int)a[at] - (int)b[at];
}
/* n > 4W: a function of its own, so that the compiler keeps its masks
   apart from the shorter sizes' (gcc, given one variable for all, kept
   it in a mask register and moved every short size's mask there and
   back: memcmp of 40-64 bytes at 0.65-0.71x, `sh bench/ab.sh memcmp 40
   64`). */
FASTMEM__AI int fm__x86_cmp_long(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W, size_t TW) {
  size_t at = 0;
  uint64_t m;
  if (n <= 8 * W) {
    m = fm__x86_find_upto8(a, b, n, W, &at);
    if (!FASTMEM__X86_ONE_TAIL && !m) m = fm__x86_find_tail(a, b, n, n - at, W, &at);
  } else if ((m = fm__ne32b(a, b, W)) == 0) {
    if (FASTMEM__X86_NARROW(W, TW, n)) return fm__cmp_narrow_avx512(a, b, n);
    m = fm__x86_find(a, b, n, W, TW, &at);
    if (!FASTMEM__X86_ONE_TAIL && !m) m = fm__x86_find_tail(a, b, n, n - at, W, &at);
  }
  if (FASTMEM__X86_ONE_TAIL && !m) m = fm__x86_find_tail(a, b, n, n - at, W, &at);
  return fm__x86_byte_diff(a, b, at, m);
}
/* Compare n > 32 bytes: 33..64 as two 32-byte halves, up to 8W straight
   line, each starting with the block or part that holds the first 32 bytes
   (most real mismatches sit there: the compare mismatch positions of
   `make bench SECTION=mismatch`); above 8W those 32 bytes on their own
   before the loop is set up. W: the block size; TW: the tier's (64 in the
   AVX-512 tier's 32-byte compares). */
FASTMEM__AI int fm__x86_cmp_w(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W, size_t TW) {
  size_t at = 0;
  uint64_t m;
  if (FASTMEM__UNLIKELY_CLANG(n <= 64)) {
    if ((m = fm__ne32b(a, b, W)) == 0) m = fm__ne32b(a + (at = n - 32), b + n - 32, W);
  } else if (n <= 4 * W) m = fm__x86_find_upto4(a, b, n, W, &at);
  else return fm__x86_cmp_long(a, b, n, W, TW);
  return fm__x86_byte_diff(a, b, at, m);
}

/* Equality the same way; up to 4W the blocks' masks are ORed, one test. */
FASTMEM__AI int fm__x86_eq_w(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W, size_t TW) {
  size_t at;
  if (FASTMEM__UNLIKELY_CLANG(n <= 64))
    return (fm__ne32b(a, b, W) | fm__ne32b(a + n - 32, b + n - 32, W)) == 0;
  if (n <= 2 * W) return (fm__ne(a, b, W) | fm__ne(a + n - W, b + n - W, W)) == 0;
  if (n <= 4 * W)
    return (fm__ne(a, b, W) | fm__ne(a + W, b + W, W) | fm__ne(a + n - 2 * W, b + n - 2 * W, W) |
            fm__ne(a + n - W, b + n - W, W)) == 0;
  /* past the first 4W, the fewest blocks that cover the rest; in the
     16- and 32-byte tiers up to 6W always two, as straight code: the
     fewest, with the tests that pick them, ran 0.83-0.98x as fast there
     (AMD Zen 4, `sh bench/ab.sh memeq 129 160 192 --limit=0x3b` and
     `memeq 65 80 96 --limit=0x39`, two runs) */
  if (W < 64 && n <= 6 * W) return !fm__diff4(a, b, W) && !fm__last2_differ(a, b, n, W);
  if (n <= 8 * W) {
    if (fm__diff4(a, b, W)) return 0;
    at = 4 * W;
  } else if (fm__ne32b(a, b, W)) return 0;
  else if (FASTMEM__X86_NARROW(W, TW, n)) return fm__eq_narrow_avx512(a, b, n);
  else if (fm__x86_find(a, b, n, W, TW, &at)) return 0;
  return !fm__tail_differ(a, b, n, n - at, W);
}

FASTMEM__TIER(FASTMEM__T_AVX512) int fm__cmp_avx512(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__x86_cmp_w(a, b, n, 64, 64);
}
FASTMEM__TIER(FASTMEM__T_AVX2) int fm__cmp_avx2(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__x86_cmp_w(a, b, n, 32, 32);
}
FASTMEM__TIER(FASTMEM__T_SSE2) int fm__cmp_sse2(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__x86_cmp_w(a, b, n, 16, 16);
}
FASTMEM__TIER(FASTMEM__T_AVX512) int fm__eq_avx512(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__x86_eq_w(a, b, n, 64, 64);
}
FASTMEM__TIER(FASTMEM__T_AVX512)
int fm__cmp_narrow_avx512(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__x86_cmp_w(a, b, n, 32, 64);
}
FASTMEM__TIER(FASTMEM__T_AVX512)
int fm__eq_narrow_avx512(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__x86_eq_w(a, b, n, 32, 64);
}
FASTMEM__TIER(FASTMEM__T_AVX2) int fm__eq_avx2(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__x86_eq_w(a, b, n, 32, 32);
}
FASTMEM__TIER(FASTMEM__T_SSE2) int fm__eq_sse2(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__x86_eq_w(a, b, n, 16, 16);
}

/* ---- Masked short copies, sets and compares (x86-64) -----------------------
 * On the CPUs whose plan says so (FM_CPU_MASKED, with AVX-512 BW and VL), a
 * call site whose size is not known at compile time copies 0..32 bytes and
 * sets and compares 0..64 with one path: a mask of the first n bytes (bzhi),
 * then one byte-masked 64-byte load, store or compare in zmm16. A masked-off
 * byte is neither read nor written and cannot fault, so nothing outside the
 * ranges is touched, n = 0 included. Sizes that change from call to call
 * then cost no mispredicted branch, and a compare needs no call up to 64
 * bytes. A size known at compile time keeps the ladder, which the compiler
 * folds to straight code. zmm16 is a register that SSE code cannot name and
 * the compiler does not use outside AVX-512 code; it is cleared after use,
 * so that no upper bits are left set. Figures and commands: the plan row of
 * the CPU and bench/results/intel-06h-cfh-2026-12-01/thresholds.md (earlier
 * versions with 16-byte halves lost repeated short compares to glibc).
 * The asm uses k1 and k2 and must say so. clang accepts them as clobbers on
 * any target, and gcc where the translation unit targets AVX-512
 * (__AVX512F__): there the masked paths are inlined at the call site. Other
 * gcc builds keep the ladders; saving and restoring k1 and k2 in inline asm
 * instead (a function with an AVX-512 target attribute may keep values
 * there) chained every call to the one before and cost 15-25% on repeated
 * sizes (`make bench SECTION=sweep`). With FASTMEM_MASKED_CALLS, such a
 * build calls the masked set, memcmp and memeq as small functions with an
 * AVX-512 target instead (copies keep the ladder: through the call they ran
 * at a third of its speed at 1-32 bytes). On AMD family 1Ah (Zen 5) that
 * took the random tables from 0.58-0.92 of the best peer to 1.01-1.72, and
 * cost repeated short sizes up to half their speed (memeq below 32 bytes
 * 0.87 of glibc). It is not the default because CPUs without the masks pay
 * too: the test in front of the ladder and the call beside it cost the AVX2
 * tier's repeated sets of 16-40 bytes 0.62-0.75x, compares 0.75-0.95x, and
 * its 0-31 band fell from 1.85 to 1.52 (sets) and 1.50 to 1.08 (memcmp) of
 * the best peer (`sh bench/ab.sh -r 90f16bf memset 8 16 24 40
 * --limit=0x3b`; `make bench SECTION=sweep,random`; figures:
 * bench/results/amd-1ah-02h-2026-12-01/thresholds.md, "Masked sets and
 * compares through a call"). */
#ifdef FASTMEM__X86_MASKS
#define FASTMEM__MASKED_BITS (FM_CPU_AVX512 | FM_CPU_MASKED)
/* The masked path, for a call of n bytes at a and b (a set passes its one
   pointer twice): where the plan says so, and only where each 64-byte
   window stays in its 4 KiB page. A masked access whose masked-off bytes
   fall in the next page is slow even though it touches nothing there: on
   AMD Zen 4 a masked store 5x (10 ns against 2) where that page is mapped,
   and any masked access 60-90x (125-195 ns) where it is not, as at the
   end of a mapping. The ladder takes those calls, at its usual speed
   (`pagecross.c` in bench/results/amd-19h-11h-2026-12-03; test/cliff.c
   times such calls). */
FASTMEM__AI int fm__x86_masked(size_t n, const fm__u8 *a, const fm__u8 *b) {
  return !__builtin_constant_p(n) &&
         (fm__load(&fm__cpu_state) & FASTMEM__MASKED_BITS) == FASTMEM__MASKED_BITS &&
         fm__x86_window_in_page(a, n, 0) && fm__x86_window_in_page(b, n, 0);
}

/* k1 = the first n bits (n <= 64): the mask of the n bytes at an address. */
#define FASTMEM__MASK_N                                                                            \
  "movq $-1, %[t]\n\t"                                                                             \
  "bzhiq %[n], %[t], %[t]\n\t"                                                                     \
  "kmovq %[t], %%k1\n\t"
/* zmm16 back to zero, so that no upper bits are left set in it */
#define FASTMEM__ZMM16_CLEAR "\n\tvpxord %%xmm16, %%xmm16, %%xmm16"
/* the n <= 64 bytes at p, as an asm operand: an array of no stated size for
   gcc (a [64] one makes -Warray-bounds flag every smaller object), of 64
   bytes for clang (which wants a complete type there). */
#ifdef __clang__
#define FASTMEM__UPTO64(T, p) (*FASTMEM__CAST(T(*)[64], p))
#else
#define FASTMEM__UPTO64(T, p) (*FASTMEM__CAST(T(*)[], p))
#endif

/* Copy n <= 64 bytes: one masked load, then one masked store. Used up to
   32 bytes: as one class with 33..64 (no size test) it was 2.0x glibc on
   the random table against 1.36x, but took the 32-256 band of the sweep
   from 2.09x to 1.59x (clang build, `bench --section=random,sweep`). */
#ifdef FASTMEM__X86_MASKS_INLINE
#define FASTMEM__MASKED_FN FASTMEM__AI
FASTMEM__AI void fm__x86_move_masked(fm__u8 *d, const fm__u8 *s, size_t n) {
  uint64_t t;
  __asm__(FASTMEM__MASK_N "vmovdqu8 (%[s]), %%zmm16%{%%k1%}%{z%}\n\t"
                          "vmovdqu8 %%zmm16, (%[d])%{%%k1%}" FASTMEM__ZMM16_CLEAR
          : [t] "=&r"(t), "+m"(FASTMEM__UPTO64(fm__u8, d))
          : [n] "r"(n), [d] "r"(d), [s] "r"(s), "m"(FASTMEM__UPTO64(const fm__u8, s))
          : "k1", "xmm16");
}
#else
#define FASTMEM__MASKED_FN FASTMEM__TIER(FASTMEM__T_AVX512)
#endif

/* Set n <= 64 bytes: one masked store. */
FASTMEM__MASKED_FN void fm__x86_set_masked(fm__u8 *d, int c, size_t n) {
  uint64_t t;
  __asm__(FASTMEM__MASK_N "vpbroadcastb %k[c], %%zmm16\n\t"
                          "vmovdqu8 %%zmm16, (%[d])%{%%k1%}" FASTMEM__ZMM16_CLEAR
          : [t] "=&r"(t), "+m"(FASTMEM__UPTO64(fm__u8, d))
          : [n] "r"(n), [d] "r"(d), [c] "r"(c)
          : "k1", "xmm16");
}

/* Compare n <= 64 bytes: a's bytes loaded under the mask (the rest zeroed),
   compared with b's under the same mask (masked-off bytes of b are not read
   either): k2, the mask of the bytes that differ. */
#define FASTMEM__NE_MASKED                                                                         \
  FASTMEM__MASK_N                                                                                  \
  "vmovdqu8 (%[a]), %%zmm16%{%%k1%}%{z%}\n\t"                                                      \
  "vpcmpneqb (%[b]), %%zmm16, %%k2%{%%k1%}" FASTMEM__ZMM16_CLEAR "\n\t"
#define FASTMEM__NE_MASKED_IN                                                                      \
  [n] "r"(n), [a] "r"(a), [b] "r"(b), "m"(FASTMEM__UPTO64(const fm__u8, a)),                       \
      "m"(FASTMEM__UPTO64(const fm__u8, b))
FASTMEM__MASKED_FN int fm__x86_cmp_masked(const fm__u8 *a, const fm__u8 *b, size_t n) {
  uint64_t t, m;
  __asm__(FASTMEM__NE_MASKED "kmovq %%k2, %[m]"
          : [t] "=&r"(t), [m] "=r"(m)
          : FASTMEM__NE_MASKED_IN
          : "k1", "k2", "xmm16");
  if (!m) return 0;
  m = (uint64_t)__builtin_ctzll(m);
  return (int)a[m] - (int)b[m];
}
/* Equality the same way: the flags of kortest, no move to a register. */
FASTMEM__MASKED_FN int fm__x86_eq_masked(const fm__u8 *a, const fm__u8 *b, size_t n) {
  uint64_t t;
  int eq;
  __asm__(FASTMEM__NE_MASKED "kortestq %%k2, %%k2"
          : [t] "=&r"(t), "=@ccz"(eq)
          : FASTMEM__NE_MASKED_IN
          : "k1", "k2", "xmm16");
  return eq;
}
#elif defined(__SSE2__) && defined(__x86_64__) /* not in this build: the ladders */
FASTMEM__AI int fm__x86_masked(size_t n, const fm__u8 *a, const fm__u8 *b) {
  return (void)n, (void)a, (void)b, 0;
}
FASTMEM__AI void fm__x86_move_masked(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__move_short(d, s, n);
}
FASTMEM__AI void fm__x86_set_masked(fm__u8 *d, int c, size_t n) { fm__set_short(d, c, n); }
FASTMEM__AI int fm__x86_cmp_masked(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__cmp_short(a, b, n);
}
FASTMEM__AI int fm__x86_eq_masked(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__eq_short(a, b, n);
}
#endif

/* ---- Short compares (inline at the call site) ----------------------------
 * memeq up to 64 bytes (FASTMEM__EQ_SHORT_MAX); memcmp up to 32, and up to
 * 64 in builds with the masks (FASTMEM__CMP_SHORT_MAX), where the plan's
 * masked compare takes 0..64 and CPUs without it call the tier above 32. */
#if defined(__SSE2__) && defined(__x86_64__)
/* the tier's call, for 33..64 bytes where the CPU has no masks (below) */
FASTMEM__AI int fm__arch_cmp_call(const fm__u8 *a, const fm__u8 *b, size_t n);

/* 16..32 bytes: the first and last 16 compared as bytes at once (SSE2 is
   in every x86-64), a 32-bit mask of the bytes that differ (the last 16 at
   bits 16..31: they come after the first 16 or overlap bytes already found
   equal), one branch, and the first differing byte: faster than four
   big-endian words with early exits (`sh bench/ab.sh memcmp 16 24 32`, equal
   buffers; figures: bench/results/notes-from-code.md). Shorter: the
   portable words. With the masks, 0..64 bytes in one masked compare. */
FASTMEM__AI int fm__x86_cmp_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
  if (fm__x86_masked(n, a, b)) return fm__x86_cmp_masked(a, b, n);
  if (n > 32) return fm__arch_cmp_call(a, b, n);
  if (n >= 16) {
    unsigned eq = (unsigned)_mm_movemask_epi8(fm__eq_x16(a, b)) |
                  (unsigned)_mm_movemask_epi8(fm__eq_x16(a + n - 16, b + n - 16)) << 16;
    size_t i;
    if (eq == 0xffffffffu) return 0;
    i = (size_t)__builtin_ctz(~eq);
    if (i >= 16) i += n - 32; /* a byte of the last 16 */
    return (int)a[i] - (int)b[i];
  }
  return fm__cmp_short(a, b, n);
}

/* Equality of H <= n <= 2H bytes (H = 16 or 32): the first and the last H
   bytes, 16 at a time, the byte compares ANDed and one mask test, so that
   memeq is not slower than memcmp (`sh bench/ab.sh memeq 16 24 32` against
   four words XORed; figures: bench/results/notes-from-code.md). */
FASTMEM__AI int fm__x86_eq_ends(const fm__u8 *a, const fm__u8 *b, size_t n, size_t H) {
  __m128i eq = _mm_and_si128(fm__eq_x16(a, b), fm__eq_x16(a + n - 16, b + n - 16));
  if (H == 32)
    eq = _mm_and_si128(
        eq, _mm_and_si128(fm__eq_x16(a + 16, b + 16), fm__eq_x16(a + n - 32, b + n - 32)));
  return _mm_movemask_epi8(eq) == 0xffff;
}

/* memeq keeps 33..64 bytes at the call site, as the copies do: four 16-byte
   compares cost less than the call, the tier's size ladder and its
   vzeroupper. Measured on Intel family 6 model CFh (`make bench
   SECTION=sweep`, three runs): the 32-256 band 0.91-0.97 of glibc before,
   1.39-1.41 after, 0-31 at 1.45 against 1.55. memcmp stays at 32: the same
   for it left 32-256 where it was (1.24-1.29 against 1.28-1.30) and took
   the 0-31 band from 1.5 to 1.2-1.3 (figures:
   bench/results/intel-06h-cfh-2026-12-01/thresholds.md). The size test
   for 16 comes first, so that 0..15 bytes pay no more branches than
   before. With the masks, 0..64 bytes of both are one masked compare:
   the 32-256 band of memcmp went from 0.8x glibc (clang) and 1.1x (gcc
   for x86-64-v4) to 2.1x. */
#define FASTMEM__EQ_SHORT_MAX 64
#ifdef FASTMEM__X86_MASKS
#define FASTMEM__CMP_SHORT_MAX 64
#endif
FASTMEM__AI int fm__x86_eq_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
  if (fm__x86_masked(n, a, b)) return fm__x86_eq_masked(a, b, n);
  if (n >= 16) return n > 32 ? fm__x86_eq_ends(a, b, n, 32) : fm__x86_eq_ends(a, b, n, 16);
  return fm__eq_short(a, b, n);
}
#endif

/* ---- The backend interface (fastmem.h, section 6) --------------------------
 * The tier for the feature bits f. Where f has none: the portable path once
 * the probe ran (probed), else the out-of-line path, which probes. Each test
 * is marked likely, so that the best tier is a branch not taken and a call,
 * the others one taken branch per better tier. */
FASTMEM__AI void fm__x86_move(unsigned f, fm__u8 *d, const fm__u8 *s, size_t n, int probed) {
  if (FASTMEM__LIKELY(f & FM_CPU_AVX512)) fm__move_avx512(d, s, n);
  else if (FASTMEM__LIKELY(f & FM_CPU_AVX2)) fm__move_avx2(d, s, n);
  else if (FASTMEM__LIKELY(f & FM_CPU_SSE2)) fm__move_sse2(d, s, n);
  else if (probed) fm__move_port(d, s, n);
  else fm__move_long(d, s, n);
}

FASTMEM__AI void fm__x86_set(unsigned f, fm__u8 *d, int c, size_t n, int probed) {
  if (FASTMEM__LIKELY(f & FM_CPU_AVX512)) fm__set_avx512(d, c, n);
  else if (FASTMEM__LIKELY(f & FM_CPU_AVX2)) fm__set_avx2(d, c, n);
  else if (FASTMEM__LIKELY(f & FM_CPU_SSE2)) fm__set_sse2(d, c, n);
  else if (probed) fm__set_port(d, c, n);
  else fm__set_long(d, c, n);
}

/* The compare tiers take the whole range, first 32 bytes included. */
FASTMEM__AI int fm__x86_cmp(unsigned f, const fm__u8 *a, const fm__u8 *b, size_t n, int probed) {
  if (FASTMEM__LIKELY(f & FM_CPU_AVX512)) return fm__cmp_avx512(a, b, n);
  if (FASTMEM__LIKELY(f & FM_CPU_AVX2)) return fm__cmp_avx2(a, b, n);
  if (FASTMEM__LIKELY(f & FM_CPU_SSE2)) return fm__cmp_sse2(a, b, n);
  return probed ? fm__cmp_port(a, b, n) : fm__cmp_long(a, b, n);
}

FASTMEM__AI int fm__x86_eq(unsigned f, const fm__u8 *a, const fm__u8 *b, size_t n, int probed) {
  if (FASTMEM__LIKELY(f & FM_CPU_AVX512)) return fm__eq_avx512(a, b, n);
  if (FASTMEM__LIKELY(f & FM_CPU_AVX2)) return fm__eq_avx2(a, b, n);
  if (FASTMEM__LIKELY(f & FM_CPU_SSE2)) return fm__eq_sse2(a, b, n);
  return probed ? fm__eq_port(a, b, n) : fm__eq_long(a, b, n);
}

FASTMEM__AI unsigned fm__arch_probe(void) { return fm__x86_probe(); }
FASTMEM__AI const char *fm__arch_name(unsigned f) { return fm__x86_name(f); }

FASTMEM__AI void fm__arch_move(unsigned f, fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__x86_move(f, d, s, n, 1);
}
FASTMEM__AI void fm__arch_set(unsigned f, fm__u8 *d, int c, size_t n) {
  fm__x86_set(f, d, c, n, 1);
}
FASTMEM__AI int fm__arch_cmp(unsigned f, const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__x86_cmp(f, a, b, n, 1);
}
FASTMEM__AI int fm__arch_eq(unsigned f, const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__x86_eq(f, a, b, n, 1);
}

/* The call site itself calls the tier the probe chose, whichever it is: one
   call from the call site to the loop on every CPU. A dispatcher in between
   cost AVX2 CPUs a call and a jump (measured on AMD Zen 3 and Intel family
   6 model CFh: `sh bench/ab.sh memcpy 48 64 128 --limit=0x3b` against such
   a version; figures: thresholds.md in bench/results/zen3-2026-11-30/ and
   bench/results/intel-06h-cfh-2026-11-30/). Before
   the first probe the state is 0, no tier matches, and the out-of-line path
   probes. */
FASTMEM__AI void fm__arch_move_call(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__x86_move(fm__load(&fm__cpu_state), d, s, n, 0);
}
FASTMEM__AI void fm__arch_set_call(fm__u8 *d, int c, size_t n) {
  fm__x86_set(fm__load(&fm__cpu_state), d, c, n, 0);
}
FASTMEM__AI int fm__arch_cmp_call(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__x86_cmp(fm__load(&fm__cpu_state), a, b, n, 0);
}
FASTMEM__AI int fm__arch_eq_call(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__x86_eq(fm__load(&fm__cpu_state), a, b, n, 0);
}

/* On x86-64, copies and sets of 33..64 bytes stay at the call site too: SSE2
   is in every x86-64 CPU, and two 16-byte blocks from each end (all four
   loads before the stores, so any overlap) cost less than the call, the
   tier's size ladder and its vzeroupper: 1.2-1.7x for copies, 1.8-2.4x
   for sets on Intel family 6 model CFh, AVX-512 and AVX2 tiers alike
   (`sh bench/ab.sh memcpy 33 48 64 65 128`, with --limit=0x3b and without).
   The test for 64 comes first: with 32 first, calls of 65-256 bytes lost
   10-30% (`make bench SECTION=sweep`); this way copies of 4-8 bytes pay
   one more branch (0.67-0.93x).
   Sets of 16..64 bytes are one class, four stores without a size branch
   (fm__set_four_16): 1.6x on the random table, 0.9x on repeated sizes
   (`sh bench/ab.sh memset random` and `memset 16 32 48 64`). Copies keep
   16..32 and 33..64 apart: as one class they were 1.05x on the random
   table but 0.7x on repeated 16..32-byte copies (same commands, memcpy).
   Figures: bench/results/intel-06h-cfh-2026-12-01/thresholds.md. */
#if defined(__SSE2__) && defined(__x86_64__)
#define FASTMEM__COPY_SHORT_MAX 64
FASTMEM__AI void fm__arch_move_short(fm__u8 *d, const fm__u8 *s, size_t n) {
  if (n > 32) fm__move_ends_16(d, s, n, 2);
#if !defined(FASTMEM__X86_MASKS) || defined(FASTMEM__X86_MASKS_INLINE) /* not as calls */
  else if (fm__x86_masked(n, d, s)) fm__x86_move_masked(d, s, n);
#endif
  else fm__move_short(d, s, n);
}
FASTMEM__AI void fm__arch_set_short(fm__u8 *d, int c, size_t n) {
  if (fm__x86_masked(n, d, d)) fm__x86_set_masked(d, c, n);
  else if (n >= 16) fm__set_four_16(d, c, n);
  else fm__set_short(d, c, n);
}
#else
FASTMEM__AI void fm__arch_move_short(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__move_short(d, s, n);
}
FASTMEM__AI void fm__arch_set_short(fm__u8 *d, int c, size_t n) { fm__set_short(d, c, n); }
#endif
#if defined(__SSE2__) && defined(__x86_64__)
FASTMEM__AI int fm__arch_cmp_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__x86_cmp_short(a, b, n);
}
FASTMEM__AI int fm__arch_eq_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__x86_eq_short(a, b, n);
}
#else
FASTMEM__AI int fm__arch_cmp_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__cmp_short(a, b, n);
}
FASTMEM__AI int fm__arch_eq_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__eq_short(a, b, n);
}
#endif

#endif /* FASTMEM_X86_H */
