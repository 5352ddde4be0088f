"""matplotlib's constrained layout solved by brace.kiwi places every axes where
kiwisolver does: four real figures, each drawn in a fresh process (matplotlib imports
kiwisolver once, so brace.kiwi is put in its place before matplotlib loads), the axes
positions compared to 1e-9 of the figure. matplotlib mixes required constraints with
strong, medium and weak edits and constraints; these figures do not tell weights from
strict levels apart (test_kiwi_weights.py does), they check the drop-in on a real client."""

import subprocess
import sys

import pytest

pytest.importorskip("matplotlib")
pytest.importorskip("kiwisolver")

FIGURES = r'''
import sys
if sys.argv[1] == "brace":
    import brace.kiwi
    sys.modules["kiwisolver"] = brace.kiwi
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import kiwisolver
print("solver", kiwisolver.__name__)

def record(fig, name):
    fig.canvas.draw()
    for i, ax in enumerate(fig.axes):
        print(name, i, " ".join("%.9f" % x for x in ax.get_position().bounds))
    plt.close(fig)

fig, axs = plt.subplots(3, 3, layout="constrained")          # colorbars, titles, labels
for ax in axs.flat:
    im = ax.imshow(np.arange(12).reshape(3, 4))
    fig.colorbar(im, ax=ax)
    ax.set_title("title")
    ax.set_xlabel("x label")
record(fig, "grid")

fig, axs = plt.subplots(2, 2, layout="constrained")          # suptitle, a shared colorbar
fig.suptitle("Big title")
ims = [ax.pcolormesh(np.random.RandomState(0).rand(5, 5)) for ax in axs.flat]
fig.colorbar(ims[0], ax=axs, shrink=0.6)
record(fig, "shared-colorbar")

fig, axd = plt.subplot_mosaic("AAB;CDB", layout="constrained")  # spanning cells
for k, ax in axd.items():
    ax.set_title(k)
    ax.set_ylabel("long y label " * 2)
record(fig, "mosaic")

fig = plt.figure(layout="constrained")                        # nested subfigures
left, right = fig.subfigures(1, 2, wspace=0.07)
axes = list(left.subplots(2, 1)) + list(right.subplots(1, 3))
left.suptitle("left")
right.suptitle("right")
for ax in axes:
    ax.plot([1, 2, 3])
    ax.set_xlabel("xx")
record(fig, "subfigures")
'''


def _positions(solver):
    out = subprocess.run([sys.executable, "-c", FIGURES, solver], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    return lines[0], {tuple(line.split()[:2]): [float(x) for x in line.split()[2:]] for line in lines[1:]}


def test_constrained_layout_places_every_axes_as_kiwisolver_does():
    kiwi_name, kiwi = _positions("kiwi")
    brace_name, ours = _positions("brace")
    assert (kiwi_name, brace_name) == ("solver kiwisolver", "solver brace.kiwi")
    # 9 axes + 9 colorbars, 4 + 1, 4 and 5: every axes of the four figures.
    assert len(kiwi) == 32 and set(ours) == set(kiwi)
    for key, bounds in kiwi.items():
        assert ours[key] == pytest.approx(bounds, abs=1e-9), key
