#!/bin/sh
# Stack placement against the same program: the environment's size moves the
# stack (address randomisation off); fastmem's A and B columns are the same code.
# usage: sh envpad.sh PROG ARGS...   (prints pad, then the program's rows)
prog=$1; shift
for pad in $(seq 0 ${STEP:-256} 4095); do
  p=$(head -c $pad /dev/zero | tr '\0' x)
  printf 'pad %5d: ' $pad
  env -i PATH=/usr/bin:/bin PAD="$p" setarch -R taskset -c 0 "$prog" "$@" | awk '$1 ~ /^[0-9]+$/ {printf "%s %s/%s/%s  ", $1, $2, $3, $4}'
  echo
done
