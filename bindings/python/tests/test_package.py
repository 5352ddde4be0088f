"""The package's shape: `brace` is the binding and the object model, `brace.tools` (scene
files, pictures, the command) builds on it. The package reaches the tools only through
its lazy hooks, so `import brace` loads none of them, and its own modules import each
other without a cycle."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import brace

PACKAGE = Path(brace.__file__).resolve().parent

# Where a module outside brace.tools may reach the tools: the package's lazy names
# (brace.render, brace.load_scene ...), `python -m brace`, and Jupyter's picture of a view.
LAZY_HOOKS = {("brace", "__getattr__"), ("brace.__main__", ""), ("brace.core", "View._repr_svg_")}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(path: Path):
    """(what is imported, enclosing function's qualified name or "") for every import of
    `path` outside `if TYPE_CHECKING:`, names in full (brace.errors.BraceError); an
    importlib.import_module call answers "?" (not known before it runs)."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []

    def resolve(node):
        if isinstance(node, ast.Import):
            return [a.name for a in node.names]
        base = package.split(".")[:len(package.split(".")) - max(0, node.level - 1)] if node.level else []
        mod = ".".join(base + ([node.module] if node.module else []))
        return [mod + "." + a.name for a in node.names]

    def walk(node, scope):
        for child in ast.iter_child_nodes(node):
            if _is_type_checking(child):
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.extend((t, scope) for t in resolve(child))
            elif isinstance(child, ast.Call) and ast.unparse(child.func).endswith("import_module"):
                found.append(("?", scope))
            inner = scope
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = (scope + "." if scope else "") + child.name
            walk(child, inner)

    walk(ast.parse(path.read_text(encoding="utf-8")), "")
    return module, found


def _modules() -> dict:
    return dict(_imports(p) for p in sorted(PACKAGE.rglob("*.py")))


def _in_tools(name: str) -> bool:
    return name == "brace.tools" or name.startswith("brace.tools.")


def _module_of(name: str, modules) -> str:
    """The module a full name lies in (brace.errors for brace.errors.BraceError), "" when
    it is not one of the package's."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name


def test_only_the_lazy_hooks_of_the_package_reach_the_tools():
    modules = _modules()
    offenders = []
    for module, imports in modules.items():
        if _in_tools(module):
            continue
        for target, scope in imports:
            if (target == "?" or _in_tools(target)) and (module, scope) not in LAZY_HOOKS:
                offenders.append("%s (%s) imports %s" % (module, scope or "module level", target))
    assert offenders == []
    assert {m for m in modules if _in_tools(m)} >= {"brace.tools.scene", "brace.tools.render", "brace.tools.cli"}


def test_the_object_model_imports_itself_at_module_level_and_without_a_cycle():
    model = {m: i for m, i in _modules().items() if not _in_tools(m)}
    edges = {}
    for module, imports in model.items():
        for target, scope in imports:
            inside = _module_of(target, model)
            if not inside or inside == module or (module, scope) in LAZY_HOOKS:
                continue
            # An import inside a function is how a cycle hides: none in the object model.
            assert scope == "", "%s imports %s inside %s" % (module, target, scope)
            edges.setdefault(module, set()).add(inside)
    state = {}

    def visit(m, path):
        assert state.get(m) != "open", "import cycle: " + " -> ".join(path + [m])
        if state.get(m) == "done":
            return
        state[m] = "open"
        for t in sorted(edges.get(m, ())):
            visit(t, path + [m])
        state[m] = "done"

    for m in sorted(model):
        visit(m, [])
    assert edges["brace.core"] >= {"brace.layout"} and "brace.core" not in edges["brace.layout"]


def _python(code: str) -> str:
    """Runs code in a fresh interpreter on the package this process imported."""
    env = dict(os.environ, PYTHONPATH=str(PACKAGE.parent))
    return subprocess.run([sys.executable, "-c", code], env=env, cwd="/", check=True,
                          capture_output=True, text=True, timeout=120).stdout


def test_importing_brace_and_brace_kiwi_loads_no_tool():
    out = _python("import sys, brace, brace.kiwi; "
                  "print(sorted(m for m in sys.modules if m == 'brace.tools' or m.startswith('brace.tools.')))")
    assert out.strip() == "[]"


def test_importing_brace_and_brace_kiwi_parses_no_header():
    # setup.py parsed the declarations when the package was built (_brace_cffi.py, cffi's
    # out-of-line ABI mode); loading cffi's Python side pulls in pycparser, and parsing a
    # header again was about 90 of an import's 130 ms.
    out = _python(
        "import sys\n"
        "opened = []\n"
        "sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == 'open' else None)\n"
        "import brace, brace.kiwi\n"
        "print(sorted(m for m in sys.modules if m.partition('.')[0] in ('cffi', 'pycparser')))\n"
        "print(sorted(p for p in opened if p.endswith('.h')))\n"
        "print(sys.modules['brace._native'].ffi is getattr(sys.modules.get('brace._brace_cffi'), 'ffi', None))\n")
    assert out.splitlines() == ["[]", "[]", "True"]


def test_importing_brace_and_brace_kiwi_adds_no_costly_standard_module():
    # `re` (with `enum`) is about 5 ms to import, more than the whole of `import kiwisolver`:
    # a merge once brought it back through one re.sub in the error path.
    out = _python("import sys; before = set(sys.modules); import brace, brace.kiwi; "
                  "print(sorted(m for m in set(sys.modules) - before "
                  "if m.partition('.')[0] in ('re', 'enum', 'difflib', 'warnings', 'logging', 'inspect')))")
    assert out.strip() == "[]"


def test_importing_brace_kiwi_loads_only_the_binding():
    # kiwisolver's users need no views: the object model waits for its first name.
    out = _python("import sys, brace.kiwi; print(sorted(m for m in sys.modules if m.startswith('brace')))")
    assert out.strip() == str(sorted(["brace", "brace._brace_cffi", "brace._constants", "brace._kiwi", "brace._native",
                                      "brace.errors", "brace.kiwi"]))


def test_the_object_model_keeps_its_names_at_the_package_top():
    out = _python(
        "import brace, brace.core, brace.layout, brace.animation\n"
        "assert brace.View is brace.core.View and brace.Context is brace.core.Context\n"
        "assert brace.Constraint is brace.layout.Constraint and brace.Spring is brace.animation.Spring\n"
        "assert brace.geometry.Rect is brace.Rect and brace.errors.BraceError is brace.BraceError\n"
        "names = {}\n"
        "exec('from brace import *', names)\n"
        "print(sorted(n for n in names if n != '__builtins__') == sorted(brace.__all__))\n"
        "print({'View', 'Stack', 'visual_format', 'Transaction', 'core', 'StaleHandle', 'version'} <= set(brace.__all__))\n"
        "print({'View', 'render', 'load_scene'} <= set(dir(brace)), 'render' in brace.__all__)\n")
    assert out.split() == ["True", "True", "True", "False"]


def test_the_tools_keep_their_names_at_the_package_top():
    out = _python(
        "import sys, brace\n"
        "import brace.tools.cli, brace.tools.render, brace.tools.scene\n"
        "assert brace.render is sys.modules['brace.tools.render']\n"
        "assert brace.scene is brace.tools.scene and brace.cli is brace.tools.cli\n"
        "assert brace.load_scene is brace.tools.scene.load_scene\n"
        "assert brace.Scene is brace.tools.scene.Scene and brace.SceneError is brace.tools.scene.SceneError\n"
        "from brace import render, load_scene\n"
        "print(callable(render.svg), callable(render.png), callable(load_scene))\n")
    assert out.split() == ["True", "True", "True"]


def test_a_view_draws_itself_in_jupyter_through_the_tools():
    out = _python("import sys, brace\n"
                  "ctx = brace.Context(); v = ctx.view(frame=(0, 0, 40, 30))\n"
                  "svg = v._repr_svg_()\n"
                  "print(svg.startswith('<svg'), 'brace.tools.render' in sys.modules)\n")
    assert out.split() == ["True", "True"]


def test_the_command_is_the_tools_cli():
    from importlib.metadata import PackageNotFoundError, distribution
    try:
        scripts = [e for e in distribution("brace").entry_points if e.group == "console_scripts"]
    except PackageNotFoundError:  # the source tree (BRACE_TEST_SOURCE=1): nothing installed
        scripts = []
    for e in scripts:
        assert (e.name, e.value) == ("brace", "brace.tools.cli:main")
    out = subprocess.run([sys.executable, "-m", "brace", "--version"], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(PACKAGE.parent)), cwd="/", timeout=120)
    assert out.returncode == 0 and out.stdout.startswith("brace ")


def test_no_module_decodes_handles_or_reads_constraints_out_of_report_text():
    # Handles are opaque (brace.handle_info asks brace_handle_get_info) and a diagnostic
    # lists its constraints (brace_diagnostic.constraints).
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for guess in ("0xFFFFFF", "0xFFF)", ">> 24", "<constraint ("):
            assert guess not in text, "%s: %s" % (path.name, guess)
