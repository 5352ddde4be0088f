"""The tools built on Brace's Python package: scene files (brace.tools.scene), pictures of
a layout (brace.tools.render) and the ``brace`` command (brace.tools.cli).

They import :mod:`brace` and never the reverse: the package reaches them only lazily
(``brace.render``, ``brace.load_scene``, ``View._repr_svg_``, ``python -m brace``).
"""
