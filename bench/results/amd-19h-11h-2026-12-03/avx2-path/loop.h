/* One timed loop: it calls CALL it times on d, s and n, which the compiler
   must treat as new each time (the empty asm), with memory clobbered after
   each call. */
#define LOOP(name, CALL)                                                                           \
  void name(unsigned char *d, const unsigned char *s, size_t n, long it) {                        \
    long i;                                                                                        \
    for (i = 0; i < it; i++) {                                                                     \
      size_t m = n;                                                                                \
      __asm__ volatile("" : "+r"(m), "+r"(d), "+r"(s));                                            \
      CALL;                                                                                        \
      __asm__ volatile("" ::: "memory");                                                           \
    }                                                                                              \
  }
