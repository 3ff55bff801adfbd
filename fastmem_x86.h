/* fastmem_x86.h - the x86 (x86-64 and i386) backend of fastmem.h.
 * Included by fastmem.h; not meant to be included on its own.
 *
 * Tiers, best first: AVX-512 (64-byte vectors), AVX2 (32), SSE2 (16); each
 * is one out-of-line function per operation with its own target attribute,
 * so the build needs no -m flags; the AVX-512 tier is called straight from
 * the call site. Size classes for copy/move (W = width), n > 32:
 *   ..8W         first and last blocks, all loads before any store
 *   > 8W         4W per iteration, unaligned loads, W-aligned stores; forward
 *                unless dst lies inside (src, src + n), then backward
 *   28 KiB..NT   rep movsb (AMD with FSRM), forward, disjoint; sets: rep
 *                stosb from 960 KiB, at every larger size
 *   >= NT        non-temporal stores (disjoint copies; sets without rep stosb)
 * Compares: the first 32 bytes, then 4 vectors a step from where the first
 * operand is aligned, masks and a bit scan only where a step differs.
 */
#ifndef FASTMEM_X86_H
#define FASTMEM_X86_H

#ifndef FASTMEM_H
#error "include fastmem.h, not fastmem_x86.h"
#endif

/* Freestanding gcc: its xmmintrin.h pulls in mm_malloc.h, which needs the C
   library's <stdlib.h>; fastmem uses no _mm_malloc, so that header is
   skipped (clang's headers do so themselves when not hosted). */
#if defined(__STDC_HOSTED__) && !__STDC_HOSTED__ && !defined(__clang__) && !defined(_MM_MALLOC_H_INCLUDED)
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

#define FASTMEM__T_SSE2   "sse2"
#define FASTMEM__T_AVX2   "avx,avx2"
#define FASTMEM__T_AVX512 "avx,avx2,avx512f,avx512bw,avx512vl"

/* ---- Thresholds (each from a measurement of bench/, see its comment) ----- */
/* rep movsb from here up to the non-temporal threshold, on the CPUs that get
   FM_CPU_ERMS (AMD with FSRM). `sh bench/tune.sh movsb` on Zen 5, libc/fastmem
   for an aligned memcpy, rep movsb vs the AVX-512 loop: 2 KiB 0.60 vs 1.01,
   24577 B 1.00 vs 1.44, 32767 B 0.91 vs 0.52, 1 MiB 1.19 vs 0.98, 8 MiB 1.53
   vs 1.01. The loop wins while source and destination fit the 48 KiB L1D. */
#ifndef FASTMEM_MOVSB_MIN
#define FASTMEM_MOVSB_MIN (28u * 1024)
#endif
/* rep stosb from here on (memset; no upper limit, see fm__x86_set_big): as
   the set outgrows the 1 MiB L2. `sh bench/tune.sh movsb`, libc/fastmem for an
   aligned memset, rep stosb vs the loop: 786433 B 1.00 vs 1.30, 1 MiB 0.99
   vs 0.88, 4 MiB 1.01 vs 0.80. The crossover, `sh bench/ab.sh memset`, the
   loop's time over rep stosb's (two runs): 896 KiB 1.02 / 0.88, 960 KiB
   1.15 / 0.99, 1 MiB - 1 1.24 / 1.14, 768 KiB 0.85 / 0.84. */
#ifndef FASTMEM_STOSB_MIN
#define FASTMEM_STOSB_MIN (960u * 1024)
#endif
/* Below this size the tiers go straight to their vector loops, without
   looking at rep movsb, rep stosb or non-temporal stores (the NT threshold
   is never below it): three taken branches and two loads fewer on the way
   to the loop. `sh bench/ab.sh memcpy`, the code before this test against
   the code with it: 513, 769 and 1023 B 1.06 / 1.10 / 1.05 and 1.10 / 1.07 /
   1.07 times faster (two runs), 2 KiB and up unchanged. */
#define FASTMEM__X86_BIG (FASTMEM_MOVSB_MIN < FASTMEM_STOSB_MIN ? FASTMEM_MOVSB_MIN : FASTMEM_STOSB_MIN)
/* n >= min for a threshold a user may define as 0, without a warning that
   the comparison is always true (-Wtype-limits). */
FASTMEM__AI int fm__at_least(size_t n, size_t min) { return n >= min; }
/* Non-temporal threshold when the probe cannot read the L3 size. */
#define FASTMEM__NT_DEFAULT_KIB (24u * 1024)

/* ---- Probe ---------------------------------------------------------------- */
/* Record the non-temporal threshold, in KiB, raised to FASTMEM__X86_BIG
   (saturating: thresholds as large as (size_t)-1 switch the big paths off). */
FASTMEM__SI void fm__x86_set_nt(unsigned kib) {
  unsigned long long big = (unsigned long long)(FASTMEM__X86_BIG);
  unsigned lo = big >= 0xffffffffull * 1024 ? 0xffffffffu : (unsigned)((big + 1023) / 1024);
  __atomic_store_n(&fm__nt_kib, kib < lo ? lo : kib, __ATOMIC_RELAXED);
}

#if defined(FASTMEM_NO_PROBE)
FASTMEM__SI unsigned fm__x86_probe(void) {
  unsigned f = FM_CPU_NT;
#if defined(__SSE2__)
  f |= FM_CPU_SSE2;
#endif
#if defined(__AVX2__)
  f |= FM_CPU_AVX2;
#endif
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)
  f |= FM_CPU_AVX512;
#endif
#ifdef FASTMEM_NT_THRESHOLD
  fm__x86_set_nt((unsigned)((FASTMEM_NT_THRESHOLD) / 1024));
#else
  fm__x86_set_nt(FASTMEM__NT_DEFAULT_KIB);
#endif
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

FASTMEM__SI unsigned fm__x86_probe(void) {
  unsigned a, b, c, d, max, maxext, f = 0, l3 = 0, nt, xcr0 = 0;
  int amd;
  if (!__get_cpuid(0, &max, &b, &c, &d)) return 0;
  amd = (b == 0x68747541u); /* "AuthenticAMD" */
  __cpuid(1, a, b, c, d);
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
    /* rep movsb only where it was measured to win: AMD Zen 3 and later. On
       other CPUs the vector loops stay (seed 003: Intel's slow modes). */
    if (amd && (b7 & (1u << 9)) && (d7 & (1u << 4))) f |= FM_CPU_ERMS | FM_CPU_FSRM;
  }
  if (!(f & FM_CPU_AVX2)) f &= ~FM_CPU_AVX512;
  __cpuid(0x80000000u, maxext, b, c, d);
  if (amd && maxext >= 0x8000001du) l3 = fm__x86_l3_kib(0x8000001du);
  else if (!amd && max >= 4) l3 = fm__x86_l3_kib(4);
  /* Non-temporal stores from 3/4 of the L3 (24 MiB here). `sh bench/tune.sh
     nt`, libc/fastmem aligned, NT vs rep movsb vs loop: memcpy 16 MiB 1.29 /
     1.36 / 1.02, 24 MiB 1.26 / 1.04 / 1.00, 64 MiB 1.24 / 1.02 / 0.83.
     Sets use it only where rep stosb is not used: that run had memset NT
     vs rep stosb at 32 MiB 1.01 / 0.80, but timing both in one process
     (fm__x86_set_big) found rep stosb 1.06-1.49x faster at 24-32 MiB. */
  nt = l3 ? l3 / 4 * 3 : FASTMEM__NT_DEFAULT_KIB;
#ifdef FASTMEM_NT_THRESHOLD
  nt = (unsigned)((FASTMEM_NT_THRESHOLD) / 1024);
#endif
  fm__x86_set_nt(nt);
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
/* Copy one W-byte block from s to W-aligned d with a non-temporal store.
   (asm rather than the intrinsics, which clang -O0 turns into a memcpy.) */
__attribute__((target(FASTMEM__T_SSE2))) static inline void fm__stream16(fm__u8 *d, const fm__u8 *s) {
  fm__v16 x = *FASTMEM__CAST(const fm__v16 *, s);
  __asm__("movntdq %1, %0" : "=m"(*FASTMEM__CAST(fm__v16a *, d)) : "x"(x));
}
__attribute__((target(FASTMEM__T_AVX2))) static inline void fm__stream32(fm__u8 *d, const fm__u8 *s) {
  fm__v32 x = *FASTMEM__CAST(const fm__v32 *, s);
  __asm__("vmovntdq %1, %0" : "=m"(*FASTMEM__CAST(fm__v32a *, d)) : "x"(x));
}
__attribute__((target(FASTMEM__T_AVX512))) static inline void fm__stream64(fm__u8 *d, const fm__u8 *s) {
  fm__v64 x = *FASTMEM__CAST(const fm__v64 *, s);
  __asm__("vmovntdq %1, %0" : "=m"(*FASTMEM__CAST(fm__v64a *, d)) : "v"(x));
}

/* 0xff in each byte where the 16 bytes at a and b are equal. */
__attribute__((target(FASTMEM__T_SSE2))) static inline __m128i fm__eq_x16(const fm__u8 *a, const fm__u8 *b) {
  return _mm_cmpeq_epi8(_mm_loadu_si128(FASTMEM__CAST(const __m128i *, a)),
                        _mm_loadu_si128(FASTMEM__CAST(const __m128i *, b)));
}

/* Bit i set where byte i of the two W-byte blocks differs. */
__attribute__((target(FASTMEM__T_SSE2))) static inline uint64_t fm__ne_x16(const fm__u8 *a, const fm__u8 *b) {
  return (unsigned)_mm_movemask_epi8(fm__eq_x16(a, b)) ^ 0xffffu;
}
__attribute__((target(FASTMEM__T_AVX2))) static inline uint64_t fm__ne_x32(const fm__u8 *a, const fm__u8 *b) {
  __m256i x = _mm256_loadu_si256(FASTMEM__CAST(const __m256i *, a));
  __m256i y = _mm256_loadu_si256(FASTMEM__CAST(const __m256i *, b));
  return ~(unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, y));
}
__attribute__((target(FASTMEM__T_AVX512))) static inline uint64_t fm__ne_x64(const fm__u8 *a, const fm__u8 *b) {
  return _mm512_cmpneq_epi8_mask(*FASTMEM__CAST(const fm__v64 *, a), *FASTMEM__CAST(const fm__v64 *, b));
}

FASTMEM__AI uint64_t fm__ne(const fm__u8 *a, const fm__u8 *b, size_t W) {
  return W == 64 ? fm__ne_x64(a, b) : W == 32 ? fm__ne_x32(a, b) : fm__ne_x16(a, b);
}

/* Nonzero if the 4W bytes at a and b differ anywhere: XOR, OR together, one
   test; no mask leaves the vector unit in the loop. */
#define FASTMEM__XOR4(T)                                                       \
  ((*FASTMEM__CAST(const T *, a) ^ *FASTMEM__CAST(const T *, b)) |             \
   (*FASTMEM__CAST(const T *, a + sizeof(T)) ^ *FASTMEM__CAST(const T *, b + sizeof(T))) | \
   (*FASTMEM__CAST(const T *, a + 2 * sizeof(T)) ^ *FASTMEM__CAST(const T *, b + 2 * sizeof(T))) | \
   (*FASTMEM__CAST(const T *, a + 3 * sizeof(T)) ^ *FASTMEM__CAST(const T *, b + 3 * sizeof(T))))
__attribute__((target(FASTMEM__T_SSE2))) static inline int fm__diff4_x16(const fm__u8 *a, const fm__u8 *b) {
  return _mm_movemask_epi8(_mm_cmpeq_epi8(FASTMEM__XOR4(fm__v16), _mm_setzero_si128())) != 0xffff;
}
__attribute__((target(FASTMEM__T_AVX2))) static inline int fm__diff4_x32(const fm__u8 *a, const fm__u8 *b) {
  fm__v32 x = FASTMEM__XOR4(fm__v32);
  return !_mm256_testz_si256(x, x);
}
__attribute__((target(FASTMEM__T_AVX512))) static inline int fm__diff4_x64(const fm__u8 *a, const fm__u8 *b) {
  fm__v64 x = FASTMEM__XOR4(fm__v64);
  return _mm512_test_epi64_mask(x, x) != 0;
}

FASTMEM__AI int fm__diff4(const fm__u8 *a, const fm__u8 *b, size_t W) {
  return W == 64 ? fm__diff4_x64(a, b) : W == 32 ? fm__diff4_x32(a, b) : fm__diff4_x16(a, b);
}

/* The mask of 32 bytes, with the tier's cheapest compare: one 32-byte
   vector, or two of 16. */
FASTMEM__AI uint64_t fm__ne32b(const fm__u8 *a, const fm__u8 *b, size_t W) {
  return W >= 32 ? fm__ne_x32(a, b) : fm__ne_x16(a, b) | fm__ne_x16(a + 16, b + 16) << 16;
}

/* ---- Copy and move ------------------------------------------------------- */

/* rep movsb, forward. Callers keep it away from its slow modes: never
   backward, never with (dst - src) mod 2^32 in [0, 63] (seed 003). */
FASTMEM__AI void fm__rep_movsb(fm__u8 *d, const fm__u8 *s, size_t n) {
  __asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}

FASTMEM__AI void fm__rep_stosb(fm__u8 *d, int c, size_t n) {
  __asm__ volatile("rep stosb" : "+D"(d), "+c"(n) : "a"(c) : "memory");
}

FASTMEM__AI int fm__disjoint(const fm__u8 *d, const fm__u8 *s, size_t n) {
  return fm__fwd_ok(d, s, n) && fm__fwd_ok(s, d, n);
}

FASTMEM__AI size_t fm__nt_bytes(void) {
  return (size_t)__atomic_load_n(&fm__nt_kib, __ATOMIC_RELAXED) << 10;
}

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
      if (W == 64) fm__stream64(d + k, from);
      else if (W == 32) fm__stream32(d + k, from);
      else fm__stream16(d + k, from);
    }
    FASTMEM__OPAQUE(d);
  }
  __asm__ volatile("sfence" ::: "memory"); /* order the streamed stores */
  if (pat) fm__set_ends(d + n - 4 * W, s[0], 4 * W, W, 2);
  else fm__move_ends(d + n - 4 * W, s + n - 4 * W, 4 * W, W, 2);
}

/* Copies from FASTMEM__X86_BIG on: rep movsb (from FASTMEM_MOVSB_MIN) or
   non-temporal stores where they apply; 0 if neither does. */
FASTMEM__AI int fm__x86_move_big(fm__u8 *d, const fm__u8 *s, size_t n, size_t W) {
  unsigned f = fm__load(&fm__cpu_state);
  if ((f & FM_CPU_ERMS) && fm__at_least(n, FASTMEM_MOVSB_MIN) && n < fm__nt_bytes() &&
      (uint32_t)((uintptr_t)d - (uintptr_t)s) >= 64 && fm__disjoint(d, s, n)) {
    /* dst 64-aligned: a misaligned destination slows rep movsb down on AMD */
    size_t skip = 64 - ((uintptr_t)d & 63);
    fm__move_ends(d, s, 64, W, (int)(64 / W));
    fm__rep_movsb(d + skip, s + skip, n - skip);
    return 1;
  }
  if ((f & FM_CPU_NT) && n >= fm__nt_bytes() && fm__disjoint(d, s, n)) {
    fm__stream_nt(d, s, n, W, 0);
    return 1;
  }
  return 0;
}

FASTMEM__AI void fm__x86_move_w(fm__u8 *d, const fm__u8 *s, size_t n, size_t W) {
  if (fm__move_upto8(d, s, n, W)) return;
  if (FASTMEM__UNLIKELY(!fm__fwd_ok(d, s, n))) {
    if (d != s) fm__copy_bwd(d, s, n, W);
    return;
  }
  if (FASTMEM__UNLIKELY(fm__at_least(n, FASTMEM__X86_BIG)) && fm__x86_move_big(d, s, n, W)) return;
  fm__copy_fwd(d, s, n, W);
}

FASTMEM__TIER(FASTMEM__T_AVX512) void fm__move_avx512(fm__u8 *d, const fm__u8 *s, size_t n) { fm__x86_move_w(d, s, n, 64); }
FASTMEM__TIER(FASTMEM__T_AVX2) void fm__move_avx2(fm__u8 *d, const fm__u8 *s, size_t n) { fm__x86_move_w(d, s, n, 32); }
FASTMEM__TIER(FASTMEM__T_SSE2) void fm__move_sse2(fm__u8 *d, const fm__u8 *s, size_t n) { fm__x86_move_w(d, s, n, 16); }

/* ---- Set ------------------------------------------------------------------ */
/* Sets from FASTMEM__X86_BIG on: rep stosb or non-temporal stores where
   they apply; 0 if neither does. Where rep stosb is used it has no upper
   limit: `sh bench/ab.sh memset --dist=-8388608`, non-temporal time over
   rep stosb time (two runs): 24 MiB + 1 1.35 / 1.49, 28 MiB 1.31 / 1.32,
   32 MiB - 1 1.17 / 1.06; 64 and 128 MiB the same (64-69 GB/s both, bench
   `large` with and without non-temporal stores). */
FASTMEM__AI int fm__x86_set_big(fm__u8 *d, int c, size_t n, size_t W) {
  unsigned f = fm__load(&fm__cpu_state);
  if ((f & FM_CPU_ERMS) && fm__at_least(n, FASTMEM_STOSB_MIN)) {
    size_t skip = 64 - ((uintptr_t)d & 63); /* 64-aligned destination, as for rep movsb */
    fm__set_ends(d, c, 64, W, (int)(64 / W));
    fm__rep_stosb(d + skip, c, n - skip);
    return 1;
  }
  if ((f & FM_CPU_NT) && n >= fm__nt_bytes()) {
    fm__v64a pat = FASTMEM__SPLAT(fm__v64a, fm__b64, c);
    fm__stream_nt(d, FASTMEM__CAST(const fm__u8 *, &pat), n, W, 1);
    return 1;
  }
  return 0;
}

FASTMEM__AI void fm__x86_set_w(fm__u8 *d, int c, size_t n, size_t W) {
  if (fm__set_upto8(d, c, n, W)) return;
  if (FASTMEM__UNLIKELY(fm__at_least(n, FASTMEM__X86_BIG)) && fm__x86_set_big(d, c, n, W)) return;
  fm__set_loop(d, c, n, W);
}

FASTMEM__TIER(FASTMEM__T_AVX512) void fm__set_avx512(fm__u8 *d, int c, size_t n) { fm__x86_set_w(d, c, n, 64); }
FASTMEM__TIER(FASTMEM__T_AVX2) void fm__set_avx2(fm__u8 *d, int c, size_t n) { fm__x86_set_w(d, c, n, 32); }
FASTMEM__TIER(FASTMEM__T_SSE2) void fm__set_sse2(fm__u8 *d, int c, size_t n) { fm__x86_set_w(d, c, n, 16); }

/* ---- Compare (n > 32, the whole range: FASTMEM__ARCH_CMP_WHOLE) ---------- */

/* For n > 64, the first 32 bytes known equal: the mask of the first W-byte
   block whose bytes differ, 0 if none, and its offset in *at. Bytes 32..63
   first, then steps of 4W from where a is W-aligned (at most 64: an
   unaligned loop would split every load across two cache lines, half the
   speed: 4 KiB equal in 45 ns against 22 ns aligned, task-clock medians),
   the rest as one more 4W step ending at n where n >= 4W; where a step
   differs, W at a time finds the block. */
FASTMEM__AI uint64_t fm__x86_find(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W, size_t *at) {
  size_t i = (size_t)(((uintptr_t)a + 64) & ~(uintptr_t)(W - 1)) - (size_t)(uintptr_t)a;
  uint64_t m = fm__ne32b(a + 32, b + 32, W);
  if (m) { *at = 32; return m; }
  for (; n - i > 4 * W; i += 4 * W)
    if (FASTMEM__UNLIKELY(fm__diff4(a + i, b + i, W))) goto locate;
  if (n >= 4 * W) { /* the rest in one step that overlaps what came before */
    if (!fm__diff4(a + n - 4 * W, b + n - 4 * W, W)) return 0;
    i = n - 4 * W; /* bytes before i are equal: rescanning them is harmless */
  }
locate:
  for (; n - i > W; i += W)
    if ((m = fm__ne(a + i, b + i, W)) != 0) { *at = i; return m; }
  *at = n - W;
  return fm__ne(a + n - W, b + n - W, W);
}

/* Compare n > 32 bytes. The first 32 come first, with one 32-byte compare
   and before the loop is set up: most real mismatches sit there (seed 004:
   83% within 32 bytes). */
FASTMEM__AI int fm__x86_cmp_w(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W) {
  size_t at = 0;
  uint64_t m = fm__ne32b(a, b, W);
  if (!m) {
    if (n <= 64) m = fm__ne32b(a + (at = n - 32), b + n - 32, W);
    else m = fm__x86_find(a, b, n, W, &at);
    if (!m) return 0;
  }
  at += (size_t)__builtin_ctzll(m);
  return (int)a[at] - (int)b[at];
}

FASTMEM__AI int fm__x86_eq_w(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W) {
  size_t at;
  if (fm__ne32b(a, b, W)) return 0;
  if (n <= 64) return fm__ne32b(a + n - 32, b + n - 32, W) == 0;
  return fm__x86_find(a, b, n, W, &at) == 0;
}

FASTMEM__TIER(FASTMEM__T_AVX512) int fm__cmp_avx512(const fm__u8 *a, const fm__u8 *b, size_t n) { return fm__x86_cmp_w(a, b, n, 64); }
FASTMEM__TIER(FASTMEM__T_AVX2) int fm__cmp_avx2(const fm__u8 *a, const fm__u8 *b, size_t n) { return fm__x86_cmp_w(a, b, n, 32); }
FASTMEM__TIER(FASTMEM__T_SSE2) int fm__cmp_sse2(const fm__u8 *a, const fm__u8 *b, size_t n) { return fm__x86_cmp_w(a, b, n, 16); }
FASTMEM__TIER(FASTMEM__T_AVX512) int fm__eq_avx512(const fm__u8 *a, const fm__u8 *b, size_t n) { return fm__x86_eq_w(a, b, n, 64); }
FASTMEM__TIER(FASTMEM__T_AVX2) int fm__eq_avx2(const fm__u8 *a, const fm__u8 *b, size_t n) { return fm__x86_eq_w(a, b, n, 32); }
FASTMEM__TIER(FASTMEM__T_SSE2) int fm__eq_sse2(const fm__u8 *a, const fm__u8 *b, size_t n) { return fm__x86_eq_w(a, b, n, 16); }

/* ---- Short compares (n <= 32, inline at the call site) ------------------- */
#if defined(__SSE2__) && defined(__x86_64__)
/* 16..32 bytes: the first and last 16 compared as bytes at once (SSE2 is
   in every x86-64), a 32-bit mask of the bytes that differ (the last 16 at
   bits 16..31: they come after the first 16 or overlap bytes already found
   equal), one branch, and the first differing byte. `sh bench/ab.sh memcmp
   16 24 32`, equal buffers: 0.81 ns against 1.35 ns for four big-endian
   words with early exits. Shorter: the portable words. */
FASTMEM__AI int fm__x86_cmp_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
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
#define FASTMEM__ARCH_CMP_SHORT(a, b, n) fm__x86_cmp_short(a, b, n)

/* Equality the same way: both 16-byte compares ANDed, one mask test.
   `sh bench/ab.sh memeq 16 24 32`: 1.55-1.69 ns against 1.75-1.86 ns for
   four words XORed (two runs), so memeq is not slower than memcmp here. */
FASTMEM__AI int fm__x86_eq_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
  if (n >= 16) return _mm_movemask_epi8(_mm_and_si128(fm__eq_x16(a, b), fm__eq_x16(a + n - 16, b + n - 16))) == 0xffff;
  return fm__eq_short(a, b, n);
}
#define FASTMEM__ARCH_EQ_SHORT(a, b, n) fm__x86_eq_short(a, b, n)
#endif

/* ---- Hooks for fastmem.h: pick the tier from the feature bits ----------- */
#define FASTMEM__X86_PICK(f, op, ...)                                          \
  ((f) & FM_CPU_AVX512 ? (fm__##op##_avx512(__VA_ARGS__), 1)                  \
   : (f) & FM_CPU_AVX2 ? (fm__##op##_avx2(__VA_ARGS__), 1)                    \
   : (f) & FM_CPU_SSE2 ? (fm__##op##_sse2(__VA_ARGS__), 1) : 0)
#define FASTMEM__X86_PICK_R(f, r, op, ...)                                     \
  ((f) & FM_CPU_AVX512 ? ((r) = fm__##op##_avx512(__VA_ARGS__), 1)            \
   : (f) & FM_CPU_AVX2 ? ((r) = fm__##op##_avx2(__VA_ARGS__), 1)              \
   : (f) & FM_CPU_SSE2 ? ((r) = fm__##op##_sse2(__VA_ARGS__), 1) : 0)

/* The best tier is tested at the call site, saving a call and a jump on the
   CPUs that have it; the others go through the out-of-line dispatcher. */
#define FASTMEM__X86_TOP (fm__load(&fm__cpu_state) & FM_CPU_AVX512)
#define FASTMEM__TOP_MOVE(d, s, n) (FASTMEM__X86_TOP ? (fm__move_avx512(d, s, n), 1) : 0)
#define FASTMEM__TOP_SET(d, c, n) (FASTMEM__X86_TOP ? (fm__set_avx512(d, c, n), 1) : 0)
#define FASTMEM__TOP_CMP(a, b, n, r) (FASTMEM__X86_TOP ? ((r) = fm__cmp_avx512(a, b, n), 1) : 0)
#define FASTMEM__TOP_EQ(a, b, n, r) (FASTMEM__X86_TOP ? ((r) = fm__eq_avx512(a, b, n), 1) : 0)
/* The compare tiers take the whole range, first 32 bytes included. */
#define FASTMEM__ARCH_CMP_WHOLE 1
#define FASTMEM__ARCH_PROBE() fm__x86_probe()
#define FASTMEM__ARCH_NAME(f) fm__x86_name(f)
#define FASTMEM__ARCH_MOVE(f, d, s, n) FASTMEM__X86_PICK(f, move, d, s, n)
#define FASTMEM__ARCH_SET(f, d, c, n) FASTMEM__X86_PICK(f, set, d, c, n)
#define FASTMEM__ARCH_CMP(f, a, b, n, r) FASTMEM__X86_PICK_R(f, r, cmp, a, b, n)
#define FASTMEM__ARCH_EQ(f, a, b, n, r) FASTMEM__X86_PICK_R(f, r, eq, a, b, n)

#endif /* FASTMEM_X86_H */
