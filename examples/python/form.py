"""A small sign-in form laid out with Brace from Python, then printed.

Two ways to build the same kind of form:
  * constraints: labels in a column whose width is the widest label, fields filling the rest;
  * stacks: a vertical stack of horizontal rows.

Run from the repository: PYTHONPATH=bindings/python python3 examples/python/form.py
"""

import brace


def label(ctx, text, char_width=7, line_height=17):
    """A stand-in for a text label: its intrinsic size comes from its text."""
    v = ctx.view()
    v.name = "label %r" % text
    v.translates_autoresizing_mask = False
    v.set_intrinsic_content_size((char_width * len(text), line_height))
    v.set_baseline_offsets(first=13, last=4)
    return v


def field(ctx, name):
    """A stand-in for a text field: 28 points tall, any width."""
    v = ctx.view()
    v.name = "field %r" % name
    v.translates_autoresizing_mask = False
    v.set_intrinsic_content_size((None, 28))
    v.set_baseline_offsets(first=19, last=9)
    return v


def constraint_form(width=320):
    ctx = brace.Context()
    root = ctx.view(frame=(0, 0, width, 480))
    root.name = "window"
    root.layout_margins = (20, 16, 20, 16)
    rows = [("Name", "name"), ("E-mail", "email"), ("Password", "password")]
    labels, fields, cs = [], [], []
    prev = None
    for text, name in rows:
        lab, fld = label(ctx, text), field(ctx, name)
        root.add_subview(lab)
        root.add_subview(fld)
        cs += [
            lab.leading == root.leading_margin,
            fld.leading == lab.trailing + 8,
            fld.trailing == root.trailing_margin,
            lab.first_baseline == fld.first_baseline,
            fld.top == (root.top_margin if prev is None else prev.bottom + 12),
        ]
        if labels:
            cs.append(fld.leading == fields[0].leading)  # the fields line up
        labels.append(lab)
        fields.append(fld)
        prev = fld
    button = ctx.view()
    button.name = "button 'Sign in'"
    button.translates_autoresizing_mask = False
    button.set_intrinsic_content_size((80, 32))
    root.add_subview(button)
    cs += [button.trailing == root.trailing_margin, button.top == prev.bottom + 20]
    brace.activate(cs)
    ctx.run_update_cycle()
    return root, labels + fields + [button]


def stack_form(width=320):
    ctx = brace.Context()
    # 3 rows of 28 points with 12 between them: 108 points tall.
    form = brace.Stack(ctx, axis="vertical", alignment="fill", spacing=12, frame=(0, 0, width, 108))
    form.name = "stack"
    views = []
    for text in ("Name", "E-mail", "Password"):
        row = brace.Stack(ctx, axis="horizontal", alignment="center", spacing=8)
        lab, fld = label(ctx, text), field(ctx, text.lower())
        lab.set_intrinsic_content_size((70, 17))  # a fixed label column
        row.add_subview(lab)
        row.add_subview(fld)
        form.add_subview(row)
        views += [lab, fld]
    ctx.run_update_cycle()
    return form, views


def frame_in_root(v):
    """The frame in the root's coordinates (no bounds offsets in this example)."""
    x, y, w, h = v.frame
    s = v.superview
    while s is not None and s.superview is not None:
        x, y = x + s.frame.x, y + s.frame.y
        s = s.superview
    return brace.Rect(x, y, w, h)


def show(title, root, views):
    print(title)
    print("  %-22s %s" % (root.name, tuple(root.frame)))
    for v in views:
        f = frame_in_root(v)
        print("  %-22s x=%5g y=%5g w=%5g h=%5g" % (v.name, f.x, f.y, f.width, f.height))
    print()


if __name__ == "__main__":
    root, views = constraint_form()
    show("Form with constraints:", root, views)
    print(root.description())
    form, views = stack_form()
    show("Form with stacks:", form, views)
