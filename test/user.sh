# test/user.sh - what users touch: C++ builds, drop-in mode, vendoring
# fastmem.h alone, the single-file header, make install / pkg-config / CMake,
# the examples, and drop-in mode on a real code base (test/realworld.sh).
# Sourced by test/run.sh (full runs): uses its cfg, $out, $WARN and adds to
# pass, fail, ran and skipped. Each check prints one line.
user_out=$out/user
rm -rf "$user_out" && mkdir -p "$user_out"
user_out=$(cd "$user_out" && pwd)

# uok NAME / ubad NAME LOG: one check passed / failed (with its log's tail)
uok() { pass=$((pass + 1)); printf '  %-28s ok\n' "$1"; }
ubad() { fail=$((fail + 1)); echo "FAILED: $1"; [ -n "${2:-}" ] && tail -n 15 "$2"; }
# ucheck NAME CMD...: CMD must succeed
ucheck() { local n=$1; shift; if "$@" >"$user_out/$n.log" 2>&1; then uok "$n"; else ubad "$n" "$user_out/$n.log"; fi; }
# ucount NAME CMD...: CMD prints "N passed, M failed"; add its counts
ucount() {
  local n=$1 log=$user_out/$1.log last p f; shift
  "$@" >"$log" 2>&1
  last=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
  if [ -z "$last" ]; then ubad "$n (no result line)" "$log"; return; fi
  p=${last%% passed*} f=${last#*, }; f=${f%% failed}
  pass=$((pass + p)); fail=$((fail + f))
  [ "$f" = 0 ] || grep -E 'FAIL' "$log" | head -n 10
  printf '  %-28s %s\n' "$n" "$last"; ran+=("$n")
}
have() { command -v "$1" >/dev/null 2>&1; }

# ---- C++, also without exceptions and RTTI ---------------------------------
cfg g++-c++17-no-exceptions     "g++ -x c++ -std=c++17 -O2 -fno-exceptions -fno-rtti"     "" -q
cfg clang++-c++20-no-exceptions "clang++ -x c++ -std=c++20 -O2 -fno-exceptions -fno-rtti" "" -q

# ---- Drop-in mode (test/user/dropin.c) --------------------------------------
# dropin NAME CC FLAGS: build the test with the counting libc stand-ins, run it;
# a fortified build must also abort on an overflow.
dropin() {
  local n=$1 cc=$2 flags=$3 d=$user_out/$1
  have "$cc" || { skipped+=("$n (no $cc)"); return; }
  if ! { $cc -O1 -fno-builtin -c test/user/libc_count.c -o "$d.count.o" &&
         $cc $WARN -I. $flags test/user/dropin.c "$d.count.o" -o "$d"; } >"$d.build.log" 2>&1; then
    ubad "$n: build ($cc $flags)" "$d.build.log"; return
  fi
  ucount "$n" "$d"
  case "$flags" in *_FORTIFY_SOURCE*)
    if sh -c '"$1" overflow' sh "$d" >"$d.overflow.log" 2>&1; then ubad "$n: fortified overflow not caught" "$d.overflow.log"
    else uok "$n-overflow-aborts"; fi ;;
  esac
}
for c in gcc clang; do
  dropin dropin-$c-O2           $c "-std=c11 -O2"
  dropin dropin-$c-c99-O0-after $c "-std=c99 -O0 -DSTRING_H_FIRST"
  dropin dropin-$c-Os-cmdline   $c "-std=c11 -Os -DCMDLINE -include fastmem.h -DFASTMEM_REPLACE_LIBC"
  dropin dropin-$c-fortify2     $c "-std=c11 -O2 -D_FORTIFY_SOURCE=2"
  dropin dropin-$c-fortify3     $c "-std=gnu11 -O3 -D_FORTIFY_SOURCE=3"
  # the drop-in directory: fastmem comes with the file's own <string.h>
  dropin dropin-$c-dir-O2       $c "-std=c11 -O2 -DCMDLINE -Idropin"
  dropin dropin-$c-dir-O0       $c "-std=gnu99 -O0 -DCMDLINE -Idropin"
  dropin dropin-$c-dir-api-first $c "-std=c11 -O2 -DAPI_FIRST -Idropin"
  dropin dropin-$c-dir-fortify2 $c "-std=c11 -O2 -D_FORTIFY_SOURCE=2 -DCMDLINE -Idropin"
  dropin dropin-$c-dir-fortify3 $c "-std=gnu11 -O3 -D_FORTIFY_SOURCE=3 -DCMDLINE -Idropin"
done
# nm -u: the object of a file in drop-in mode references no libc mem* symbol.
nm_dropin() {
  local o=$user_out/nm.o syms bad=""
  for c in gcc clang; do
    have $c || continue
    for f in "-O0" "-O2" "-Os" "-O3" "-O2 -D_FORTIFY_SOURCE=2" "-O2 -DFASTMEM_PORTABLE" "-O1 -DCMDLINE -include fastmem.h -DFASTMEM_REPLACE_LIBC" \
             "-O2 -DCMDLINE -Idropin" "-O2 -D_FORTIFY_SOURCE=2 -DCMDLINE -Idropin" "-Os -DAPI_FIRST -Idropin"; do
      $c -std=c11 $f -I. -DCALLS_ONLY -c test/user/dropin.c -o "$o" || { bad="$bad [$c $f: compile]"; continue; }
      syms=$(nm -u "$o" | grep -wE 'memcpy|memmove|memset|memcmp|bcmp|__mem[a-z]*_chk' | awk '{ print $2 }' | tr '\n' ' ')
      [ -z "$syms" ] || bad="$bad [$c $f: $syms]"
    done
  done
  echo "${bad:-none}"; [ -z "$bad" ]
}
ucheck dropin-nm-no-libc-symbols nm_dropin
# A file that defines _GNU_SOURCE itself and uses what it selects: the
# drop-in directory builds it warning-free (-pedantic and more) with fastmem
# replacing its calls; -include fastmem.h before it cannot (the trap the
# directory exists for: if that form ever builds it, the README is wrong).
# nm_syms OBJ: the libc mem* symbols OBJ calls
nm_syms() { nm -u "$1" | grep -wE 'memcpy|memmove|memset|memcmp|bcmp|__mem[a-z]*_chk' | awk '{ print $2 }' | tr '\n' ' '; }
features_dir() {
  local c=$1 o=$user_out/features-$1.o syms
  $c $WARN -Wshadow -Wcast-qual -Wundef -std=c11 -O2 -D_FORTIFY_SOURCE=2 -Idropin -c test/user/features.c -o "$o" &&
    $c "$o" -o "$user_out/features-$c" && "$user_out/features-$c" || return 1
  syms=$(nm_syms "$o"); echo "libc mem* symbols called: ${syms:-none}"; [ -z "$syms" ]
}
features_include_fails() {
  if $1 -std=c11 -O2 -include fastmem.h -DFASTMEM_REPLACE_LIBC -c test/user/features.c -o "$user_out/features-inc.o"; then
    echo "it built: -include fastmem.h no longer breaks a file's own _GNU_SOURCE"; return 1
  fi
}
# FASTMEM_KEEP_LIBC in a file: that file keeps the C library's calls.
keep_libc() {
  $1 -std=c11 -O2 -DFASTMEM_KEEP_LIBC -Idropin -c test/user/features.c -o "$user_out/keep.o" || return 1
  syms=$(nm_syms "$user_out/keep.o"); echo "libc mem* symbols called: ${syms:-none}"; [ -n "$syms" ]
}
# C++ files of the same project: <cstring> through the directory keeps libc.
cxx_dir() {
  $1 $WARN -std=c++17 -O2 -Idropin test/user/dropin_cxx.cpp -o "$user_out/dropin_cxx-$1" && "$user_out/dropin_cxx-$1"
}
# Strict C89 cannot take fastmem: refused with fastmem's own message.
c89_refused() {
  if printf '#include <string.h>\nint x;\n' | $1 -x c -std=c89 -pedantic -Idropin -fsyntax-only -; then
    echo "strict C89 through the drop-in directory compiled"; return 1
  fi
  printf '#include <string.h>\nint x;\n' | $1 -x c -std=c89 -Idropin -fsyntax-only - 2>&1 | grep -q 'fastmem drop-in.*strict C89'
}
for c in gcc clang; do
  have $c || continue
  ucheck dropin-dir-$c-own-gnu-source features_dir $c
  ucheck dropin-include-$c-breaks-gnu-source features_include_fails $c
  ucheck dropin-dir-$c-keep-libc keep_libc $c
  ucheck dropin-dir-$c-c89-refused c89_refused $c
done
for c in g++ clang++; do
  have $c && ucheck dropin-dir-$c-cstring cxx_dir $c
done
# Objects smaller than a vector, sizes known at run time: warning-free for
# the default target and AVX-512 ones (compiled only: the CPU may lack it).
small_objects() {
  local o=$user_out/small-$1-$2
  $1 $WARN -O$2 -I. test/user/small_objects.c -o "$o" && "$o" &&
    $1 $WARN -O$2 -march=x86-64-v4 -I. -c test/user/small_objects.c -o "$o-v4.o"
}
for c in gcc clang; do
  have $c || continue
  for o in 2 3; do ucheck small-objects-$c-O$o small_objects $c $o; done
done
# The masked short paths leave zmm16 clear (clang inlines them on any
# target, gcc where the file targets AVX-512; on a CPU without AVX-512 the
# program has nothing to check).
zmm16_clear() {
  local o=$user_out/zmm16-clear-$1
  $1 $WARN -O2 ${2:-} -I. test/user/zmm16_clear.c -o "$o" && "$o"
}
if [ "$(uname -m)" = x86_64 ]; then
  have clang && ucheck zmm16-clear-clang zmm16_clear clang
  if grep -qw avx512bw /proc/cpuinfo && have gcc; then
    ucheck zmm16-clear-gcc-v4 zmm16_clear gcc -march=x86-64-v4
  fi
fi
# C++ is refused with a message that says why and what to do.
for c in g++ clang++; do
  have $c || continue
  if printf '#define FASTMEM_REPLACE_LIBC\n#include "fastmem.h"\n' | $c -x c++ -I. -fsyntax-only - >"$user_out/refuse-$c.log" 2>&1; then
    ubad "dropin-$c-refused (it compiled)" "$user_out/refuse-$c.log"
  elif grep -q "FASTMEM_REPLACE_LIBC works in C files only" "$user_out/refuse-$c.log"; then uok "dropin-$c-refused"
  else ubad "dropin-$c-refused (other error)" "$user_out/refuse-$c.log"; fi
done

# ---- Vendoring: fastmem.h alone (portable path), and the single header -----
# vendored NAME DIR CC RUNNER [ARGS]: run the test suite in DIR, which holds
# only test/test.c and the header(s) given, so that nothing of the
# repository's root can be included.
vendored() {
  local n=$1 dir=$2 cc=$3 runner=$4; shift 4
  local saved_out=$out here=$PWD
  out=$user_out
  cd "$dir" && cfg "$n" "$cc" "$runner" "$@"
  cd "$here"; out=$saved_out
}
mkdir -p "$user_out/alone/test" "$user_out/single/test"
cp fastmem.h "$user_out/alone/" && cp test/test.c test/ref.h "$user_out/alone/test/"
vendored vendored-alone-gcc   "$user_out/alone" "gcc -std=c11 -O2" "" -q
vendored vendored-alone-clang "$user_out/alone" "clang -std=c99 -O2" "" -q
if grep -q "(portable)" "$user_out/vendored-alone-gcc.log"; then uok vendored-alone-is-portable
else ubad "vendored-alone-is-portable: fastmem.h alone did not fall back to the portable path" "$user_out/vendored-alone-gcc.log"; fi
ucheck single-amalgamate sh tools/amalgamate.sh "$user_out/single/fastmem.h"
cp test/test.c test/ref.h "$user_out/single/test/"
vendored single-gcc           "$user_out/single" "gcc -std=c11 -O2" "" -q
vendored single-clang-c99-O0  "$user_out/single" "clang -std=c99 -O0" "" -q
vendored single-g++-no-exc    "$user_out/single" "g++ -x c++ -std=c++11 -O2 -fno-exceptions" "" -q
vendored single-no-probe      "$user_out/single" "gcc -std=c11 -O2 -march=native -DFASTMEM_NO_PROBE" "" -q
if [ "$(uname -m)" = x86_64 ]; then
  if grep -q "(portable)" "$user_out/single-gcc.log"; then ubad "single-uses-x86-backend: the single header ran portable" "$user_out/single-gcc.log"
  else uok single-uses-x86-backend; fi
fi
if [ -f fastmem_ppc.h ]; then
  vendored single-ppc64le-power9 "$user_out/single" "powerpc64le-linux-gnu-gcc -std=c11 -O2" "qemu-ppc64le -L /usr/powerpc64le-linux-gnu -cpu power9" -q
  if [ -f "$user_out/single-ppc64le-power9.log" ] && grep -q "passed" "$user_out/single-ppc64le-power9.log"; then
    if grep -q "(portable)" "$user_out/single-ppc64le-power9.log"; then ubad "single-uses-ppc-backend: the single header ran portable on POWER9" "$user_out/single-ppc64le-power9.log"
    else uok single-uses-ppc-backend; fi
  fi
fi

# ---- make install, pkg-config, CMake ----------------------------------------
version=$(awk '/define FASTMEM_VERSION_(MAJOR|MINOR|PATCH) / { v = v (v == "" ? "" : ".") $3 } END { print v }' fastmem.h)
prefix=$user_out/prefix
ucheck install-make make --no-print-directory install PREFIX="$prefix"
ucheck install-files test -f "$prefix/include/fastmem.h" -a -f "$prefix/share/pkgconfig/fastmem.pc" \
  -a -f "$prefix/share/cmake/fastmem/fastmemConfig.cmake" -a -f "$prefix/share/cmake/fastmem/fastmemConfigVersion.cmake" \
  -a -f "$prefix/include/fastmem-dropin/string.h" -a -f "$prefix/share/pkgconfig/fastmem-dropin.pc"
if have pkg-config; then
  pcv=$(PKG_CONFIG_PATH=$prefix/share/pkgconfig pkg-config --modversion fastmem 2>&1)
  if [ "$pcv" = "$version" ]; then uok "pkg-config-version-$pcv"; else ubad "pkg-config --modversion: '$pcv', fastmem.h says $version"; fi
  pc_consumer() {
    gcc -std=c11 -O2 $(PKG_CONFIG_PATH=$prefix/share/pkgconfig pkg-config --cflags fastmem) \
      test/user/consumer/consumer.c -o "$user_out/consumer-pc" && "$user_out/consumer-pc"
  }
  ucheck consumer-pkg-config pc_consumer
  # drop-in mode from the installed tree, both ways pkg-config offers it
  pc_dropin() {
    local f
    f=$(PKG_CONFIG_PATH=$prefix/share/pkgconfig pkg-config "$@") || return 1
    echo "flags: $f"
    gcc -std=c11 -O2 -D_FORTIFY_SOURCE=2 $WARN $f test/user/consumer/consumer_dropin.c -o "$user_out/consumer-dropin-pc" &&
      "$user_out/consumer-dropin-pc"
  }
  ucheck consumer-pkg-config-dropin-variable pc_dropin --variable=dropin_cflags fastmem
  ucheck consumer-pkg-config-dropin-package pc_dropin --cflags fastmem-dropin
else
  skipped+=("pkg-config consumer (no pkg-config)")
fi
if have cmake; then
  # cmake_consumer NAME [-D...]: configure, build and run test/user/consumer
  cmake_consumer() {
    local b=$user_out/cmake-$1; shift
    cmake -S test/user/consumer -B "$b" "$@" && cmake --build "$b" && "$b/consumer" && "$b/consumer_dropin"
  }
  ucheck consumer-cmake-add-subdirectory cmake_consumer subdir -DFASTMEM_HOW=add_subdirectory -DFASTMEM_SOURCE_DIR="$PWD"
  ucheck consumer-cmake-find-package-make-install cmake_consumer found -DCMAKE_PREFIX_PATH="$prefix"
  cmake_install() { cmake -S . -B "$user_out/cmake-self" && cmake --install "$user_out/cmake-self" --prefix "$user_out/prefix-cmake"; }
  ucheck install-cmake cmake_install
  ucheck consumer-cmake-find-package-cmake-install cmake_consumer found2 -DCMAKE_PREFIX_PATH="$user_out/prefix-cmake"
  ucheck consumer-cmake-exact-version cmake_consumer exact -DCMAKE_PREFIX_PATH="$prefix" -DFASTMEM_WANT="$version"
  # a newer minor version (0.x: incompatible) and a newer major are refused
  for want in "${version%%.*}.$(( $(echo "$version" | cut -d. -f2) + 1 ))" "$(( ${version%%.*} + 1 )).0"; do
    if cmake_consumer "want-$want" -DCMAKE_PREFIX_PATH="$prefix" -DFASTMEM_WANT="$want" >"$user_out/want-$want.log" 2>&1; then
      ubad "find_package(fastmem $want) accepted version $version" "$user_out/want-$want.log"
    else uok "cmake-refuses-version-$want"; fi
  done
else
  skipped+=("CMake consumers (no cmake)")
fi

# ---- Examples (one timed round each) -----------------------------------------
make --no-print-directory examples BUILD="$user_out/build" EXAMPLE_ARGS=-q >"$user_out/examples.log" 2>&1
for e in btree_leaf page_dedup packet_ring; do
  if grep -q "^$e: results checked, ok" "$user_out/examples.log"; then
    uok "example-$e"
  else ubad "example-$e" "$user_out/examples.log"; fi
done
grep -E 'ns/op' "$user_out/examples.log" | sed 's/^ */    /'

# ---- Real code bases in drop-in mode (LMDB, SQLite, zlib from Debian's sources)
BUILD=${BUILD:-build} bash test/realworld.sh >"$user_out/realworld.log" 2>&1
rw_status=$?
while IFS= read -r line; do skipped+=("realworld: ${line#SKIPPED: }"); done < <(grep '^SKIPPED:' "$user_out/realworld.log")
last=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$user_out/realworld.log" | tail -n 1)
if [ -z "$last" ]; then ubad "realworld (no result line, status $rw_status)" "$user_out/realworld.log"
else
  p=${last%% passed*} f=${last#*, }; f=${f%% failed}
  pass=$((pass + p)); fail=$((fail + f)); ran+=(realworld)
  printf '  %-28s %s\n' "realworld" "$last"
  grep -E '^FAIL' "$user_out/realworld.log" | head -n 10
  grep -E '^     ' "$user_out/realworld.log" | sed 's/^ */    /'
fi
