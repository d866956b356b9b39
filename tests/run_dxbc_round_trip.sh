#!/bin/sh
# The disassembler's promise on the shipped shaders: each .asm assembled, disassembled
# and assembled again gives the same bytes (the disassembler checks it too, exit 1).
#   run_dxbc_round_trip.sh ASSEMBLER DISASSEMBLER SOURCE.asm...
set -eu
asm=$1 disasm=$2
shift 2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$asm" --help >/dev/null
"$disasm" --help >/dev/null
for source in "$@"; do
    "$asm" -o "$scratch/first.dxbc" "$source"
    "$disasm" "$scratch/first.dxbc" -o "$scratch/printed.asm"
    "$asm" -o "$scratch/again.dxbc" "$scratch/printed.asm"
    cmp "$scratch/first.dxbc" "$scratch/again.dxbc" || { echo "$source: other bytes" >&2; exit 1; }
done
echo "round trip: $# shaders"
