#!/usr/bin/env bash
# Prints the message type a harness consumes, read from its MLF_TARGET line: the descriptor
# symbol (default) or, with --full-name GEN_DIR, the protobuf full name (e.g. mlf.blas.GemmCase)
# taken from the generated descriptors under GEN_DIR.
# Usage: scripts/target-message.sh HARNESS.c [--full-name GEN_DIR]
set -euo pipefail
harness=${1:?usage: $0 HARNESS.c [--full-name GEN_DIR]}
symbol=$(sed -n 's/^MLF_TARGET([^,]*, *\([A-Za-z0-9_]*\).*/\1/p' "$harness")
[ -n "$symbol" ] || { echo "target-message: no MLF_TARGET(...) line in $harness" >&2; exit 1; }
if [ "${2:-}" != --full-name ]; then echo "$symbol"; exit 0; fi
name=$(grep -rh --include='*.pb-c.c' -A3 "^const ProtobufCMessageDescriptor $symbol =\$" "${3:?GEN_DIR}" |
       sed -n 's/^ *"\([A-Za-z0-9_.]*\)",$/\1/p' | head -n 1)
[ -n "$name" ] || { echo "target-message: $symbol not found under ${3}" >&2; exit 1; }
echo "$name"
