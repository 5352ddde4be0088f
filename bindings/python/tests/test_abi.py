"""The binding is the header: the public header's functions, the library's exports and
what the module binds are one set; the package is installed with its libraries."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import brace
from brace import _native

REPO = Path(__file__).resolve().parents[3]


def header_functions():
    names = set()
    for h in sorted((REPO / "include" / "brace").glob("*.h")):
        if h.name == "brace_plugin.h":
            continue  # the plugin ABI: a table of function pointers, nothing exported
        text = re.sub(r"/\*.*?\*/", "", h.read_text(), flags=re.S)
        names |= set(re.findall(r"\b(brace_[a-z0-9_]+)\s*\(", text))
    # Drop names used inside other declarations (types, callback parameters).
    return {n for n in names if re.search(r"[\w\*]\s+\**%s\s*\(" % n, "\n".join(
        re.sub(r"/\*.*?\*/", "", h.read_text(), flags=re.S) for h in (REPO / "include" / "brace").glob("*.h")))}


def library_exports(path):
    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("nm is not installed")
    out = subprocess.run([nm, "-D", "--defined-only", path], check=True, capture_output=True, text=True).stdout
    return {line.split()[-1].split("@")[0] for line in out.splitlines() if line.split()[1:2] in (["T"], ["W"])}


def test_header_exports_and_bindings_are_the_same_set():
    declared = header_functions()
    exported = library_exports(_native.LIBRARY_PATH)
    bound = _native.bound_functions()
    assert len(declared) > 100
    assert declared == exported, (declared ^ exported)
    assert bound == declared, (bound ^ declared)


def test_the_object_model_wraps_every_animation_function():
    # brace/animation.h is wrapped whole (ctx.animate, tick, sample, view.presentation_frame
    # ...): a function appended to it needs its Python form.
    text = re.sub(r"/\*.*?\*/", "", (REPO / "include" / "brace" / "animation.h").read_text(), flags=re.S)
    declared = set(re.findall(r"\bbrace_status\s+(brace_[a-z0-9_]+)\s*\(", text))
    package = Path(brace.__file__).parent
    source = "\n".join(p.read_text(encoding="utf-8") for p in package.glob("*.py"))
    assert len(declared) == 9
    assert {n for n in declared if "lib." + n not in source} == set()


def test_the_package_bundles_libbrace_the_built_in_plugins_and_flow():
    here = Path(brace.__file__).parent / "_lib"
    names = sorted(p.name for p in here.glob("*.so"))
    lines = (REPO / "mk" / "plugins").read_text().splitlines()
    builtin = [f"lib{line.split()[2]}.so" for line in lines if line.strip() and not line.startswith("#")]
    assert builtin, "mk/plugins lists no plugin"
    assert names == sorted(["libbrace.so", "libbrace_flow.so"] + builtin)
    if "BRACE_LIBRARY" not in os.environ:
        assert Path(_native.LIBRARY_PATH).resolve() == (here / "libbrace.so").resolve()


def test_the_bundled_library_needs_no_swift_runtime():
    ldd = shutil.which("ldd")
    if ldd is None:
        pytest.skip("ldd is not installed")
    for so in (Path(brace.__file__).parent / "_lib").glob("*.so"):
        out = subprocess.run([ldd, str(so)], capture_output=True, text=True).stdout
        assert "libswift" not in out, f"{so.name} needs the Swift runtime:\n{out}"


@pytest.fixture
def c():
    """A context made through the generated binding (the raw C ABI), destroyed after the
    test."""
    ffi, lib = _native.ffi, _native.lib
    out = ffi.new("brace_context **")
    _native.check(None, lib.brace_context_create(ffi.NULL, out))
    yield out[0]
    lib.brace_context_destroy(out[0])


def test_an_error_status_becomes_an_exception_with_the_engines_message(c):
    ffi, lib = _native.ffi, _native.lib
    out = ffi.new("brace_rect *")
    with pytest.raises(brace.StaleHandle) as info:
        node = ffi.new("brace_node *")
        _native.check(c, lib.brace_node_create(c, node))
        _native.check(c, lib.brace_node_destroy(c, node[0]))
        _native.check(c, lib.brace_node_get_frame(c, node[0], out))
    assert "stale" in str(info.value)
    assert info.value.status == "BRACE_E_STALE_HANDLE"
    assert isinstance(info.value, ValueError)


def test_header_constants_are_exposed():
    from brace import _constants
    assert _constants.BRACE_PRIORITY_REQUIRED == 1000.0
    assert _constants.BRACE_STACK_SPACING_USE_DEFAULT > 1e308
    assert str(_constants.BRACE_STACK_SPACING_USE_SYSTEM) == "-0.0"


def test_BRACE_LIBRARY_points_the_bindings_at_another_build():
    # Another copy than the bundled one: what `make install` staged (make test runs it
    # first), or the Embedded build it installs from, or a SwiftPM release build.
    candidates = [REPO / ".build-stage" / "install" / "lib" / "libbrace.so.0",
                  REPO / ".build" / "embedded" / "libbrace.so",
                  REPO / ".build" / "release" / "libbrace.so"]
    other = next((c for c in candidates if c.exists()), None)
    if other is None:
        pytest.skip("no other build of libbrace in the repository")
    code = ("import brace, brace._native as n; c = n.ffi.new('brace_context **'); "
            "n.check(None, n.lib.brace_context_create(n.ffi.NULL, c)); n.lib.brace_context_destroy(c[0]); "
            "print(brace.LIBRARY_PATH)")
    # The same package as this process imported (installed, or the source tree).
    env = dict(os.environ, BRACE_LIBRARY=str(other), PYTHONPATH=str(Path(brace.__file__).resolve().parents[1]))
    import sys
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd="/", check=True, capture_output=True, text=True)
    assert out.stdout.strip() == str(other)


def test_many_values_are_read_in_one_call_and_a_bad_handle_writes_nothing(c):
    ffi, lib = _native.ffi, _native.lib
    handles = []
    for k in range(3):
        v = ffi.new("brace_variable *")
        _native.check(c, lib.brace_variable_create(c, v))
        term = ffi.new("brace_term[1]", [{"item": v[0], "attribute": lib.BRACE_ATTR_NONE, "coefficient": 1.0}])
        con = ffi.new("brace_constraint *")
        _native.check(c, lib.brace_constraint_create_linear(c, term, 1, lib.BRACE_RELATION_EQUAL, 10.0 * (k + 1), con))
        _native.check(c, lib.brace_constraint_activate(c, con[0]))
        handles.append(v[0])
    arr = ffi.new("brace_variable[]", handles)
    out = ffi.new("double[]", [-1.0, -1.0, -1.0])
    _native.check(c, lib.brace_variables_get_values(c, arr, 3, out))
    assert list(out) == [10.0, 20.0, 30.0]
    stale = ffi.new("brace_variable *")
    _native.check(c, lib.brace_variable_create(c, stale))
    _native.check(c, lib.brace_variable_destroy(c, stale[0]))
    arr = ffi.new("brace_variable[]", [handles[0], stale[0], handles[2]])
    out = ffi.new("double[]", [-1.0, -1.0, -1.0])
    with pytest.raises(brace.StaleHandle) as info:
        _native.check(c, lib.brace_variables_get_values(c, arr, 3, out))
    assert "variables[1]" in str(info.value)
    assert list(out) == [-1.0, -1.0, -1.0]


def test_a_constraint_is_weighted_at_creation(c):
    # brace_constraint_add_on_variables_weighted (0.11), through the generated binding: x == 0
    # at weight 3 and x == 10 at weight 1 in one level cost 3x + (10 - x) = 10 + 2x for x
    # in 0...10, least at 0; a weight outside 1e-3...1e6 creates nothing.
    ffi, lib = _native.ffi, _native.lib
    v = ffi.new("brace_variable *")
    _native.check(c, lib.brace_variable_create(c, v))
    one = ffi.new("double[1]", [1.0])
    con = ffi.new("brace_constraint *")
    for value, weight in ((0.0, 3.0), (10.0, 1.0)):
        _native.check(c, lib.brace_constraint_add_on_variables_weighted(
            c, v, one, 1, lib.BRACE_RELATION_EQUAL, value, 500.0, weight, con))
    out = ffi.new("double *")
    _native.check(c, lib.brace_variable_get_value(c, v[0], out))
    assert out[0] == 0.0
    _native.check(c, lib.brace_constraint_get_weight(c, con[0], out))
    assert out[0] == 1.0
    con[0] = 0
    with pytest.raises(brace.InvalidArgument) as info:
        _native.check(c, lib.brace_constraint_add_on_variables_weighted(
            c, v, one, 1, lib.BRACE_RELATION_EQUAL, 4.0, 500.0, 0.0, con))
    assert "1e-3...1e6" in str(info.value)
    assert con[0] == 0


def test_a_reset_context_is_empty_and_refuses_its_old_handles(c):
    # brace_context_reset (0.12), through the generated binding: x >= 5 is gone with the
    # reset (x <= 1 is then accepted), and x's old handle is another context's.
    ffi, lib = _native.ffi, _native.lib
    one = ffi.new("double[1]", [1.0])
    con = ffi.new("brace_constraint *")
    old = ffi.new("brace_variable *")
    _native.check(c, lib.brace_variable_create(c, old))
    _native.check(c, lib.brace_constraint_add_on_variables(
        c, old, one, 1, lib.BRACE_RELATION_GREATER_EQUAL, 5.0, 1000.0, con))
    _native.check(c, lib.brace_context_reset(c))
    out = ffi.new("double *")
    with pytest.raises(brace.ForeignHandle) as info:
        _native.check(c, lib.brace_variable_get_value(c, old[0], out))
    assert "another context" in str(info.value)
    new = ffi.new("brace_variable *")
    _native.check(c, lib.brace_variable_create(c, new))
    _native.check(c, lib.brace_constraint_add_on_variables(
        c, new, one, 1, lib.BRACE_RELATION_LESS_EQUAL, 1.0, 1000.0, con))
    _native.check(c, lib.brace_constraint_add_on_variables(
        c, new, one, 1, lib.BRACE_RELATION_EQUAL, 1.0, 1000.0, con))
    _native.check(c, lib.brace_variable_get_value(c, new[0], out))
    assert out[0] == 1.0
    assert lib.brace_context_reset(ffi.NULL) == lib.BRACE_E_INVALID_ARGUMENT


def test_the_bundled_flow_strategy_wraps_a_row():
    ctx = brace.Context()
    row = ctx.view(frame=(0, 0, 100, 100))
    row.layout_strategy = "flow"
    for _ in range(3):
        v = ctx.view()
        v.set_intrinsic_content_size((40, 20))
        row.add_subview(v)
    ctx.run_update_cycle()
    # 40 + 8 + 40 = 88 fits in 100; the third (88 + 8 + 40 = 136) wraps to a line 20 + 8 below.
    assert [tuple(v.frame) for v in row.subviews] == [(0, 0, 40, 20), (48, 0, 40, 20), (0, 28, 40, 20)]
