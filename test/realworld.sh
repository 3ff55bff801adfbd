#!/usr/bin/env bash
# fastmem's drop-in mode on real code bases from Debian's source packages:
#   lmdb     LMDB, a B-tree key-value store (plain Makefile)
#   sqlite3  SQLite, an SQL database engine (autoconf; sqliteInt.h defines
#            _GNU_SOURCE itself, and os_unix.c then uses mremap)
#   zlib     zlib, the deflate library (its own configure; gzguts.h defines
#            _POSIX_SOURCE itself)
# Each is built twice with its own build system and Debian's build flags
# (dpkg-buildflags: -O2, _FORTIFY_SOURCE=2, ...): once as is and once in
# drop-in mode, which adds one flag, -I<fastmem>/dropin, and nothing else.
# Then, for each project:
#   - the drop-in build warns exactly where the plain one does;
#   - call sites of the C library's memcpy/memmove/memset/memcmp (and their
#     _chk forms) in the project's objects: the drop-in build must have
#     fewer; what is left is code the compiler generated itself (struct
#     copies, loops it recognised);
#   - the text size of a program or two, plain against drop-in (printed);
#   - the project's own tests (or a quick subset of them) pass on both;
#   - its own tools or benchmark run on one workload, the two builds
#     alternating, and the medians are printed (libc time / fastmem time).
#
#   test/realworld.sh [quick] [PROJECT...]   quick: smaller workloads, one round
#
# Needs apt-get, dpkg-source (dpkg-dev), make, gcc, binutils, tclsh (SQLite
# generates its amalgamation with it) and the network to Debian's archive.
# A project whose source or tools are missing prints "SKIPPED: project:
# reason" and the others go on; under CI (CI=true) that is a failure. The
# code is fetched into $BUILD/realworld, never into the repository.
# Ends with "N passed, M failed".
set -u
cd "$(dirname "$0")/.."
root=$PWD
work=${BUILD:-build}/realworld
mkdir -p "$work" && work=$(cd "$work" && pwd)
quick=""
[ "${1:-}" = quick ] && { quick=quick; shift; }
projects=${*:-lmdb sqlite3 zlib}
pass=0 fail=0
ok() { echo "ok   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
# skip PROJECT REASON: locally a skip, under CI a failure
skip() {
  if [ "${CI:-}" = true ]; then bad "$1 (CI must run this): $2"
  else echo "SKIPPED: $1: $2"; fi
}
rounds=3
[ "$quick" = quick ] && rounds=1
DROPIN="-I$root/dropin"
cppflags=$(dpkg-buildflags --get CPPFLAGS 2>/dev/null || echo "-D_FORTIFY_SOURCE=2")
cflags=$(dpkg-buildflags --get CFLAGS 2>/dev/null || echo "-g -O2")
ldflags=$(dpkg-buildflags --get LDFLAGS 2>/dev/null || echo "")
missing=""
for t in apt-get dpkg-source make gcc nm objdump awk cmp; do
  command -v $t >/dev/null 2>&1 || missing="$missing $t"
done
if [ -n "$missing" ]; then
  for p in $projects; do skip "$p" "no$missing (realworld needs apt-get, dpkg-dev, make, gcc, binutils)"; done
  echo "$pass passed, $fail failed"; [ "$fail" = 0 ]; exit
fi
echo "drop-in flag: $DROPIN; Debian's CPPFLAGS: $cppflags; CFLAGS: $cflags"

# ---- Fetch: deb-src entries derived from this machine's apt sources, in a
# private apt state (the system's configuration is not touched).
# fetch PACKAGE: unpack its source into $work/src-PACKAGE (once); sets src
# and version, or fails with the reason in $work/apt.log.
apt_ready=""
fetch() {
  local p=$1 dsc
  src=$work/src-$p
  dsc=$(ls "$work"/${p}_*.dsc 2>/dev/null | head -n 1)
  if [ ! -d "$src" ] || [ -z "$dsc" ]; then
    local apt=$work/apt
    if [ -z "$apt_ready" ]; then
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
      echo "apt-get update of the deb-src lists (private state in $apt)"
      apt-get "${A[@]}" update >"$work/apt.log" 2>&1 || { echo "apt-get update of the deb-src lists failed (offline?): $(tail -n 1 "$work/apt.log")" >"$work/fetch.err"; return 1; }
      apt_ready=yes
    fi
    echo "fetching the $p source package (apt-get source)"
    # A mirror can list a version whose files it does not serve (seen: a 404
    # on bookworm-security's zlib while bookworm's own zlib was there), so
    # every version the lists name is tried, newest first (then apt's own
    # choice, should the lists name none).
    local v got=""
    for v in $(apt-cache "${A[@]}" showsrc "$p" | sed -n 's/^Version: //p' | sort -u -r -V) ""; do
      rm -f "$work"/${p}_*
      (cd "$work" && apt-get "${A[@]}" source --download-only "$p${v:+=$v}") >>"$work/apt.log" 2>&1 \
        && { got=yes; break; }
      echo "   apt-get source $p${v:+=$v} failed: $(tail -n 1 "$work/apt.log")"
    done
    [ -n "$got" ] || { echo "apt-get source $p failed for every version listed: $(tail -n 1 "$work/apt.log")" >"$work/fetch.err"; return 1; }
    dsc=$(ls "$work"/${p}_*.dsc | head -n 1)
    rm -rf "$src"
    (cd "$work" && dpkg-source -x "$dsc" "$src") >>"$work/apt.log" 2>&1 \
      || { echo "dpkg-source -x $dsc failed" >"$work/fetch.err"; return 1; }
  fi
  version=$(basename "$dsc" .dsc); version=${version#${p}_}
}
A=(-o Dir::Etc::SourceList="$work/apt/sources.list" -o Dir::Etc::SourceParts="$work/apt/sources.list.d"
   -o Dir::State::Lists="$work/apt/lists" -o Dir::Cache="$work/apt/cache" -o APT::Sandbox::User=root
   -o Debug::NoLocking=1 -qq)

# ---- Shared checks ------------------------------------------------------------
# same_warnings P: the drop-in build log warns exactly where the plain one does
same_warnings() {
  local w='(warning|error):'
  warnings() { grep -E "$w" "$work/$1/$2.build.log" | sed 's/ \[-W.*//; s|/libc/|/B/|; s|/fastmem/|/B/|' | sort; }
  if [ "$(warnings $1 libc)" = "$(warnings $1 fastmem)" ]; then
    ok "$1: the drop-in build has no warning the plain one lacks ($(warnings $1 libc | grep -c .) in both)"
  else bad "$1: the drop-in build warns differently:"; diff <(warnings $1 libc) <(warnings $1 fastmem) | head -n 20; fi
}
# call_sites P OBJ...: call sites of the libc functions in OBJ (paths under
# each build's directory), plain against drop-in
sites() { objdump -dr --no-show-raw-insn "$1" | grep -cE "R_[A-Z0-9_]+[[:space:]]+(__)?$2(_chk)?(@PLT)?([-+]|\$)"; }
call_sites() {
  local p=$1 f o l m; shift
  for f in memcpy memmove memset memcmp; do
    l=0 m=0
    for o in "$@"; do
      l=$((l + $(sites "$work/$p/libc/$o" $f))); m=$((m + $(sites "$work/$p/fastmem/$o" $f)))
    done
    echo "     $p: call sites of $f (and __${f}_chk): libc build $l, fastmem build $m"
    if [ "$l" = 0 ] && [ "$m" = 0 ]; then ok "$p: $f: no call sites in either build"
    elif [ "$m" -lt "$l" ]; then ok "$p: $f: the source's calls go through fastmem ($m compiler-generated left)"
    else bad "$p: $f: fastmem build still has $m call sites (libc build $l)"; fi
  done
}
# text_size P FILE...: text bytes of the linked FILEs (paths under each
# build's directory), plain against drop-in (what the README's drop-in
# section quotes; the long paths are one copy per program, the short paths
# inlined at each call site)
text_size() {
  local p=$1 f l m; shift
  for f in "$@"; do
    l=$(size "$work/$p/libc/$f" | awk 'NR == 2 { print $1 }') m=$(size "$work/$p/fastmem/$f" | awk 'NR == 2 { print $1 }')
    echo "     $p: text of $f: libc build $l bytes, fastmem build $m ($(awk -v l=$l -v m=$m 'BEGIN { printf "%+.1f%%", 100 * (m - l) / l }'))"
  done
}
# timed P NAME B CMD...: time CMD (in $work/P/B) once, append "wall user sys"
# (the command's own output is redirected inside in_build, so that only
# time's line reaches the t. file)
in_build() {
  local p=$1 name=$2 b=$3; shift 3
  (cd "$work/$p/$b" && "$@") >"$work/$p/$b.$name.out" 2>"$work/$p/$b.$name.err" \
    || bad "$p: $name ($b): $(tail -n 1 "$work/$p/$b.$name.err")"
}
timed() {
  local TIMEFORMAT="%R %U %S"
  { time in_build "$@"; } 2>>"$work/$1/t.$2.$3"
}
# medians P "NAME LABEL"...: the table of medians, libc against fastmem
med() { awk -v c=$2 '{ print (c == 1 ? $1 : $2 + $3) }' "$1" | sort -g | awk '{ a[NR] = $1 } END { printf "%.3f", a[int((NR + 1) / 2)] }'; }
medians() {
  local p=$1 w c l m; shift
  printf '     %-24s %-9s %8s %10s %8s   %s\n' "$p (median of $rounds)" "" "libc s" "fastmem s" "ratio" "(ratio > 1: fastmem faster)"
  for w in "$@"; do
    for c in 1 2; do
      l=$(med "$work/$p/t.${w%% *}.libc" $c) m=$(med "$work/$p/t.${w%% *}.fastmem" $c)
      printf '     %-24s %-9s %8s %10s %8s\n' "${w#* }" "$([ $c = 1 ] && echo wall || echo user+sys)" "$l" "$m" \
        "$(awk -v l=$l -v m=$m 'BEGIN { printf "%.3f", (m > 0 ? l / m : 0) }')"
    done
  done
}
# build P B CMD...: run a build step in $work/P/B, logged; fails the project
build() {
  local p=$1 b=$2; shift 2
  (cd "$work/$p/$b" && "$@") >>"$work/$p/$b.build.log" 2>&1 && return
  bad "$p: build ($b): $*"; tail -n 20 "$work/$p/$b.build.log"; return 1
}
# ramdir: a fresh directory on tmpfs when there is one (the databases' fsyncs
# would otherwise time the disk)
ramdir() {
  local d=$work/data
  [ -d /dev/shm ] && [ -w /dev/shm ] && d=/dev/shm/fastmem-realworld.$$
  rm -rf "$d" && mkdir -p "$d" && echo "$d"
}
trap 'rm -rf /dev/shm/fastmem-realworld.$$' EXIT

# ---- LMDB -------------------------------------------------------------------
# Tests: mtest .. mtest5 + mdb_stat. Timing: mdb_load of a generated dump
# (random-order keys: page splits, key compares, commits every 100 records),
# mdb_copy -c (compacting copy) and mdb_dump.
project_lmdb() {
  fetch lmdb || { skip lmdb "$(cat "$work/fetch.err")"; return; }
  echo "== LMDB $version"
  local b progs="mdb_stat mdb_copy mdb_dump mdb_load mtest mtest2 mtest3 mtest4 mtest5" t data
  mkdir -p "$work/lmdb" && rm -f "$work/lmdb"/*.log "$work/lmdb"/t.*
  for b in libc fastmem; do
    rm -rf "$work/lmdb/$b" && cp -r "$src/libraries/liblmdb" "$work/lmdb/$b"
    local extra=""; [ $b = fastmem ] && extra=" $DROPIN"
    build lmdb $b make -j2 CC=gcc CPPFLAGS="$cppflags" XCFLAGS="$cflags$extra" $progs || return
    ok "lmdb: build ($b): make CPPFLAGS='$cppflags' XCFLAGS='$cflags$extra'"
  done
  same_warnings lmdb
  call_sites lmdb mdb.o midl.o mdb_load.o mdb_dump.o mdb_copy.o mdb_stat.o
  text_size lmdb mdb_load mtest
  for b in libc fastmem; do
    for t in mtest mtest2 mtest3 mtest4 mtest5; do
      rm -rf "$work/lmdb/$b/testdb" && mkdir "$work/lmdb/$b/testdb"
      if (cd "$work/lmdb/$b" && ./$t && ./mdb_stat testdb) >"$work/lmdb/$b.$t.log" 2>&1; then ok "lmdb: test $t + mdb_stat ($b)"
      else bad "lmdb: test $t ($b)"; tail -n 5 "$work/lmdb/$b.$t.log"; fi
    done
  done
  data=$(ramdir)
  local records=100000; [ "$quick" = quick ] && records=20000
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
  echo "     lmdb workload: $records records ($(du -m "$data/in.dump" | cut -f1) MiB dump), $rounds round(s), the builds alternating"
  for r in $(seq 1 $rounds); do
    for b in libc fastmem; do
      rm -rf "$data/$b.db" "$data/$b.copy" && mkdir -p "$data/$b.db" "$data/$b.copy"
      timed lmdb load $b ./mdb_load -f "$data/in.dump" "$data/$b.db"
      timed lmdb copy $b ./mdb_copy -c "$data/$b.db" "$data/$b.copy"
      timed lmdb dump $b ./mdb_dump -f "$data/$b.out" "$data/$b.copy"
    done
  done
  medians lmdb "load mdb_load" "copy mdb_copy -c" "dump mdb_dump"
  # Both builds stored the same data: their dumps are identical, and each
  # dump has every record of the input.
  if cmp -s "$data/libc.out" "$data/fastmem.out"; then ok "lmdb: the two builds' databases dump identically"
  else bad "lmdb: the libc and fastmem builds' databases differ"; fi
  local want got
  want=$(grep -c '^ ' "$data/in.dump") got=$(grep -c '^ ' "$data/fastmem.out")
  if [ "$want" = "$got" ]; then ok "lmdb: every record is in the fastmem build's database ($((got / 2)))"
  else bad "lmdb: fastmem build's dump has $got data lines, the input $want"; fi
  rm -rf "$data"
}

# ---- SQLite -------------------------------------------------------------------
# Its autoconf build (static library, no TCL extension) generates the
# amalgamation sqlite3.c and builds the library, the sqlite3 shell and
# mptester; speedtest1.c (SQLite's benchmark) is compiled with the same flags
# and linked to that library. Tests: mptester on the scripts of "make mptest"
# (SQLite's multi-process tests, every result checked; fewer repeats and
# journal modes than make mptest, which takes minutes), speedtest1 --verify (each build prints
# a hash of every result; the two must match) and an SQL script through both
# shells (outputs identical). The full TCL suite is too slow for CI.
# Timing: speedtest1 on an in-memory database.
project_sqlite3() {
  fetch sqlite3 || { skip sqlite3 "$(cat "$work/fetch.err")"; return; }
  command -v tclsh >/dev/null 2>&1 || { skip sqlite3 "no tclsh (package tcl): SQLite generates its amalgamation with it"; return; }
  echo "== SQLite $version"
  local b o size=25 hash_l hash_m
  [ "$quick" = quick ] && size=5
  mkdir -p "$work/sqlite3" && rm -f "$work/sqlite3"/*.log "$work/sqlite3"/t.*
  for b in libc fastmem; do
    rm -rf "$work/sqlite3/$b" && mkdir -p "$work/sqlite3/$b"
    local extra=""; [ $b = fastmem ] && extra=" $DROPIN"
    build sqlite3 $b "$src/configure" --disable-shared --disable-tcl --disable-readline --disable-editline \
      CC=gcc CPPFLAGS="$cppflags" CFLAGS="$cflags$extra" LDFLAGS="$ldflags" || return
    build sqlite3 $b make sqlite3.c || return
    build sqlite3 $b make -j2 sqlite3 mptester || return
    o=sqlite3.o; [ -f "$work/sqlite3/$b/$o" ] || o=.libs/sqlite3.o
    build sqlite3 $b gcc $cppflags $cflags$extra -I. -o speedtest1 "$src/test/speedtest1.c" $o $ldflags -lm -lpthread -ldl || return
    ok "sqlite3: build ($b): configure CPPFLAGS='$cppflags' CFLAGS='$cflags$extra'; make sqlite3 mptester; speedtest1"
  done
  same_warnings sqlite3
  o=sqlite3.o; [ -f "$work/sqlite3/libc/$o" ] || o=.libs/sqlite3.o
  call_sites sqlite3 $o
  text_size sqlite3 sqlite3 speedtest1
  for b in libc fastmem; do
    # make mptest's scripts with 3 repeats instead of 20, in two of its four
    # journal modes, on tmpfs: about 1/25 of its time (minutes on disk)
    local mt n=0 errs=0 m=$(ramdir)
    : >"$work/sqlite3/$b.mptest.log"
    for mt in "crash01.test DELETE" "multiwrite01.test WAL" "crash01.test WAL" "multiwrite01.test DELETE"; do
      rm -f "$m"/mptest.db*
      (cd "$work/sqlite3/$b" && ./mptester "$m/mptest.db" "$src/mptest/${mt% *}" --repeat 3 --journalmode ${mt#* }) \
        >>"$work/sqlite3/$b.mptest.log" 2>&1 || errs=$((errs + 1))
      n=$((n + $(grep -E 'errors out of' "$work/sqlite3/$b.mptest.log" | tail -n 1 | awk '{ print $6 }')))
    done
    rm -rf "$m"
    if [ $errs = 0 ] && [ "$(grep -c '^Summary: 0 errors out of' "$work/sqlite3/$b.mptest.log")" = 4 ]; then
      ok "sqlite3: mptester, make mptest's scripts, 3 repeats, DELETE and WAL journals ($b): 0 errors out of $n tests"
    else bad "sqlite3: mptester ($b)"; grep -E 'errors out of|Error' "$work/sqlite3/$b.mptest.log" | tail -n 8; fi
    (cd "$work/sqlite3/$b" && ./speedtest1 --verify --size 5 --memdb) >"$work/sqlite3/$b.verify.log" 2>&1 \
      || bad "sqlite3: speedtest1 --verify ($b): $(tail -n 1 "$work/sqlite3/$b.verify.log")"
  done
  hash_l=$(grep -o 'Verification Hash: [0-9]*' "$work/sqlite3/libc.verify.log")
  hash_m=$(grep -o 'Verification Hash: [0-9]*' "$work/sqlite3/fastmem.verify.log")
  if [ -n "$hash_l" ] && [ "$hash_l" = "$hash_m" ]; then ok "sqlite3: speedtest1 --verify, the same results in both builds ($hash_l)"
  else bad "sqlite3: speedtest1 --verify: libc '$hash_l', fastmem '$hash_m'"; fi
  # An SQL script through each build's shell: blobs, strings, sorting,
  # grouping, an index, updates that move rows, a dump.
  cat > "$work/sqlite3/script.sql" <<'SQL'
CREATE TABLE t(id INTEGER PRIMARY KEY, k TEXT, v BLOB, n REAL);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 20000)
  INSERT INTO t SELECT i, printf('%08x-%s', (i * 2654435761) % 4294967296, substr(hex(zeroblob(i % 40)), 1, i % 77)),
                       zeroblob(i % 3000), i / 7.0 FROM c;
UPDATE t SET v = CAST(k || k AS BLOB) WHERE id % 3 = 0;
UPDATE t SET k = replace(k, '0', 'zz') WHERE id % 5 = 0;
CREATE INDEX tk ON t(k);
DELETE FROM t WHERE id % 11 = 0;
SELECT count(*), sum(length(v)), sum(length(k)), total(n) FROM t;
SELECT k, length(v) FROM t ORDER BY k LIMIT 20 OFFSET 5000;
SELECT length(k) % 9 AS g, count(*), max(k), min(hex(substr(v, 1, 4))) FROM t GROUP BY g ORDER BY g;
SELECT group_concat(substr(k, 1, 3), '') FROM (SELECT k FROM t ORDER BY k DESC LIMIT 300);
SELECT hex(substr(v, 100, 16)) FROM t WHERE id IN (3, 300, 3000, 19998);
VACUUM;
PRAGMA integrity_check;
SQL
  for b in libc fastmem; do
    rm -f "$work/sqlite3/$b/script.db"
    (cd "$work/sqlite3/$b" && ./sqlite3 script.db < ../script.sql && ./sqlite3 script.db .dump | md5sum) \
      >"$work/sqlite3/$b.script.out" 2>&1 || bad "sqlite3: SQL script ($b): $(tail -n 1 "$work/sqlite3/$b.script.out")"
  done
  if cmp -s "$work/sqlite3/libc.script.out" "$work/sqlite3/fastmem.script.out" && grep -q '^ok$' "$work/sqlite3/fastmem.script.out"; then
    ok "sqlite3: an SQL script gives the same output and dump in both builds' shells ($(wc -l < "$work/sqlite3/fastmem.script.out") lines)"
  else bad "sqlite3: the SQL script's output differs between the builds"; diff "$work/sqlite3/libc.script.out" "$work/sqlite3/fastmem.script.out" | head -n 10; fi
  echo "     sqlite3 workload: speedtest1 --size $size --memdb, $rounds round(s), the builds alternating"
  for r in $(seq 1 $rounds); do
    for b in libc fastmem; do timed sqlite3 speed $b ./speedtest1 --size $size --memdb; done
  done
  medians sqlite3 "speed speedtest1 --size $size"
}

# ---- zlib -----------------------------------------------------------------------
# Its configure and Makefile (static library, Debian's extra flags: -O3 -Wall
# -D_REENTRANT). Tests: "make test" (example and minigzip) and a round trip
# of the workload through minigzip, compared with cmp. Timing: minigzip -6
# and minigzip -d on a text corpus (zlib's own sources, repeated).
project_zlib() {
  fetch zlib || { skip zlib "$(cat "$work/fetch.err")"; return; }
  echo "== zlib $version"
  local b data reps=24
  [ "$quick" = quick ] && reps=4
  mkdir -p "$work/zlib" && rm -f "$work/zlib"/*.log "$work/zlib"/t.*
  for b in libc fastmem; do
    rm -rf "$work/zlib/$b" && cp -r "$src" "$work/zlib/$b"
    local extra=""; [ $b = fastmem ] && extra=" $DROPIN"
    build zlib $b env CC=gcc CFLAGS="$cflags $cppflags -Wall -D_REENTRANT -O3$extra" LDFLAGS="$ldflags" ./configure --static || return
    build zlib $b make -j2 libz.a example minigzip || return
    ok "zlib: build ($b): configure --static with CFLAGS='$cflags $cppflags -Wall -D_REENTRANT -O3$extra'"
  done
  same_warnings zlib
  call_sites zlib adler32.o crc32.o deflate.o infback.o inffast.o inflate.o inftrees.o trees.o zutil.o \
    compress.o uncompr.o gzclose.o gzlib.o gzread.o gzwrite.o
  text_size zlib minigzip example
  for b in libc fastmem; do
    if (cd "$work/zlib/$b" && make teststatic) >"$work/zlib/$b.test.log" 2>&1 && grep -q '\*\*\* zlib test OK \*\*\*' "$work/zlib/$b.test.log"; then
      ok "zlib: make teststatic ($b)"
    else bad "zlib: make teststatic ($b)"; tail -n 8 "$work/zlib/$b.test.log"; fi
  done
  data=$(ramdir)
  for i in $(seq 1 $reps); do cat "$src"/*.[ch] "$src"/ChangeLog "$src"/doc/*.txt; done > "$data/corpus"
  echo "     zlib workload: $(du -m "$data/corpus" | cut -f1) MiB of text, $rounds round(s), the builds alternating"
  for r in $(seq 1 $rounds); do
    for b in libc fastmem; do
      timed zlib deflate $b sh -c "./minigzip -6 < '$data/corpus' > '$data/$b.gz'"
      timed zlib inflate $b sh -c "./minigzip -d < '$data/$b.gz' > '$data/$b.out'"
    done
  done
  medians zlib "deflate minigzip -6" "inflate minigzip -d"
  if cmp -s "$data/libc.gz" "$data/fastmem.gz" && cmp -s "$data/corpus" "$data/fastmem.out"; then
    ok "zlib: both builds compress the corpus to the same bytes, and the drop-in build restores it"
  else bad "zlib: the builds' output differs, or the round trip does not restore the corpus"; fi
  rm -rf "$data"
}

for p in $projects; do
  case $p in
    lmdb|sqlite3|zlib) project_$p ;;
    *) bad "unknown project $p (lmdb, sqlite3, zlib)" ;;
  esac
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
