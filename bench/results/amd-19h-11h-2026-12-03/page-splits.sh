#!/bin/sh
# Stores across a 4 KiB boundary on this CPU: test/cliff.c's page-split rows
# (calls of 100, 300 and 2000 B over dst % 4096, normally built only with
# FASTMEM_AVOID_PAGE_SPLITS), forced on in the default build too, the other
# rows off; then glibc against fastmem at one crossing placement
# (page-splits-peers.c). Output: page-splits.txt. Run from the repository
# root: sh bench/results/amd-19h-11h-2026-12-03/page-splits.sh
set -e
h=bench/results/amd-19h-11h-2026-12-03
o=${TMPDIR:-/tmp}/page-splits
mkdir -p "$o"
sed -e 's/^static const int page_splits_avoided = 0;/static const int page_splits_avoided = 1;/' \
    -e '/^    for (si = 0; si < sizeof sizes.*si++)$/s/si = 0; /si = 0; 0 \&\& /' \
    -e 's/^    run_mapping_ends(ends);/    (void)run_mapping_ends;/' \
    -e "s#\"../bench/timing.h\"#\"$PWD/bench/timing.h\"#" test/cliff.c > "$o/splits.c"
gcc -std=c11 -O2 -I. "$o/splits.c" -o "$o/sp_def" -lm
gcc -std=c11 -O2 -DFASTMEM_AVOID_PAGE_SPLITS -I. "$o/splits.c" -o "$o/sp_avoid" -lm
gcc -O2 -I. $h/page-splits-peers.c -o "$o/peers"
for b in sp_def sp_avoid; do echo "## $b"; "$o/$b" -v || true; done
echo "## peers"; "$o/peers"
