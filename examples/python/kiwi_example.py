"""A classic kiwisolver program on Brace: only the import differs.

Three boxes in a window, enaml-style: each box has left/width/right, the boxes sit in a
row with 10-point gaps inside 10-point margins, prefer a width of 100 (strong), and the
middle one should stay twice as wide as the others (medium). Then the window's right
edge is dragged with an edit variable, and the layout is printed at each step.

Run from the repository:
    PYTHONPATH=bindings/python python3 examples/python/kiwi_example.py
(with kiwisolver installed, `--kiwisolver` runs the very same code on it.)
"""

import sys

if "--kiwisolver" in sys.argv:
    import kiwisolver
else:
    from brace import kiwi as kiwisolver

Variable, Solver, strength = kiwisolver.Variable, kiwisolver.Solver, kiwisolver.strength


class Box:
    def __init__(self, name):
        self.name = name
        self.left = Variable(name + ".left")
        self.width = Variable(name + ".width")
        self.right = Variable(name + ".right")

    def constraints(self):
        return [self.right == self.left + self.width, self.width >= 20]

    def __repr__(self):
        return "%-6s [%6.1f .. %6.1f] width %6.1f" % (self.name, self.left.value(), self.right.value(),
                                                     self.width.value())


def main():
    window_width = Variable("window.width")
    boxes = [Box("a"), Box("b"), Box("c")]
    solver = Solver()
    solver.addConstraint(window_width >= 0)
    for box in boxes:
        for c in box.constraints():
            solver.addConstraint(c)
        solver.addConstraint((box.width == 100) | "strong")
    solver.addConstraint(boxes[0].left == 10)
    for a, b in zip(boxes, boxes[1:]):
        solver.addConstraint(b.left == a.right + 10)
    solver.addConstraint(boxes[-1].right + 10 == window_width)
    solver.addConstraint((boxes[1].width == 2 * boxes[0].width) | strength.medium)
    solver.addConstraint((boxes[2].width == boxes[0].width) | strength.create(0, 1, 0))

    solver.addEditVariable(window_width, "strong")
    for w in (340, 600, 200, 90):
        solver.suggestValue(window_width, w)
        solver.updateVariables()
        print("window width %g -> %g" % (w, window_width.value()))
        for box in boxes:
            print("   ", box)

    # A required minimum wins over the strong window edit: the window grows.
    solver.addConstraint(boxes[0].width >= 500)
    # a.left == 10 and a.width >= 20 make this impossible: refused, nothing changes.
    # (kiwisolver itself keeps part of a refused constraint in its tableau, its issue
    # #52: run with --kiwisolver and box a ends with a negative width.)
    try:
        solver.addConstraint(boxes[0].right <= 5)
    except kiwisolver.UnsatisfiableConstraint as e:
        print("refused:", e.args[0])
    solver.updateVariables()
    print("with a.width >= 500, window width %g:" % window_width.value())
    for box in boxes:
        print("   ", box)


if __name__ == "__main__":
    main()
