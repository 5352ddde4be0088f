#!/bin/sh
# check.sh RESULTS NAME COMMAND [ARG...]
# Runs COMMAND, prints "ok    NAME" or "FAIL  NAME", and appends "PASS NAME" or
# "FAIL NAME" to the RESULTS file that `make test` counts for its summary line.
# Exits with COMMAND's failure so that make stops at the first failing check.
results=$1
name=$2
shift 2
if "$@"; then
  echo "PASS $name" >>"$results"
  echo "ok    $name"
else
  status=$?
  echo "FAIL $name" >>"$results"
  echo "FAIL  $name (exit status $status)" >&2
  exit 1
fi
