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
 * How a path is chosen: sizes up to 32 bytes (x86-64: copies, sets and equality up to 64) are
 * handled at the call site with overlapping first and last blocks, no call and no probe. Longer
 * calls make one call to the best tier the CPU has (x86: AVX-512, AVX2, SSE2; PowerPC: POWER10,
 * POWER9, VSX), chosen by a CPU probe that runs once and is cached, or to the portable path.
 *
 * Options (FASTMEM_*, defined before the first #include): README.md.
 *
 * Program-wide state: fm_cpu_limit() acts on every translation unit of the program (one weak
 * variable, gcc and clang on ELF and Mach-O; one per .exe or .dll on Windows; elsewhere one per
 * translation unit). Call it before other threads use fastmem.
 *
 * Guarantees beyond the C functions: n == 0 touches no memory whatever the pointers; no byte
 * outside [p, p+n) is read or written; the first probe may race from any number of threads.
 *
 * This file: 1. build kind, feature bits; 2. plain C99 path; 3. primitives, probe state;
 * 4. building blocks; 5. portable path; the backend, which uses 1-5 and defines what 6 reads;
 * 6. public API; 7. drop-in mode. A comment's ID (SHORT-INLINE ...) names the evidence in
 * docs/decisions.md. */
#ifndef FASTMEM_H
#define FASTMEM_H

#define FASTMEM_VERSION_MAJOR 0
#define FASTMEM_VERSION_MINOR 1
#define FASTMEM_VERSION_PATCH 0

#include <stddef.h>
#include <stdint.h>

/* ==== 1. Build kind and feature bits ======================================== */

/* GNU C (gcc, clang, clang in MSVC mode): sections 3-5 and a backend; other
 * compilers or FASTMEM_PLAIN_C: section 2. FASTMEM__NOVEC: no vector register
 * where the user asks or the flags forbid them (NOVEC-DETECT); i386 without
 * SSE2 and ppc64 big endian without AltiVec are baselines: they keep tiers. */
#if defined(FASTMEM_NO_VECTORS) || defined(FASTMEM_NOVECTOR) || defined(FASTMEM_NO_SIMD) ||        \
    defined(FASTMEM_PLAIN)
#error "fastmem: unknown option; the options are spelled FASTMEM_NO_VECTOR and FASTMEM_PLAIN_C"
#endif
#if !defined(FASTMEM_PLAIN_C) && (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__)
#define FASTMEM__GNU 1
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

/* Feature bits (fm_cpu_features, fm_cpu_limit): CPU features only. */
#define FM_CPU_SSE2 0x0001u   /* x86: 16-byte vectors */
#define FM_CPU_AVX2 0x0002u   /* x86: 32-byte vectors (AVX2 and OS support) */
#define FM_CPU_AVX512 0x0004u /* x86: 64-byte vectors (AVX-512 F+BW+VL and OS support) */
#define FM_CPU_ERMS 0x0008u   /* x86: fast rep movsb/stosb, in use where the CPU's plan has it */
#define FM_CPU_FSRM 0x0010u   /* x86: fast short rep movsb (reported, not used) */
#define FM_CPU_NT 0x0020u     /* non-temporal stores for copies larger than the caches */
#define FM_CPU_VSX 0x0100u    /* PowerPC: POWER7/8 VSX unaligned vectors */
#define FM_CPU_P9 0x0200u     /* PowerPC: POWER9 length-controlled vectors */
#define FM_CPU_P10 0x0400u    /* PowerPC: POWER10 paired vectors */
#define FM_CPU_ALL 0xffffu
/* Bits above FM_CPU_ALL are a backend's own choices (from its CPU plan); fm_cpu_limit keeps them,
   fm_cpu_features does not report them. The top bit marks the state as probed. */
#define FASTMEM__READY 0x80000000u

#ifdef __cplusplus
#define FASTMEM__CAST(T, x) (reinterpret_cast<T>(x))
#else
#define FASTMEM__CAST(T, x) ((T)(x))
#endif
typedef unsigned char fm__u8;

#ifndef FASTMEM__GNU
/* ==== 2. Plain C99 path: other compilers, or FASTMEM_PLAIN_C ================
 * ISO C99 alone (TinyCC, MSVC, any C99 or C++ compiler without GNU C): the same API and contract,
 * no probe, no backend. Every access goes through a pointer to volatile, so that no loop can become
 * a call of memcpy or memset (test/builds.sh checks the objects). Words where both pointers share
 * their alignment modulo the word size, four a step; bytes elsewhere and at the ends, so nothing
 * outside [p, p+n) is touched. */
typedef size_t fm__word;
#define FASTMEM__WS sizeof(fm__word)
#define FASTMEM__MIS(p) ((size_t)(uintptr_t)(p) % FASTMEM__WS)
#define FASTMEM__WP(p) ((volatile fm__word *)(volatile void *)(p))
#define FASTMEM__CWP(p) ((const volatile fm__word *)(const volatile void *)(p))
#define FASTMEM__API static inline
#define FASTMEM__SI static inline

/* Forward, for any d not inside (s, s + n): each step loads before it stores. */
static inline void fm__plain_fwd(volatile fm__u8 *d, const fm__u8 *s, size_t n) {
  size_t i = 0;
  if (n >= 2 * FASTMEM__WS && FASTMEM__MIS(d) == FASTMEM__MIS(s)) {
    for (; FASTMEM__MIS(d + i); i++) d[i] = s[i];
    for (; n - i >= 4 * FASTMEM__WS; i += 4 * FASTMEM__WS) {
      const volatile fm__word *sw = FASTMEM__CWP(s + i);
      volatile fm__word *dw = FASTMEM__WP(d + i);
      fm__word w0 = sw[0], w1 = sw[1], w2 = sw[2], w3 = sw[3];
      dw[0] = w0, dw[1] = w1, dw[2] = w2, dw[3] = w3;
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
      dw[3] = w3, dw[2] = w2, dw[1] = w1, dw[0] = w0;
    }
    for (; i >= FASTMEM__WS; i -= FASTMEM__WS)
      *FASTMEM__WP(d + i - FASTMEM__WS) = *FASTMEM__CWP(s + i - FASTMEM__WS);
  }
  for (; i > 0; i--) d[i - 1] = s[i - 1];
}
static inline void fm__move(fm__u8 *dst, const fm__u8 *s, size_t n) {
  volatile fm__u8 *d = dst;
  if ((size_t)((uintptr_t)d - (uintptr_t)s) >= n) fm__plain_fwd(d, s, n);
  else if ((const volatile fm__u8 *)d != s) fm__plain_bwd(d, s, n);
}
static inline void fm__set(fm__u8 *dst, int c, size_t n) {
  volatile fm__u8 *d = dst;
  fm__u8 b = (fm__u8)c;
  size_t i = 0;
  if (n >= 2 * FASTMEM__WS) {
    fm__word w = (fm__word)-1 / 255 * b; /* b in every byte */
    for (; FASTMEM__MIS(d + i); i++) d[i] = b;
    for (; n - i >= 4 * FASTMEM__WS; i += 4 * FASTMEM__WS) {
      volatile fm__word *dw = FASTMEM__WP(d + i);
      dw[0] = w, dw[1] = w, dw[2] = w, dw[3] = w;
    }
    for (; n - i >= FASTMEM__WS; i += FASTMEM__WS) *FASTMEM__WP(d + i) = w;
  }
  for (; i < n; i++) d[i] = b;
}

/* The first i where the words of a and b differ, or where fewer than a word is left (i <= n): only
   bytes before it are known equal. 0 when the two pointers do not share their alignment. */
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
static inline int fm__cmp(const fm__u8 *a, const fm__u8 *b, size_t n) {
  const volatile fm__u8 *x = a, *y = b;
  size_t i;
  for (i = fm__plain_same(x, y, n); i < n; i++) {
    int p = x[i], q = y[i];
    if (p != q) return p - q;
  }
  return 0;
}
static inline int fm__eq(const fm__u8 *a, const fm__u8 *b, size_t n) { return !fm__cmp(a, b, n); }

static inline unsigned fm__arch_features(void) { return 0; }
static inline void fm__limit(unsigned f) { (void)f; }
static inline const char *fm__arch_name(unsigned f) { return (void)f, "plain"; }

#else /* FASTMEM__GNU: sections 3 to 5 and the backend */

/* ==== 3. Primitives and the probe state ===================================== */
#define FASTMEM__AI static inline __attribute__((always_inline, unused))
#define FASTMEM__SI static inline __attribute__((unused)) /* no warning where a file calls none */
/* ---- Long paths: one copy per program (LINK-ONE-COPY) ------------------
 * FASTMEM__LONG(R, name, PARAMS, attributes) declares and heads a function that an inlined call
 * site calls out to: static (a file that does not call it compiles none of it), symbol name_<tag>,
 * hidden; the tag holds what decides the code (version, compiler, options, instruction sets). gcc,
 * x86 ELF: one section .gnu.linkonce.t.<symbol> kept per program, the symbol weak (its body's
 * FASTMEM__LINK_ONCE), no mcount call or patch area (their tables would point into dropped copies);
 * a copy LTO renamed puts that section in a group, which no linker drops, as does each later switch
 * to it (the name's second line). Other ELF: weak; --gc-sections drops unreached copies. MinGW gcc:
 * the body marks its sections link-once unless LTO renamed it. Callers must not use the body they
 * see: gcc's noipa, clang's calls let the address escape. */
#define FASTMEM__STR_(x) "_" #x
#define FASTMEM__STR(x) FASTMEM__STR_(x)
#define FASTMEM__S(a, b, c, d, e, f)                                                               \
  FASTMEM__STR(a) FASTMEM__STR(b) FASTMEM__STR(c) FASTMEM__STR(d) FASTMEM__STR(e) FASTMEM__STR(f)
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) /* ASan or TSan: in the tag */
#define FASTMEM__SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define FASTMEM__SANITIZED 1
#endif
#endif
#define FASTMEM__TAG                                                                               \
  FASTMEM__S(FASTMEM_VERSION_MAJOR, FASTMEM_VERSION_MINOR, FASTMEM_VERSION_PATCH, __OPTIMIZE__,    \
             FASTMEM__NOVEC, FASTMEM__SANITIZED)                                                   \
  FASTMEM__S(__GNUC__, __GNUC_MINOR__, __clang_major__, __clang_minor__, __SSE2__, __SSE3__)       \
  FASTMEM__S(FASTMEM_NO_PROBE, FASTMEM_PORTABLE, FASTMEM_ALL_STRATEGIES, __SSSE3__, __SSE4_1__,    \
             __SSE4_2__)                                                                           \
  FASTMEM__S(__AVX__, __AVX2__, __BMI__, __BMI2__, __CET__, __SANITIZE_HWADDRESS__)                \
  FASTMEM__S(__LZCNT__, __MOVBE__, __AVX512F__, __AVX512BW__, __AVX512VL__, __AVX512VBMI__)        \
  FASTMEM__S(__VSX__, _ARCH_PWR8, _ARCH_PWR9, _ARCH_PWR10, __ARM_NEON, __riscv_vector)
#define FASTMEM__N(f) #f FASTMEM__TAG /* f's symbol */
#if defined(FASTMEM_NT_THRESHOLD) || defined(FASTMEM_MOVSB_MIN) || defined(FASTMEM_STOSB_MIN)
#elif defined(__ELF__) && !defined(__clang__) && (defined(__x86_64__) || defined(__i386__))
#define FASTMEM__LINK(f) __asm__(FASTMEM__N(f));
/* gas before 2.36 has no .attach_to_group: f stays in .text.<symbol>, kept, weak if not renamed */
#define FASTMEM__NEW_GAS "\n\t.if .gasversion. >= 23600"
#define FASTMEM__GROUP(c, f)                                                                       \
  "\n\t." c " .L" FASTMEM__N(f) "\n\t.attach_to_group fm__renamed"                                 \
                                "\n\t.set .L" FASTMEM__N(f) ",1\n\t.endif"
#define FASTMEM__SECTION(f)                                                                        \
  __attribute__((section(                                                                          \
      ".gnu.linkonce.t." FASTMEM__N(f) ",\"ax\",@progbits" FASTMEM__NEW_GAS FASTMEM__GROUP(        \
          "ifdef", f) "\n\t.else\n\t.section .text." FASTMEM__N(f) ",\"ax\"\n\t.endif#")))
#define FASTMEM__LINK_ONCE(f)                                                                      \
  __asm__(".ifc %p0," FASTMEM__N(f) "\n\t.weak %p0\n\t.hidden %p0\n\t.else" FASTMEM__NEW_GAS       \
              FASTMEM__GROUP("ifndef", f) "\n\t.endif\n\t.endif" ::"X"(f))
#elif defined(__ELF__)
#define FASTMEM__LINK(f)                                                                           \
  __asm__(FASTMEM__N(f));                                                                          \
  __asm__(".weak " FASTMEM__N(f) "\n\t.hidden " FASTMEM__N(f));
#define FASTMEM__SECTION(f) __attribute__((section(".text." FASTMEM__N(f))))
#define FASTMEM__LINK_ONCE(f) ((void)0)
#elif defined(__MINGW32__) && defined(__x86_64__) && !defined(__clang__) && defined(__SEH__)
#define FASTMEM__LINK(f) __asm__(FASTMEM__N(f));
#define FASTMEM__SECTION(f) __attribute__((section(".text$" FASTMEM__N(f))))
#define FASTMEM__LINK_ONCE(f)                                                                      \
  __asm__(".ifc %p0," #f FASTMEM__TAG "\n\t.linkonce discard\n\t.section .xdata$%p0\n\t.linkonce " \
          "discard\n\t.section .text$%p0\n\t.globl %p0\n\t.endif" ::"X"(f))
#endif
#ifndef FASTMEM__LINK
#define FASTMEM__LINK(f) ;
#define FASTMEM__SECTION(f)
#define FASTMEM__LINK_ONCE(f) ((void)0)
#endif
/* FASTMEM__OBJ(p, n): p, hidden from gcc where under 64 bytes follow it in its object and n is not
   constant: else -Warray-bounds flags blocks that only sizes past it reach (SHORT-OBJECT-SIZE). */
#ifdef __clang__
#define FASTMEM__LONG_ATTRS noinline, unused
#define FASTMEM__KEEP(f) (__extension__({ __asm__("" : : "X"(f)); }))
#define FASTMEM__OBJ(p, n) (p)
#else
#define FASTMEM__LONG_ATTRS                                                                        \
  noinline, noclone, noipa, unused, no_instrument_function, patchable_function_entry(0, 0)
#define FASTMEM__KEEP(f) ((void)0)
#define FASTMEM__OBJ(p, n)                                                                         \
  __extension__({                                                                                  \
    if (__builtin_object_size(p, 0) < 64 && !__builtin_constant_p(n)) FASTMEM__OPAQUE(p);          \
    p;                                                                                             \
  })
#endif
#define FASTMEM__LONG(R, name, PARAMS, ...)                                                        \
  static __attribute__((FASTMEM__LONG_ATTRS, __VA_ARGS__)) R name PARAMS FASTMEM__LINK(            \
      name) static __attribute__((FASTMEM__LONG_ATTRS, __VA_ARGS__)) FASTMEM__SECTION(name)        \
      R name PARAMS
/* A call of the long path f from an inlined function. */
#define FASTMEM__CALL(f, ...) (FASTMEM__KEEP(f), f(__VA_ARGS__))
/* An out-of-line tier: every helper it calls is inlined into it (flatten),
   one body per tier; never cloned for constant arguments (BUILD-NOCLONE-FLATTEN). */
#define FASTMEM__TIER(R, name, PARAMS, tgt) FASTMEM__LONG(R, name, PARAMS, flatten, target(tgt))
#define FASTMEM__PORT(R, name, PARAMS) FASTMEM__LONG(R, name, PARAMS, flatten)
/* A helper with a target of its own; inlined only into callers that have it. */
#define FASTMEM__TARGET(tgt) static inline __attribute__((target(tgt)))
#define FASTMEM__LIKELY(x) __builtin_expect(!!(x), 1)
#define FASTMEM__UNLIKELY(x) __builtin_expect(!!(x), 0)
/* Hides a pointer's value from the optimizer, so that a loop is never
   recognised as the memcpy/memset idiom and turned into a libc call. */
#define FASTMEM__OPAQUE(p) __asm__("" : "+r"(p))
/* The same for a copy loop's step, with no register moves (BUILD-LOOP-BARRIER). */
#define FASTMEM__LOOP_BARRIER() __asm__ volatile("" ::: "memory")

/* Unaligned, aliasing-safe vector types of every block size; element type long long as in
   __m128i/__m256i/__m512i. Where the target has no vectors of a size, the compiler splits them. */
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
/* 32- and 64-byte blocks: the x86 tiers (their target attributes give them
   vectors) and targets with vector registers. */
#if defined(FASTMEM__V16) ||                                                                       \
    (!defined(FASTMEM__NOVEC) && (defined(__x86_64__) || defined(__i386__)))
#define FASTMEM__WIDE 1
#endif
__extension__ FASTMEM__VEC(fm__v16, 16);
__extension__ FASTMEM__VEC(fm__v32, 32);
__extension__ FASTMEM__VEC(fm__v64, 64);
typedef unsigned char fm__b16 __attribute__((vector_size(16)));
typedef unsigned char fm__b32 __attribute__((vector_size(32)));
typedef unsigned char fm__b64 __attribute__((vector_size(64)));
/* A vector of type T with the low byte of x in every byte: a byte broadcast
   (BT: the byte vector of T's size), no multiply first (SET-SPLAT). */
#define FASTMEM__SPLAT(T, BT, x) ((T)((__extension__(BT){0}) + (fm__u8)(x)))

/* Unaligned, aliasing-safe scalars: one instruction each where the target
   allows unaligned access, never a call. fm__w8 is also the word block. */
typedef uint32_t fm__w4 __attribute__((aligned(1), may_alias));
typedef uint64_t fm__w8 __attribute__((aligned(1), may_alias));
FASTMEM__AI uint32_t fm__ld32(const void *p) { return *FASTMEM__CAST(const fm__w4 *, p); }
FASTMEM__AI uint64_t fm__ld64(const void *p) { return *FASTMEM__CAST(const fm__w8 *, p); }
FASTMEM__AI void fm__st32(void *p, uint32_t v) { *FASTMEM__CAST(fm__w4 *, p) = v; }
FASTMEM__AI void fm__st64(void *p, uint64_t v) { *FASTMEM__CAST(fm__w8 *, p) = v; }

/* Big-endian loads: compared as unsigned integers, they order bytes as memcmp does. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define FASTMEM__BE(bits, x) (x)
#else
#define FASTMEM__BE(bits, x) __builtin_bswap##bits(x)
#endif
FASTMEM__AI uint32_t fm__ldbe32(const void *p) { return FASTMEM__BE(32, fm__ld32(p)); }
FASTMEM__AI uint64_t fm__ldbe64(const void *p) { return FASTMEM__BE(64, fm__ld64(p)); }

/* -1, 0 or 1 as a is below, equal to or above b. */
FASTMEM__AI int fm__sign64(uint64_t a, uint64_t b) { return (a > b) - (a < b); }

/* Eight copies of the low byte of c. */
FASTMEM__AI uint64_t fm__splat8(int c) { return (uint64_t)(fm__u8)c * 0x0101010101010101ull; }

/* A block of type T at p, loaded or stored; four consecutive blocks loaded into x0..x3 or stored
   from them; four copied, each stored right after its load (Ta: the store type); one value
   stored to four. */
#define FASTMEM__LD(T, p) (*FASTMEM__CAST(const T *, (p)))
#define FASTMEM__ST(T, p, x) (*FASTMEM__CAST(T *, (p)) = (x))
#define FASTMEM__LD4(T, x, p)                                                                      \
  (x##0 = FASTMEM__LD(T, (p)), x##1 = FASTMEM__LD(T, (p) + sizeof(T)),                             \
   x##2 = FASTMEM__LD(T, (p) + 2 * sizeof(T)), x##3 = FASTMEM__LD(T, (p) + 3 * sizeof(T)))
#define FASTMEM__ST4(T, p, x)                                                                      \
  (FASTMEM__ST(T, (p), x##0), FASTMEM__ST(T, (p) + sizeof(T), x##1),                               \
   FASTMEM__ST(T, (p) + 2 * sizeof(T), x##2), FASTMEM__ST(T, (p) + 3 * sizeof(T), x##3))
#define FASTMEM__COPY4(Ta, T, d, s)                                                                \
  (FASTMEM__ST(Ta, (d), FASTMEM__LD(T, (s))),                                                      \
   FASTMEM__ST(Ta, (d) + sizeof(T), FASTMEM__LD(T, (s) + sizeof(T))),                              \
   FASTMEM__ST(Ta, (d) + 2 * sizeof(T), FASTMEM__LD(T, (s) + 2 * sizeof(T))),                      \
   FASTMEM__ST(Ta, (d) + 3 * sizeof(T), FASTMEM__LD(T, (s) + 3 * sizeof(T))))
#define FASTMEM__FILL4(T, p, v)                                                                    \
  (FASTMEM__ST(T, (p), v), FASTMEM__ST(T, (p) + sizeof(T), v),                                     \
   FASTMEM__ST(T, (p) + 2 * sizeof(T), v), FASTMEM__ST(T, (p) + 3 * sizeof(T), v))

/* The probe state: the FM_CPU_* bits in use, a backend's own bits and FASTMEM__READY once set; the
   non-temporal threshold in KiB; a line nothing reads, in the state's page, which every call maps
   in (MASK-ZERO-SIZE). Weak, so every translation unit of the program shares them; selectany on
   Windows (one per .exe or .dll); elsewhere one per translation unit. */
#if defined(__ELF__) || defined(__APPLE__)
#define FASTMEM__SHARED __attribute__((weak))
#elif defined(_WIN32) || defined(__CYGWIN__)
#define FASTMEM__SHARED __attribute__((selectany))
#else
#define FASTMEM__SHARED static
#endif
FASTMEM__SHARED struct fm__shared_state {
  unsigned state, nt_kib;
  unsigned char pad[56], unread[64];
} fm__shared __attribute__((aligned(128))) = {0, 0, {0}, {0}};
#define fm__cpu_state (fm__shared.state)
#define fm__nt_kib (fm__shared.nt_kib)

FASTMEM__AI unsigned fm__load(const unsigned *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }

/* Stores a first probe's result, unless fm_cpu_limit() or another thread's probe came first, and
   returns the state in force. Racing first calls all compute the same value. */
FASTMEM__AI unsigned fm__publish(unsigned probed) {
  unsigned expect = 0, want = probed | FASTMEM__READY;
  __atomic_compare_exchange_n(&fm__cpu_state, &expect, want, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
  return expect ? expect : want;
}

/* The state, probed by PROBE on the first call: for a backend's fm__arch_features
   (FASTMEM__FEATURES(fm__x86_probe), say). The probe is out of line, so that callers stay small. */
#define FASTMEM__FEATURES(probe)                                                                   \
  FASTMEM__LONG(unsigned, fm__probe_once, (void), ) {                                              \
    FASTMEM__LINK_ONCE(fm__probe_once);                                                            \
    return fm__publish(probe());                                                                   \
  }                                                                                                \
  FASTMEM__AI unsigned fm__arch_probe(void) { return probe(); }                                    \
  FASTMEM__AI unsigned fm__arch_features(void) {                                                   \
    unsigned f = fm__load(&fm__cpu_state);                                                         \
    return FASTMEM__LIKELY(f) ? f : (FASTMEM__KEEP(fm__probe_once), fm__probe_once());             \
  }

/* ==== 4. Building blocks ==================================================== */

/* The fill byte of a short set, hidden from the optimiser unless constant: a byte broadcast once
   before a loop would stay in registers that every long call then saves and restores
   (SET-FILL-BYTE). */
FASTMEM__AI int fm__fill_byte(int c) {
  if (!__builtin_constant_p(c)) __asm__ volatile("" : "+r"(c));
  return c;
}

/* The portable block: 16-byte vectors where the baseline has them, else words. */
#ifdef FASTMEM__V16
#define FASTMEM__PORTABLE_W 16
#else
#define FASTMEM__PORTABLE_W 8
#endif

/* ---- W-byte blocks: the long paths' steps ---------------------------------
 * One set per block width W: 8 (words), 16, 32 and 64 (vectors; the caller's target decides the
 * instructions). Every value is one block.
 *   fm__move_ends_W(d, s, n, k)  k (1, 2 or 4) blocks from the head and k from the tail,
 *       kW <= n <= 2kW: all loads, then the head's stores, then the tail's (BLOCK-ENDS-ORDER).
 *       Any overlap is fine.
 *   fm__set_ends_W(d, c, n, k)   the same for a set.
 *   fm__move_4r_W, fm__set_4r_W  4W < n <= 8W: four blocks from the head and the last part from
 *       the tail, loads first.
 *   fm__copy_fwd_W(d, s, n, fewest)  n > 8W, d not inside (s, s + n): [head W][W-aligned steps
 *       of 4W ...][last part]; stores land below the bytes still to load, and from the second step
 *       each block is stored right after its load (BLOCK-FWD-ORDER, BLOCK-STORE-AFTER-LOAD).
 *   fm__copy_bwd_W  the mirror image, for d inside (s, s + n).
 *   fm__set_loop_W  n > 8W: an unaligned first block, aligned steps of 4W that test their bound
 *       after the step (SET-LOOP-BOUND), the last part.
 * The last part (1..4W bytes after the first 4W or a loop) is four blocks ending at n, or while the
 * state bit `fewest` is set (read there, after any loop) the fewest blocks that cover it: fewer
 * stores, one more branch (BLOCK-TAILS). FASTMEM__REST is how many bytes it covers, FASTMEM__R_SPAN
 * how many its blocks span; FASTMEM__LD_R/ST_R load/store them from p up. */
#define FASTMEM__FEWEST_ON(fewest)                                                                 \
  ((fewest) && (__atomic_load_n(&fm__cpu_state, __ATOMIC_RELAXED) & (fewest)))
#define FASTMEM__REST(fewest, r, W) (FASTMEM__FEWEST_ON(fewest) ? (r) : 4 * (W))
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
/* k blocks from x0..x3 stored from p up (k in scope). Written out: a loop
   here is what compilers turn into a memset call. */
#define FASTMEM__ST_K(T, W, p, x0, x1, x2, x3)                                                     \
  do {                                                                                             \
    FASTMEM__ST(T, p, x0);                                                                         \
    if (k >= 2) FASTMEM__ST(T, (p) + W, x1);                                                       \
    if (k >= 4) {                                                                                  \
      FASTMEM__ST(T, (p) + 2 * W, x2);                                                             \
      FASTMEM__ST(T, (p) + 3 * W, x3);                                                             \
    }                                                                                              \
  } while (0)

/* The functions of one width W: T its unaligned type, Ta the W-aligned one,
   V the fill pattern as an expression of a set's c. */
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
    FASTMEM__ST_K(T, W, d, h0, h1, h2, h3);                                                        \
    FASTMEM__ST_K(T, W, dt, t0, t1, t2, t3);                                                       \
  }                                                                                                \
                                                                                                   \
  FASTMEM__AI void fm__set_ends_##W(fm__u8 *d, int c, size_t n, int k) {                           \
    T v = V;                                                                                       \
    fm__u8 *dt = d + n - (size_t)k * W;                                                            \
    FASTMEM__ST_K(T, W, d, v, v, v, v);                                                            \
    FASTMEM__ST_K(T, W, dt, v, v, v, v);                                                           \
  }                                                                                                \
                                                                                                   \
  /* without `fewest`, one test and then straight code (BLOCK-TAILS) */                            \
  FASTMEM__AI void fm__move_4r_##W(fm__u8 *d, const fm__u8 *s, size_t n, unsigned fewest) {        \
    size_t r = n - 4 * W, o;                                                                       \
    T h0, h1, h2, h3, t0, t1, t2, t3;                                                              \
    FASTMEM__LD4(T, h, s);                                                                         \
    if (!FASTMEM__FEWEST_ON(fewest)) {                                                             \
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
  FASTMEM__AI void fm__set_4r_##W(fm__u8 *d, int c, size_t n, unsigned fewest) {                   \
    T t0 = V, t1 = t0, t2 = t0, t3 = t0;                                                           \
    size_t r = n - 4 * W;                                                                          \
    FASTMEM__FILL4(T, d, t0);                                                                      \
    if (!FASTMEM__FEWEST_ON(fewest)) {                                                             \
      FASTMEM__FILL4(T, d + r, t0);                                                                \
      return;                                                                                      \
    }                                                                                              \
    FASTMEM__ST_R(T, d + n - FASTMEM__R_SPAN(r, W), t, r);                                         \
  }                                                                                                \
                                                                                                   \
  FASTMEM__AI void fm__copy_bwd_##W(fm__u8 *d, const fm__u8 *s, size_t n, unsigned fewest) {       \
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
    r = FASTMEM__REST(fewest, (size_t)(dp - d), W);                                                \
    FASTMEM__LD_R(T, h, s, r);                                                                     \
    FASTMEM__ST4(Ta, dp, x);                                                                       \
    FASTMEM__ST_R(T, d, h, r);                                                                     \
  }                                                                                                \
                                                                                                   \
  FASTMEM__AI void fm__set_loop_##W(fm__u8 *d, int c, size_t n, unsigned fewest) {                 \
    T v = V, t0 = v, t1 = v, t2 = v, t3 = v;                                                       \
    fm__u8 *dp = d + W - ((uintptr_t)d & (W - 1)), *dt = d + n - 4 * W;                            \
    size_t r;                                                                                      \
    FASTMEM__ST(T, d, v);                                                                          \
    do {                                                                                           \
      FASTMEM__FILL4(Ta, dp, v);                                                                   \
      dp += 4 * W;                                                                                 \
      FASTMEM__OPAQUE(dp);                                                                         \
    } while (dp < dt);                                                                             \
    r = FASTMEM__REST(fewest, (size_t)(d + n - dp), W);                                            \
    FASTMEM__ST_R(T, d + n - FASTMEM__R_SPAN(r, W), t, r);                                         \
  }

/* The vector widths' forward copy; STEP_END ends each step of the loop
   (what keeps the compiler from turning it into a memcpy call). */
#define FASTMEM__COPY_FWD(W, T, Ta, STEP_END)                                                      \
  FASTMEM__AI void fm__copy_fwd_##W(fm__u8 *d, const fm__u8 *s, size_t n, unsigned fewest) {       \
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
    r = FASTMEM__REST(fewest, (size_t)(d + n - dp) - 4 * W, W);                                    \
    FASTMEM__LD_R(T, t, s + n - FASTMEM__R_SPAN(r, W), r);                                         \
    FASTMEM__ST4(Ta, dp, x);                                                                       \
    FASTMEM__ST_R(T, d + n - FASTMEM__R_SPAN(r, W), t, r);                                         \
  }

/* 8-byte blocks (words: the portable path without vectors) */
FASTMEM__BLOCKS(8, fm__w8, uint64_t, fm__splat8(c))
FASTMEM__COPY_FWD(8, fm__w8, uint64_t, FASTMEM__OPAQUE(dp))
#ifdef FASTMEM__WIDE
/* 16-byte blocks (the portable path with vectors, x86 SSE2), 32 (x86 AVX2)
   and 64 (x86 AVX-512, whose loop keeps FASTMEM__OPAQUE: BUILD-LOOP-BARRIER). */
FASTMEM__BLOCKS(16, fm__v16, fm__v16a, FASTMEM__SPLAT(fm__v16, fm__b16, c))
FASTMEM__COPY_FWD(16, fm__v16, fm__v16a, FASTMEM__LOOP_BARRIER())
FASTMEM__BLOCKS(32, fm__v32, fm__v32a, FASTMEM__SPLAT(fm__v32, fm__b32, c))
FASTMEM__COPY_FWD(32, fm__v32, fm__v32a, FASTMEM__LOOP_BARRIER())
FASTMEM__BLOCKS(64, fm__v64, fm__v64a, FASTMEM__SPLAT(fm__v64, fm__b64, c))
FASTMEM__COPY_FWD(64, fm__v64, fm__v64a, FASTMEM__OPAQUE(dp))
/* f##_W(...) for the block width W, a constant after inlining. */
#define FASTMEM__BY_W(W, f, ...)                                                                   \
  ((W) == 64   ? f##_64(__VA_ARGS__)                                                               \
   : (W) == 32 ? f##_32(__VA_ARGS__)                                                               \
   : (W) == 16 ? f##_16(__VA_ARGS__)                                                               \
               : f##_8(__VA_ARGS__))
#else /* words only */
#define FASTMEM__BY_W(W, f, ...) ((void)(W), f##_8(__VA_ARGS__))
#endif
/* The blocks of width W, a constant after inlining: fm__move_ends(d, s, n,
   W, k), fm__set_ends(d, c, n, W, k), fm__move_4r(d, s, n, W, fewest) and so on. */
#define fm__move_ends(d, s, n, W, k) FASTMEM__BY_W(W, fm__move_ends, d, s, n, k)
#define fm__set_ends(d, c, n, W, k) FASTMEM__BY_W(W, fm__set_ends, d, c, n, k)
#define fm__move_4r(d, s, n, W, fewest) FASTMEM__BY_W(W, fm__move_4r, d, s, n, fewest)
#define fm__set_4r(d, c, n, W, fewest) FASTMEM__BY_W(W, fm__set_4r, d, c, n, fewest)
#define fm__copy_fwd(d, s, n, W, fewest) FASTMEM__BY_W(W, fm__copy_fwd, d, s, n, fewest)
#define fm__copy_bwd(d, s, n, W, fewest) FASTMEM__BY_W(W, fm__copy_bwd, d, s, n, fewest)
#define fm__set_loop(d, c, n, W, fewest) FASTMEM__BY_W(W, fm__set_loop, d, c, n, fewest)

/* ---- Short paths (n <= 32), inlined at every call site --------------------
 * fm__move_head_tail_4, 4 <= n <= 8: the first and the last 4 bytes, both loaded before either is
 * stored, so any overlap is fine (fm__move_ends does the same with 8- and 16-byte blocks). */
FASTMEM__AI void fm__move_head_tail_4(fm__u8 *d, const fm__u8 *s, size_t n) {
  uint32_t h = fm__ld32(s), t = fm__ld32(s + n - 4);
  fm__st32(d, h);
  fm__st32(d + n - 4, t);
}
#ifdef FASTMEM__V16
/* 16 <= n <= 64 in four 16-byte stores at 0, a, n - 16 - a and n - 16 (a is
   16 from 32 bytes on, else 0): no branch on the size (SHORT-SET-16-64). */
FASTMEM__AI void fm__set_four_16(fm__u8 *d, int c, size_t n) {
  size_t a = (n >> 5) << 4;
  fm__v16 v = FASTMEM__SPLAT(fm__v16, fm__b16, fm__fill_byte(c));
  FASTMEM__ST(fm__v16, d, v);
  FASTMEM__ST(fm__v16, d + a, v);
  FASTMEM__ST(fm__v16, d + n - 16 - a, v);
  FASTMEM__ST(fm__v16, d + n - 16, v);
}
#endif

FASTMEM__AI void fm__move_short(fm__u8 *d, const fm__u8 *s, size_t n) {
  if (n >= 16) fm__move_ends(d, s, n, FASTMEM__PORTABLE_W, 16 / FASTMEM__PORTABLE_W);
  else if (n >= 8) fm__move_ends(d, s, n, 8, 1);
  else if (n >= 4) fm__move_head_tail_4(d, s, n);
  else if (n) { /* 1..3 bytes as one class: 0, n/2 and n-1, loaded first (SHORT-COPY-1-3) */
    fm__u8 x = s[0], y = s[n / 2], z = s[n - 1];
    d[0] = x, d[n / 2] = y, d[n - 1] = z;
  }
}
FASTMEM__AI void fm__set_short(fm__u8 *d, int c, size_t n) {
  c = fm__fill_byte(c);
  if (n >= 16) fm__set_ends(d, c, n, FASTMEM__PORTABLE_W, 16 / FASTMEM__PORTABLE_W);
  else if (__builtin_constant_p(n) && n >= 8) fm__set_ends(d, c, n, 8, 1);
  else if (__builtin_constant_p(n) && n >= 4) {
    fm__st32(d, (uint32_t)fm__splat8(c));
    fm__st32(d + n - 4, (uint32_t)fm__splat8(c));
  } else if (n >= 4) {
    /* four words at 0, a, n - 4 - a and n - 4 (a is 4 from 8 bytes on):
       one class for 4..15 bytes of a size not known (SHORT-SET-4-15) */
    size_t a = (n >> 3) << 2;
    uint32_t x = (uint32_t)fm__splat8(c);
    fm__st32(d, x);
    fm__st32(d + a, x);
    fm__st32(d + n - 4 - a, x);
    fm__st32(d + n - 4, x);
  } else if (n) /* 1..3: no branch */
    d[0] = (fm__u8)c, d[n / 2] = (fm__u8)c, d[n - 1] = (fm__u8)c;
}

/* Compare of n <= 32 bytes: first and last words, big-endian. Where two words overlap, the shared
   bytes already compared equal, so the first difference found is the first in memory order. */
FASTMEM__AI int fm__cmp_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
  uint64_t x, y;
  if (n >= 16) {
    if ((x = fm__ldbe64(a)) != (y = fm__ldbe64(b))) return fm__sign64(x, y);
    if ((x = fm__ldbe64(a + 8)) != (y = fm__ldbe64(b + 8))) return fm__sign64(x, y);
    if ((x = fm__ldbe64(a + n - 16)) != (y = fm__ldbe64(b + n - 16))) return fm__sign64(x, y);
    return fm__sign64(fm__ldbe64(a + n - 8), fm__ldbe64(b + n - 8));
  }
  if (n >= 8) {
    if ((x = fm__ldbe64(a)) != (y = fm__ldbe64(b))) return fm__sign64(x, y);
    return fm__sign64(fm__ldbe64(a + n - 8), fm__ldbe64(b + n - 8));
  }
  if (n >= 4) {
    x = (uint64_t)fm__ldbe32(a) << 32 | fm__ldbe32(a + n - 4);
    y = (uint64_t)fm__ldbe32(b) << 32 | fm__ldbe32(b + n - 4);
    return fm__sign64(x, y);
  }
  if (!n) return 0;
  /* bytes 0, n/2, n-1 in that order keep the order of 1..3 bytes */
  return (a[0] << 16 | a[n / 2] << 8 | a[n - 1]) - (b[0] << 16 | b[n / 2] << 8 | b[n - 1]);
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

/* Forward is safe unless dst lies inside (src, src + n). */
FASTMEM__AI int fm__fwd_ok(const fm__u8 *d, const fm__u8 *s, size_t n) {
  return (size_t)((uintptr_t)d - (uintptr_t)s) >= n;
}
FASTMEM__AI int fm__disjoint(const fm__u8 *d, const fm__u8 *s, size_t n) {
  return fm__fwd_ok(d, s, n) && fm__fwd_ok(s, d, n);
}

/* Compare of n bytes, a multiple of 8, in big-endian words. */
FASTMEM__AI int fm__cmp_words(const fm__u8 *a, const fm__u8 *b, size_t n) {
  size_t i;
  for (i = 0; i + 8 <= n; i += 8) {
    uint64_t x = fm__ldbe64(a + i), y = fm__ldbe64(b + i);
    if (x != y) return fm__sign64(x, y);
  }
  return 0;
}

/* ==== 5. Portable path =======================================================
 * Plain C over the same blocks for n > 32 (FASTMEM__PORTABLE_W). The path of targets without a
 * backend and of x86 CPUs without SSE2; out of line, like a tier. */

FASTMEM__PORT(void, fm__move_port, (fm__u8 * d, const fm__u8 *s, size_t n)) {
  const size_t W = FASTMEM__PORTABLE_W;
  FASTMEM__LINK_ONCE(fm__move_port);
  if (n <= 2 * W) fm__move_ends(d, s, n, W, 1);
  else if (n <= 4 * W) fm__move_ends(d, s, n, W, 2);
  else if (n <= 8 * W) fm__move_4r(d, s, n, W, 0);
  else if (fm__fwd_ok(d, s, n)) fm__copy_fwd(d, s, n, W, 0);
  else if (d != s) fm__copy_bwd(d, s, n, W, 0);
}
FASTMEM__PORT(void, fm__set_port, (fm__u8 * d, int c, size_t n)) {
  const size_t W = FASTMEM__PORTABLE_W;
  FASTMEM__LINK_ONCE(fm__set_port);
  if (n <= 2 * W) fm__set_ends(d, c, n, W, 1);
  else if (n <= 4 * W) fm__set_ends(d, c, n, W, 2);
  else if (n <= 8 * W) fm__set_4r(d, c, n, W, 0);
  else fm__set_loop(d, c, n, W, 0);
}

/* Compares: 32-byte steps of four words from the start (the first 32 bytes first, where most
   mismatches sit: CMP-FIRST-32), the last step overlapping what came before. */
FASTMEM__PORT(int, fm__cmp_port, (const fm__u8 *a, const fm__u8 *b, size_t n)) {
  size_t i;
  FASTMEM__LINK_ONCE(fm__cmp_port);
  for (i = 0; i + 32 <= n; i += 32) {
    int r = fm__cmp_words(a + i, b + i, 32);
    if (r) return r;
    FASTMEM__OPAQUE(a);
  }
  return i < n ? fm__cmp_words(a + n - 32, b + n - 32, 32) : 0;
}
FASTMEM__PORT(int, fm__eq_port, (const fm__u8 *a, const fm__u8 *b, size_t n)) {
  size_t i;
  FASTMEM__LINK_ONCE(fm__eq_port);
  for (i = 0; i + 32 <= n; i += 32) {
    if (!fm__eq_short(a + i, b + i, 32)) return 0;
    FASTMEM__OPAQUE(a);
  }
  return i < n ? fm__eq_short(a + n - 32, b + n - 32, 32) : 1;
}

/* ==== The backend ============================================================
 * fastmem_x86.h or fastmem_ppc.h, which use sections 1-5, or the portable path below. A backend
 * defines (FASTMEM__FEATURES gives the first two):
 *   fm__arch_probe()       the bits of this CPU, and the state it keeps;
 *   fm__arch_features()    the state, probed on first use;
 *   fm__arch_name(f)       the path's name for the bits f;
 *   fm__arch_move_call(d, s, n), fm__arch_set_call(d, c, n),
 *   fm__arch_cmp_call(a, b, n), fm__arch_eq_call(a, b, n)
 *       n above the inline maximum: the one call a call site makes
 *       (to long paths: FASTMEM__LONG, called through FASTMEM__CALL);
 * and may define FASTMEM__MOVE_SHORT with FASTMEM__SET_SHORT, FASTMEM__CMP_SHORT
 * with FASTMEM__EQ_SHORT (inline paths, default: section 4's), maximums FASTMEM__COPY_SHORT_MAX
 * with FASTMEM__EQ_SHORT_MAX, FASTMEM__CMP_SHORT_MAX (default 32). x86 without vectors: the
 * portable path and rep movsb; PowerPC without vectors: the portable path. MinGW gcc without
 * optimisation fails on the AVX tiers (GCC bug 54412): portable. */
#if !defined(FASTMEM_PORTABLE) && (defined(__x86_64__) || defined(__i386__)) &&                    \
    defined(__has_include) &&                                                                      \
    !(defined(__MINGW32__) && !defined(__clang__) && !defined(__OPTIMIZE__))
#if __has_include("fastmem_x86.h")
#include "fastmem_x86.h"
#define FASTMEM__BACKEND 1
#endif
#elif !defined(FASTMEM_PORTABLE) && defined(__powerpc64__) && !defined(FASTMEM__NOVEC) &&          \
    defined(__has_include)
#if __has_include("fastmem_ppc.h")
#include "fastmem_ppc.h"
#define FASTMEM__BACKEND 1
#endif
#endif

#ifndef FASTMEM__BACKEND /* the portable path, for every CPU */
FASTMEM__AI unsigned fm__no_features(void) { return 0; }
FASTMEM__FEATURES(fm__no_features)
FASTMEM__AI const char *fm__arch_name(unsigned f) { return (void)f, ""; }
#define fm__arch_move_call(...) FASTMEM__CALL(fm__move_port, __VA_ARGS__)
#define fm__arch_set_call(...) FASTMEM__CALL(fm__set_port, __VA_ARGS__)
#define fm__arch_cmp_call(...) FASTMEM__CALL(fm__cmp_port, __VA_ARGS__)
#define fm__arch_eq_call(...) FASTMEM__CALL(fm__eq_port, __VA_ARGS__)
#endif

/* What stays at the call site, where the backend says nothing else. */
#ifndef FASTMEM__MOVE_SHORT
#define FASTMEM__MOVE_SHORT fm__move_short
#define FASTMEM__SET_SHORT fm__set_short
#endif
#ifndef FASTMEM__CMP_SHORT
#define FASTMEM__CMP_SHORT fm__cmp_short
#define FASTMEM__EQ_SHORT fm__eq_short
#endif
#ifndef FASTMEM__COPY_SHORT_MAX
#define FASTMEM__COPY_SHORT_MAX 32
#define FASTMEM__EQ_SHORT_MAX 32
#endif
#ifndef FASTMEM__CMP_SHORT_MAX
#define FASTMEM__CMP_SHORT_MAX 32
#endif

/* Always inlined, so that even -Os and -O0 builds keep the short path at
   the call site: what is inlined is the short ladder and one call. */
#define FASTMEM__API static inline __attribute__((always_inline, unused))

FASTMEM__AI void fm__move(fm__u8 *d, const fm__u8 *s, size_t n) {
  if (n <= FASTMEM__COPY_SHORT_MAX) FASTMEM__MOVE_SHORT(FASTMEM__OBJ(d, n), FASTMEM__OBJ(s, n), n);
  else fm__arch_move_call(d, s, n);
}
FASTMEM__AI void fm__set(fm__u8 *d, int c, size_t n) {
  if (n <= FASTMEM__COPY_SHORT_MAX) FASTMEM__SET_SHORT(FASTMEM__OBJ(d, n), c, n);
  else fm__arch_set_call(d, c, n);
}
FASTMEM__AI int fm__cmp(const fm__u8 *a, const fm__u8 *b, size_t n) {
  if (n <= FASTMEM__CMP_SHORT_MAX)
    return FASTMEM__CMP_SHORT(FASTMEM__OBJ(a, n), FASTMEM__OBJ(b, n), n);
  return fm__arch_cmp_call(a, b, n);
}
FASTMEM__AI int fm__eq(const fm__u8 *a, const fm__u8 *b, size_t n) {
  if (n <= FASTMEM__EQ_SHORT_MAX)
    return FASTMEM__EQ_SHORT(FASTMEM__OBJ(a, n), FASTMEM__OBJ(b, n), n);
  return fm__arch_eq_call(a, b, n);
}

/* The probe's bits within mask, and the backend's own bits. */
FASTMEM__SI void fm__limit(unsigned mask) {
  unsigned f = (fm__arch_probe() & (mask | ~FM_CPU_ALL)) | FASTMEM__READY;
  __atomic_store_n(&fm__cpu_state, f, __ATOMIC_RELEASE);
}

#endif /* FASTMEM__GNU */

/* ==== 6. Public API ========================================================= */
FASTMEM__API void *fm_memmove(void *dst, const void *src, size_t n) {
  fm__move(FASTMEM__CAST(fm__u8 *, dst), FASTMEM__CAST(const fm__u8 *, src), n);
  return dst;
}

/* The long path is memmove's: its direction test is one compare. */
FASTMEM__API void *fm_memcpy(void *dst, const void *src, size_t n) {
  return fm_memmove(dst, src, n);
}
FASTMEM__API void *fm_memset(void *dst, int c, size_t n) {
  fm__set(FASTMEM__CAST(fm__u8 *, dst), c, n);
  return dst;
}
FASTMEM__API int fm_memcmp(const void *a, const void *b, size_t n) {
  return fm__cmp(FASTMEM__CAST(const fm__u8 *, a), FASTMEM__CAST(const fm__u8 *, b), n);
}
FASTMEM__API int fm_memeq(const void *a, const void *b, size_t n) {
  return fm__eq(FASTMEM__CAST(const fm__u8 *, a), FASTMEM__CAST(const fm__u8 *, b), n);
}
FASTMEM__SI unsigned fm_cpu_features(void) { return fm__arch_features() & FM_CPU_ALL; }

FASTMEM__SI void fm_cpu_limit(unsigned mask) { fm__limit(mask); }

FASTMEM__SI const char *fm_path_name(void) {
  const char *name = fm__arch_name(fm_cpu_features());
  return *name ? name : "portable";
}

#endif /* FASTMEM_H */

/* ==== 7. Drop-in mode: FASTMEM_REPLACE_LIBC =================================
 * The including file's calls memcpy(...), memmove(...), memset(...) and memcmp(...) become fm_*
 * calls. Function-like macros: a name not followed by "(" is still the C library's (&memcpy,
 * (memcpy)(d, s, n)). <string.h> is read first, so its declarations and _FORTIFY_SOURCE wrappers
 * stay intact and a later #include <string.h> is a no-op. Under _FORTIFY_SOURCE the check is kept:
 * a copy or set larger than a destination of known size aborts. C++ is refused: <cstring> #undefs
 * these names. This block has its own guard: a file that included fastmem.h first and asks for
 * drop-in mode later (dropin/string.h) still gets it. */
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
