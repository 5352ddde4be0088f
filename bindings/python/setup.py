"""Builds the Brace libraries in release and bundles them in the package.

`pip install ./bindings/python` (from the repository) builds libbrace.so and the built-in
plugins with Embedded Swift (mk/embedded.sh, as `make install` does: no Swift runtime in
them), copies them into brace/_lib (libbrace finds the plugins next to itself), and
writes what the bindings read at import time:
brace/_brace_cffi.py, cffi's out-of-line ABI module of the public header (the declarations
parsed here, once, so that an import parses nothing and never loads pycparser), and
brace/_constants.py, the header's numeric macros; and it compiles brace/_kiwi.c, the
CPython extension that runs brace.kiwi's operators and frequent solver calls (it links
nothing: brace.kiwi hands it the functions of the libbrace that _native.py loaded). The
wheel is therefore tagged for this CPython and platform (cp3X-cp3X-linux_*).

Environment: SWIFT (the swift executable; default: on PATH, else /opt/swift/usr/bin/swift),
CC (the C preprocessor driver and compiler, default cc), BRACE_SCRATCH (the build folder: the libraries go to
BRACE_SCRATCH/embedded; default <repository>/.build), BRACE_SKIP_SWIFT_BUILD=1 (use
libraries built beforehand).
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from setuptools import Command, Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
INCLUDE = REPO / "include"


def swift_executable():
    if os.environ.get("SWIFT"):
        return os.environ["SWIFT"]
    found = shutil.which("swift")
    if found:
        return found
    fallback = Path("/opt/swift/usr/bin/swift")
    if fallback.exists():
        return str(fallback)
    sys.exit("brace: no Swift toolchain found (set SWIFT, or put swift on PATH) to build libbrace.so")


def preprocess_header():
    """The public header as cffi can read it: no preprocessor lines, no system headers
    (cffi knows the standard integer types, bool and size_t itself), no attributes."""
    cc = os.environ.get("CC", "cc")
    with tempfile.TemporaryDirectory() as fake:
        for name in ("stdint.h", "stdbool.h", "stddef.h"):
            Path(fake, name).write_text("")
        out = subprocess.run(
            [cc, "-E", "-P", "-nostdinc", "-I", fake, "-I", str(INCLUDE), "-D__attribute__(x)=",
             str(INCLUDE / "brace" / "brace.h")],
            check=True, capture_output=True, text=True).stdout
    return out


DEFINE = re.compile(r"^#define\s+(BRACE_[A-Z0-9_]+)\s+\(?\s*(-?[0-9][0-9.eE+\-]*)[uUfF]?\s*\)?\s*$")
# Bit constants: (1u << 9), 0xFFFFu.
SHIFT = re.compile(r"^#define\s+(BRACE_[A-Z0-9_]+)\s+\(\s*([0-9]+)[uU]?\s*<<\s*([0-9]+)\s*\)\s*$")
HEX = re.compile(r"^#define\s+(BRACE_[A-Z0-9_]+)\s+(0x[0-9A-Fa-f]+)[uU]?\s*$")


def header_constants():
    """The numeric #define constants of the public headers (version, priorities, masks,
    sentinels), which preprocessing removes."""
    out = {}
    for h in sorted((INCLUDE / "brace").glob("*.h")):
        if h.name == "brace_plugin.h":
            continue
        for line in h.read_text().splitlines():
            line = line.strip()
            m = DEFINE.match(line)
            if m:
                name, value = m.groups()
                out[name] = float(value) if any(c in value for c in ".eE") else int(value)
            elif SHIFT.match(line):
                name, value, shift = SHIFT.match(line).groups()
                out[name] = int(value) << int(shift)
            elif HEX.match(line):
                name, value = HEX.match(line).groups()
                out[name] = int(value, 16)
    return out


def write_cffi_module(out: Path):
    """brace/_brace_cffi.py: cffi's out-of-line ABI mode. The builder parses the header
    (pycparser, slow: about half of an import's time when it ran at import) and writes
    the declarations as tables that `_cffi_backend` loads directly."""
    from cffi import FFI

    builder = FFI()
    builder.cdef(preprocess_header())
    builder.set_source("brace._brace_cffi", None)  # None: ABI mode, nothing compiled
    builder.emit_python_code(str(out))


def build_flow_plugin(out: Path):
    """The example `flow` strategy (examples/plugins/flow.c), built as a user builds a
    plugin: the system C compiler, the public header, nothing linked but libm. Bundled so
    that scenes can use "flow" with no set-up."""
    cc = os.environ.get("CC", "cc")
    subprocess.run([cc, "-std=c11", "-O2", "-shared", "-fPIC", "-fvisibility=hidden", "-s",
                    "-I", str(INCLUDE), "-o", str(out), str(REPO / "examples" / "plugins" / "flow.c"), "-lm"],
                   check=True)


def builtin_plugins():
    """The built-in plugins' library names, from the one list mk/plugins (strategy, SwiftPM
    target, library a line)."""
    lines = (REPO / "mk" / "plugins").read_text().splitlines()
    return [line.split()[2] for line in lines if line.strip() and not line.startswith("#")]


def stage(target: Path, embedded: Path):
    """Puts the libraries and the generated files into the package folder `target`."""
    libs = target / "_lib"
    libs.mkdir(parents=True, exist_ok=True)
    shutil.copy2(embedded / "libbrace.so", libs / "libbrace.so")
    plugins = [embedded / f"lib{name}.so" for name in builtin_plugins()]
    if not all(p.exists() for p in plugins):
        sys.exit(f"brace: the built-in plugins (mk/plugins) are missing in {embedded}")
    for p in plugins:
        shutil.copy2(p, libs / p.name)
    build_flow_plugin(libs / "libbrace_flow.so")
    write_cffi_module(target / "_brace_cffi.py")
    consts = header_constants()
    lines = ["# Generated by setup.py from include/brace/*.h: the headers' numeric macros.", ""]
    lines += [f"{k} = {v!r}" for k, v in sorted(consts.items())]
    (target / "_constants.py").write_text("\n".join(lines) + "\n")


def build_embedded(embedded: Path):
    if os.environ.get("BRACE_SKIP_SWIFT_BUILD") != "1":
        env = dict(os.environ, SWIFTC=str(Path(swift_executable()).with_name("swiftc")))
        parts = ["core"] + [name.removeprefix("brace_") for name in builtin_plugins()]
        subprocess.run([str(REPO / "mk" / "embedded.sh"), str(embedded), *parts],
                       cwd=REPO, check=True, env=env)


def scratch_embedded() -> Path:
    return Path(os.environ.get("BRACE_SCRATCH", REPO / ".build")) / "embedded"


class BuildWithLibraries(build_py):
    def run(self):
        # setuptools reuses build/lib between builds: a module moved or removed in the
        # source (brace/cli.py went to brace/tools/) would still be installed from it.
        shutil.rmtree(Path(self.build_lib) / "brace", ignore_errors=True)
        super().run()
        embedded = scratch_embedded()
        build_embedded(embedded)
        stage(Path(self.build_lib) / "brace", embedded)


class DevLibraries(Command):
    """`python3 setup.py dev_libs`: builds the libraries and puts them, with the generated
    files, into the source folder, so that PYTHONPATH=bindings/python (and the tests with
    BRACE_TEST_SOURCE=1) work without installing."""
    description = "stage the libraries and generated files into the source tree"
    user_options = []

    def initialize_options(self):
        pass

    def finalize_options(self):
        pass

    def run(self):
        embedded = scratch_embedded()
        build_embedded(embedded)
        stage(HERE / "brace", embedded)
        build_ext = self.distribution.get_command_obj("build_ext")
        build_ext.inplace = True
        self.run_command("build_ext")


# brace.kiwi's hot paths; the public headers give it the C ABI's types.
KIWI = Extension("brace._kiwi", ["brace/_kiwi.c"], include_dirs=[str(INCLUDE)], extra_compile_args=["-O2"],
                 extra_link_args=["-s"])

setup(cmdclass={"build_py": BuildWithLibraries, "dev_libs": DevLibraries}, ext_modules=[KIWI])
