#!/bin/sh
# swift-plugin.sh ROOT PREFIX WORK KIND
# docs/plugins.md's Swift plugin, built as that page says (KIND: embedded or regular) in
# an empty folder from the installed files alone (PREFIX's headers, module map and
# brace.pc), then loaded from C by Tests/install/plugin_check.c, by path and by name on
# BRACE_PLUGIN_PATH. Environment: CC (default cc), VALGRIND (with its flags; empty: none).
set -eu
root=$1 prefix=$2 work=$3 kind=$4
doc="$root/docs/plugins.md"
dir="$work/swift-plugin-$kind"
rm -rf "$dir" && mkdir -p "$dir"
"$root/Tests/install/extract.sh" "$doc" "file: column.swift" > "$dir/column.swift"
"$root/Tests/install/extract.sh" "$doc" "file: exports.map" > "$dir/exports.map"
"$root/Tests/install/extract.sh" "$doc" "run: $kind" > "$dir/build.sh"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
(cd "$dir" && sh -eu build.sh)
# Only the entry is exported.
exports=$(nm -D --defined-only "$dir/libbrace_column.so" | awk '{ print $3 }')
[ "$exports" = brace_plugin_entry ] || { echo "exports of libbrace_column.so: $exports" >&2; exit 1; }
${CC:-cc} -std=c11 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags brace) \
  -o "$dir/plugin_check" "$root/Tests/install/plugin_check.c" $(pkg-config --libs brace)
BRACE_PLUGIN_PATH="$dir" ${VALGRIND:-} "$dir/plugin_check" "$dir/libbrace_column.so" column
