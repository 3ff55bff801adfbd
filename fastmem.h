/* fastmem.h - fast memcpy, memmove, memset, memcmp and memeq as static inline
 * functions, in one header (plus optional per-architecture backends).
 *
 * API (all static inline; C99 and later, C++11 and later):
 *   void *fm_memcpy (void *dst, const void *src, size_t n);  like memcpy
 *   void *fm_memmove(void *dst, const void *src, size_t n);  any overlap
 *   void *fm_memset (void *dst, int c, size_t n);            stores (unsigned char)c
 *   int   fm_memcmp (const void *a, const void *b, size_t n);  sign as memcmp
 *   int   fm_memeq  (const void *a, const void *b, size_t n);  1 if equal, else 0
 *   unsigned    fm_cpu_features(void);      FM_CPU_* bits in use
 *   void        fm_cpu_limit(unsigned mask);  use only the features in mask
 *   const char *fm_path_name(void);         the path in use, e.g. "avx512+erms"
 *
 * How a path is chosen:
 *   n <= 32      handled inline at the call site with overlapping first/last
 *                loads and stores; no call, no probe. On x86-64 copies,
 *                sets and equality tests of up to 64 bytes too, with SSE2.
 *   n > 32       one out-of-line function per operation and translation unit,
 *                which reads the cached CPU probe and runs the best tier this
 *                CPU has (x86: AVX-512, AVX2, SSE2; PowerPC: POWER10, POWER9,
 *                VSX), or the portable C path. On x86 the call site calls the
 *                tier the probe chose itself.
 *
 * Option macros (define before the first #include):
 *   FASTMEM_NO_PROBE        (undefined) no run-time CPU probe: the tiers come
 *                           from the target macros (__AVX2__, __VSX__ ...).
 *   FASTMEM_PORTABLE        (undefined) portable C only, no backend header.
 *   FASTMEM_NT_THRESHOLD    (the CPU's plan; else 3/4 of the L3, else 24
 *                           MiB) bytes from which large copies and sets use
 *                           non-temporal stores. Defining it overrides the
 *                           probe; x86 raises it to at least 28 KiB.
 *   FASTMEM_MOVSB_MIN       (the CPU's plan) x86: copies from this size up to
 *                           the NT threshold use rep movsb, in every tier, on
 *                           the CPUs whose plan uses it at all
 *                           (fm__x86_find_plan); the plan's sizes for rep
 *                           movsb are then not used.
 *   FASTMEM_STOSB_MIN       (the CPU's plan) x86: memset from this size uses
 *                           rep stosb, on the CPUs whose plan uses it.
 *   FASTMEM_AVOID_PAGE_SPLITS (undefined) x86: a tier call whose end blocks
 *                           would store across a 4 KiB boundary is done in
 *                           parts split there (fastmem_x86.h, "Stores across
 *                           a 4 KiB boundary"): for buffers reused at such
 *                           a placement; it costs a little elsewhere.
 *   FASTMEM_MASKED_CALLS    (undefined) x86-64 gcc builds without an
 *                           AVX-512 target: sets and compares of 0..64 bytes
 *                           whose size changes from call to call go through
 *                           one byte-masked call on the CPUs whose plan has
 *                           masks (clang inlines them anyway): faster on
 *                           random sizes, slower on repeated ones, also on
 *                           CPUs without the masks (fastmem_x86.h, "Masked
 *                           short copies, sets and compares").
 *   FASTMEM_STRING_OPS_ANY_CPU (undefined) x86, tests and tuning only: rep
 *                           movsb and rep stosb on every CPU that has ERMS,
 *                           from the two sizes above (else 28 / 960 KiB).
 *   FASTMEM_REPLACE_LIBC    (undefined) drop-in mode, C only: the including
 *                           file's memcpy/memmove/memset/memcmp calls become
 *                           fm_* calls (see the block at the end of this file).
 *   FASTMEM_NO_VECTOR       (set where the flags forbid vector registers:
 *                           see "Build kind" below) general registers only,
 *                           no vector tier. =0 asks for vectors: an #error
 *                           where the flags forbid them.
 *   FASTMEM_PLAIN_C         (set for compilers without GNU C) the plain C99
 *                           path, also under gcc or clang.
 *
 * Program-wide state: fm_cpu_limit() acts on every translation unit of the
 * program (one weak variable shared through the linker, gcc and clang on ELF
 * and Mach-O; on Windows one per .exe or .dll, selectany; elsewhere one per
 * translation unit; the plain C99 path has no state). Call it before other
 * threads use fastmem.
 *
 * Guarantees beyond the C functions: n == 0 touches no memory whatever the
 * pointers; no byte outside [p, p+n) is read or written; the first probe may
 * race from any number of threads.
 *
 * This file, top to bottom: 1. build kind and feature bits; 2. the plain C99
 * path (other compilers); 3. primitives; 4. building blocks (short paths,
 * W-byte blocks); 5. the portable path; 6. the backend (fastmem_x86.h,
 * fastmem_ppc.h) and the functions it provides; 7. dispatch (the cached
 * probe, the out-of-line long paths); 8. the public API; 9. drop-in mode.
 */
#ifndef FASTMEM_H
#define FASTMEM_H

#define FASTMEM_VERSION_MAJOR 0
#define FASTMEM_VERSION_MINOR 1
#define FASTMEM_VERSION_PATCH 0

#include <stddef.h>
#include <stdint.h>

/* ==== 1. Build kind and feature bits ======================================== */

/* ---- Build kind ------------------------------------------------------------
 * GNU C (gcc, clang, clang in MSVC mode): everything below. Any other
 * compiler, or FASTMEM_PLAIN_C: the plain C99 section right after the
 * feature bits. FASTMEM__NOVEC: no vector register in fastmem's code, where
 * the user asked for it or the target's flags forbid vectors:
 *   x86-64 without __SSE2__ (-mno-sse, -mgeneral-regs-only); x86 with
 *   _SOFT_FLOAT (gcc's -msoft-float, -mgeneral-regs-only); PowerPC with
 *   _SOFT_FLOAT or __NO_FPRS__ (-msoft-float: VSX registers overlay the FP
 *   ones), ppc64le without __VSX__ (its ABI baseline has VSX); aarch64
 *   without __ARM_NEON. i386 without SSE2 and ppc64 big endian without
 *   AltiVec are those targets' old baselines: they keep the probe and the
 *   tiers (kernel-style builds there use -msoft-float or FASTMEM_NO_VECTOR). */
#if defined(FASTMEM_NO_VECTORS) || defined(FASTMEM_NOVECTOR) || defined(FASTMEM_NO_SIMD) ||        \
    defined(FASTMEM_PLAIN)
#error "fastmem: unknown option; the options are spelled FASTMEM_NO_VECTOR and FASTMEM_PLAIN_C"
#endif
#if !defined(FASTMEM_PLAIN_C) && (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__)
#define FASTMEM__GNU 1
#else
#define FASTMEM__PLAIN 1
#endif
#if ((defined(__x86_64__) && !defined(__SSE2__)) ||                                                \
     ((defined(__x86_64__) || defined(__i386__)) && defined(_SOFT_FLOAT)))
#define FASTMEM__TARGET_NOVEC "x86-64 without SSE2, or -msoft-float/-mgeneral-regs-only"
#elif (defined(__powerpc__) || defined(__powerpc64__)) &&                                          \
    (defined(_SOFT_FLOAT) || defined(__NO_FPRS__) ||                                               \
     (defined(__powerpc64__) && defined(__LITTLE_ENDIAN__) && !defined(__VSX__)))
#define FASTMEM__TARGET_NOVEC "PowerPC with -msoft-float, or ppc64le without VSX"
#elif defined(__aarch64__) && !defined(__ARM_NEON)
#define FASTMEM__TARGET_NOVEC "aarch64 without NEON (-mgeneral-regs-only)"
#endif
/* FASTMEM_NO_VECTOR empty or nonzero: no vectors; 0: vectors as the target
   allows, which cannot be where its flags forbid them. */
#if defined(FASTMEM_NO_VECTOR) &&                                                                  \
    ((FASTMEM_NO_VECTOR + 0) != 0 || (0 - FASTMEM_NO_VECTOR - 1) != -1)
#define FASTMEM__NOVEC 1
#elif defined(FASTMEM_NO_VECTOR) && defined(FASTMEM__TARGET_NOVEC) && defined(FASTMEM__GNU)
/* clang-format off */
#error "fastmem: FASTMEM_NO_VECTOR=0 asks for vector code, but this build's flags forbid vector registers (see FASTMEM__TARGET_NOVEC); drop FASTMEM_NO_VECTOR=0 or those flags"
/* clang-format on */
#elif defined(FASTMEM__TARGET_NOVEC) && !defined(FASTMEM_NO_VECTOR)
#define FASTMEM__NOVEC 1
#endif

/* ---- Feature bits (fm_cpu_features, fm_cpu_limit) ------------------------ */
#define FM_CPU_SSE2 0x0001u   /* x86: 16-byte vectors */
#define FM_CPU_AVX2 0x0002u   /* x86: 32-byte vectors (AVX2 and OS support) */
#define FM_CPU_AVX512 0x0004u /* x86: 64-byte vectors (AVX-512 F+BW+VL and OS support) */
#define FM_CPU_ERMS 0x0008u   /* x86: fast rep movsb/stosb, where measured to win */
#define FM_CPU_FSRM 0x0010u   /* x86: fast short rep movsb (reported, not used for short copies) */
#define FM_CPU_NT 0x0020u     /* non-temporal stores for copies larger than the caches */
#define FM_CPU_MASKED 0x0040u /* x86-64: short calls through AVX-512 byte masks, where measured */
#define FM_CPU_TAILS 0x0080u  /* x86: AVX-512 copies and sets end in fewest blocks, if measured */
#define FM_CPU_VSX 0x0100u    /* PowerPC: POWER7/8 VSX unaligned vectors */
#define FM_CPU_P9 0x0200u     /* PowerPC: POWER9 length-controlled vectors */
#define FM_CPU_P10 0x0400u    /* PowerPC: POWER10 paired vectors */
#define FM_CPU_ALL 0xffffu

/* ==== 2. Plain C99 path: other compilers, or FASTMEM_PLAIN_C ================
 * ISO C99 alone: no attributes, vector types, statement expressions,
 * builtins, inline asm or atomics; for TinyCC, MSVC and any other C99 or
 * C++ compiler without GNU C. The same API and contract as the GNU C code
 * below, with no probe and no backend (fm_cpu_features() is 0,
 * fm_cpu_limit() does nothing, fm_path_name() is "plain").
 *
 * Never a libc call: compilers turn plain copy and fill loops into calls of
 * memcpy and memset (gcc, clang and MSVC all do). Here every store goes
 * through a pointer to volatile, and compares load through one, so each
 * access is kept as one load or store of its size and no loop can become a
 * call (test/builds.sh checks the objects with nm). Words (size_t) where
 * both pointers share their alignment modulo the word size, four a step;
 * bytes elsewhere and at the ends: nothing outside [p, p+n) is touched. */
#ifdef FASTMEM__PLAIN
typedef unsigned char fm__u8;
typedef size_t fm__word;
#define FASTMEM__WS sizeof(fm__word)
/* p's offset from the word alignment below it */
#define FASTMEM__MIS(p) ((size_t)(uintptr_t)(p) % FASTMEM__WS)
#define FASTMEM__WP(p) ((volatile fm__word *)(volatile void *)(p))
#define FASTMEM__CWP(p) ((const volatile fm__word *)(const volatile void *)(p))

/* Forward: for any d not inside (s, s + n). Each step loads before it
   stores, so d below s by any distance is fine. */
static inline void fm__plain_fwd(volatile fm__u8 *d, const fm__u8 *s, size_t n) {
  size_t i = 0;
  if (n >= 2 * FASTMEM__WS && FASTMEM__MIS(d) == FASTMEM__MIS(s)) {
    for (; FASTMEM__MIS(d + i); i++) d[i] = s[i];
    for (; n - i >= 4 * FASTMEM__WS; i += 4 * FASTMEM__WS) {
      const volatile fm__word *sw = FASTMEM__CWP(s + i);
      volatile fm__word *dw = FASTMEM__WP(d + i);
      fm__word w0 = sw[0], w1 = sw[1], w2 = sw[2], w3 = sw[3];
      dw[0] = w0;
      dw[1] = w1;
      dw[2] = w2;
      dw[3] = w3;
    }
    for (; n - i >= FASTMEM__WS; i += FASTMEM__WS) *FASTMEM__WP(d + i) = *FASTMEM__CWP(s + i);
  }
  for (; i < n; i++) d[i] = s[i];
}

/* Backward, the mirror image: for d inside (s, s + n). */
static inline void fm__plain_bwd(volatile fm__u8 *d, const fm__u8 *s, size_t n) {
  size_t i = n;
  if (n >= 2 * FASTMEM__WS && FASTMEM__MIS(d) == FASTMEM__MIS(s)) {
    for (; FASTMEM__MIS(d + i); i--) d[i - 1] = s[i - 1];
    for (; i >= 4 * FASTMEM__WS; i -= 4 * FASTMEM__WS) {
      const volatile fm__word *sw = FASTMEM__CWP(s + i - 4 * FASTMEM__WS);
      volatile fm__word *dw = FASTMEM__WP(d + i - 4 * FASTMEM__WS);
      fm__word w3 = sw[3], w2 = sw[2], w1 = sw[1], w0 = sw[0];
      dw[3] = w3;
      dw[2] = w2;
      dw[1] = w1;
      dw[0] = w0;
    }
    for (; i >= FASTMEM__WS; i -= FASTMEM__WS)
      *FASTMEM__WP(d + i - FASTMEM__WS) = *FASTMEM__CWP(s + i - FASTMEM__WS);
  }
  for (; i > 0; i--) d[i - 1] = s[i - 1];
}

static inline void *fm_memmove(void *dst, const void *src, size_t n) {
  volatile fm__u8 *d = (volatile fm__u8 *)dst;
  const fm__u8 *s = (const fm__u8 *)src;
  if ((size_t)((uintptr_t)d - (uintptr_t)s) >= n) fm__plain_fwd(d, s, n);
  else if ((const volatile fm__u8 *)d != s) fm__plain_bwd(d, s, n);
  return dst;
}

static inline void *fm_memcpy(void *dst, const void *src, size_t n) {
  return fm_memmove(dst, src, n);
}

static inline void *fm_memset(void *dst, int c, size_t n) {
  volatile fm__u8 *d = (volatile fm__u8 *)dst;
  fm__u8 b = (fm__u8)c;
  size_t i = 0;
  if (n >= 2 * FASTMEM__WS) {
    fm__word w = (fm__word)-1 / 255 * b; /* b in every byte */
    for (; FASTMEM__MIS(d + i); i++) d[i] = b;
    for (; n - i >= 4 * FASTMEM__WS; i += 4 * FASTMEM__WS) {
      volatile fm__word *dw = FASTMEM__WP(d + i);
      dw[0] = w;
      dw[1] = w;
      dw[2] = w;
      dw[3] = w;
    }
    for (; n - i >= FASTMEM__WS; i += FASTMEM__WS) *FASTMEM__WP(d + i) = w;
  }
  for (; i < n; i++) d[i] = b;
  return dst;
}

/* The first i where the words of a and b differ, or where fewer than a word
   is left (i <= n): only bytes before it are known equal. 0 when the two
   pointers do not share their alignment. */
static inline size_t fm__plain_same(const volatile fm__u8 *a, const volatile fm__u8 *b, size_t n) {
  size_t i = 0;
  if (n < 2 * FASTMEM__WS || FASTMEM__MIS(a) != FASTMEM__MIS(b)) return 0;
  for (; FASTMEM__MIS(a + i); i++)
    if (a[i] != b[i]) return i;
  for (; n - i >= 4 * FASTMEM__WS; i += 4 * FASTMEM__WS) {
    const volatile fm__word *x = FASTMEM__CWP(a + i), *y = FASTMEM__CWP(b + i);
    if ((x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2]) | (x[3] ^ y[3])) break;
  }
  for (; n - i >= FASTMEM__WS; i += FASTMEM__WS)
    if (*FASTMEM__CWP(a + i) != *FASTMEM__CWP(b + i)) break;
  return i;
}

static inline int fm_memcmp(const void *a, const void *b, size_t n) {
  const volatile fm__u8 *x = (const volatile fm__u8 *)a, *y = (const volatile fm__u8 *)b;
  size_t i;
  for (i = fm__plain_same(x, y, n); i < n; i++) {
    int p = x[i], q = y[i];
    if (p != q) return p - q;
  }
  return 0;
}

static inline int fm_memeq(const void *a, const void *b, size_t n) {
  const volatile fm__u8 *x = (const volatile fm__u8 *)a, *y = (const volatile fm__u8 *)b;
  size_t i;
  for (i = fm__plain_same(x, y, n); i < n; i++)
    if (x[i] != y[i]) return 0;
  return 1;
}

static inline unsigned fm_cpu_features(void) { return 0; }
static inline void fm_cpu_limit(unsigned mask) { (void)mask; }
static inline const char *fm_path_name(void) { return "plain"; }

#else /* FASTMEM__GNU: the rest of this file up to the drop-in mode */

/* ==== 3. Primitives ========================================================= */

/* ---- Compiler glue ------------------------------------------------------- */
#define FASTMEM__AI static inline __attribute__((always_inline, unused))
/* Other static inline functions; unused: no warning where the including file
   does not call them (clang warns when a header is compiled on its own). */
#define FASTMEM__SI static inline __attribute__((unused))
#define FASTMEM__NOINLINE __attribute__((noinline))
/* An out-of-line tier: every helper it calls, target-specific ones included,
   is inlined into it (flatten), so one function body per tier. Never cloned
   for constant arguments (gcc's noclone): a clone for a call with fixed
   arrays buys nothing, and gcc's -Warray-bounds then looks into branches that
   the size rules out (a compare of 300-byte static arrays warned about
   fm__x86_find, which runs only above 8 vectors: test/user/features.c). */
#if defined(__GNUC__) && !defined(__clang__)
#define FASTMEM__TIER(tgt) static __attribute__((noinline, noclone, flatten, target(tgt)))
#else
#define FASTMEM__TIER(tgt) static __attribute__((noinline, flatten, target(tgt)))
#endif
/* A helper with a target of its own; inlined only into callers that have it. */
#define FASTMEM__TARGET(tgt) static inline __attribute__((target(tgt)))
#define FASTMEM__LIKELY(x) __builtin_expect(!!(x), 1)
#define FASTMEM__UNLIKELY(x) __builtin_expect(!!(x), 0)
/* A branch hint for x86 only: x unlikely when compiling for x86-64, no
   hint elsewhere. Used on the test for n <= 64 in the 32- and 64-byte
   tiers (x86 AVX2 and AVX-512): x86-64 call sites keep copies and sets up
   to 64 bytes, so only the tiers' cut paths send such sizes there, while
   i386 call sites stop at 32. With the hint, clang lays out the larger
   sizes as the fall-through (fm__x86_first_class). */
#ifdef __x86_64__
#define FASTMEM__UNLIKELY_X86_64(x) FASTMEM__UNLIKELY(x)
#else
#define FASTMEM__UNLIKELY_X86_64(x) (x)
#endif
/* Hides a pointer's value from the optimizer, so that a loop is never
   recognised as the memcpy/memset idiom and turned into a libc call. */
#define FASTMEM__OPAQUE(p) __asm__("" : "+r"(p))
/* The same for the forward copy loops of 16- and 32-byte blocks, at the end
   of each step: no loop with this barrier can be turned into a memcpy call
   (test/codegen.sh), and the pointers stay where the compiler put them.
   FASTMEM__OPAQUE there cost two register moves a step: with the barrier,
   the SSE2 and AVX2 tiers' copies of 512 B-16 KiB ran 1.01-1.16x as fast,
   misaligned 0.95-1.11, the AVX-512 tier's loop (unchanged) 0.95-1.06, on
   AMD family 1Ah (`sh bench/ab.sh memcpy 300 512 ... 16384 --limit=MASK`,
   three runs; in every loop, the sets and backward copies read level and
   the AVX-512 copies 0.90-1.05; figures:
   bench/results/amd-1ah-02h-2026-12-01/thresholds.md). */
#define FASTMEM__LOOP_BARRIER() __asm__ volatile("" ::: "memory")

#ifdef __cplusplus
#define FASTMEM__CAST(T, x) (reinterpret_cast<T>(x))
#else
#define FASTMEM__CAST(T, x) ((T)(x))
#endif

typedef unsigned char fm__u8;

/* Unaligned, aliasing-safe vector types of every block size the building
   blocks use. Element type long long matches __m128i/__m256i/__m512i. On a
   target without vectors of that size the compiler splits them. */
#define FASTMEM__VEC(name, bytes)                                                                  \
  typedef long long name __attribute__((vector_size(bytes), aligned(1), may_alias));               \
  typedef long long name##a                                                                        \
      __attribute__((vector_size(bytes), aligned(bytes < 64 ? bytes : 64), may_alias))
/* Targets with 16-byte vector registers; elsewhere 16-byte vector values
   would go through the stack (and, at -O0, through memcpy calls). */
#if !defined(FASTMEM__NOVEC) &&                                                                    \
    (defined(__SSE2__) || defined(__ALTIVEC__) || defined(__ARM_NEON) || defined(__aarch64__) ||   \
     defined(__VEC__) || defined(__wasm_simd128__) || defined(__mips_msa) ||                       \
     defined(__riscv_vector))
#define FASTMEM__V16 1
#endif
/* 32- and 64-byte blocks: the x86 tiers (target attributes give them vectors
   even where the baseline has none) and targets with vector registers. */
#if defined(FASTMEM__V16) ||                                                                       \
    (!defined(FASTMEM__NOVEC) && (defined(__x86_64__) || defined(__i386__)))
#define FASTMEM__WIDE 1
#endif
__extension__ FASTMEM__VEC(fm__v16, 16);
__extension__ FASTMEM__VEC(fm__v32, 32);
__extension__ FASTMEM__VEC(fm__v64, 64);

/* ---- Scalar unaligned access --------------------------------------------- */
/* Unaligned, aliasing-safe scalar types: a load or store through them is one
   instruction where the target allows unaligned access, and never a call. */
typedef uint16_t fm__w2 __attribute__((aligned(1), may_alias));
/* fm__w8: also the portable block without vectors */
typedef uint64_t fm__w8 __attribute__((aligned(1), may_alias));
typedef uint32_t fm__w4 __attribute__((aligned(1), may_alias));
FASTMEM__AI uint16_t fm__ld16(const void *p) { return *FASTMEM__CAST(const fm__w2 *, p); }
FASTMEM__AI uint32_t fm__ld32(const void *p) { return *FASTMEM__CAST(const fm__w4 *, p); }
FASTMEM__AI uint64_t fm__ld64(const void *p) { return *FASTMEM__CAST(const fm__w8 *, p); }
FASTMEM__AI void fm__st16(void *p, uint16_t v) { *FASTMEM__CAST(fm__w2 *, p) = v; }
FASTMEM__AI void fm__st32(void *p, uint32_t v) { *FASTMEM__CAST(fm__w4 *, p) = v; }
FASTMEM__AI void fm__st64(void *p, uint64_t v) { *FASTMEM__CAST(fm__w8 *, p) = v; }

/* Big-endian loads: comparing these as unsigned integers orders the bytes
   as memcmp does. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define FASTMEM__BE(bits, x) (x)
#else
#define FASTMEM__BE(bits, x) __builtin_bswap##bits(x)
#endif
FASTMEM__AI uint32_t fm__ldbe32(const void *p) { return FASTMEM__BE(32, fm__ld32(p)); }
FASTMEM__AI uint64_t fm__ldbe64(const void *p) { return FASTMEM__BE(64, fm__ld64(p)); }

/* -1, 0 or 1 as a is below, equal to or above b. */
FASTMEM__AI int fm__sign64(uint64_t a, uint64_t b) { return (a > b) - (a < b); }

/* ---- Block access ----------------------------------------------------------
 * A block of type T at p, loaded or stored; four consecutive blocks loaded
 * into x0..x3 or stored from them; one value stored to four blocks. T is an
 * unaligned type, or the aligned one where p is aligned to its size. */
#define FASTMEM__LD(T, p) (*FASTMEM__CAST(const T *, (p)))
#define FASTMEM__ST(T, p, x) (*FASTMEM__CAST(T *, (p)) = (x))
#define FASTMEM__LD4(T, x, p)                                                                      \
  (x##0 = FASTMEM__LD(T, (p)), x##1 = FASTMEM__LD(T, (p) + sizeof(T)),                             \
   x##2 = FASTMEM__LD(T, (p) + 2 * sizeof(T)), x##3 = FASTMEM__LD(T, (p) + 3 * sizeof(T)))
#define FASTMEM__ST4(T, p, x)                                                                      \
  (FASTMEM__ST(T, (p), x##0), FASTMEM__ST(T, (p) + sizeof(T), x##1),                               \
   FASTMEM__ST(T, (p) + 2 * sizeof(T), x##2), FASTMEM__ST(T, (p) + 3 * sizeof(T), x##3))
/* Four consecutive blocks copied from s to d, each stored right after its
   load (Ta: the store type, T: the load type). */
#define FASTMEM__COPY4(Ta, T, d, s)                                                                \
  (FASTMEM__ST(Ta, (d), FASTMEM__LD(T, (s))),                                                      \
   FASTMEM__ST(Ta, (d) + sizeof(T), FASTMEM__LD(T, (s) + sizeof(T))),                              \
   FASTMEM__ST(Ta, (d) + 2 * sizeof(T), FASTMEM__LD(T, (s) + 2 * sizeof(T))),                      \
   FASTMEM__ST(Ta, (d) + 3 * sizeof(T), FASTMEM__LD(T, (s) + 3 * sizeof(T))))
#define FASTMEM__FILL4(T, p, v)                                                                    \
  (FASTMEM__ST(T, (p), v), FASTMEM__ST(T, (p) + sizeof(T), v),                                     \
   FASTMEM__ST(T, (p) + 2 * sizeof(T), v), FASTMEM__ST(T, (p) + 3 * sizeof(T), v))

/* The last part of a copy or set, where its first 4W bytes or its loop
   left r of them (0 < r <= 4W): FASTMEM__REST(r, W) is how many bytes it
   covers. r itself, as the fewest blocks, in the 64-byte tier on the CPUs
   whose plan has FM_CPU_TAILS (fastmem_x86.h, fm__x86_find_plan); four
   blocks (4W bytes) everywhere else. FASTMEM__LD_R and FASTMEM__ST_R
   load and store the fewest blocks of type T that cover r bytes, from p
   up; FASTMEM__R_SPAN is how many bytes they span, so a part that ends at
   e begins at e minus that. Why the plan decides: see "The last part" in
   section 4. FASTMEM__TAILS_ON: whether this call takes the fewest. */
#define FASTMEM__TAILS_ON(W)                                                                       \
  ((W) == 64 && (__atomic_load_n(&fm__cpu_state, __ATOMIC_RELAXED) & FM_CPU_TAILS))
#define FASTMEM__REST(r, W) (FASTMEM__TAILS_ON(W) ? (r) : 4 * (W))
#define FASTMEM__R_SPAN(r, W) (((r) + (W)-1) & ~(size_t)((W)-1))
#define FASTMEM__LD_R(T, x, p, r)                                                                  \
  do {                                                                                             \
    x##0 = FASTMEM__LD(T, (p));                                                                    \
    x##1 = x##2 = x##3 = x##0;                                                                     \
    if ((r) > sizeof(T)) {                                                                         \
      x##1 = FASTMEM__LD(T, (p) + sizeof(T));                                                      \
      if ((r) > 2 * sizeof(T)) {                                                                   \
        x##2 = FASTMEM__LD(T, (p) + 2 * sizeof(T));                                                \
        if ((r) > 3 * sizeof(T)) x##3 = FASTMEM__LD(T, (p) + 3 * sizeof(T));                       \
      }                                                                                            \
    }                                                                                              \
  } while (0)
#define FASTMEM__ST_R(T, p, x, r)                                                                  \
  do {                                                                                             \
    FASTMEM__ST(T, (p), x##0);                                                                     \
    if ((r) > sizeof(T)) {                                                                         \
      FASTMEM__ST(T, (p) + sizeof(T), x##1);                                                       \
      if ((r) > 2 * sizeof(T)) {                                                                   \
        FASTMEM__ST(T, (p) + 2 * sizeof(T), x##2);                                                 \
        if ((r) > 3 * sizeof(T)) FASTMEM__ST(T, (p) + 3 * sizeof(T), x##3);                        \
      }                                                                                            \
    }                                                                                              \
  } while (0)

/* Eight copies of the low byte of c. */
FASTMEM__AI uint64_t fm__splat8(int c) { return (uint64_t)(fm__u8)c * 0x0101010101010101ull; }

/* A vector of type T with every byte equal to the low byte of c: a byte
   broadcast (BT: the byte vector of T's size), with no multiplication into
   a word first (fm__splat8 is for the word-sized cases only): faster at
   52-200 bytes than a multiply and a broadcast of the word (measured on an
   AVX-512 CPU; `sh bench/ab.sh memset 64 128 200` against such a version;
   figures: bench/results/notes-from-code.md). */
typedef unsigned char fm__b16 __attribute__((vector_size(16)));
typedef unsigned char fm__b32 __attribute__((vector_size(32)));
typedef unsigned char fm__b64 __attribute__((vector_size(64)));
#define FASTMEM__SPLAT(T, BT, x) ((T)((__extension__(BT){0}) + (fm__u8)(x)))

/* ---- Probe state -------------------------------------------------------------
 * (Here, before the building blocks, because FASTMEM__REST reads it.)
 * One word: the FM_CPU_* bits in use, plus FASTMEM__READY once set. A second
 * word holds the non-temporal threshold in KiB. Weak, so every translation
 * unit of the program shares them; on Windows (PE/COFF: MinGW-w64, clang)
 * selectany, which gives the same within one .exe or .dll; elsewhere one
 * copy per translation unit. */
#define FASTMEM__READY 0x80000000u
#if defined(__ELF__) || defined(__APPLE__)
#define FASTMEM__SHARED __attribute__((weak))
#elif defined(_WIN32) || defined(__CYGWIN__)
#define FASTMEM__SHARED __attribute__((selectany))
#else
#define FASTMEM__SHARED static
#endif
FASTMEM__SHARED unsigned fm__cpu_state = 0;
FASTMEM__SHARED unsigned fm__nt_kib = 0;

FASTMEM__AI unsigned fm__load(const unsigned *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }

/* ==== 4. Building blocks ==================================================== */

/* The fill byte of a short set, hidden from the optimiser unless it is a
   constant: a fill byte that stays the same through a loop would be
   broadcast once, before the loop, and kept in registers that every long
   call then has to save and restore around itself; redoing it per call is
   cheaper. */
FASTMEM__AI int fm__fill_byte(int c) {
  if (!__builtin_constant_p(c)) __asm__ volatile("" : "+r"(c));
  return c;
}

/* ---- Head and tail: the short paths' blocks -------------------------------
 * fm__move_head_tail_B(d, s, n), B <= n <= 2B: load the first and the last
 * B bytes, then store both. Every load precedes every store, so it is a
 * correct memmove for any overlap. fm__set_head_tail_B stores the first and
 * the last B bytes of a fill. */
FASTMEM__AI void fm__move_head_tail_2(fm__u8 *d, const fm__u8 *s, size_t n) {
  uint16_t h = fm__ld16(s), t = fm__ld16(s + n - 2);
  fm__st16(d, h);
  fm__st16(d + n - 2, t);
}
FASTMEM__AI void fm__move_head_tail_4(fm__u8 *d, const fm__u8 *s, size_t n) {
  uint32_t h = fm__ld32(s), t = fm__ld32(s + n - 4);
  fm__st32(d, h);
  fm__st32(d + n - 4, t);
}
FASTMEM__AI void fm__move_head_tail_8(fm__u8 *d, const fm__u8 *s, size_t n) {
  uint64_t h = fm__ld64(s), t = fm__ld64(s + n - 8);
  fm__st64(d, h);
  fm__st64(d + n - 8, t);
}
#ifdef FASTMEM__V16
FASTMEM__AI void fm__move_head_tail_16(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__v16 h = FASTMEM__LD(fm__v16, s), t = FASTMEM__LD(fm__v16, s + n - 16);
  FASTMEM__ST(fm__v16, d, h);
  FASTMEM__ST(fm__v16, d + n - 16, t);
}
#else /* two words each */
FASTMEM__AI void fm__move_head_tail_16(fm__u8 *d, const fm__u8 *s, size_t n) {
  uint64_t h0 = fm__ld64(s), h1 = fm__ld64(s + 8);
  uint64_t t0 = fm__ld64(s + n - 16), t1 = fm__ld64(s + n - 8);
  fm__st64(d, h0);
  fm__st64(d + 8, h1);
  fm__st64(d + n - 16, t0);
  fm__st64(d + n - 8, t1);
}
#endif

#ifdef FASTMEM__V16
/* A set of 16 <= n <= 64 bytes in one piece: four 16-byte stores at 0, a,
   n - 16 - a and n - 16, where a is 16 from 32 bytes on (the first and last
   32 covered) and 0 below (the first and last 16, twice): no branch on the
   size. Faster on random sizes, slower on repeated ones, like the 4..15
   case of fm__set_short; copies keep their classes (fastmem_x86.h). */
FASTMEM__AI void fm__set_four_16(fm__u8 *d, int c, size_t n) {
  size_t a = (n >> 5) << 4;
  fm__v16 v = FASTMEM__SPLAT(fm__v16, fm__b16, fm__fill_byte(c));
  FASTMEM__ST(fm__v16, d, v);
  FASTMEM__ST(fm__v16, d + a, v);
  FASTMEM__ST(fm__v16, d + n - 16 - a, v);
  FASTMEM__ST(fm__v16, d + n - 16, v);
}
#endif

FASTMEM__AI void fm__set_head_tail_4(fm__u8 *d, int c, size_t n) {
  uint32_t x = (uint32_t)fm__splat8(c);
  fm__st32(d, x);
  fm__st32(d + n - 4, x);
}
FASTMEM__AI void fm__set_head_tail_8(fm__u8 *d, int c, size_t n) {
  uint64_t x = fm__splat8(c);
  fm__st64(d, x);
  fm__st64(d + n - 8, x);
}
#ifdef FASTMEM__V16
FASTMEM__AI void fm__set_head_tail_16(fm__u8 *d, int c, size_t n) {
  fm__v16 v = FASTMEM__SPLAT(fm__v16, fm__b16, c);
  FASTMEM__ST(fm__v16, d, v);
  FASTMEM__ST(fm__v16, d + n - 16, v);
}
#else
FASTMEM__AI void fm__set_head_tail_16(fm__u8 *d, int c, size_t n) {
  uint64_t x = fm__splat8(c);
  fm__st64(d, x);
  fm__st64(d + 8, x);
  fm__st64(d + n - 16, x);
  fm__st64(d + n - 8, x);
}
#endif

/* ---- Short paths (n <= 32), inlined at every call site -------------------- */
FASTMEM__AI void fm__move_short(fm__u8 *d, const fm__u8 *s, size_t n) {
  if (n >= 16) fm__move_head_tail_16(d, s, n);
  else if (n >= 8) fm__move_head_tail_8(d, s, n);
  else if (n >= 4) fm__move_head_tail_4(d, s, n);
  else if (n >= 2) fm__move_head_tail_2(d, s, n);
  else if (n) d[0] = s[0];
}

FASTMEM__AI void fm__set_short(fm__u8 *d, int c, size_t n) {
  c = fm__fill_byte(c);
  if (n >= 16) fm__set_head_tail_16(d, c, n);
  else if (__builtin_constant_p(n) && n >= 8) fm__set_head_tail_8(d, c, n);
  else if (__builtin_constant_p(n) && n >= 4) fm__set_head_tail_4(d, c, n);
  else if (n >= 4) {
    /* 4..15 bytes of a size known only at run time, with one branch fewer
       than two size classes: four 4-byte words at 0, a, n - 4 - a and n - 4,
       where a is 4 from 8 bytes on (the first and last 8 covered) and 0
       below (the first and last 4). Faster on random sizes, slower on
       repeated ones; copies keep two classes: `sh bench/ab.sh memset
       random`, bench/results/<cpu>/short-sizes.md. */
    size_t a = ((n >> 3) << 2);
    uint32_t x = (uint32_t)fm__splat8(c);
    fm__st32(d, x);
    fm__st32(d + a, x);
    fm__st32(d + n - 4 - a, x);
    fm__st32(d + n - 4, x);
  } else if (n) { /* 1..3: no branch */
    d[0] = (fm__u8)c;
    d[n / 2] = (fm__u8)c;
    d[n - 1] = (fm__u8)c;
  }
}

/* Compare of n <= 32 bytes. First and last words, loaded big-endian; where
   two words overlap, the bytes they share already compared equal, so the
   first difference found is the first difference in memory order. */
FASTMEM__AI int fm__cmp_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
  if (n >= 16) {
    uint64_t x, y;
    if ((x = fm__ldbe64(a)) != (y = fm__ldbe64(b))) return fm__sign64(x, y);
    if ((x = fm__ldbe64(a + 8)) != (y = fm__ldbe64(b + 8))) return fm__sign64(x, y);
    if ((x = fm__ldbe64(a + n - 16)) != (y = fm__ldbe64(b + n - 16))) return fm__sign64(x, y);
    return fm__sign64(fm__ldbe64(a + n - 8), fm__ldbe64(b + n - 8));
  }
  if (n >= 8) {
    uint64_t x = fm__ldbe64(a), y = fm__ldbe64(b);
    if (x != y) return fm__sign64(x, y);
    return fm__sign64(fm__ldbe64(a + n - 8), fm__ldbe64(b + n - 8));
  }
  if (n >= 4) {
    uint64_t x = (uint64_t)fm__ldbe32(a) << 32 | fm__ldbe32(a + n - 4);
    uint64_t y = (uint64_t)fm__ldbe32(b) << 32 | fm__ldbe32(b + n - 4);
    return fm__sign64(x, y);
  }
  if (n) {
    /* bytes 0, n/2, n-1 in that order keep the order of 1..3 bytes */
    int x = a[0] << 16 | a[n / 2] << 8 | a[n - 1];
    int y = b[0] << 16 | b[n / 2] << 8 | b[n - 1];
    return x - y;
  }
  return 0;
}

/* Equality of n <= 32 bytes: XOR of first and last words, no early exit. */
FASTMEM__AI int fm__eq_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
  if (n >= 16)
    return ((fm__ld64(a) ^ fm__ld64(b)) | (fm__ld64(a + 8) ^ fm__ld64(b + 8)) |
            (fm__ld64(a + n - 16) ^ fm__ld64(b + n - 16)) |
            (fm__ld64(a + n - 8) ^ fm__ld64(b + n - 8))) == 0;
  if (n >= 8)
    return ((fm__ld64(a) ^ fm__ld64(b)) | (fm__ld64(a + n - 8) ^ fm__ld64(b + n - 8))) == 0;
  if (n >= 4)
    return ((fm__ld32(a) ^ fm__ld32(b)) | (fm__ld32(a + n - 4) ^ fm__ld32(b + n - 4))) == 0;
  if (n) return ((a[0] ^ b[0]) | (a[n / 2] ^ b[n / 2]) | (a[n - 1] ^ b[n - 1])) == 0;
  return 1;
}

/* ---- W-byte blocks: the long paths' steps ---------------------------------
 * One set per block width W: 8 (words; the portable path without vectors),
 * 16, 32 and 64 (vectors; the caller's target decides which instructions
 * they become). Only blocks of W bytes are used, so that every value lives
 * in one register.
 *   fm__move_ends_W(d, s, n, k)  k (1, 2 or 4) blocks from the head and k
 *                      from the tail, for kW <= n <= 2kW: all loads, then
 *                      all stores, so any overlap is fine. The stores go
 *                      the head's in order, then the tail's, not head and
 *                      tail in turn: on Intel family 6 model CFh two
 *                      stores in a row to one cache line go faster (16
 *                      32-byte stores in turn took 1.6x as long), and the
 *                      AVX2 tier's copies and sets of 160-256 bytes ran
 *                      0.93-1.33x as fast, mostly 1.1-1.2 (`sh
 *                      bench/ab.sh memcpy 160 193 224 256 --limit=0x3b`,
 *                      and memset; other sizes and the AVX-512 tier level;
 *                      figures: bench/results/intel-06h-cfh-2026-12-01/
 *                      thresholds.md). Not measured on other CPUs.
 *   fm__set_ends_W(d, c, n, k)   the same for set, stores in the same order.
 *   fm__move_4r_W(d, s, n), fm__set_4r_W(d, c, n)  4W < n <= 8W: four
 *                      blocks from the head and the last part (below)
 *                      from the tail, loads first, stores in the same
 *                      order.
 *   The last part: past the first 4W bytes (4W < n <= 8W) and past each
 *                      loop below, what is left (1-4W bytes) is stored as
 *                      four blocks ending at n, or, in the 64-byte tier on
 *                      the CPUs whose plan has FM_CPU_TAILS, as the fewest
 *                      blocks that cover it (FASTMEM__REST). Four blocks
 *                      store up to 3W bytes a second time; the fewest take
 *                      a branch that random sizes mispredict. On AMD Zen 4
 *                      (family 19h model 11h), which stores a 64-byte
 *                      vector as two halves, the fewest took copies and
 *                      sets of 257-600 bytes 1.06-1.59x (clang 1.24-1.90x)
 *                      and 1 KiB 1.11x as fast, the 32- and 16-byte tiers
 *                      no faster (within their 0.9-1.1x placement noise),
 *                      and the random tables 0.92-0.98x (medians of three
 *                      runs of `sh bench/ab.sh memcpy|memmove|memset 257
 *                      ... 4096`,
 *                      with --limit=0x3b and 0x39, and `random`; gcc and
 *                      clang; figures: bench/results/amd-19h-11h-2026-12-03/
 *                      thresholds.md, "The last part of copies and sets").
 *                      Not measured on other CPUs: they keep four blocks.
 *   fm__copy_fwd_W(d, s, n)  n > 8W, for any dst not inside (src, src + n):
 *                      [head W][ W-aligned blocks of 4W ... ][tail 1-4W]
 *     The head and the first step are loaded before the head is stored;
 *     from the second step on, each block is stored right after its load
 *     (FASTMEM__COPY4); the last step is loaded with the tail and stored
 *     with it. Every store lands below the bytes still to be loaded, so
 *     every byte is loaded before a store of this call can overwrite it
 *     (dst below src by any distance). The bytes a previous call on the
 *     same memory stored first are loaded first, and the head is stored
 *     first: a move repeated at a short distance does not wait on its own
 *     last stores (`sh bench/ab.sh memmove 1024 --dist=-8`, and 8, against
 *     head and tail loaded first and stored last; the overlapping moves of
 *     `make bench SECTION=distance`; figures:
 *     bench/results/notes-from-code.md). Storing each block right after
 *     its load, instead of loading every step one step ahead, took the
 *     AVX2 and SSE2 tiers' aligned copies of 2-16 KiB 1.11-1.32x as fast,
 *     the AVX-512 tier's level (`sh bench/ab.sh memcpy 300 ... 16384
 *     --limit=MASK`, AMD family 1Ah; figures: bench/results/
 *     amd-1ah-02h-2026-12-01/thresholds.md). The word loop (W = 8), not
 *     measured, keeps the older order: every step loaded one ahead.
 *   fm__copy_bwd_W(d, s, n)  n > 8W, the mirror image, for dst inside
 *                      (src, src + n):
 *                      [head 1-4W][ W-aligned blocks of 4W ... ][tail W]
 *     The tail goes first, with the first (highest) step, the head last.
 *   fm__set_loop_W(d, c, n)  n > 8W: aligned 4W stores, an overlapping
 *                      first block and the last part. n > 8W leaves room
 *                      for one aligned step, so the loop tests its bound
 *                      after each step, not before the first: the AVX2
 *                      tier's sets of
 *                      300-640 bytes 1.00-1.14x on Intel family 6 model CFh,
 *                      the AVX-512 tier level (`sh bench/ab.sh memset 384
 *                      512 640 --limit=0x3b`, and --dist=1050625 for a
 *                      misaligned dst; three runs; figures:
 *                      bench/results/intel-06h-cfh-2026-12-01/thresholds.md).
 * The same names without the suffix take W as an argument (a constant after
 * inlining) and call the set of that width. */

/* The functions of one block width W: T, its unaligned type; Ta, the
   W-aligned one; V, the fill pattern as an expression of the set's c. The
   four that every width shares (FASTMEM__BLOCKS) and the vector widths'
   forward copy (FASTMEM__COPY_FWD; the word loop keeps its own order) are
   written once here and stamped out per width below, so that a change to
   one width's loop is a change to all of them. */
/* k (1, 2 or 4) blocks from x0..x3 stored from p up, in order. Written
   out: a loop here is what compilers turn into a memset call. */
#define FASTMEM__ST_K(T, W, p, x0, x1, x2, x3)                                                     \
  do {                                                                                             \
    FASTMEM__ST(T, p, x0);                                                                         \
    if (k >= 2) FASTMEM__ST(T, (p) + W, x1);                                                       \
    if (k >= 4) {                                                                                  \
      FASTMEM__ST(T, (p) + 2 * W, x2);                                                             \
      FASTMEM__ST(T, (p) + 3 * W, x3);                                                             \
    }                                                                                              \
  } while (0)
/* fm__move_ends_W and fm__set_ends_W: the head's k blocks from d, then the
   tail's from dt. */
#define FASTMEM__ST_ENDS(T, W, h0, h1, h2, h3, t0, t1, t2, t3)                                     \
  do {                                                                                             \
    FASTMEM__ST_K(T, W, d, h0, h1, h2, h3);                                                        \
    FASTMEM__ST_K(T, W, dt, t0, t1, t2, t3);                                                       \
  } while (0)
#define FASTMEM__BLOCKS(W, T, Ta, V)                                                               \
  FASTMEM__AI void fm__move_ends_##W(fm__u8 *d, const fm__u8 *s, size_t n, int k) {                \
    const fm__u8 *st = s + n - (size_t)k * W;                                                      \
    fm__u8 *dt = d + n - (size_t)k * W;                                                            \
    T h0 = FASTMEM__LD(T, s), t0 = FASTMEM__LD(T, st);                                             \
    T h1 = h0, t1 = t0, h2 = h0, t2 = t0, h3 = h0, t3 = t0;                                        \
    if (k >= 2) {                                                                                  \
      h1 = FASTMEM__LD(T, s + W);                                                                  \
      t1 = FASTMEM__LD(T, st + W);                                                                 \
    }                                                                                              \
    if (k >= 4) {                                                                                  \
      h2 = FASTMEM__LD(T, s + 2 * W);                                                              \
      t2 = FASTMEM__LD(T, st + 2 * W);                                                             \
      h3 = FASTMEM__LD(T, s + 3 * W);                                                              \
      t3 = FASTMEM__LD(T, st + 3 * W);                                                             \
    }                                                                                              \
    FASTMEM__ST_ENDS(T, W, h0, h1, h2, h3, t0, t1, t2, t3);                                        \
  }                                                                                                \
                                                                                                   \
  FASTMEM__AI void fm__set_ends_##W(fm__u8 *d, int c, size_t n, int k) {                           \
    T v = V;                                                                                       \
    fm__u8 *dt = d + n - (size_t)k * W;                                                            \
    FASTMEM__ST_ENDS(T, W, v, v, v, v, v, v, v, v);                                                \
  }                                                                                                \
                                                                                                   \
  /* 4W < n <= 8W. Without FM_CPU_TAILS, one test and then four blocks as                          \
     straight code: with the count of blocks from FASTMEM__REST, a run-time                        \
     value, the 64-byte tier's copies of 257-511 bytes but 448 (level) ran                         \
     0.86-0.90 of this form on AMD Zen 5 (family 1Ah model 02h; `sh                                \
     bench/ab.sh -P 4 memcpy 257 300 385 448 511`, A/B 1.11-1.16, sets                             \
     level; figures: bench/results/amd-1ah-02h-2026-12-04/thresholds.md). */                       \
  FASTMEM__AI void fm__move_4r_##W(fm__u8 *d, const fm__u8 *s, size_t n) {                         \
    size_t r = n - 4 * W, o;                                                                       \
    T h0, h1, h2, h3, t0, t1, t2, t3;                                                              \
    FASTMEM__LD4(T, h, s);                                                                         \
    if (!FASTMEM__TAILS_ON(W)) {                                                                   \
      FASTMEM__LD4(T, t, s + r);                                                                   \
      FASTMEM__ST4(T, d, h);                                                                       \
      FASTMEM__ST4(T, d + r, t);                                                                   \
      return;                                                                                      \
    }                                                                                              \
    o = n - FASTMEM__R_SPAN(r, W);                                                                 \
    FASTMEM__LD_R(T, t, s + o, r);                                                                 \
    FASTMEM__ST4(T, d, h);                                                                         \
    FASTMEM__ST_R(T, d + o, t, r);                                                                 \
  }                                                                                                \
                                                                                                   \
  FASTMEM__AI void fm__set_4r_##W(fm__u8 *d, int c, size_t n) {                                    \
    T t0 = V, t1 = t0, t2 = t0, t3 = t0;                                                           \
    size_t r = n - 4 * W;                                                                          \
    FASTMEM__FILL4(T, d, t0);                                                                      \
    if (!FASTMEM__TAILS_ON(W)) {                                                                   \
      FASTMEM__FILL4(T, d + r, t0);                                                                \
      return;                                                                                      \
    }                                                                                              \
    FASTMEM__ST_R(T, d + n - FASTMEM__R_SPAN(r, W), t, r);                                         \
  }                                                                                                \
                                                                                                   \
  FASTMEM__AI void fm__copy_bwd_##W(fm__u8 *d, const fm__u8 *s, size_t n) {                        \
    size_t skip = (((uintptr_t)d + n - 1) & (W - 1)) + 1;                                          \
    fm__u8 *dp = d + n - skip - 4 * W, *dh = d + 4 * W;                                            \
    const fm__u8 *sp = s + n - skip - 4 * W;                                                       \
    size_t r;                                                                                      \
    T tail = FASTMEM__LD(T, s + n - W), x0, x1, x2, x3, h0, h1, h2, h3;                            \
    FASTMEM__LD4(T, x, sp);                                                                        \
    FASTMEM__ST(T, d + n - W, tail);                                                               \
    while (dp > dh) {                                                                              \
      FASTMEM__ST4(Ta, dp, x);                                                                     \
      dp -= 4 * W;                                                                                 \
      sp -= 4 * W;                                                                                 \
      FASTMEM__LD4(T, x, sp);                                                                      \
      FASTMEM__OPAQUE(dp);                                                                         \
    }                                                                                              \
    r = FASTMEM__REST((size_t)(dp - d), W);                                                        \
    FASTMEM__LD_R(T, h, s, r);                                                                     \
    FASTMEM__ST4(Ta, dp, x);                                                                       \
    FASTMEM__ST_R(T, d, h, r);                                                                     \
  }                                                                                                \
                                                                                                   \
  FASTMEM__AI void fm__set_loop_##W(fm__u8 *d, int c, size_t n) {                                  \
    T v = V, t0 = v, t1 = v, t2 = v, t3 = v;                                                       \
    fm__u8 *dp = d + W - ((uintptr_t)d & (W - 1)), *dt = d + n - 4 * W;                            \
    size_t r;                                                                                      \
    FASTMEM__ST(T, d, v);                                                                          \
    do {                                                                                           \
      FASTMEM__FILL4(Ta, dp, v);                                                                   \
      dp += 4 * W;                                                                                 \
      FASTMEM__OPAQUE(dp);                                                                         \
    } while (dp < dt);                                                                             \
    r = FASTMEM__REST((size_t)(d + n - dp), W);                                                    \
    FASTMEM__ST_R(T, d + n - FASTMEM__R_SPAN(r, W), t, r);                                         \
  }

/* STEP_END: the statement at the end of each step of the loop (what keeps
   the compiler from turning it into a memcpy call). */
#define FASTMEM__COPY_FWD(W, T, Ta, STEP_END)                                                      \
  FASTMEM__AI void fm__copy_fwd_##W(fm__u8 *d, const fm__u8 *s, size_t n) {                        \
    size_t skip = W - ((uintptr_t)d & (W - 1));                                                    \
    fm__u8 *dp = d + skip, *dt = d + n - 4 * W;                                                    \
    const fm__u8 *sp = s + skip;                                                                   \
    size_t r;                                                                                      \
    T head = FASTMEM__LD(T, s), x0, x1, x2, x3, t0, t1, t2, t3;                                    \
    FASTMEM__LD4(T, x, sp);                                                                        \
    FASTMEM__ST(T, d, head);                                                                       \
    if (dp + 4 * W < dt) {                                                                         \
      FASTMEM__ST4(Ta, dp, x);                                                                     \
      dp += 4 * W;                                                                                 \
      sp += 4 * W;                                                                                 \
      while (dp + 4 * W < dt) {                                                                    \
        FASTMEM__COPY4(Ta, T, dp, sp);                                                             \
        dp += 4 * W;                                                                               \
        sp += 4 * W;                                                                               \
        STEP_END;                                                                                  \
      }                                                                                            \
      FASTMEM__LD4(T, x, sp);                                                                      \
    }                                                                                              \
    r = FASTMEM__REST((size_t)(d + n - dp) - 4 * W, W);                                            \
    FASTMEM__LD_R(T, t, s + n - FASTMEM__R_SPAN(r, W), r);                                         \
    FASTMEM__ST4(Ta, dp, x);                                                                       \
    FASTMEM__ST_R(T, d + n - FASTMEM__R_SPAN(r, W), t, r);                                         \
  }

/* 8-byte blocks (words: the portable path without vectors) */
FASTMEM__BLOCKS(8, fm__w8, uint64_t, fm__splat8(c))

/* The word loop: every step loaded one ahead. */
FASTMEM__AI void fm__copy_fwd_8(fm__u8 *d, const fm__u8 *s, size_t n) {
  size_t skip = 8 - ((uintptr_t)d & (8 - 1));
  fm__u8 *dp = d + skip, *dt = d + n - 4 * 8;
  const fm__u8 *sp = s + skip;
  fm__w8 head = FASTMEM__LD(fm__w8, s), x0, x1, x2, x3, t0, t1, t2, t3;
  FASTMEM__LD4(fm__w8, x, sp);
  FASTMEM__ST(fm__w8, d, head);
  while (dp + 4 * 8 < dt) {
    FASTMEM__ST4(uint64_t, dp, x);
    dp += 4 * 8;
    sp += 4 * 8;
    FASTMEM__LD4(fm__w8, x, sp);
    FASTMEM__OPAQUE(dp);
  }
  FASTMEM__LD4(fm__w8, t, s + n - 4 * 8);
  FASTMEM__ST4(uint64_t, dp, x);
  FASTMEM__ST4(fm__w8, dt, t);
}

#ifdef FASTMEM__WIDE
/* 16-byte blocks (the portable path with vectors, x86 SSE2), 32 (x86 AVX2)
   and 64 (x86 AVX-512). The AVX-512 forward loop keeps FASTMEM__OPAQUE at
   the end of a step: see FASTMEM__LOOP_BARRIER. */
FASTMEM__BLOCKS(16, fm__v16, fm__v16a, FASTMEM__SPLAT(fm__v16, fm__b16, c))
FASTMEM__COPY_FWD(16, fm__v16, fm__v16a, FASTMEM__LOOP_BARRIER())
FASTMEM__BLOCKS(32, fm__v32, fm__v32a, FASTMEM__SPLAT(fm__v32, fm__b32, c))
FASTMEM__COPY_FWD(32, fm__v32, fm__v32a, FASTMEM__LOOP_BARRIER())
FASTMEM__BLOCKS(64, fm__v64, fm__v64a, FASTMEM__SPLAT(fm__v64, fm__b64, c))
FASTMEM__COPY_FWD(64, fm__v64, fm__v64a, FASTMEM__OPAQUE(dp))
#endif /* FASTMEM__WIDE */

/* f##_W(...) for the block width W. */
#ifdef FASTMEM__WIDE
#define FASTMEM__BY_W(W, f, ...)                                                                   \
  ((W) == 64   ? f##_64(__VA_ARGS__)                                                               \
   : (W) == 32 ? f##_32(__VA_ARGS__)                                                               \
   : (W) == 16 ? f##_16(__VA_ARGS__)                                                               \
               : f##_8(__VA_ARGS__))
#else /* words only */
#define FASTMEM__BY_W(W, f, ...) ((void)(W), f##_8(__VA_ARGS__))
#endif
FASTMEM__AI void fm__move_ends(fm__u8 *d, const fm__u8 *s, size_t n, size_t W, int k) {
  FASTMEM__BY_W(W, fm__move_ends, d, s, n, k);
}
FASTMEM__AI void fm__set_ends(fm__u8 *d, int c, size_t n, size_t W, int k) {
  FASTMEM__BY_W(W, fm__set_ends, d, c, n, k);
}
FASTMEM__AI void fm__copy_fwd(fm__u8 *d, const fm__u8 *s, size_t n, size_t W) {
  FASTMEM__BY_W(W, fm__copy_fwd, d, s, n);
}
FASTMEM__AI void fm__copy_bwd(fm__u8 *d, const fm__u8 *s, size_t n, size_t W) {
  FASTMEM__BY_W(W, fm__copy_bwd, d, s, n);
}
FASTMEM__AI void fm__set_loop(fm__u8 *d, int c, size_t n, size_t W) {
  FASTMEM__BY_W(W, fm__set_loop, d, c, n);
}

/* Stores across a 4 KiB boundary, for x86's FASTMEM_AVOID_PAGE_SPLITS
   (fastmem_x86.h); here because the size ladder below checks them.
   Whether one of the W-byte blocks stored from an end of a call crosses a
   4 KiB boundary: gap bytes lie between that end and the boundary on its
   side, the blocks reach r bytes in, and a boundary at a multiple of W from
   the end meets them at an edge. */
FASTMEM__AI int fm__end_crosses(size_t gap, size_t W, size_t r) {
  if (r == W) return gap - 1 < W - 1; /* 0 < gap < W */
  return (gap < r) & ((gap & (W - 1)) != 0);
}
/* The same for both ends of [d, d + n): blocks reach rh bytes up from d and
   rt down from d + n. First whether the call lies in one 4 KiB page, which
   rules a crossing out in three instructions: the exact test, about nine,
   took 65-128-byte calls from 2.0 to 2.67 ns where it ran on every call
   (`sh bench/ab.sh memset 65 100 128 --limit=0x3b`, Intel family 6 model
   CFh). */
FASTMEM__AI int fm__ends_cross(const fm__u8 *d, size_t n, size_t W, size_t rh, size_t rt) {
  uintptr_t a = (uintptr_t)d;
  if (FASTMEM__LIKELY((a ^ (a + n - 1)) < 4096)) return 0;
  return fm__end_crosses((size_t)(-a & 4095), W, rh) |
         fm__end_crosses((size_t)((a + n) & 4095), W, rt);
}

/* k blocks of B bytes from each end (fm__move_ends, fm__set_ends); with
   check set, 0 and nothing stored where one of them would cross a 4 KiB
   boundary, else 1. */
FASTMEM__AI int fm__move_k(fm__u8 *d, const fm__u8 *s, size_t n, size_t B, int k, int check) {
  if (check && FASTMEM__UNLIKELY(fm__ends_cross(d, n, B, (size_t)k * B, (size_t)k * B))) return 0;
  fm__move_ends(d, s, n, B, k);
  return 1;
}
FASTMEM__AI int fm__set_k(fm__u8 *d, int c, size_t n, size_t B, int k, int check) {
  if (check && FASTMEM__UNLIKELY(fm__ends_cross(d, n, B, (size_t)k * B, (size_t)k * B))) return 0;
  fm__set_ends(d, c, n, B, k);
  return 1;
}
/* 4W < n <= 8W (fm__move_4r_W, fm__set_4r_W), with the same check: four
   blocks from d up, the last part down from d + n. */
FASTMEM__AI int fm__4r_cross(const fm__u8 *d, size_t n, size_t W) {
  return fm__ends_cross(d, n, W, 4 * W, FASTMEM__R_SPAN(FASTMEM__REST(n - 4 * W, W), W));
}
FASTMEM__AI int fm__move_4r(fm__u8 *d, const fm__u8 *s, size_t n, size_t W, int check) {
  if (check && FASTMEM__UNLIKELY(fm__4r_cross(d, n, W))) return 0;
  FASTMEM__BY_W(W, fm__move_4r, d, s, n);
  return 1;
}
FASTMEM__AI int fm__set_4r(fm__u8 *d, int c, size_t n, size_t W, int check) {
  if (check && FASTMEM__UNLIKELY(fm__4r_cross(d, n, W))) return 0;
  FASTMEM__BY_W(W, fm__set_4r, d, c, n);
  return 1;
}

/* n > 32 up to 8W without a loop; 0 if n is larger, and with check set
   where a block of the size's class would cross a 4 KiB boundary (then
   nothing is stored; x86 FASTMEM_AVOID_PAGE_SPLITS). The 64-byte tier does
   33..64 bytes as two 32-byte blocks. */
FASTMEM__AI int fm__move_upto8(fm__u8 *d, const fm__u8 *s, size_t n, size_t W, int check) {
  if (W == 64 && FASTMEM__UNLIKELY_X86_64(n <= 64)) {
    if (!fm__move_k(d, s, n, 32, 1, check)) return 0;
  } else if (W == 32 ? FASTMEM__UNLIKELY_X86_64(n <= 64) : n <= 2 * W) {
    if (!fm__move_k(d, s, n, W, 1, check)) return 0;
  } else if (n <= 4 * W) {
    if (!fm__move_k(d, s, n, W, 2, check)) return 0;
  } else if (n <= 8 * W) {
    if (!fm__move_4r(d, s, n, W, check)) return 0;
  } else return 0;
  return 1;
}

FASTMEM__AI int fm__set_upto8(fm__u8 *d, int c, size_t n, size_t W, int check) {
  if (W == 64 && FASTMEM__UNLIKELY_X86_64(n <= 64)) {
    if (!fm__set_k(d, c, n, 32, 1, check)) return 0;
  } else if (W == 32 ? FASTMEM__UNLIKELY_X86_64(n <= 64) : n <= 2 * W) {
    if (!fm__set_k(d, c, n, W, 1, check)) return 0;
  } else if (n <= 4 * W) {
    if (!fm__set_k(d, c, n, W, 2, check)) return 0;
  } else if (n <= 8 * W) {
    if (!fm__set_4r(d, c, n, W, check)) return 0;
  } else return 0;
  return 1;
}

/* Forward is safe unless dst lies inside (src, src + n). */
FASTMEM__AI int fm__fwd_ok(const fm__u8 *d, const fm__u8 *s, size_t n) {
  return (size_t)((uintptr_t)d - (uintptr_t)s) >= n;
}

FASTMEM__AI int fm__disjoint(const fm__u8 *d, const fm__u8 *s, size_t n) {
  return fm__fwd_ok(d, s, n) && fm__fwd_ok(s, d, n);
}

#if defined(__x86_64__) || defined(__i386__)
/* rep movsb, forward, and rep stosb: the x86 tiers' plans (fastmem_x86.h)
   and the no-vector path (section 6) use them. Callers keep rep movsb away
   from its slow modes (move distance: `make bench SECTION=distance`,
   `sh bench/tune.sh slow`): never backward, never with (dst - src) mod 4096
   in [0, 63], which covers mod 2^32 in [0, 63] too. */
FASTMEM__AI void fm__rep_movsb(fm__u8 *d, const fm__u8 *s, size_t n) {
  __asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}

FASTMEM__AI void fm__rep_stosb(fm__u8 *d, int c, size_t n) {
  __asm__ volatile("rep stosb" : "+D"(d), "+c"(n) : "a"(c) : "memory");
}
#endif

/* ---- Compare: big-endian words, n a multiple of 8 ------------------------ */
FASTMEM__AI int fm__cmp_words(const fm__u8 *a, const fm__u8 *b, size_t n) {
  size_t i;
  for (i = 0; i + 8 <= n; i += 8) {
    uint64_t x = fm__ldbe64(a + i), y = fm__ldbe64(b + i);
    if (x != y) return fm__sign64(x, y);
  }
  return 0;
}

/* ==== 5. Portable path =======================================================
 * Plain C over the same building blocks: 16-byte vector blocks where the
 * baseline target has 16-byte vector registers, 8-byte words elsewhere. The
 * path of targets without a backend, and of x86 CPUs without SSE2. */
#ifdef FASTMEM__V16
#define FASTMEM__PORTABLE_W 16
#else
#define FASTMEM__PORTABLE_W 8
#endif

FASTMEM__AI void fm__move_portable(fm__u8 *d, const fm__u8 *s, size_t n) {
  if (fm__move_upto8(d, s, n, FASTMEM__PORTABLE_W, 0)) return;
  if (d == s) return;
  if (fm__fwd_ok(d, s, n)) fm__copy_fwd(d, s, n, FASTMEM__PORTABLE_W);
  else fm__copy_bwd(d, s, n, FASTMEM__PORTABLE_W);
}

FASTMEM__AI void fm__set_portable(fm__u8 *d, int c, size_t n) {
  if (fm__set_upto8(d, c, n, FASTMEM__PORTABLE_W, 0)) return;
  fm__set_loop(d, c, n, FASTMEM__PORTABLE_W);
}

/* n > 32: 32-byte steps of four words, the last step overlapping what came
   before. */
FASTMEM__AI int fm__cmp_portable(const fm__u8 *a, const fm__u8 *b, size_t n) {
  size_t i;
  for (i = 0; i + 32 <= n; i += 32) {
    int r = fm__cmp_words(a + i, b + i, 32);
    if (r) return r;
    FASTMEM__OPAQUE(a);
  }
  return i < n ? fm__cmp_words(a + n - 32, b + n - 32, 32) : 0;
}

/* The same for equality: XOR and OR of four words a step. */
FASTMEM__AI int fm__eq_portable(const fm__u8 *a, const fm__u8 *b, size_t n) {
  size_t i;
  for (i = 0; i + 32 <= n; i += 32) {
    if (!fm__eq_short(a + i, b + i, 32)) return 0;
    FASTMEM__OPAQUE(a);
  }
  return i < n ? fm__eq_short(a + n - 32, b + n - 32, 32) : 1;
}

/* The portable tier, out of line like the backends' tiers, so that the
   functions that pick a tier stay a test and a jump; never cloned for
   constant arguments either (gcc's noclone, as FASTMEM__TIER says: a file
   whose every call passes the same 64-byte array got -Warray-bounds errors
   from the clone's loops, test/user/small_objects.c). */
#if defined(__GNUC__) && !defined(__clang__)
#define FASTMEM__PORT static __attribute__((noinline, noclone, flatten, unused))
#else
#define FASTMEM__PORT static __attribute__((noinline, flatten, unused))
#endif
FASTMEM__PORT void fm__move_port(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__move_portable(d, s, n);
}
FASTMEM__PORT void fm__set_port(fm__u8 *d, int c, size_t n) { fm__set_portable(d, c, n); }
FASTMEM__PORT int fm__cmp_port(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__cmp_portable(a, b, n);
}
FASTMEM__PORT int fm__eq_port(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__eq_portable(a, b, n);
}

/* ==== 6. Backend =============================================================
 * The backend for this target (fastmem_x86.h,
 * fastmem_ppc.h), or the portable path where there is none. A backend
 * defines these functions, which fastmem.h calls:
 *   unsigned fm__arch_probe(void)          the FM_CPU_* bits of this CPU;
 *                                          stores the non-temporal threshold
 *   const char *fm__arch_name(unsigned f)  the path's name for the bits f,
 *                                          "" for the portable path
 *   fm__arch_move(f, d, s, n), fm__arch_set(f, d, c, n),
 *   fm__arch_cmp(f, a, b, n), fm__arch_eq(f, a, b, n)
 *       n > 32, out of line (section 7): the tier the bits f select, the
 *       portable one where they select none. Compares get the whole range.
 *   fm__arch_move_call(d, s, n) and _set_call, _cmp_call, _eq_call
 *       n > 32 (or the backend's FASTMEM__COPY_SHORT_MAX for copies and
 *       sets, FASTMEM__CMP_SHORT_MAX, FASTMEM__EQ_SHORT_MAX), at the call
 *       site: one call to the tier the probe chose (x86), or to the
 *       out-of-line function of section 7, which probes.
 *   fm__arch_move_short(d, s, n) and _set_short, _cmp_short, _eq_short
 *       n <= 32 (or the same three maximums, which the backend may raise:
 *       x86-64, 64), at the call site: section 4's short paths, or the
 *       backend's own where the build's baseline has better instructions. */

/* The out-of-line long paths (section 7), for the backends' _call functions. */
static FASTMEM__NOINLINE void fm__move_long(fm__u8 *d, const fm__u8 *s, size_t n);
static FASTMEM__NOINLINE void fm__set_long(fm__u8 *d, int c, size_t n);
static FASTMEM__NOINLINE int fm__cmp_long(const fm__u8 *a, const fm__u8 *b, size_t n);
static FASTMEM__NOINLINE int fm__eq_long(const fm__u8 *a, const fm__u8 *b, size_t n);

/* No vectors: the x86 backend is left out whole (every tier of it is vector
   code); the PowerPC one keeps its scalar tier only (fastmem_ppc.h).
   MinGW gcc without optimisation stops with an internal error on the AVX
   tiers (32-byte vectors on the stack, GCC bug 54412): portable path. */
#if !defined(FASTMEM_PORTABLE) && (defined(__x86_64__) || defined(__i386__)) &&                    \
    defined(__has_include) && !defined(FASTMEM__NOVEC) &&                                          \
    !(defined(__MINGW32__) && !defined(__clang__) && !defined(__OPTIMIZE__))
#if __has_include("fastmem_x86.h")
#include "fastmem_x86.h"
#define FASTMEM__BACKEND 1
#endif
#elif !defined(FASTMEM_PORTABLE) && (defined(__powerpc__) || defined(__powerpc64__)) &&            \
    defined(__has_include)
#if __has_include("fastmem_ppc.h")
#include "fastmem_ppc.h"
#define FASTMEM__BACKEND 1
#endif
#endif

#ifndef FASTMEM__BACKEND
/* ---- No backend: the portable path ------------------------------------------ */
/* x86 without vector registers (kernel-style builds): rep movsb and rep stosb,
   which is what kernels copy with, take disjoint copies and sets from 1 KiB,
   on the CPUs where they were measured to beat the word loops there (1.2x
   at 1 KiB to 4x at 16 KiB: `sh bench/tune.sh novec`, figures in
   bench/results/<cpu>/novec.txt): Intel family 6 model CFh. Every other CPU,
   measured or not, keeps the word loops. rep movsb never runs in its slow
   modes: not backward, not where (dst - src) mod 4096 is below 64 (which
   also covers mod 2^32 below 64). FASTMEM_STRING_OPS_ANY_CPU (tests and
   tuning) allows them on any CPU with ERMS, FASTMEM_MOVSB_MIN and
   FASTMEM_STOSB_MIN move the 1 KiB. */
#if defined(FASTMEM__NOVEC) && (defined(__x86_64__) || defined(__i386__)) &&                       \
    !defined(FASTMEM_PORTABLE) && !defined(FASTMEM_NO_PROBE) && defined(__has_include)
#if __has_include(<cpuid.h>)
#include <cpuid.h>
#define FASTMEM__WORDS_ERMS 1
#endif
#endif

#ifdef FASTMEM__WORDS_ERMS
#ifdef FASTMEM_MOVSB_MIN
#define FASTMEM__WORDS_MOVSB ((size_t)(FASTMEM_MOVSB_MIN))
#else
#define FASTMEM__WORDS_MOVSB ((size_t)1024)
#endif
#ifdef FASTMEM_STOSB_MIN
#define FASTMEM__WORDS_STOSB ((size_t)(FASTMEM_STOSB_MIN))
#else
#define FASTMEM__WORDS_STOSB ((size_t)1024)
#endif
/* At least 64: the first 64 bytes are stored before the string instruction. */
#define FASTMEM__WORDS_MIN(m) ((m) > 64 ? (m) : (size_t)64)
#endif

FASTMEM__AI unsigned fm__arch_probe(void) {
#ifdef FASTMEM__WORDS_ERMS
  unsigned a, b, c, d, family, model;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(b & (1u << 9))) return 0; /* ERMS */
#ifdef FASTMEM_STRING_OPS_ANY_CPU
  return FM_CPU_ERMS;
#endif
  __get_cpuid(0, &a, &b, &c, &d);
  if (b != 0x756e6547u || d != 0x49656e69u || c != 0x6c65746eu) return 0; /* GenuineIntel */
  __get_cpuid(1, &a, &b, &c, &d);
  family = (a >> 8) & 15;
  model = ((a >> 4) & 15) | ((a >> 12) & 0xf0);
  return family == 6 && model == 0xcf ? FM_CPU_ERMS : 0;
#else
  return 0;
#endif
}
FASTMEM__AI const char *fm__arch_name(unsigned f) { return f & FM_CPU_ERMS ? "portable+erms" : ""; }

FASTMEM__AI void fm__arch_move(unsigned f, fm__u8 *d, const fm__u8 *s, size_t n) {
#ifdef FASTMEM__WORDS_ERMS
  if ((f & FM_CPU_ERMS) && n >= FASTMEM__WORDS_MIN(FASTMEM__WORDS_MOVSB) &&
      (((uintptr_t)d - (uintptr_t)s) & 4095) >= 64 && fm__disjoint(d, s, n)) {
    size_t skip = 64 - ((uintptr_t)d & 63); /* rep movsb to a 64-aligned destination */
    fm__move_short(d, s, 32);
    fm__move_short(d + 32, s + 32, 32);
    fm__rep_movsb(d + skip, s + skip, n - skip);
    return;
  }
#else
  (void)f;
#endif
  fm__move_port(d, s, n);
}
FASTMEM__AI void fm__arch_set(unsigned f, fm__u8 *d, int c, size_t n) {
#ifdef FASTMEM__WORDS_ERMS
  if ((f & FM_CPU_ERMS) && n >= FASTMEM__WORDS_MIN(FASTMEM__WORDS_STOSB)) {
    size_t skip = 64 - ((uintptr_t)d & 63);
    fm__set_short(d, c, 32);
    fm__set_short(d + 32, c, 32);
    fm__rep_stosb(d + skip, c, n - skip);
    return;
  }
#else
  (void)f;
#endif
  fm__set_port(d, c, n);
}
/* Compares begin with the first 32 bytes, before any loop is set up: most
   real mismatches sit there (the mismatch bench section). */
FASTMEM__AI int fm__arch_cmp(unsigned f, const fm__u8 *a, const fm__u8 *b, size_t n) {
  int r = fm__cmp_words(a, b, 32);
  (void)f;
  if (r) return r;
  return fm__cmp_port(a, b, n);
}
FASTMEM__AI int fm__arch_eq(unsigned f, const fm__u8 *a, const fm__u8 *b, size_t n) {
  (void)f;
  return fm__eq_short(a, b, 32) ? fm__eq_port(a, b, n) : 0; /* 32: four words */
}

FASTMEM__AI void fm__arch_move_call(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__move_long(d, s, n);
}
FASTMEM__AI void fm__arch_set_call(fm__u8 *d, int c, size_t n) { fm__set_long(d, c, n); }
FASTMEM__AI int fm__arch_cmp_call(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__cmp_long(a, b, n);
}
FASTMEM__AI int fm__arch_eq_call(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__eq_long(a, b, n);
}

FASTMEM__AI void fm__arch_move_short(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__move_short(d, s, n);
}
FASTMEM__AI void fm__arch_set_short(fm__u8 *d, int c, size_t n) { fm__set_short(d, c, n); }
FASTMEM__AI int fm__arch_cmp_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__cmp_short(a, b, n);
}
FASTMEM__AI int fm__arch_eq_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__eq_short(a, b, n);
}
#endif /* no backend */

/* ==== 7. Dispatch ============================================================
 * The cached probe, and one out-of-line function per operation for n > 32,
 * which reads it and runs the backend's tier. */
static FASTMEM__NOINLINE unsigned fm__probe_slow(void) {
  unsigned want = fm__arch_probe() | FASTMEM__READY;
  unsigned expect = 0;
  /* Racing first calls all compute the same value; the exchange keeps an
     fm_cpu_limit() that another thread made in the meantime. */
  __atomic_compare_exchange_n(&fm__cpu_state, &expect, want, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
  return expect ? expect : want;
}

FASTMEM__AI unsigned fm__features(void) {
  unsigned f = fm__load(&fm__cpu_state);
  if (FASTMEM__UNLIKELY(!f)) f = fm__probe_slow();
  return f;
}

static FASTMEM__NOINLINE void fm__move_long(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__arch_move(fm__features(), d, s, n);
}

static FASTMEM__NOINLINE void fm__set_long(fm__u8 *d, int c, size_t n) {
  fm__arch_set(fm__features(), d, c, n);
}

static FASTMEM__NOINLINE int fm__cmp_long(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__arch_cmp(fm__features(), a, b, n);
}

static FASTMEM__NOINLINE int fm__eq_long(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__arch_eq(fm__features(), a, b, n);
}

/* ==== 8. Public API ==========================================================
 * Always inlined, so that even -Os and -O0 builds keep the short path at the
 * call site; what is inlined is the short ladder (n <= 32; copies and sets
 * up to FASTMEM__COPY_SHORT_MAX, compares up to FASTMEM__CMP_SHORT_MAX and
 * FASTMEM__EQ_SHORT_MAX) and one call. */
#define FASTMEM__API static inline __attribute__((always_inline, unused))
/* Copies and sets up to this size stay at the call site (the backend may
   raise it: x86-64, 64). */
#ifndef FASTMEM__COPY_SHORT_MAX
#define FASTMEM__COPY_SHORT_MAX 32
#endif
/* memcmp and memeq up to these sizes stay at the call site too (x86-64:
   memeq 64, memcmp 64 in builds with byte masks). */
#ifndef FASTMEM__CMP_SHORT_MAX
#define FASTMEM__CMP_SHORT_MAX 32
#endif
#ifndef FASTMEM__EQ_SHORT_MAX
#define FASTMEM__EQ_SHORT_MAX 32
#endif

FASTMEM__SI unsigned fm_cpu_features(void) { return fm__features() & ~FASTMEM__READY; }

FASTMEM__SI void fm_cpu_limit(unsigned mask) {
  unsigned f = (fm__arch_probe() & mask) | FASTMEM__READY;
  __atomic_store_n(&fm__cpu_state, f, __ATOMIC_RELEASE);
}

FASTMEM__SI const char *fm_path_name(void) {
  unsigned f = fm_cpu_features();
  const char *name = fm__arch_name(f);
  return *name ? name : "portable";
}

FASTMEM__API void *fm_memmove(void *dst, const void *src, size_t n) {
  fm__u8 *d = FASTMEM__CAST(fm__u8 *, dst);
  const fm__u8 *s = FASTMEM__CAST(const fm__u8 *, src);
  if (n <= FASTMEM__COPY_SHORT_MAX) fm__arch_move_short(d, s, n);
  else fm__arch_move_call(d, s, n);
  return dst;
}

FASTMEM__API void *fm_memcpy(void *dst, const void *src, size_t n) {
  /* The long path is memmove's: its direction test is one compare. */
  return fm_memmove(dst, src, n);
}

FASTMEM__API void *fm_memset(void *dst, int c, size_t n) {
  fm__u8 *d = FASTMEM__CAST(fm__u8 *, dst);
  if (n <= FASTMEM__COPY_SHORT_MAX) fm__arch_set_short(d, c, n);
  else fm__arch_set_call(d, c, n);
  return dst;
}

FASTMEM__API int fm_memcmp(const void *a, const void *b, size_t n) {
  const fm__u8 *x = FASTMEM__CAST(const fm__u8 *, a), *y = FASTMEM__CAST(const fm__u8 *, b);
  if (n <= FASTMEM__CMP_SHORT_MAX) return fm__arch_cmp_short(x, y, n);
  return fm__arch_cmp_call(x, y, n);
}

FASTMEM__API int fm_memeq(const void *a, const void *b, size_t n) {
  const fm__u8 *x = FASTMEM__CAST(const fm__u8 *, a), *y = FASTMEM__CAST(const fm__u8 *, b);
  if (n <= FASTMEM__EQ_SHORT_MAX) return fm__arch_eq_short(x, y, n);
  return fm__arch_eq_call(x, y, n);
}

#endif /* FASTMEM__GNU */

#endif /* FASTMEM_H */

/* ==== 9. Drop-in mode: FASTMEM_REPLACE_LIBC =================================
 * The including file's calls memcpy(...), memmove(...), memset(...) and
 * memcmp(...) become fm_* calls. They are function-like macros, so a name not
 * followed by "(" is still the C library's: &memcpy, (memcpy)(d, s, n) and
 * function pointers keep working. <string.h> is read first, before the macros
 * exist, so its declarations (and glibc's _FORTIFY_SOURCE inline wrappers)
 * stay intact, and a later #include <string.h> is a no-op (its guard).
 * Under _FORTIFY_SOURCE, the fortified check is kept: a copy or set larger
 * than a destination of known size aborts, as glibc's wrappers do.
 * C++ is refused: <cstring> #undefs these names and std::memcpy(...) cannot
 * be a macro; C++ code calls fm_memcpy() and friends directly.
 * This block has its own guard, outside FASTMEM_H's: a file that included
 * fastmem.h for its API first and asks for drop-in mode later (dropin/
 * string.h does, where the file includes <string.h>) still gets it. */
#if defined(FASTMEM_REPLACE_LIBC) && !defined(FASTMEM__REPLACING)
#define FASTMEM__REPLACING 1
#ifdef __cplusplus
/* clang-format off */
#error "FASTMEM_REPLACE_LIBC works in C files only (<cstring> #undefs memcpy and std::memcpy cannot be a macro); in C++ call fm_memcpy(), fm_memmove(), fm_memset(), fm_memcmp() directly"
/* clang-format on */
#endif
#include <string.h>
#undef memcpy
#undef memmove
#undef memset
#undef memcmp
#if defined(__USE_FORTIFY_LEVEL)                                                                   \
    ? __USE_FORTIFY_LEVEL > 0                                                                      \
    : (defined(_FORTIFY_SOURCE) && _FORTIFY_SOURCE + 0 > 0 && defined(__OPTIMIZE__))
/* Bytes known to be available at p, (size_t)-1 when unknown. Evaluates
   nothing: p's side effects happen once, in the call itself. */
#ifdef __glibc_objsize0
#define FASTMEM__ROOM(p) __glibc_objsize0(p)
#else
#define FASTMEM__ROOM(p) __builtin_object_size(p, 0)
#endif
#ifdef __GLIBC__
extern void __chk_fail(void) __attribute__((__noreturn__));
#define FASTMEM__CHK_FAIL() __chk_fail() /* "*** buffer overflow detected ***" */
#else
#define FASTMEM__CHK_FAIL() __builtin_trap()
#endif
FASTMEM__API void *fm__memcpy_chk(size_t room, void *d, const void *s, size_t n) {
  if (n > room) FASTMEM__CHK_FAIL();
  return fm_memcpy(d, s, n);
}
FASTMEM__API void *fm__memmove_chk(size_t room, void *d, const void *s, size_t n) {
  if (n > room) FASTMEM__CHK_FAIL();
  return fm_memmove(d, s, n);
}
FASTMEM__API void *fm__memset_chk(size_t room, void *d, int c, size_t n) {
  if (n > room) FASTMEM__CHK_FAIL();
  return fm_memset(d, c, n);
}
#define memcpy(d, ...) fm__memcpy_chk(FASTMEM__ROOM(d), d, __VA_ARGS__)
#define memmove(d, ...) fm__memmove_chk(FASTMEM__ROOM(d), d, __VA_ARGS__)
#define memset(d, ...) fm__memset_chk(FASTMEM__ROOM(d), d, __VA_ARGS__)
#else
/* Variadic, so that a compound literal's commas need no parentheses. */
#define memcpy(...) fm_memcpy(__VA_ARGS__)
#define memmove(...) fm_memmove(__VA_ARGS__)
#define memset(...) fm_memset(__VA_ARGS__)
#endif
#define memcmp(...) fm_memcmp(__VA_ARGS__)
#endif /* FASTMEM_REPLACE_LIBC */
/* ==== End of drop-in mode ================================================ */
