#!/usr/bin/env bash
# fastmem's drop-in mode on a real code base: LMDB, from Debian's source
# package. Builds it twice with Debian's own build flags (so with
# _FORTIFY_SOURCE=2), once as is and once with
#   -include fastmem.h -DFASTMEM_REPLACE_LIBC
# then runs LMDB's own tests (mtest .. mtest5, mdb_stat) on both builds,
# checks that the fastmem build's source-level mem* calls went to fastmem,
# and times LMDB's own tools on one workload with each build: mdb_load of a
# generated dump (random-order keys: page splits, key compares, commits every
# 100 records), mdb_copy -c (compacting copy) and mdb_dump.
#
#   test/realworld.sh [quick]      quick: a smaller workload, one round
#
# Needs apt-get, dpkg-source (package dpkg-dev), make, gcc and the network
# to Debian's archive. Without them it prints "SKIPPED: reason" and exits 0;
# under CI (CI=true) a missing piece is a failure instead. LMDB's code is
# fetched into $BUILD/realworld, never into the repository.
# Ends with "N passed, M failed".
set -u
cd "$(dirname "$0")/.."
root=$PWD
work=${BUILD:-build}/realworld
mkdir -p "$work" && work=$(cd "$work" && pwd)
quick=${1:-}
pass=0 fail=0
ok() { echo "ok   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
skip() {
  if [ "${CI:-}" = true ]; then echo "FAIL (CI must run this): $*"; echo "0 passed, 1 failed"; exit 1; fi
  echo "SKIPPED: $*"; exit 0
}

for t in apt-get dpkg-source make gcc nm objdump awk; do
  command -v $t >/dev/null 2>&1 || skip "no $t (realworld needs apt-get, dpkg-dev, make, gcc, binutils)"
done

# ---- Fetch: deb-src entries derived from this machine's apt sources, in a
# private apt state (the system's configuration is not touched).
src=$(ls -d "$work"/src/libraries/liblmdb 2>/dev/null)
if [ -z "$src" ]; then
  apt=$work/apt
  rm -rf "$apt" && mkdir -p "$apt/sources.list.d" "$apt/lists/partial" "$apt/cache/archives/partial"
  : > "$apt/sources.list"
  # deb822 files: every stanza of Types: deb becomes a deb-src stanza.
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk 'BEGIN { RS = ""; ORS = "\n\n" }
         /(^|\n)Types:[^\n]*deb([ \t]|\n|$)/ && !/(^|\n)Enabled:[ \t]*no/ { gsub(/Types:[^\n]*/, "Types: deb-src"); print }' \
      "$f" >> "$apt/sources.list.d/derived.sources"
  done
  # one-line files: "deb ..." becomes "deb-src ...".
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    sed -n 's/^[ \t]*deb[ \t]/deb-src /p' "$f" >> "$apt/sources.list"
  done
  A=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts="$apt/sources.list.d"
     -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o APT::Sandbox::User=root
     -o Debug::NoLocking=1 -qq)
  echo "fetching the lmdb source package (apt-get source, deb-src derived from /etc/apt)"
  apt-get "${A[@]}" update >"$work/apt.log" 2>&1 || skip "apt-get update of the deb-src lists failed (offline?): $(tail -n 1 "$work/apt.log")"
  (cd "$work" && apt-get "${A[@]}" source --download-only lmdb) >>"$work/apt.log" 2>&1 \
    || skip "apt-get source lmdb failed: $(tail -n 1 "$work/apt.log")"
  dsc=$(ls "$work"/lmdb_*.dsc | head -n 1)
  (cd "$work" && dpkg-source -x "$dsc" src) >>"$work/apt.log" 2>&1 || { bad "dpkg-source -x $dsc"; echo "$pass passed, $fail failed"; exit 1; }
  src=$work/src/libraries/liblmdb
fi
version=$(ls "$work"/lmdb_*.dsc 2>/dev/null | sed 's/.*lmdb_//; s/\.dsc$//')
echo "LMDB $version from Debian's source package"

# ---- Build twice, with Debian's build flags.
cppflags=$(dpkg-buildflags --get CPPFLAGS 2>/dev/null || echo "-D_FORTIFY_SOURCE=2")
cflags=$(dpkg-buildflags --get CFLAGS 2>/dev/null || echo "-g -O2")
progs="mdb_stat mdb_copy mdb_dump mdb_load mtest mtest2 mtest3 mtest4 mtest5"
for b in libc fastmem; do
  rm -rf "$work/$b" && cp -r "$src" "$work/$b"
  extra=""
  [ $b = fastmem ] && extra="-include $root/fastmem.h -DFASTMEM_REPLACE_LIBC"
  if make -C "$work/$b" -j2 CC=gcc CPPFLAGS="$cppflags" XCFLAGS="$cflags $extra" $progs >"$work/$b.build.log" 2>&1; then
    ok "build ($b): make with CFLAGS+='$cflags${extra:+ $extra}' CPPFLAGS='$cppflags'"
  else
    bad "build ($b)"; tail -n 20 "$work/$b.build.log"; echo "$pass passed, $fail failed"; exit 1
  fi
done
# The drop-in build warns exactly where the plain one does (no new warning).
warnings() { grep -E '(warning|error):' "$work/$1.build.log" | sed 's/ \[-W.*//' | sort; }
if [ "$(warnings libc)" = "$(warnings fastmem)" ]; then
  ok "the drop-in build has no warning the plain one lacks ($(warnings libc | grep -c .) in both)"
else
  bad "the drop-in build warns differently:"; diff <(warnings libc) <(warnings fastmem) | head -n 20
fi

# ---- The calls went through fastmem: count the call sites of the libc
# functions in LMDB's objects. What remains in the fastmem build is code the
# compiler generated itself (struct copies, loops it recognised as memmove).
sites() { objdump -dr --no-show-raw-insn "$1" | grep -cE "R_[A-Z0-9_]+[[:space:]]+$2(@PLT)?([-+]|\$)"; }
for f in memcpy memmove memset memcmp; do
  l=0 m=0
  for o in mdb.o midl.o mdb_load.o mdb_dump.o mdb_copy.o mdb_stat.o; do
    l=$((l + $(sites "$work/libc/$o" "(__)?$f(_chk)?"))); m=$((m + $(sites "$work/fastmem/$o" "(__)?$f(_chk)?")))
  done
  echo "     call sites of $f (and __${f}_chk): libc build $l, fastmem build $m"
  if [ "$m" -lt "$l" ]; then ok "$f: the source's calls go through fastmem ($m compiler-generated left)"
  else bad "$f: fastmem build still has $m call sites (libc build $l)"; fi
done

# ---- LMDB's own tests, on both builds.
for b in libc fastmem; do
  for t in mtest mtest2 mtest3 mtest4 mtest5; do
    rm -rf "$work/$b/testdb" && mkdir "$work/$b/testdb"
    if (cd "$work/$b" && ./$t && ./mdb_stat testdb) >"$work/$b.$t.log" 2>&1; then ok "LMDB test $t + mdb_stat ($b)"
    else bad "LMDB test $t ($b)"; tail -n 5 "$work/$b.$t.log"; fi
  done
done

# ---- Workload: a dump with random-order keys, loaded, compacted, dumped.
# On tmpfs when there is one (LMDB's fsyncs would otherwise time the disk).
data=$work/data
[ -d /dev/shm ] && [ -w /dev/shm ] && data=/dev/shm/fastmem-realworld.$$
rm -rf "$data" && mkdir -p "$data"
trap 'rm -rf /dev/shm/fastmem-realworld.$$' EXIT
records=100000 rounds=3
[ "$quick" = quick ] && records=20000 rounds=1
awk -v n=$records 'BEGIN {
  srand(12345)
  print "VERSION=3"; print "format=bytevalue"; print "type=btree"; print "mapsize=2147483648"
  print "maxreaders=126"; print "HEADER=END"
  for (i = 0; i < n; i++) {
    # key: 8 to 32 bytes, a random prefix then the record number (unique)
    k = sprintf("%08x%08x", int(rand() * 4294967296), i)
    kl = 8 + int(rand() * 4) * 8
    while (length(k) < 2 * kl) k = k sprintf("%02x", int(rand() * 256))
    # value: 16 to 1000 bytes, mostly short
    vl = 16 + int(rand() * rand() * 984); v = ""
    while (length(v) < 2 * vl) v = v sprintf("%08x", int(rand() * 4294967296))
    print " " k; print " " substr(v, 1, 2 * vl)
  }
  print "DATA=END" }' > "$data/in.dump"
echo "     workload: $records records ($(du -m "$data/in.dump" | cut -f1) MiB dump), $rounds round(s), the builds alternating"

# run NAME BUILD TOOL ARGS...: time one tool, append "wall user+sys" to $work/t.NAME.BUILD
run() {
  local name=$1 b=$2 tool=$3; shift 3
  local TIMEFORMAT="%R %U %S"
  { time "$work/$b/$tool" "$@" >/dev/null 2>"$work/$b.$name.err" || bad "$tool ($b): $(tail -n 1 "$work/$b.$name.err")"; } 2>>"$work/t.$name.$b"
}
rm -f "$work"/t.*
for r in $(seq 1 $rounds); do
  for b in libc fastmem; do
    rm -rf "$data/$b.db" "$data/$b.copy" && mkdir -p "$data/$b.db" "$data/$b.copy"
    run load $b mdb_load -f "$data/in.dump" "$data/$b.db"
    run copy $b mdb_copy -c "$data/$b.db" "$data/$b.copy"
    run dump $b mdb_dump -f "$data/$b.out" "$data/$b.copy"
  done
done
# median of column 1 (wall) or of user+sys
med() { awk -v c=$2 '{ print (c == 1 ? $1 : $2 + $3) }' "$1" | sort -g | awk '{ a[NR] = $1 } END { printf "%.3f", a[int((NR + 1) / 2)] }'; }
printf '     %-13s %-12s %8s %10s %8s   %s\n' "LMDB tool" "median of $rounds" "libc s" "fastmem s" "ratio" "(ratio > 1: fastmem faster)"
for w in load copy dump; do
  for c in 1 2; do
    l=$(med "$work/t.$w.libc" $c) m=$(med "$work/t.$w.fastmem" $c)
    printf '     %-13s %-12s %8s %10s %8s\n' "$(case $w in load) echo mdb_load;; copy) echo "mdb_copy -c";; dump) echo mdb_dump;; esac)" \
      "$([ $c = 1 ] && echo wall || echo user+sys)" "$l" "$m" "$(awk -v l=$l -v m=$m 'BEGIN { printf "%.3f", (m > 0 ? l / m : 0) }')"
  done
done
# Both builds stored the same data: their dumps are identical, and each
# dump has every record of the input.
if cmp -s "$data/libc.out" "$data/fastmem.out"; then ok "the two builds' databases dump identically"
else bad "the libc and fastmem builds' databases differ"; fi
want=$(grep -c '^ ' "$data/in.dump") got=$(grep -c '^ ' "$data/fastmem.out")
if [ "$want" = "$got" ]; then ok "every record is in the fastmem build's database ($((got / 2)))"
else bad "fastmem build's dump has $got data lines, the input $want"; fi
rm -rf "$data"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
