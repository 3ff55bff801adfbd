/* fastmem_x86.h - the x86 (x86-64 and i386) backend of fastmem.h.
 * Included by fastmem.h; not meant to be included on its own.
 *
 * Tiers, best first: AVX-512 (64-byte vectors), AVX2 (32), SSE2 (16); each is one out-of-line
 * function per operation with its own target attribute, so the build needs no -m flags, and the
 * call site calls the tier the probe chose. Where each size class is handled:
 *   copies and moves  fm__x86_move_w     sets      fm__x86_set_w
 *   memcmp            fm__x86_cmp_w      memeq     fm__x86_eq_w
 *   big sizes         each CPU's plan (fm__x86_find_plan)
 *   at the call site  fm__x86_*_short (x86-64), the masked paths
 * Without vector registers (kernel-style builds): the portable path, and
 * rep movsb / rep stosb where a CPU's plan has them (the first section).
 */
#ifndef FASTMEM_X86_H
#define FASTMEM_X86_H

#ifndef FASTMEM_H
#error "include fastmem.h, not fastmem_x86.h"
#endif

/* rep movsb, forward, and rep stosb. Callers keep rep movsb out of its slow
   modes: never backward, never with (dst - src) mod 4096 below 64, which
   covers mod 2^32 below 64 too (BIG-STRING-GUARDS). */
FASTMEM__AI void fm__rep_movsb(fm__u8 *d, const fm__u8 *s, size_t n) {
  __asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}
FASTMEM__AI void fm__rep_stosb(fm__u8 *d, int c, size_t n) {
  __asm__ volatile("rep stosb" : "+D"(d), "+c"(n) : "a"(c) : "memory");
}
FASTMEM__AI int fm__x86_movsb_ok(const fm__u8 *d, const fm__u8 *s, size_t n) {
  return (((uintptr_t)d - (uintptr_t)s) & 4095) >= 64 && fm__disjoint(d, s, n);
}
/* n >= min for a threshold a user may define as 0, without -Wtype-limits. */
FASTMEM__AI int fm__at_least(size_t n, size_t min) { return n >= min; }

#ifdef FASTMEM__NOVEC
/* ==== No vector registers ====================================================
 * The portable path in words; disjoint copies and sets from 1 KiB through rep movsb and rep stosb
 * on the one CPU measured to gain from them, Intel 06h/CFh (NOVEC-MOVSB-CFH). */
#if !defined(FASTMEM_NO_PROBE) && defined(__has_include)
#if __has_include(<cpuid.h>)
#include <cpuid.h>
#define FASTMEM__X86_WORDS_ERMS 1
#endif
#endif
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

FASTMEM__SI unsigned fm__x86_words_probe(void) {
#ifdef FASTMEM__X86_WORDS_ERMS
  unsigned a, b, c, d;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(b & (1u << 9))) return 0; /* ERMS */
#ifndef FASTMEM_ALL_STRATEGIES
  __get_cpuid(0, &a, &b, &c, &d);
  if (b != 0x756e6547u || d != 0x49656e69u || c != 0x6c65746eu) return 0; /* GenuineIntel */
  __get_cpuid(1, &a, &b, &c, &d);
  if (((a >> 8) & 15) != 6 || (((a >> 4) & 15) | ((a >> 12) & 0xf0)) != 0xcf) return 0;
#endif
  return FM_CPU_ERMS;
#else
  return 0;
#endif
}
FASTMEM__FEATURES(fm__x86_words_probe)
FASTMEM__AI const char *fm__arch_name(unsigned f) { return f & FM_CPU_ERMS ? "portable+erms" : ""; }

/* Where the plan allows: the first 64 bytes as blocks, then the string
   instruction from the next 64-aligned byte of d (BIG-STRING-GUARDS). */
#define FASTMEM__WORDS_OK(m) (n >= ((m) > 64 ? (m) : 64) && (fm__arch_features() & FM_CPU_ERMS))
FASTMEM__LONG(void, fm__x86_words_move, (fm__u8 * d, const fm__u8 *s, size_t n), ) {
  size_t skip = 64 - ((uintptr_t)d & 63);
  FASTMEM__LINK_ONCE(fm__x86_words_move);
  if (!FASTMEM__WORDS_OK(FASTMEM__WORDS_MOVSB) || !fm__x86_movsb_ok(d, s, n))
    fm__move_port(d, s, n);
  else {
    fm__move_short(d, s, 32);
    fm__move_short(d + 32, s + 32, 32);
    fm__rep_movsb(d + skip, s + skip, n - skip);
  }
}
FASTMEM__LONG(void, fm__x86_words_set, (fm__u8 * d, int c, size_t n), ) {
  size_t skip = 64 - ((uintptr_t)d & 63);
  FASTMEM__LINK_ONCE(fm__x86_words_set);
  if (!FASTMEM__WORDS_OK(FASTMEM__WORDS_STOSB)) fm__set_port(d, c, n);
  else {
    fm__set_short(d, c, 32);
    fm__set_short(d + 32, c, 32);
    fm__rep_stosb(d + skip, c, n - skip);
  }
}
#define fm__arch_move_call(...) FASTMEM__CALL(fm__x86_words_move, __VA_ARGS__)
#define fm__arch_set_call(...) FASTMEM__CALL(fm__x86_words_set, __VA_ARGS__)
#define fm__arch_cmp_call(...) FASTMEM__CALL(fm__cmp_port, __VA_ARGS__)
#define fm__arch_eq_call(...) FASTMEM__CALL(fm__eq_port, __VA_ARGS__)

#else /* ==== Vector tiers ================================================ */

/* Byte compares, their masks and tests as the compilers' builtins on byte
   vectors, not <immintrin.h>, whose parsing alone costs each including file
   more time than the rest of fastmem (BUILD-NO-INTRINSICS). */
typedef char fm__c16 __attribute__((vector_size(16)));
typedef char fm__c32 __attribute__((vector_size(32)));
typedef char fm__c64 __attribute__((vector_size(64)));
#define FASTMEM__MASK16(x) ((unsigned)__builtin_ia32_pmovmskb128(x))
#define FASTMEM__MASK32(x) ((unsigned)__builtin_ia32_pmovmskb256(x))
/* whether a 64-byte vector of long long x has a nonzero bit; of 32 bytes */
#define FASTMEM__ANY64(x) (__builtin_ia32_cmpq512_mask((x), fm__zero64, 4, 0xff) != 0)
#define FASTMEM__ANY32(x) (!__builtin_ia32_ptestz256((x), (x)))
static const fm__v64 fm__zero64 __attribute__((unused)) = {0};
static const fm__c16 fm__zero16 __attribute__((unused)) = {0};
#if !defined(FASTMEM_NO_PROBE)
#include <cpuid.h>
#endif

#define FASTMEM__T_SSE2 "sse2"
#define FASTMEM__T_AVX2 "avx,avx2"
#define FASTMEM__T_AVX512 "avx,avx2,avx512f,avx512bw,avx512vl"

/* The plan's own bits in the state: short calls through AVX-512 byte masks;
   AVX-512 copies and sets that end with the fewest blocks. */
#define FASTMEM__X86_MASKED 0x10000u
#define FASTMEM__X86_TAILS 0x20000u

/* The masked short paths' asm names k1 and k2: clang accepts that on any
   target, gcc where the file targets AVX-512 (MASK-GCC-INLINE). */
#if defined(__SSE2__) && defined(__x86_64__) && (defined(__clang__) || defined(__AVX512F__))
#define FASTMEM__X86_MASKS 1
#endif

/* ---- Each CPU's plan ----------------------------------------------------------
 * From which size a copy or set leaves the vector loop for rep movsb, rep stosb or non-temporal
 * stores depends on the microarchitecture, and a string instruction on the wrong CPU can hit a slow
 * mode many times slower than the loop. So string instructions, byte masks and the fewest-block
 * tails run only on the CPUs measured below; every other CPU gets the vector loops and non-temporal
 * stores from 3/4 of its L3 (PLAN-DEFAULT). Sizes:
 *   MOVSB     rep movsb from here up to the non-temporal size
 *   NT_COPY   non-temporal copies from here (0: 3/4 of the L3)
 *   STOSB     rep stosb from here up to STOSB_END
 *   NT_SET    non-temporal sets from here (0: 3/4 of the L3)
 *   NARROW    the AVX2 and SSE2 tiers: rep movsb also from here to NARROW_END
 *   CMP_NARROW  the AVX-512 tier compares in 32-byte blocks from here */
enum {
  FASTMEM__SZ_MOVSB,
  FASTMEM__SZ_NT_COPY,
  FASTMEM__SZ_STOSB,
  FASTMEM__SZ_STOSB_END,
  FASTMEM__SZ_NT_SET,
  FASTMEM__SZ_NARROW,
  FASTMEM__SZ_NARROW_END,
  FASTMEM__SZ_CMP_NARROW,
  FASTMEM__SZ_COUNT
};
#define FASTMEM__NEVER (~(size_t)0)
#define FASTMEM__KIB(k) ((size_t)(k) << 10)
typedef struct {
  size_t size[FASTMEM__SZ_COUNT];
  unsigned bits; /* FASTMEM__X86_MASKED, FASTMEM__X86_TAILS */
} fm__x86_plan;

FASTMEM__SI void fm__x86_find_plan(fm__x86_plan *p, int amd, unsigned family, unsigned model) {
  size_t *z = p->size;
  int i;
  for (i = 0; i < FASTMEM__SZ_COUNT; i++) z[i] = FASTMEM__NEVER;
  z[FASTMEM__SZ_NT_COPY] = z[FASTMEM__SZ_NT_SET] = 0;
  p->bits = 0;
#ifdef FASTMEM_ALL_STRATEGIES
  (void)amd, (void)family, (void)model;
  z[FASTMEM__SZ_MOVSB] = FASTMEM__KIB(28);
  z[FASTMEM__SZ_STOSB] = FASTMEM__KIB(960);
  p->bits = FASTMEM__X86_MASKED | FASTMEM__X86_TAILS;
#else
  if (amd && family == 0x1a && model <= 0x1f) { /* AMD Zen 5: PLAN-ZEN5 */
    z[FASTMEM__SZ_MOVSB] = FASTMEM__KIB(28);
    z[FASTMEM__SZ_NT_COPY] = FASTMEM__KIB(12288);
    z[FASTMEM__SZ_STOSB] = FASTMEM__KIB(960);
    z[FASTMEM__SZ_CMP_NARROW] = FASTMEM__KIB(6144);
    p->bits = FASTMEM__X86_MASKED;
  } else if (amd && family == 0x19 && model == 0x11) { /* AMD Zen 4: PLAN-ZEN4 */
    z[FASTMEM__SZ_NT_COPY] = FASTMEM__KIB(12288);
    z[FASTMEM__SZ_CMP_NARROW] = FASTMEM__KIB(32768);
    p->bits = FASTMEM__X86_MASKED | FASTMEM__X86_TAILS;
  } else if (!amd && family == 6 && model == 0xcf) { /* Intel 06h/CFh: PLAN-INTEL-CFH */
    z[FASTMEM__SZ_MOVSB] = FASTMEM__KIB(768);
    z[FASTMEM__SZ_NT_COPY] = FASTMEM__KIB(1280);
    z[FASTMEM__SZ_STOSB] = FASTMEM__KIB(1024);
    z[FASTMEM__SZ_STOSB_END] = z[FASTMEM__SZ_NT_SET] = FASTMEM__KIB(32768);
    z[FASTMEM__SZ_NARROW] = FASTMEM__KIB(4);
    z[FASTMEM__SZ_NARROW_END] = FASTMEM__KIB(26);
    p->bits = FASTMEM__X86_MASKED;
  }
#endif
}
/* The plan's sizes as the tiers read them; shared by every translation unit
   like fm__cpu_state, written by the probe. */
FASTMEM__SHARED size_t fm__x86_big[FASTMEM__SZ_COUNT];
#define FASTMEM__BIG(i) __atomic_load_n(&fm__x86_big[FASTMEM__SZ_##i], __ATOMIC_RELAXED)

/* Below this size the tiers go straight to their loops without looking at the plan, which no row
   starts below but the AVX2 and SSE2 tiers' band (BIG-28K); a user's size below it lowers it. */
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
/* The same for the AVX2 and SSE2 tiers: the smallest NARROW of any plan (a
   user's FASTMEM_MOVSB_MIN replaces that band). */
#define FASTMEM__X86_BIG_NARROW_DEFAULT (4u * 1024)
#if defined(FASTMEM_MOVSB_MIN) || FASTMEM__X86_BIG < FASTMEM__X86_BIG_NARROW_DEFAULT
#define FASTMEM__X86_BIG_NARROW FASTMEM__X86_BIG
#else
#define FASTMEM__X86_BIG_NARROW FASTMEM__X86_BIG_NARROW_DEFAULT
#endif

/* Stores a plan with the user's overrides; l3 in KiB, 0 if unknown (then
   24 MiB). Returns whether it uses a string instruction at all. */
FASTMEM__SI int fm__x86_use_plan(fm__x86_plan *p, unsigned l3) {
  size_t *z = p->size, nt = l3 ? FASTMEM__KIB(l3 / 4 * 3) : FASTMEM__KIB(24u * 1024);
  int i, strings = z[FASTMEM__SZ_MOVSB] != FASTMEM__NEVER ||
                   z[FASTMEM__SZ_STOSB] != FASTMEM__NEVER ||
                   z[FASTMEM__SZ_NARROW] != FASTMEM__NEVER;
  if (!z[FASTMEM__SZ_NT_COPY]) z[FASTMEM__SZ_NT_COPY] = nt;
  if (!z[FASTMEM__SZ_NT_SET]) z[FASTMEM__SZ_NT_SET] = nt;
#ifdef FASTMEM_MOVSB_MIN
  /* the user's size stands for every tier, where the plan uses rep movsb */
  if (z[FASTMEM__SZ_MOVSB] != FASTMEM__NEVER || z[FASTMEM__SZ_NARROW] != FASTMEM__NEVER)
    z[FASTMEM__SZ_MOVSB] = (size_t)(FASTMEM_MOVSB_MIN);
  z[FASTMEM__SZ_NARROW] = FASTMEM__NEVER;
#endif
#ifdef FASTMEM_STOSB_MIN
  if (z[FASTMEM__SZ_STOSB] != FASTMEM__NEVER) z[FASTMEM__SZ_STOSB] = (size_t)(FASTMEM_STOSB_MIN);
#endif
#ifdef FASTMEM_NT_THRESHOLD
  z[FASTMEM__SZ_NT_COPY] = z[FASTMEM__SZ_NT_SET] = (size_t)(FASTMEM_NT_THRESHOLD);
#endif
  /* never below the size where the tiers start to look */
  if (!fm__at_least(z[FASTMEM__SZ_NT_COPY], FASTMEM__X86_BIG))
    z[FASTMEM__SZ_NT_COPY] = FASTMEM__X86_BIG;
  if (!fm__at_least(z[FASTMEM__SZ_NT_SET], FASTMEM__X86_BIG))
    z[FASTMEM__SZ_NT_SET] = FASTMEM__X86_BIG;
  /* racing first probes store the same values; relaxed atomics say so */
  for (i = 0; i < FASTMEM__SZ_COUNT; i++) __atomic_store_n(&fm__x86_big[i], z[i], __ATOMIC_RELAXED);
  __atomic_store_n(&fm__nt_kib,
                   z[FASTMEM__SZ_NT_COPY] >> 10 > 0xffffffffu
                       ? 0xffffffffu
                       : (unsigned)(z[FASTMEM__SZ_NT_COPY] >> 10),
                   __ATOMIC_RELAXED);
  return strings;
}

/* ---- Probe -------------------------------------------------------------------- */
#if defined(FASTMEM_NO_PROBE)
/* Features from the target macros; the CPU is not known: the default plan,
   non-temporal stores from FASTMEM_NT_THRESHOLD or 24 MiB. */
FASTMEM__SI unsigned fm__x86_probe(void) {
  unsigned f = FM_CPU_NT;
  fm__x86_plan plan;
#if defined(__SSE2__)
  f |= FM_CPU_SSE2;
#endif
#if defined(__AVX2__)
  f |= FM_CPU_AVX2;
#endif
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)
  f |= FM_CPU_AVX512;
#endif
  fm__x86_find_plan(&plan, 0, 0, 0);
  fm__x86_use_plan(&plan, 0);
  return f;
}
#else
/* Size in KiB of the cache that leaf (4 on Intel, 0x8000001D on AMD) reports as level 3, or 0. */
FASTMEM__SI unsigned fm__x86_l3_kib(unsigned leaf) {
  unsigned a, b, c, d, i;
  for (i = 0; i < 8; i++) {
    __cpuid_count(leaf, i, a, b, c, d);
    if ((a & 31) == 0) break;
    if (((a >> 5) & 7) == 3)
      return (unsigned)((unsigned long long)((b >> 22) + 1) * (((b >> 12) & 1023) + 1) *
                            ((b & 4095) + 1) * ((unsigned long long)c + 1) >>
                        10);
  }
  return 0;
}

FASTMEM__SI unsigned fm__x86_probe(void) {
  unsigned a, b, c, d, max, maxext, eax1, f = 0, l3 = 0, xcr0 = 0, erms = 0, family, model;
  int amd;
  fm__x86_plan plan;
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
  /* family and model as the vendors number them: the extended family
     added from base family 0Fh, the extended model for 06h and 0Fh */
  family = (eax1 >> 8) & 0xf;
  model = (eax1 >> 4) & 0xf;
  if (family == 0x6 || family == 0xf) model |= (eax1 >> 12) & 0xf0;
  if (family == 0xf) family += (eax1 >> 20) & 0xff;
  fm__x86_find_plan(&plan, amd, family, model);
  if (fm__x86_use_plan(&plan, l3) && erms) f |= FM_CPU_ERMS; /* in use where the plan has it */
  if (f & FM_CPU_AVX512) f |= plan.bits;
  return f;
}
#endif /* FASTMEM_NO_PROBE */
FASTMEM__FEATURES(fm__x86_probe)

FASTMEM__AI const char *fm__arch_name(unsigned f) {
  int erms = (f & FM_CPU_ERMS) != 0;
  if (f & FM_CPU_AVX512) return erms ? "avx512+erms" : "avx512";
  if (f & FM_CPU_AVX2) return erms ? "avx2+erms" : "avx2";
  if (f & FM_CPU_SSE2) return erms ? "sse2+erms" : "sse2";
  return "";
}

/* ---- Primitives that need a target: one per vector width ------------------ */
/* f##_W(...) for the tier's vector width W (16, 32 or 64). */
#define FASTMEM__X86_BY_W(W, f, ...)                                                               \
  ((W) == 64 ? f##_64(__VA_ARGS__) : (W) == 32 ? f##_32(__VA_ARGS__) : f##_16(__VA_ARGS__))
/* A branch hint for x86-64 only: its call sites keep copies and sets up to
   64 bytes, so only i386 sends such sizes to the tiers (COPY-FIRST-CLASS). */
#ifdef __x86_64__
#define FASTMEM__X86_64_UNLIKELY(x) FASTMEM__UNLIKELY(x)
#else
#define FASTMEM__X86_64_UNLIKELY(x) (x)
#endif

/* fm__stream_W(d, s): one W-byte block from s to W-aligned d with a non-temporal store (asm:
   clang -O0 turns the intrinsics into a memcpy call). */
#define FASTMEM__STREAM(W, tgt, insn, reg)                                                         \
  FASTMEM__TARGET(tgt) void fm__stream_##W(fm__u8 *d, const fm__u8 *s) {                           \
    fm__v##W x = *FASTMEM__CAST(const fm__v##W *, s);                                              \
    __asm__(insn " {%1, %0|%0, %1}" : "=m"(*FASTMEM__CAST(fm__v##W##a *, d)) : reg(x));            \
  }
FASTMEM__STREAM(16, FASTMEM__T_SSE2, "movntdq", "x")
FASTMEM__STREAM(32, FASTMEM__T_AVX2, "vmovntdq", "x")
FASTMEM__STREAM(64, FASTMEM__T_AVX512, "vmovntdq", "v")
/* 0xff in each byte where the 16 or 32 bytes at a and b are equal. */
FASTMEM__TARGET(FASTMEM__T_SSE2) fm__c16 fm__eq_x16(const fm__u8 *a, const fm__u8 *b) {
  return (fm__c16)((fm__c16)FASTMEM__LD(fm__v16, a) == (fm__c16)FASTMEM__LD(fm__v16, b));
}
FASTMEM__TARGET(FASTMEM__T_AVX2) fm__c32 fm__eq_x32(const fm__u8 *a, const fm__u8 *b) {
  return (fm__c32)((fm__c32)FASTMEM__LD(fm__v32, a) == (fm__c32)FASTMEM__LD(fm__v32, b));
}
/* Bit i set where byte i of the two W-byte blocks differs. */
FASTMEM__TARGET(FASTMEM__T_SSE2) uint64_t fm__ne_16(const fm__u8 *a, const fm__u8 *b) {
  return FASTMEM__MASK16(fm__eq_x16(a, b)) ^ 0xffffu;
}
FASTMEM__TARGET(FASTMEM__T_AVX2) uint64_t fm__ne_32(const fm__u8 *a, const fm__u8 *b) {
  return ~FASTMEM__MASK32(fm__eq_x32(a, b));
}
FASTMEM__TARGET(FASTMEM__T_AVX512) uint64_t fm__ne_64(const fm__u8 *a, const fm__u8 *b) {
  return __builtin_ia32_cmpb512_mask((fm__c64)FASTMEM__LD(fm__v64, a),
                                     (fm__c64)FASTMEM__LD(fm__v64, b), 4, ~0ull);
}
FASTMEM__AI uint64_t fm__ne(const fm__u8 *a, const fm__u8 *b, size_t W) {
  return FASTMEM__X86_BY_W(W, fm__ne, a, b);
}
/* The mask of 32 bytes with the tier's cheapest compare. */
FASTMEM__AI uint64_t fm__ne32b(const fm__u8 *a, const fm__u8 *b, size_t W) {
  return W >= 32 ? fm__ne_32(a, b) : fm__ne_16(a, b) | fm__ne_16(a + 16, b + 16) << 16;
}
/* Nonzero if the 4W bytes at a and b differ anywhere, one test and no mask out of the vector unit:
   XORs ORed in the 16- and 64-byte tiers, byte compares ANDed in the AVX2 tier (CMP-LOOP-TEST),
   XORs ORed for 32-byte blocks in the AVX-512 tier (CMP-NARROW-XOR). */
#define FASTMEM__XOR4(T)                                                                           \
  ((*FASTMEM__CAST(const T *, a) ^ *FASTMEM__CAST(const T *, b)) |                                 \
   (*FASTMEM__CAST(const T *, a + sizeof(T)) ^ *FASTMEM__CAST(const T *, b + sizeof(T))) |         \
   (*FASTMEM__CAST(const T *, a + 2 * sizeof(T)) ^ *FASTMEM__CAST(const T *, b + 2 * sizeof(T))) | \
   (*FASTMEM__CAST(const T *, a + 3 * sizeof(T)) ^ *FASTMEM__CAST(const T *, b + 3 * sizeof(T))))
#define FASTMEM__EQ32(k) fm__eq_x32(a + 32 * (k), b + 32 * (k))
FASTMEM__TARGET(FASTMEM__T_SSE2) int fm__diff4_16(const fm__u8 *a, const fm__u8 *b) {
  return FASTMEM__MASK16((fm__c16)((fm__c16)FASTMEM__XOR4(fm__v16) == fm__zero16)) != 0xffff;
}
FASTMEM__TARGET(FASTMEM__T_AVX2) int fm__diff4_32(const fm__u8 *a, const fm__u8 *b) {
  return FASTMEM__MASK32(FASTMEM__EQ32(0) & FASTMEM__EQ32(1) & FASTMEM__EQ32(2) &
                         FASTMEM__EQ32(3)) != 0xffffffffu;
}
FASTMEM__TARGET(FASTMEM__T_AVX512) int fm__diff4_64(const fm__u8 *a, const fm__u8 *b) {
  return FASTMEM__ANY64(FASTMEM__XOR4(fm__v64));
}
FASTMEM__TARGET(FASTMEM__T_AVX512) int fm__diff4_32_in_avx512(const fm__u8 *a, const fm__u8 *b) {
  fm__v32 x = FASTMEM__XOR4(fm__v32);
  return FASTMEM__ANY32(x);
}
FASTMEM__AI int fm__diff4(const fm__u8 *a, const fm__u8 *b, size_t W) {
  return FASTMEM__X86_BY_W(W, fm__diff4, a, b);
}
/* fm__diff4 for W-byte blocks in the tier whose own blocks are TW bytes */
FASTMEM__AI int fm__diff4_tier(const fm__u8 *a, const fm__u8 *b, size_t W, size_t TW) {
  return TW == 64 && W == 32 ? fm__diff4_32_in_avx512(a, b) : fm__diff4(a, b, W);
}
/* Nonzero if the last r bytes (0 < r <= 4W) ending at n differ anywhere: the fewest W-byte blocks
   that cover them, combined as in fm__diff4, one test. BLOCK(j) is the j-th block from the end. */
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
#define FASTMEM__AND(x, y) ((x) & (y))
FASTMEM__TARGET(FASTMEM__T_SSE2)
int fm__tail_differ_16(const fm__u8 *a, const fm__u8 *b, size_t n, size_t r) {
  FASTMEM__TAIL(fm__c16, 16, eq, FASTMEM__TAIL_EQ16, FASTMEM__AND)
  return FASTMEM__MASK16(eq) != 0xffff;
}
FASTMEM__TARGET(FASTMEM__T_AVX2)
int fm__tail_differ_32(const fm__u8 *a, const fm__u8 *b, size_t n, size_t r) {
  FASTMEM__TAIL(fm__c32, 32, eq, FASTMEM__TAIL_EQ32, FASTMEM__AND)
  return FASTMEM__MASK32(eq) != 0xffffffffu;
}
FASTMEM__TARGET(FASTMEM__T_AVX512)
int fm__tail_differ_64(const fm__u8 *a, const fm__u8 *b, size_t n, size_t r) {
  FASTMEM__TAIL(fm__v64, 64, x, FASTMEM__TAIL_XOR64, FASTMEM__OR)
  return FASTMEM__ANY64(x);
}
FASTMEM__AI int fm__tail_differ(const fm__u8 *a, const fm__u8 *b, size_t n, size_t r, size_t W) {
  return FASTMEM__X86_BY_W(W, fm__tail_differ, a, b, n, r);
}

/* ---- Big copies and sets: what the plan says ---------------------------------- */
/* n >= the non-temporal size: an unaligned first 64 bytes, 4W a step of
   non-temporal stores to 64-aligned d, then the last 4W bytes as usual. A
   copy (disjoint) reads s[0, n); a set (pat) repeats the 64 bytes at s. */
FASTMEM__AI void fm__stream_nt(fm__u8 *d, const fm__u8 *s, size_t n, size_t W, int pat) {
  size_t i = 64 - ((uintptr_t)d & 63), k;
  if (pat) fm__set_ends(d, s[0], 64, W, (int)(64 / W));
  else fm__move_ends(d, s, 64, W, (int)(64 / W));
  for (; i + 4 * W <= n; i += 4 * W) {
    for (k = i; k < i + 4 * W; k += W) FASTMEM__X86_BY_W(W, fm__stream, d + k, pat ? s : s + k);
    FASTMEM__OPAQUE(d);
  }
  __asm__ volatile("sfence" ::: "memory"); /* order the streamed stores */
  if (pat) fm__set_ends(d + n - 4 * W, s[0], 4 * W, W, 2);
  else fm__move_ends(d + n - 4 * W, s + n - 4 * W, 4 * W, W, 2);
}
/* Copies from FASTMEM__X86_BIG on (the AVX2 and SSE2 tiers: from FASTMEM__X86_BIG_NARROW): rep
   movsb, forward, disjoint and outside its slow modes (BIG-STRING-GUARDS), to a 64-aligned d
   (BIG-STRING-GUARDS), or non-temporal stores, as the plan says; 0 for the loop. */
FASTMEM__AI int fm__x86_move_big(fm__u8 *d, const fm__u8 *s, size_t n, size_t W) {
  unsigned f = fm__load(&fm__cpu_state);
  size_t nt = FASTMEM__BIG(NT_COPY);
  /* the AVX2 and SSE2 tiers' own band (ERMS first: CPUs without string
     instructions load nothing more) */
  int narrow =
      W < 64 && (f & FM_CPU_ERMS) && n >= FASTMEM__BIG(NARROW) && n < FASTMEM__BIG(NARROW_END);
  if ((f & FM_CPU_ERMS) && (n >= FASTMEM__BIG(MOVSB) || narrow) && n < nt &&
      fm__x86_movsb_ok(d, s, n)) {
    size_t skip = 64 - ((uintptr_t)d & 63);
    fm__move_ends(d, s, 64, W, (int)(64 / W));
    fm__rep_movsb(d + skip, s + skip, n - skip);
    return 1;
  }
  if ((f & FM_CPU_NT) && n >= nt && fm__disjoint(d, s, n)) {
    fm__stream_nt(d, s, n, W, 0);
    return 1;
  }
  return 0;
}
/* Sets from FASTMEM__X86_BIG on: rep stosb (no slow mode measured on any
   CPU) or non-temporal stores, as the plan says; 0 for the loop. */
FASTMEM__AI int fm__x86_set_big(fm__u8 *d, int c, size_t n, size_t W) {
  unsigned f = fm__load(&fm__cpu_state);
  if ((f & FM_CPU_ERMS) && n >= FASTMEM__BIG(STOSB) && n < FASTMEM__BIG(STOSB_END)) {
    size_t skip = 64 - ((uintptr_t)d & 63);
    fm__set_ends(d, c, 64, W, (int)(64 / W));
    fm__rep_stosb(d + skip, c, n - skip);
    return 1;
  }
  if ((f & FM_CPU_NT) && n >= FASTMEM__BIG(NT_SET)) {
    fm__v64a pat = FASTMEM__SPLAT(fm__v64a, fm__b64, c);
    fm__stream_nt(d, FASTMEM__CAST(const fm__u8 *, &pat), n, W, 1);
    return 1;
  }
  return 0;
}

/* ---- Copy and move ------------------------------------------------------------- */
/* 65..128 bytes, the smallest size an x86-64 call site leaves to a tier and the commonest there,
   comes first and runs without a taken branch; i386 call sites stop at 32 and keep the ladder
   (COPY-FIRST-CLASS). Callers mark the test likely at their own branch. */
FASTMEM__AI int fm__x86_first_class(size_t n) {
#ifdef __x86_64__
  return n - 65 <= 128 - 65;
#else
  return (void)n, 0;
#endif
}
/* The state bit for the AVX-512 tier's fewest-block last parts. */
#define FASTMEM__X86_FEWEST(W) ((W) == 64 ? FASTMEM__X86_TAILS : 0u)
/* Whether d lies 1 to near - 1 bytes above s modulo mod + 1 while a
   backward copy is safe: a forward loop would make its loads wait on its
   own stores to the same page offsets (ALIAS-4K-BACKWARD; 4 GiB apart: ALIAS-4G). */
#define FASTMEM__MOD_4K 4095u
#define FASTMEM__MOD_4G 0xffffffffu
FASTMEM__AI int fm__x86_aliased(const fm__u8 *d, const fm__u8 *s, size_t n, uint32_t mod,
                                size_t near) {
  return (((uint32_t)((uintptr_t)d - (uintptr_t)s) - 1u) & mod) < near - 1 && fm__fwd_ok(s, d, n);
}
/* `near` for the 32- and 64-byte tiers (ALIAS-WINDOW): 1024 below FASTMEM__X86_BIG, never backward
   from there; 64, rep movsb's own guard, where the AVX2 tier may take the plan's band. */
FASTMEM__AI size_t fm__x86_alias_window(size_t n, int narrow_big) {
  if (fm__at_least(n, FASTMEM__X86_BIG)) return 1;
  if (narrow_big && n >= FASTMEM__BIG(NARROW)) return 64;
  return 1024;
}
/* Copy or move of n > 32 bytes with W-byte blocks, by size:
 *   65..128  first (x86-64): 64/W blocks from each end
 *   33..64   two 32-byte blocks; ..2W, ..4W: W or 2W from each end; ..8W: 4W
 *            from the head and the last part; every load before any store
 *   larger   the loops: backward where dst lies inside the source or a forward
 *            loop would wait on its own stores; from FASTMEM__X86_BIG the plan */
FASTMEM__AI void fm__x86_move_w(fm__u8 *d, const fm__u8 *s, size_t n, size_t W) {
  int back, big;
  if (FASTMEM__LIKELY(fm__x86_first_class(n))) fm__move_ends(d, s, n, W, (int)(64 / W));
  else if (W == 64 && FASTMEM__X86_64_UNLIKELY(n <= 64)) fm__move_ends(d, s, n, 32, 1);
  else if (W == 32 ? FASTMEM__X86_64_UNLIKELY(n <= 64) : n <= 2 * W) fm__move_ends(d, s, n, W, 1);
  else if (n <= 4 * W) fm__move_ends(d, s, n, W, 2);
  else if (n <= 8 * W) fm__move_4r(d, s, n, W, FASTMEM__X86_FEWEST(W));
  /* the AVX2 tier's usual case, one test to its forward loop (COPY-AVX2-SHORTCUT) */
  else if (W == 32 && !fm__at_least(n, FASTMEM__X86_BIG_NARROW) &&
           FASTMEM__LIKELY(fm__fwd_ok(d, s, n) & !fm__x86_aliased(d, s, n, FASTMEM__MOD_4K, 1024)))
    fm__copy_fwd(d, s, n, W, 0);
  else {
    big = fm__at_least(n, W == 64 ? FASTMEM__X86_BIG : FASTMEM__X86_BIG_NARROW);
    /* the SSE2 tier keeps a window of 128 bytes, 64 from the big sizes */
    back = !fm__fwd_ok(d, s, n) ||
           (W == 16 ? fm__x86_aliased(d, s, n, FASTMEM__MOD_4K, big ? 64 : 128)
                    : fm__x86_aliased(d, s, n, FASTMEM__MOD_4K, fm__x86_alias_window(n, big))) ||
           (big && fm__x86_aliased(d, s, n, FASTMEM__MOD_4G, 2048));
    if (FASTMEM__UNLIKELY(back)) {
      if (d != s) fm__copy_bwd(d, s, n, W, FASTMEM__X86_FEWEST(W));
    } else if (!(FASTMEM__UNLIKELY(big) && fm__x86_move_big(d, s, n, W)))
      fm__copy_fwd(d, s, n, W, FASTMEM__X86_FEWEST(W));
  }
}
/* Set of n > 32 bytes, the same classes; from FASTMEM__X86_BIG what the
   plan says (fm__x86_set_big). */
FASTMEM__AI void fm__x86_set_w(fm__u8 *d, int c, size_t n, size_t W) {
  if (FASTMEM__LIKELY(fm__x86_first_class(n))) fm__set_ends(d, c, n, W, (int)(64 / W));
  else if (W == 64 && FASTMEM__X86_64_UNLIKELY(n <= 64)) fm__set_ends(d, c, n, 32, 1);
  else if (W == 32 ? FASTMEM__X86_64_UNLIKELY(n <= 64) : n <= 2 * W) fm__set_ends(d, c, n, W, 1);
  else if (n <= 4 * W) fm__set_ends(d, c, n, W, 2);
  else if (n <= 8 * W) fm__set_4r(d, c, n, W, FASTMEM__X86_FEWEST(W));
  else if (!(FASTMEM__UNLIKELY(fm__at_least(n, FASTMEM__X86_BIG)) && fm__x86_set_big(d, c, n, W)))
    fm__set_loop(d, c, n, W, FASTMEM__X86_FEWEST(W));
}

/* ---- Compare (n > 32, the whole range) ------------------------------------------
 * Each finder returns the mask of the first W-byte block that differs (0 if
 * none) and its offset in *at; bytes a later block shares with an earlier one
 * were found equal, so its first set bit is the first difference. */

/* The first differing block from i on, W at a time (the last ends at n). */
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
   fewest blocks that end at n and cover them, one test (CMP-REST-FEWEST). */
FASTMEM__AI uint64_t fm__x86_find_tail(const fm__u8 *a, const fm__u8 *b, size_t n, size_t r,
                                       size_t W, size_t *at) {
  if (FASTMEM__LIKELY(!fm__tail_differ(a, b, n, r, W))) return 0;
  return fm__x86_locate(a, b, n, n - FASTMEM__R_SPAN(r, W), W, at);
}
/* n > 8W, the first 32 bytes known equal: bytes 32..63 (the AVX2 and SSE2 tiers: the rest of the
   first 4W, a block at a time: CMP-AVX2-HEAD), then steps of 4W from where a is W-aligned
   (CMP-ALIGNED-LOOP). Where none differs: 0, and in *at where the rest begins, up to 4W bytes for
   the caller's fm__x86_find_tail. */
FASTMEM__AI uint64_t fm__x86_find(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W, size_t TW,
                                  size_t *at) {
  size_t last = n - 4 * W; /* the loop's bound, so that a step tests i alone */
  size_t i;
  uint64_t m = fm__ne32b(a + 32, b + 32, W);
  if (m) {
    *at = 32;
    return m;
  }
  if (W <= 32) {
    for (i = 64; i < 4 * W; i += W)
      if ((m = fm__ne(a + i, b + i, W)) != 0) {
        *at = i;
        return m;
      }
    i = 4 * W - (size_t)((uintptr_t)a & (W - 1));
  } else i = (size_t)(((uintptr_t)a + 64) & ~(uintptr_t)(W - 1)) - (size_t)(uintptr_t)a;
    /* i < last here (n > 8W); gcc gets one exit, clang two (CMP-LOOP-ONE-EXIT) */
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
/* 64 < n <= 4W: two blocks (first and last) where n fits in two, else four
   (two from each end), in memory order. gcc compares both of two blocks,
   then tests once, and picks the block without a branch (CMP-TWO-BLOCKS). */
FASTMEM__AI uint64_t fm__x86_find_upto4(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W,
                                        size_t *at) {
  uint64_t m;
  *at = 0;
#ifndef __clang__
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
/* 4W < n <= 8W: the first 4W bytes with one test, then the rest as
   fm__x86_find leaves it (CMP-REST-FEWEST). */
FASTMEM__AI uint64_t fm__x86_find_upto8(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W,
                                        size_t *at) {
  if (fm__diff4(a, b, W)) return fm__x86_locate(a, b, n, 0, W, at);
  *at = 4 * W;
  return 0;
}

/* A tier whose body is one call; R is void or int (FASTMEM__RET_##R returns the int). */
#define FASTMEM__RET_void
#define FASTMEM__RET_int return
#define FASTMEM__X86_TIER(R, name, PARAMS, tgt, body)                                              \
  FASTMEM__TIER(R, name, PARAMS, tgt) {                                                            \
    FASTMEM__LINK_ONCE(name);                                                                      \
    FASTMEM__RET_##R body;                                                                         \
  }
/* The AVX-512 tier's compares from the plan's CMP_NARROW on: the same code
   with 32-byte blocks (CMP-NARROW-ZEN5, CMP-NARROW-ZEN4), in functions of their own so that its
   shorter calls save no registers for them. */
FASTMEM__TIER(int, fm__cmp_narrow_avx512, (const fm__u8 *a, const fm__u8 *b, size_t n),
              FASTMEM__T_AVX512);
FASTMEM__TIER(int, fm__eq_narrow_avx512, (const fm__u8 *a, const fm__u8 *b, size_t n),
              FASTMEM__T_AVX512);
#define FASTMEM__X86_NARROW(W, TW, n) ((W) == 64 && (TW) == 64 && (n) >= FASTMEM__BIG(CMP_NARROW))
/* clang tests memcmp's rest at one place per tier, gcc at two, and clang
   marks n <= 64 unlikely in the compare tiers (CMP-ONE-TAIL-CLANG, CMP-CLANG-HINT). */
#ifdef __clang__
#define FASTMEM__X86_ONE_TAIL 1
#define FASTMEM__UNLIKELY_CLANG(x) FASTMEM__UNLIKELY(x)
#else
#define FASTMEM__X86_ONE_TAIL 0
#define FASTMEM__UNLIKELY_CLANG(x) (x)
#endif

/* a[at + k] - b[at + k] for the first bit k set in m; 0 where m is 0 */
FASTMEM__AI int fm__x86_byte_diff(const fm__u8 *a, const fm__u8 *b, size_t at, uint64_t m) {
  if (!m) return 0;
  at += (size_t)__builtin_ctzll(m);
  return (int)a[at] - (int)b[at];
}
/* n > 4W, in a function of its own so that the compiler keeps its masks
   apart from the shorter sizes' (CMP-LONG-APART). */
FASTMEM__AI int fm__x86_cmp_long(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W, size_t TW) {
  size_t at = 0;
  uint64_t m;
  if (n <= 8 * W) {
    m = fm__x86_find_upto8(a, b, n, W, &at);
    if (!FASTMEM__X86_ONE_TAIL && !m) m = fm__x86_find_tail(a, b, n, n - at, W, &at);
  } else if ((m = fm__ne32b(a, b, W)) == 0) {
    if (FASTMEM__X86_NARROW(W, TW, n)) return FASTMEM__CALL(fm__cmp_narrow_avx512, a, b, n);
    m = fm__x86_find(a, b, n, W, TW, &at);
    if (!FASTMEM__X86_ONE_TAIL && !m) m = fm__x86_find_tail(a, b, n, n - at, W, &at);
  }
  if (FASTMEM__X86_ONE_TAIL && !m) m = fm__x86_find_tail(a, b, n, n - at, W, &at);
  return fm__x86_byte_diff(a, b, at, m);
}
/* memcmp of n > 32 bytes with W-byte blocks (TW: the tier's own), by size:
 *   33..64      two 32-byte halves
 *   ..4W        fm__x86_find_upto4
 *   ..8W        the first 4W with one test, then the rest (fm__x86_cmp_long)
 *   larger      the first 32 bytes alone before the loop is set up, where
 *               most real mismatches sit (CMP-FIRST-32), then fm__x86_find */
FASTMEM__AI int fm__x86_cmp_w(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W, size_t TW) {
  size_t at = 0;
  uint64_t m;
  if (FASTMEM__UNLIKELY_CLANG(n <= 64)) {
    if ((m = fm__ne32b(a, b, W)) == 0) m = fm__ne32b(a + (at = n - 32), b + n - 32, W);
  } else if (n <= 4 * W) m = fm__x86_find_upto4(a, b, n, W, &at);
  else return fm__x86_cmp_long(a, b, n, W, TW);
  return fm__x86_byte_diff(a, b, at, m);
}

/* memeq the same way; up to 4W the blocks' masks ORed, one test; the 16-
   and 32-byte tiers take up to 6W as four blocks and two (CMP-EQ-6W). */
FASTMEM__AI int fm__x86_eq_w(const fm__u8 *a, const fm__u8 *b, size_t n, size_t W, size_t TW) {
  size_t at;
  if (FASTMEM__UNLIKELY_CLANG(n <= 64))
    return (fm__ne32b(a, b, W) | fm__ne32b(a + n - 32, b + n - 32, W)) == 0;
  if (n <= 2 * W) return (fm__ne(a, b, W) | fm__ne(a + n - W, b + n - W, W)) == 0;
  if (n <= 4 * W)
    return (fm__ne(a, b, W) | fm__ne(a + W, b + W, W) | fm__ne(a + n - 2 * W, b + n - 2 * W, W) |
            fm__ne(a + n - W, b + n - W, W)) == 0;
  if (W < 64 && n <= 6 * W)
    return !fm__diff4(a, b, W) &&
           (fm__ne(a + n - 2 * W, b + n - 2 * W, W) | fm__ne(a + n - W, b + n - W, W)) == 0;
  if (n <= 8 * W) {
    if (fm__diff4(a, b, W)) return 0;
    at = 4 * W;
  } else if (fm__ne32b(a, b, W)) return 0;
  else if (FASTMEM__X86_NARROW(W, TW, n)) return FASTMEM__CALL(fm__eq_narrow_avx512, a, b, n);
  else if (fm__x86_find(a, b, n, W, TW, &at)) return 0;
  return !fm__tail_differ(a, b, n, n - at, W);
}

FASTMEM__X86_TIER(int, fm__cmp_narrow_avx512, (const fm__u8 *a, const fm__u8 *b, size_t n),
                  FASTMEM__T_AVX512, fm__x86_cmp_w(a, b, n, 32, 64))
FASTMEM__X86_TIER(int, fm__eq_narrow_avx512, (const fm__u8 *a, const fm__u8 *b, size_t n),
                  FASTMEM__T_AVX512, fm__x86_eq_w(a, b, n, 32, 64))

/* ---- The tiers, and the calls a call site makes -------------------------------
 * FASTMEM__X86_OP(R, op, PARAMS, LADDER, args) defines, for one operation:
 *   fm__<op>_avx512, fm__<op>_avx2, fm__<op>_sse2  the tiers: LADDER(W) with 64-, 32- and 16-byte
 *       blocks, each out of line with its own target;
 *   fm__arch_<op>_call  the call site's one call: to the tier the probe chose, itself
 *       (BUILD-DIRECT-CALL);
 *   fm__<op>_x86_first  before the first probe no tier matches: it probes, then takes the tier or,
 *       without SSE2, the portable path. */
#define FASTMEM__X86_PICK(f, op, other, ...)                                                       \
  (FASTMEM__LIKELY((f)&FM_CPU_AVX512) ? FASTMEM__CALL(op##_avx512, __VA_ARGS__)                    \
   : FASTMEM__LIKELY((f)&FM_CPU_AVX2) ? FASTMEM__CALL(op##_avx2, __VA_ARGS__)                      \
   : FASTMEM__LIKELY((f)&FM_CPU_SSE2) ? FASTMEM__CALL(op##_sse2, __VA_ARGS__)                      \
                                      : FASTMEM__CALL(other, __VA_ARGS__))
#define FASTMEM__X86_OP(R, op, PARAMS, LADDER, ...)                                                \
  FASTMEM__X86_TIER(R, fm__##op##_avx512, PARAMS, FASTMEM__T_AVX512, LADDER(64))                   \
  FASTMEM__X86_TIER(R, fm__##op##_avx2, PARAMS, FASTMEM__T_AVX2, LADDER(32))                       \
  FASTMEM__X86_TIER(R, fm__##op##_sse2, PARAMS, FASTMEM__T_SSE2, LADDER(16))                       \
  FASTMEM__LONG(R, fm__##op##_x86_first, PARAMS, ) {                                               \
    const unsigned f = fm__arch_features();                                                        \
    FASTMEM__LINK_ONCE(fm__##op##_x86_first);                                                      \
    FASTMEM__RET_##R FASTMEM__X86_PICK(f, fm__##op, fm__##op##_port, __VA_ARGS__);                 \
  }                                                                                                \
  FASTMEM__AI R fm__arch_##op##_call PARAMS {                                                      \
    const unsigned f = fm__load(&fm__cpu_state);                                                   \
    FASTMEM__RET_##R FASTMEM__X86_PICK(f, fm__##op, fm__##op##_x86_first, __VA_ARGS__);            \
  }
#define FASTMEM__X86_MOVE(W) fm__x86_move_w(d, s, n, W)
#define FASTMEM__X86_SET(W) fm__x86_set_w(d, c, n, W)
#define FASTMEM__X86_CMP(W) fm__x86_cmp_w(a, b, n, W, W)
#define FASTMEM__X86_EQ(W) fm__x86_eq_w(a, b, n, W, W)
FASTMEM__X86_OP(void, move, (fm__u8 * d, const fm__u8 *s, size_t n), FASTMEM__X86_MOVE, d, s, n)
FASTMEM__X86_OP(void, set, (fm__u8 * d, int c, size_t n), FASTMEM__X86_SET, d, c, n)
FASTMEM__X86_OP(int, cmp, (const fm__u8 *a, const fm__u8 *b, size_t n), FASTMEM__X86_CMP, a, b, n)
FASTMEM__X86_OP(int, eq, (const fm__u8 *a, const fm__u8 *b, size_t n), FASTMEM__X86_EQ, a, b, n)

#if defined(__SSE2__) && defined(__x86_64__)
/* ---- At the call site (x86-64) ----------------------------------------------------
 * Copies, sets and memeq up to 64 bytes, with SSE2 (SHORT-COPY-64); memcmp up
 * to 32, 64 where the masks are built in (SHORT-CMP-LIMITS). */
#define FASTMEM__COPY_SHORT_MAX 64
#define FASTMEM__EQ_SHORT_MAX 64
#define FASTMEM__MOVE_SHORT fm__x86_move_short
#define FASTMEM__SET_SHORT fm__x86_set_short
#define FASTMEM__CMP_SHORT fm__x86_cmp_short
#define FASTMEM__EQ_SHORT fm__x86_eq_short

#ifdef FASTMEM__X86_MASKS
#define FASTMEM__CMP_SHORT_MAX 64
/* ---- Masked short paths --------------------------------------------------------------
 * Where the plan has them, a size not known at compile time: copies up to 32 bytes, sets and
 * compares up to 64 with a mask of the first n bytes and one byte-masked access in zmm16 (copies:
 * ymm16), no size branch (MASK-SHORT). Masked-off bytes are not touched and cannot fault; the
 * register is cleared after use. Only where 64 bytes from each pointer stay in its page
 * (MASK-PAGE-WINDOW); never with every byte masked off: for n = 0 compares branch around it, copies
 * and sets aim it at fm__shared, whose page is mapped in (MASK-ZERO-SIZE). */
FASTMEM__AI int fm__x86_window_in_page(const fm__u8 *p) {
  return ((uintptr_t)p & 4095) <= 4096 - 64;
}
/* Whether a call of n bytes at a and b takes the masked path. Copies and compares mark it likely,
   which makes gcc lay that path out straight; sets do not (MASK-LIKELY). */
#define FASTMEM__X86_MASK_BITS (FM_CPU_AVX512 | FASTMEM__X86_MASKED)
#define FASTMEM__X86_MASKED_IF(n, a, b)                                                            \
  (!__builtin_constant_p(n) &&                                                                     \
   (fm__load(&fm__cpu_state) & FASTMEM__X86_MASK_BITS) == FASTMEM__X86_MASK_BITS &&                \
   fm__x86_window_in_page(a) && fm__x86_window_in_page(b))
FASTMEM__AI int fm__x86_masked(size_t n, const fm__u8 *a, const fm__u8 *b) {
  return FASTMEM__LIKELY(FASTMEM__X86_MASKED_IF(n, a, b));
}
/* k1 = the first n bits (n <= 64): the mask of the n bytes at an address. asm: {AT&T|Intel}. */
#define FASTMEM__MASK_N                                                                            \
  "{movq $-1, %[t]|mov %[t], -1}\n\t{bzhiq %[n], %[t], %[t]|bzhi %[t], %[t], %[n]}\n\t"            \
  "{kmovq %[t], %%k1|kmovq k1, %[t]}\n\t"
#define FASTMEM__ZMM16_CLEAR "\n\tvpxord {%%xmm16, %%xmm16, %%xmm16|xmm16, xmm16, xmm16}"
#define FASTMEM__STORE_K1(r) "{vmovdqu8 %%" r ", (%[d])%{%%k1%}|vmovdqu8 [%[d]]%{k1%}, " r "}"
/* the n <= 64 bytes at p as an asm operand: of no stated size for gcc
   (-Warray-bounds would flag every smaller object), 64 for clang. */
#ifdef __clang__
#define FASTMEM__UPTO64(T, p) (*FASTMEM__CAST(T(*)[64], p))
#else
#define FASTMEM__UPTO64(T, p) (*FASTMEM__CAST(T(*)[], p))
#endif

/* Copy n <= 32 bytes: a masked load and store of a 32-byte window (ymm16), which reaches fewer
   lines the copy does not need than a 64-byte one (MASK-COPY-32); n = 0: ZF of bzhi, no branch. */
FASTMEM__AI void fm__x86_move_masked(fm__u8 *d, const fm__u8 *s, size_t n) {
  uint64_t t;
  fm__u8 *pd = d;
  const fm__u8 *ps = s;
  __asm__(FASTMEM__MASK_N "{cmovzq %[zs], %[s]|cmovz %[s], %[zs]}\n\t"
                          "{cmovzq %[zd], %[d]|cmovz %[d], %[zd]}\n\t"
                          "{vmovdqu8 (%[s]), %%ymm16%{%%k1%}%{z%}|vmovdqu8 ymm16%{k1%}%{z%}, "
                          "[%[s]]}\n\t" FASTMEM__STORE_K1("ymm16") FASTMEM__ZMM16_CLEAR
          : [t] "=&r"(t), [d] "+r"(pd), [s] "+r"(ps), "+m"(FASTMEM__UPTO64(fm__u8, d))
          : [n] "r"(n), [zs] "r"(&fm__shared), [zd] "r"(fm__shared.unread),
            "m"(FASTMEM__UPTO64(const fm__u8, s))
          : "k1", "xmm16");
}
/* Set n <= 64 bytes: one masked store. */
FASTMEM__AI void fm__x86_set_masked(fm__u8 *d, int c, size_t n) {
  uint64_t t;
  fm__u8 *pd = d;
  __asm__(FASTMEM__MASK_N
          "{cmovzq %[zd], %[d]|cmovz %[d], %[zd]}\n\t"
          "{vpbroadcastb %k[c], %%zmm16|vpbroadcastb zmm16, %k[c]}\n\t" FASTMEM__STORE_K1("zmm16")
              FASTMEM__ZMM16_CLEAR
          : [t] "=&r"(t), [d] "+r"(pd), "+m"(FASTMEM__UPTO64(fm__u8, d))
          : [n] "r"(n), [zd] "r"(fm__shared.unread), [c] "r"(c)
          : "k1", "xmm16");
}
/* Compare n <= 64 bytes: a's bytes loaded under the mask, compared with
   b's under the same mask: k2, the mask of the bytes that differ. */
#define FASTMEM__NE_MASKED                                                                         \
  FASTMEM__MASK_N                                                                                  \
  "{vmovdqu8 (%[a]), %%zmm16%{%%k1%}%{z%}|vmovdqu8 zmm16%{k1%}%{z%}, [%[a]]}\n\t"                  \
  "{vpcmpneqb (%[b]), %%zmm16, %%k2%{%%k1%}|vpcmpneqb k2%{k1%}, zmm16, "                           \
  "[%[b]]}" FASTMEM__ZMM16_CLEAR "\n\t"
#define FASTMEM__NE_MASKED_IN                                                                      \
  [n] "r"(n), [a] "r"(a), [b] "r"(b), "m"(FASTMEM__UPTO64(const fm__u8, a)),                       \
      "m"(FASTMEM__UPTO64(const fm__u8, b))
FASTMEM__AI int fm__x86_cmp_masked(const fm__u8 *a, const fm__u8 *b, size_t n) {
  uint64_t t, m;
  __asm__(FASTMEM__NE_MASKED "{kmovq %%k2, %[m]|kmovq %[m], k2}"
          : [t] "=&r"(t), [m] "=r"(m)
          : FASTMEM__NE_MASKED_IN
          : "k1", "k2", "xmm16");
  return fm__x86_byte_diff(a, b, 0, m);
}
/* Equality the same way: the flags of kortest, no move to a register. */
FASTMEM__AI int fm__x86_eq_masked(const fm__u8 *a, const fm__u8 *b, size_t n) {
  uint64_t t;
  int eq;
  __asm__(FASTMEM__NE_MASKED "{kortestq %%k2, %%k2|kortestq k2, k2}"
          : [t] "=&r"(t), "=@ccz"(eq)
          : FASTMEM__NE_MASKED_IN
          : "k1", "k2", "xmm16");
  return eq;
}
#endif /* FASTMEM__X86_MASKS */

/* Copies keep 16..32 and 33..64 apart, with the test for 64 first (SHORT-COPY-64). */
FASTMEM__AI void fm__x86_move_short(fm__u8 *d, const fm__u8 *s, size_t n) {
  if (n > 32) fm__move_ends_16(d, s, n, 2);
#ifdef FASTMEM__X86_MASKS
  else if (fm__x86_masked(n, d, s)) fm__x86_move_masked(d, s, n);
#endif
  else fm__move_short(d, s, n);
}
/* Sets of 16..64 bytes are one class of four stores (SHORT-SET-16-64). */
FASTMEM__AI void fm__x86_set_short(fm__u8 *d, int c, size_t n) {
#ifdef FASTMEM__X86_MASKS
  if (FASTMEM__X86_MASKED_IF(n, d, d)) fm__x86_set_masked(d, c, n);
  else
#endif
      if (n >= 16)
    fm__set_four_16(d, c, n);
  else fm__set_short(d, c, n);
}
/* 16..32 bytes: the first and last 16 compared at once, a 32-bit mask of the bytes that differ, one
   branch (SHORT-CMP-SSE2); 33..64 without the masks: the tier. */
FASTMEM__AI int fm__x86_cmp_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
#ifdef FASTMEM__X86_MASKS
  if (fm__x86_masked(n, a, b)) return n ? fm__x86_cmp_masked(a, b, n) : 0;
#endif
  if (n > 32) return fm__arch_cmp_call(a, b, n);
  if (n >= 16) {
    unsigned eq = FASTMEM__MASK16(fm__eq_x16(a, b)) |
                  FASTMEM__MASK16(fm__eq_x16(a + n - 16, b + n - 16)) << 16;
    size_t i;
    if (eq == 0xffffffffu) return 0;
    i = (size_t)__builtin_ctz(~eq);
    if (i >= 16) i += n - 32; /* a byte of the last 16 */
    return (int)a[i] - (int)b[i];
  }
  return fm__cmp_short(a, b, n);
}
/* memeq of H..2H bytes (H = 16 or 32): the first and last H bytes, 16 at a
   time, the byte compares ANDed and one mask test (SHORT-CMP-SSE2). */
FASTMEM__AI int fm__x86_eq_ends(const fm__u8 *a, const fm__u8 *b, size_t n, size_t H) {
  fm__c16 eq = fm__eq_x16(a, b) & fm__eq_x16(a + n - 16, b + n - 16);
  if (H == 32) eq &= fm__eq_x16(a + 16, b + 16) & fm__eq_x16(a + n - 32, b + n - 32);
  return FASTMEM__MASK16(eq) == 0xffff;
}
FASTMEM__AI int fm__x86_eq_short(const fm__u8 *a, const fm__u8 *b, size_t n) {
#ifdef FASTMEM__X86_MASKS
  if (fm__x86_masked(n, a, b)) return n ? fm__x86_eq_masked(a, b, n) : 1;
#endif
  if (n >= 16) return n > 32 ? fm__x86_eq_ends(a, b, n, 32) : fm__x86_eq_ends(a, b, n, 16);
  return fm__eq_short(a, b, n);
}
#endif /* x86-64 */

#endif /* FASTMEM__NOVEC */
#endif /* FASTMEM_X86_H */
