#!/bin/sh
# contention.sh PROG ARGS: PROG alone on cpu 0, then with load.c running
# on cpu 1 (LOAD=stream: sets of 32 MiB, the default; LOAD=l1: 512-byte copies), twice each.
for k in 1 2; do
  echo "alone:"; taskset -c 0 "$@"
  taskset -c 1 ./load & pid=$!; sleep 0.3
  echo "load on cpu 1 (LOAD=${LOAD:-stream}):"; taskset -c 0 "$@"
  kill $pid; wait $pid 2>/dev/null
done
