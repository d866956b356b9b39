#!/bin/sh
# The samples' smoke test: runs each built example in a scratch directory, the Async
# Commands one natively and with the fallback forced, and checks that the two pictures
# are PNG files. Each example checks its own results (exit status).
#   run_examples.sh BUILD_EXAMPLES_DIR
set -eu
bin=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"

# No user configuration: the built-in driver, native Async Commands.
export D3D12RT_CONFIG="$scratch/none.ini"
"$bin/example_compute"
"$bin/example_triangle" triangle.png
"$bin/example_textured_quad" textured_quad.png
"$bin/example_async_commands" | tee native.txt
grep -qx 'async_commands: Impl NATIVE' native.txt

printf '[device]\nforce-async-commands-fallback = true\n' > forced.ini
D3D12RT_CONFIG="$scratch/forced.ini" "$bin/example_async_commands" | tee fallback.txt
grep -qx 'async_commands: Impl FALLBACK' fallback.txt

for png in triangle.png textured_quad.png; do
    [ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || { echo "$png is not a PNG" >&2; exit 1; }
done
echo "examples: all ran"
