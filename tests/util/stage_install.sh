# Sourced by the tests that build against an installed d3d12rt (tests/external,
# tests/conformance): stage_install BUILD_DIR installs the build into a scratch prefix
# (removed on exit) and sets $stage and $prefix; stage_pc NAME copies the staged NAME.pc
# into $stage/pkgconfig with its prefix pointed at the staged copy, which pkg-config then
# finds first.
stage_install() {
    stage=$(mktemp -d)
    trap 'rm -rf "$stage"' EXIT
    meson install -C "$1" --no-rebuild --quiet --destdir "$stage" >/dev/null
    mkdir -p "$stage/pkgconfig"
    export PKG_CONFIG_PATH="$stage/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
}

stage_pc() {
    local pc
    pc=$(find "$stage" -name "$1.pc" -not -path "$stage/pkgconfig/*" | head -n 1)
    [ -n "$pc" ] || { echo "$1.pc was not installed"; exit 1; }
    # The .pc names the configured prefix; point it at the staged copy instead.
    prefix=$(sed -n 's/^prefix=//p' "$pc")
    sed "s|^prefix=.*|prefix=$stage$prefix|" "$pc" > "$stage/pkgconfig/$1.pc"
}
