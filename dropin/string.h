/* fastmem drop-in <string.h>.
 *
 * Put this directory first on a C project's include path
 * (-I/path/to/fastmem/dropin; installed: -I<prefix>/include/fastmem-dropin)
 * and every file that includes <string.h>, directly or through another
 * header, gets the C library's <string.h> and then fastmem in drop-in mode
 * (FASTMEM_REPLACE_LIBC): its memcpy(...), memmove(...), memset(...) and
 * memcmp(...) calls become fastmem's. fastmem arrives where the file asks
 * for <string.h>, after the file's own feature-test macros (_GNU_SOURCE,
 * _FILE_OFFSET_BITS, ...), so they keep their meaning.
 *
 *   C++ (<cstring> or <string.h>)   the C library's header only; C++ code
 *                                   calls fm_memcpy() and friends itself.
 *   a file that defines FASTMEM_KEEP_LIBC before including <string.h>
 *                                   the same: that file keeps libc's calls.
 *   strict C89/C90 (-std=c89, -ansi) refused with an #error: fastmem needs
 *                                   inline functions and variadic macros.
 *
 * No include guard: the C library's header has its own, and fastmem's
 * drop-in block has one, so a second inclusion adds nothing. */
#if defined(__GNUC__)
/* #include_next is a GNU extension: no -pedantic warning for it, and the
   project's own warning flags do not apply to fastmem's code. */
#pragma GCC system_header
#endif
#include_next <string.h>

#if !defined(__cplusplus) && !defined(FASTMEM_KEEP_LIBC)
#if defined(__STRICT_ANSI__) && (!defined(__STDC_VERSION__) || __STDC_VERSION__ < 199901L)
/* clang-format off */
#error "fastmem drop-in (-I.../fastmem/dropin): this file is compiled as strict C89/C90 (-std=c89 or -ansi); fastmem needs C99 or gnu89 (inline functions, variadic macros). Build it without the drop-in include path, or define FASTMEM_KEEP_LIBC in it"
/* clang-format on */
#endif
#ifndef FASTMEM_REPLACE_LIBC
#define FASTMEM_REPLACE_LIBC 1
#endif
/* Found next to this directory: the repository's dropin/../fastmem.h, or
   the installed <prefix>/include/fastmem-dropin/../fastmem.h. */
#include "../fastmem.h"
#endif
