#!/bin/sh
# readme-plugin.sh ROOT PREFIX WORK
# README.md's build line for examples/plugins/flow.c, run as written (in a folder where
# its relative paths, include/ and examples/, lead to the repository's), so the line
# cannot drift from what the plugin needs: the library it makes must leave no symbol
# unresolved (`ldd -r`: a missing -lm shows there), export only the entry, and lay out
# from C (Tests/install/plugin_check.c). Environment: CC (default cc), VALGRIND.
set -eu
root=$1 prefix=$2 work=$3
line=$(sed -n '/^## Writing a layout plugin/,/^## [^W]/p' "$root/README.md" |
  sed -n 's/^ *`\(cc .*libbrace_flow\.so.*\)`$/\1/p')
[ -n "$line" ] && [ "$(printf '%s\n' "$line" | wc -l)" -eq 1 ] ||
  { echo "README.md: no single \`cc ... libbrace_flow.so ...\` line under 'Writing a layout plugin'" >&2; exit 1; }
dir="$work/readme-plugin"
rm -rf "$dir" && mkdir -p "$dir"
ln -s "$root/include" "$dir/include"
ln -s "$root/examples" "$dir/examples"
echo "$line"
(cd "$dir" && sh -eu -c "$line")
if ldd -r "$dir/libbrace_flow.so" 2>&1 | grep -i 'undefined symbol'; then
  echo "README.md's build line leaves symbols of libbrace_flow.so unresolved" >&2
  exit 1
fi
exports=$(nm -D --defined-only "$dir/libbrace_flow.so" | awk '{ print $3 }')
[ "$exports" = brace_plugin_entry ] || { echo "exports of libbrace_flow.so: $exports" >&2; exit 1; }
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
${CC:-cc} -std=c11 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags brace) \
  -o "$dir/plugin_check" "$root/Tests/install/plugin_check.c" $(pkg-config --libs brace)
BRACE_PLUGIN_PATH="$dir" ${VALGRIND:-} "$dir/plugin_check" "$dir/libbrace_flow.so" flow
