/* The timed loops, one per way into the AVX2 tier's copy: fm_memcpy (the
   call site, the call, the tier), the tier's size classes and direction
   tests inlined (fm__x86_move_w), and its forward loop alone
   (fm__copy_fwd_32); the last two with the AVX2 target. The headers: the
   ones -I names. */
#include "fastmem.h"
#include "loop.h"
LOOP(via_call, fm_memcpy(d, s, m))
__attribute__((target("avx,avx2"))) LOOP(via_tests, fm__x86_move_w(d, s, m, 32, 0))
__attribute__((target("avx,avx2"))) LOOP(via_loop, fm__copy_fwd_32(d, s, m))
void limit(unsigned mask) { fm_cpu_limit(mask); }
