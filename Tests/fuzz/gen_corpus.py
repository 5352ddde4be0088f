#!/usr/bin/env python3
"""gen_corpus.py — writes the hand-made seed inputs of Tests/fuzz/fuzz_api.c.

    python3 Tests/fuzz/gen_corpus.py [DIR]      (default: Tests/fuzz/corpus)

Each seed is a small program in the harness's bytecode (see the comment at the top of
fuzz_api.c): the first byte chooses the context's options (0: the defaults, with the
diagnostics callback), then op bytes each followed by their arguments. The op numbers are
read from the harness's own enum, so the two cannot drift apart. Seeds are written as
seed-NAME files; the files libFuzzer adds (`make fuzz-merge`) are named by their hash and
are left alone.
"""
import os
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "fuzz_api.c")

# ---------------------------------------------------------------- the harness's encoding

_list = re.search(r"#define OPS\(X\)(.*?)\n#define", open(SRC).read(), re.S).group(1)
OPS = {"OP_" + name: i for i, name in enumerate(re.findall(r"X\((\w+)\)", _list))}

NUL, ALT = 0x40, 0x80


def op(name, *args, flags=0):
    """The op byte (with the NULL/alternative bits) and its argument bytes."""
    out = bytes([OPS["OP_" + name] | flags])
    for a in args:
        out += a if isinstance(a, (bytes, bytearray)) else bytes([a])
    return out


# Doubles: the table's specials by name, ordinary values 0...103.5 (step 0.5), or raw bits.
_DOUBLES = ["0", "1", "-1", "0.5", "2", "8", "10", "20", "50", "100", "320", "1000", "-0",
            "1e-7", "1e-6", "1e6", "1e6+1", "1e9", "-1e9", "1e9+", "1e15", "1e300", "-1e300",
            "max", "-max", "inf", "-inf", "nan", "min", "denorm", "third", "-8"]


def d(v):
    if isinstance(v, str):
        return bytes([_DOUBLES.index(v)])
    if 0 <= v <= 103.5 and v * 2 == int(v * 2):
        return bytes([32 + int(v * 2)])
    return b"\xf0" + struct.pack(">d", v)


_PRIORITIES = [1000, 750, 250, 1, 2, 49, 50, 251, 500, 749, 999, 999.999, 0, 1001, "nan",
               "inf", -1, 0.5, 1000.0001, 999.5]


def pr(v):
    return bytes([_PRIORITIES.index(v)])


ATTRS = {"none": 0, "left": 1, "right": 2, "top": 3, "bottom": 4, "leading": 5,
         "trailing": 6, "width": 7, "height": 8, "centerx": 9, "centery": 10,
         "lastbaseline": 11, "firstbaseline": 12, "leftmargin": 13, "rightmargin": 14,
         "topmargin": 15, "bottommargin": 16, "leadingmargin": 17, "trailingmargin": 18,
         "centerxmargins": 19, "centerymargins": 20}


def at(name):
    return bytes([ATTRS[name] + 1]) if isinstance(name, str) else bytes([name + 1])


def rel(r):  # "<=", "==", ">="
    return bytes([{"<=": 0, "==": 1, ">=": 2}[r]])


def n(i):  # node pool slot
    return bytes([i])


NODE_NONE, NODE_RAW, NODE_CON, NODE_VAR, NODE_SELF, NODE_FLIP, NODE_MAX, NODE_SUPER = range(0xE0, 0xE8)
c = n  # constraint pool slot
v = n  # variable pool slot


def item_node(i):
    return bytes([2 * i])


def item_var(i):
    return bytes([2 * i + 1])


STRATEGIES = ["frame", "stack", "simplex", "flow", "autoresizing", "", "nope", "Stack", "stack ",
              "libbrace_stack"]
PROPERTIES = ["axis", "distribution", "alignment", "spacing", "layout_margins_relative",
              "baseline_relative", "generate_constraints", "spacing_after", "line_spacing",
              "padding", "break_before", "", "nope", "Spacing"]
ENUMS = ["horizontal", "vertical", "fill", "fill_equally", "fill_proportionally",
         "equal_spacing", "equal_centering", "leading", "first_baseline", "center", "trailing",
         "last_baseline", "", "bogus"]


def name(table, s):
    if s in table:
        return bytes([table.index(s)])
    raw = s.encode()
    return bytes([0xF0, len(raw)]) + raw


# ---------------------------------------------------------------- op helpers


def create(k=1):
    return op("NODE_CREATE") * k


def frame(node, x, y, w, h, flags=0):
    return op("SET_FRAME", n(node), d(x), d(y), d(w), d(h), flags=flags)


def add(parent, child):
    return op("ADD_SUBVIEW", n(parent), n(child))


def cycle():
    return op("RUN_CYCLE")


def con(a, aa, r, b, ba, m, k):
    """A constraint a.aa r m * b.ba + k (b None: a constant constraint)."""
    if b is None:
        return op("CON_CREATE", n(a), at(aa), rel(r), 1, d(m), d(k))
    return op("CON_CREATE", n(a), at(aa), rel(r), 0, n(b), at(ba), d(m), d(k))


def activate(slot, alt=False):
    return op("CON_ACTIVATE", c(slot), flags=ALT if alt else 0)


def batch(slots, alt=False, flags=0):
    return op("CON_BATCH", len(slots), *[c(s) for s in slots], flags=(ALT if alt else 0) | flags)


def callbacks(node, slot, members, program, intrinsic=(-1, -1), flags=0):
    """Install callbacks on `node` running `program` (members: bits 0x02 update_constraints,
    0x04 will_layout, 0x08 layout, 0x10 did_layout, 0x20 draw, 0x40 intrinsic size)."""
    assert len(program) <= 48
    w, h = intrinsic
    return op("SET_CALLBACKS", n(node), slot, members, len(program), program,
              d(w if w != -1 else "-1"), d(h if h != -1 else "-1"), flags=flags)


def measure(node, slot, program, answer, flags=0):
    """A measure callback on `node` answering `answer` (w, h) after running `program`
    (flags: ALT also installs layout_subviews, NUL passes no program)."""
    assert len(program) <= 48
    return op("MEASURE", n(node), slot, len(program), program, d(answer[0]), d(answer[1]), flags=flags)


def scene(w, h, kids, flags=0, per_kid=None):
    """A root of w x h and `kids` children pinned to it with constraints (OP_SCENE)."""
    out = op("SCENE", d(w), d(h), kids - 1, flags=flags)
    for i in range(kids):
        iw, ih, lead, top, r, mult, hmin = per_kid[i] if per_kid else (20, 10, 0, 4, "==", 0.5, 5)
        out += d(iw) + d(ih) + d(lead) + d(top) + rel(r) + d(mult) + d(hmin)
    return out


def set_prop_enum(node, prop, value):
    return op("SET_PROPERTY", n(node), name(PROPERTIES, prop), 3, name(ENUMS, value))


def set_prop_double(node, prop, value):
    return op("SET_PROPERTY", n(node), name(PROPERTIES, prop), 2, d(value))


def set_prop_bool(node, prop, on):
    return op("SET_PROPERTY", n(node), name(PROPERTIES, prop), 0x30 if on else 0)  # kind % 6 == 0: bool


def strategy(node, s):
    return op("SET_STRATEGY", n(node), name(STRATEGIES, s))


# Animation: times forward from the context's clock (by 0, 1/60, 0.05, 0.1, 0.25, 0.5, 1
# or 10 s), backwards (by 1e-9, 1/60, 1 or 100 s), or any double.
def fwd(i):
    return bytes([i])


def back(i):
    return bytes([0xC0 + i])


def at_time(v):
    return b"\xe0" + d(v)


CURVES = {"ease_in_out": 0, "ease_in": 1, "ease_out": 2, "linear": 3, "bezier": 4, "spring": 5}
# Short durations by index: 0, 1/60, 0.1, 0.25, 0.3, 1, 2, 0.
OPT_FROM_CURRENT, OPT_INHERIT_DURATION, OPT_INHERIT_CURVE, OPT_NEW_VIEWS = 1, 2, 4, 8


def begin(curve="linear", duration=5, when=fwd(0), delay=None, options=0, raw_options=None,
          bezier=None, spring=None, completion=None, short=None, flags=0):
    """brace_context_begin_animation: `duration` an index of the short durations, or a
    doubles-table value as a string or float in a tuple ("raw", v); `bezier` four bytes
    (x: b / 254, y: (b - 127) / 63.5; 0xFF then a double); `spring` (damping byte,
    velocity: a damping byte of 21 * k + 20 is 1, of 0 is refused); `completion` (program
    slot, program)."""
    f = CURVES[curve] if isinstance(curve, str) else curve
    raw = isinstance(duration, tuple)
    f |= (0x08 if raw else 0) | (0x10 if delay is not None else 0) | \
        (0x20 if raw_options is not None else 0) | (0x40 if short is not None else 0) | \
        (0x80 if completion else 0)
    out = bytes([f]) + (d(duration[1]) if raw else bytes([duration]))
    if delay is not None:
        out += d(delay)
    out += struct.pack(">I", raw_options) if raw_options is not None else bytes([options])
    if short is not None:
        out += bytes([short])
    if f & 7 == 4:
        out += bytes(bezier or [106, 127, 147, 191])
    if f & 7 == 5:
        damping, velocity = spring or (10, 0)
        out += bytes([damping]) + d(velocity)
    if completion:
        slot, program = completion
        assert len(program) <= 48
        out += bytes([slot, len(program)]) + program
    return op("ANIM_BEGIN", out + when, flags=flags)


def commit(flags=0):
    return op("ANIM_COMMIT", flags=flags)


def without():
    return op("ANIM_COMMIT", flags=ALT)


def tick(when=fwd(0), flags=0):
    return op("ANIM_TICK", when, flags=flags)


def tick_past_all():
    return op("ANIM_TICK", flags=ALT)


def sample(when=fwd(0), cap=8, flags=0):
    return op("ANIM_SAMPLE", when, cap, flags=flags)


def presentation(node, when=fwd(0), flags=0):
    return op("ANIM_QUERY", n(node), 0, when, flags=flags)


def anim_query(node, kind, flags=0):  # 1 is_animating, 2 depth, 3 cancel (ALT: subtree)
    return op("ANIM_QUERY", n(node), kind, flags=flags)


DEFAULTS = b"\x00"  # context options: the defaults, diagnostics callback installed

# ---------------------------------------------------------------- the seeds

SEEDS = {}

# The tree: three nodes, a root with two children, frames, a turn, the queries.
SEEDS["tree"] = DEFAULTS + create(3) + add(0, 1) + add(0, 2) + frame(0, 0, 0, 100, 50) + \
    frame(1, 4, 4, 20, 20) + op("INSERT_SUBVIEW", n(0), n(2), 0) + cycle() + \
    op("TREE_QUERY", n(0), 1) + op("TREE_QUERY", n(0), 3, 32) + op("TREE_QUERY", n(2), 4) + \
    op("TREE_QUERY", n(0), 2, 5) + op("REMOVE_FROM_SUPERVIEW", n(1)) + cycle()

# Bulk creation (brace_node_create_subviews, the NODE_CREATE op's ALT form): three 20 x 20
# views under a stack in one call, laid out; roots; then refused counts, sizes, out NULL.
def create_subviews(parent, count, w, h, flags=0):
    return op("NODE_CREATE", parent, count, d(w), d(h), flags=ALT | flags)


SEEDS["create-subviews"] = DEFAULTS + create(1) + strategy(0, "stack") + \
    frame(0, 0, 0, 100, 20) + create_subviews(n(0), b"\x03", 20, 20) + cycle() + \
    create_subviews(bytes([NODE_NONE]), b"\x02", -1, -1) + \
    create_subviews(n(0), b"\xff", 20, 20) + \
    create_subviews(n(0), b"\xfe\x02\x00\x00\x00", 20, 20) + \
    create_subviews(n(0), b"\x02", "nan", 20) + create_subviews(n(0), b"\x02", 20, 20, flags=NUL) + \
    create_subviews(n(0), b"\x00", 20, 20, flags=NUL) + op("NODE_DESTROY", n(1)) + \
    create_subviews(n(1), b"\x02", 20, 20) + cycle()

# Cycles: a node under itself, under its child, under its grandchild (insert form).
SEEDS["cycles"] = DEFAULTS + create(3) + add(0, 1) + add(1, 2) + add(0, 0) + \
    op("CYCLE", n(0), 1, 0) + op("CYCLE", n(0), 2, 0, 0, 3, flags=ALT) + add(2, 0) + \
    op("INSERT_SUBVIEW", n(1), n(0), 0) + cycle()

# Geometry at the edges: NaN, infinities, DBL_MAX, -0, denormals, huge but finite.
SEEDS["geometry-nan-inf"] = DEFAULTS + create(2) + add(0, 1) + \
    frame(0, "nan", 0, 10, 10) + frame(0, 0, 0, "inf", 10) + frame(0, 0, 0, -1, 10) + \
    frame(1, "max", "-max", "max", "max") + frame(1, "1e300", "1e300", "1e300", "1e300") + \
    op("SET_BOUNDS", n(1), d("-1e300"), d("denorm"), d("max"), d("1e15")) + \
    op("SET_CENTER", n(1), d("max"), d("-max")) + op("SET_CENTER", n(0), d("nan"), d(0)) + \
    op("ALIGNMENT_INSETS", n(1), d("max"), d("-max"), d("1e300"), d("-0")) + \
    op("GEOMETRY_GET", n(1), 5, d("max"), d("max"), d("max"), d("max")) + \
    op("GEOMETRY_GET", n(1), 3) + cycle() + \
    op("FLAGS", n(1), 3, d("nan"), d(0), d(1), d(1)) + \
    op("FLAGS", n(1), 3, d("1e300"), d("-1e300"), d("max"), d("max")) + cycle()

# Autoresizing: masks and a superview resize, with huge sizes.
SEEDS["autoresizing"] = DEFAULTS + create(3) + add(0, 1) + add(1, 2) + \
    frame(0, 0, 0, 100, 100) + frame(1, 10, 10, 80, 80) + frame(2, 5, 5, 10, 10) + \
    op("MASK", n(1), 63) + op("MASK", n(2), 18) + cycle() + frame(0, 0, 0, 103.5, 2) + cycle() + \
    frame(0, 0, 0, "1e15", "1e15") + cycle() + frame(0, 0, 0, 0, 0) + cycle() + \
    op("MASK", n(1), 0x7F, b"\xff\xff\xff\xff") + op("MASK", n(0), 0x80) + \
    frame(0, 0, 0, 50, 50) + cycle()

# Constraint layout through the scene op, then the turn, fitting, ambiguity, description.
SEEDS["scene"] = DEFAULTS + scene(100, 80, 3) + cycle() + \
    op("FITTING", n(0), d(0), d(0), 0, pr(1000), pr(50)) + op("AMBIGUOUS", n(1)) + \
    op("DESCRIPTION", n(0), 5) + op("DESCRIPTION", n(0), 1) + op("DESCRIPTION", n(0), 0) + \
    frame(0, 0, 0, 50, 50) + cycle() + op("CON_QUERY", 2, n(1), 32) + op("CON_QUERY", 3, 32)

# A conflict: required constraints that cannot all hold; broken constraints listed.
SEEDS["conflict"] = DEFAULTS + scene(100, 80, 1) + \
    con(1, "width", "==", None, None, 1, 30) + con(1, "width", "==", None, None, 1, 60) + \
    activate(4) + activate(5) + op("CON_QUERY", 1, c(5)) + op("CON_QUERY", 3, 16) + cycle() + \
    op("DESCRIPTION", n(0), 5) + op("CON_DESTROY", c(4)) + cycle()

# Constraints with every kind of wrong argument.
SEEDS["constraint-args"] = DEFAULTS + create(2) + add(0, 1) + \
    con(1, "width", "==", 0, "left", 1, 0) + con(1, "left", "==", 0, "top", 1, 0) + \
    con(1, "leading", "==", 0, "left", 1, 0) + con(1, "left", "==", None, None, 1, 5) + \
    con(1, "width", "==", 0, "width", "nan", 0) + con(1, "width", "==", 0, "width", "1e-7", 0) + \
    con(1, "width", "==", 0, "width", "1e6+1", 0) + con(1, "width", "==", 0, "width", 1, "1e9+") + \
    con(1, 21, "==", 0, "width", 1, 0) + con(1, -1, "==", 0, "width", 1, 0) + \
    op("CON_CREATE", n(1), at("width"), 0xF4, 0, n(0), at("width"), d(1), d(0)) + \
    op("CON_CREATE", n(1), at("width"), rel("=="), 1, at("width"), d(1), d(0), flags=ALT) + \
    con(1, "width", "==", 0, "width", 1, "1e9") + activate(0) + cycle() + \
    op("CON_CREATE", n(NODE_VAR), 0, at("width"), rel("=="), 1, d(1), d(0))

# Changing constraints: constant, priority (required <-> optional while active), identifier.
SEEDS["constraint-change"] = DEFAULTS + scene(100, 80, 1) + \
    op("CON_CHANGE", c(0), 0, d(50)) + op("CON_CHANGE", c(0), 0, d("nan")) + \
    op("CON_CHANGE", c(0), 1, pr(999)) + activate(0, alt=True) + op("CON_CHANGE", c(0), 1, pr(999)) + \
    activate(0) + op("CON_CHANGE", c(0), 1, pr(1000)) + op("CON_CHANGE", c(0), 1, pr("nan")) + \
    op("CON_CHANGE", c(0), 2, 1) + op("CON_CHANGE", c(0), 3) + op("CON_CHANGE", c(0), 2, flags=NUL) + \
    op("CON_CHANGE", c(1), 2, 0xF0, 5, b"hello") + op("CON_CHANGE", c(1), 3) + \
    op("CON_CHANGE", c(0), 4) + op("CON_CHANGE", c(0), 5) + cycle() + \
    op("CON_DESTROY", c(0)) + op("CON_CHANGE", c(0), 0, d(1)) + op("CON_DESTROY", c(0)) + cycle()

# Batches: activation with stale, duplicate and foreign entries; NULL lists.
SEEDS["batch"] = DEFAULTS + scene(100, 80, 2) + batch([0, 1, 2, 3], alt=True) + \
    batch([0, 0, 1, 1]) + op("CON_DESTROY", c(2)) + batch([2, 3, 4]) + batch([]) + \
    op("CON_BATCH", 3, flags=NUL) + op("CON_BATCH", 0, flags=NUL) + \
    batch([0, 1, 5, 6, 7], alt=True) + cycle() + batch(list(range(12))) + cycle()

# Free variables: linear constraints, add_on_variables, values, destroy while used.
SEEDS["variables"] = DEFAULTS + op("VAR", 0) * 3 + \
    op("ADD_ON_VARIABLES", 2, v(0), d(1), v(1), d(-1), rel("=="), d(10), pr(1000)) + \
    op("ADD_ON_VARIABLES", 1, v(0), d(1), rel("=="), d(5), pr(1000)) + \
    op("ADD_ON_VARIABLES", 1, v(1), d(1), rel(">="), d(100), pr(500)) + \
    op("ADD_ON_VARIABLES", 1, v(0), d(1), rel("=="), d("1e9+"), pr(1000)) + \
    op("ADD_ON_VARIABLES", 0xF1, (v(0) + d(1)) * 5, rel("=="), d(0), pr(1000)) + \
    op("ADD_ON_VARIABLES", 0xF0, (v(1) + d(1)) * 5, rel("=="), d(0), pr(1000)) + \
    op("ADD_ON_VARIABLES", 0, rel("=="), d(0), pr(1000), flags=ALT) + \
    op("VAR_VALUES", 3, v(0), v(1), v(2)) + op("VAR_VALUES", 2, v(0), 0xF0) + \
    op("VAR_VALUES", 0, flags=ALT) + op("VAR_VALUES", 2, v(0), v(1), flags=ALT | NUL) + \
    op("VAR", 1, v(0)) + op("VAR", 2, v(2)) + op("VAR", 1, v(2)) + op("VAR", 2, v(2)) + \
    op("CON_LINEAR", 3, item_var(0), at("none"), d(1), item_var(1), at("none"), d(2),
       item_var(2), at("none"), d(-1), rel("<="), d(8)) + activate(4) + \
    op("CON_DESTROY", c(0)) + op("VAR_VALUES", 3, v(0), v(1), v(2))

# Weighted at creation (brace_constraint_add_on_variables_weighted: the ADD_ON_VARIABLES
# op with count byte 6 + n, its weight last): x == 0 at weight 3 against x == 10 at 1,
# a required one with a weight, then refused weights (0, NaN, 1e-4, 2e6), out NULL,
# NULL lists.
def weighted(count_byte, terms, relation, constant, priority, weight, flags=0):
    return op("ADD_ON_VARIABLES", count_byte, terms, rel(relation), d(constant), pr(priority), d(weight),
              flags=flags)


SEEDS["weighted"] = DEFAULTS + op("VAR", 0) * 2 + \
    weighted(7, v(0) + d(1), "==", 0, 500, 3) + weighted(7, v(0) + d(1), "==", 10, 500, 1) + \
    weighted(8, v(0) + d(1) + v(1) + d(-1), "<=", 5, 1000, 7) + \
    weighted(7, v(1) + d(1), "==", 4, 250, 0) + weighted(7, v(1) + d(1), "==", 4, 250, "nan") + \
    weighted(7, v(1) + d(1), "==", 4, 250, 1e-4) + weighted(7, v(1) + d(1), "==", 4, 250, 2e6) + \
    weighted(7, v(1) + d(1), "==", 4, 250, 1e-3, flags=NUL) + weighted(6, b"", "==", 0, 500, 2, flags=ALT) + \
    op("VAR_VALUES", 2, v(0), v(1)) + op("CON_DESTROY", c(0)) + op("VAR_VALUES", 2, v(0), v(1))

# Linear constraints mixing nodes and variables, 64 and 65 terms.
SEEDS["linear"] = DEFAULTS + scene(100, 80, 2) + op("VAR", 0) + \
    op("CON_LINEAR", 3, item_node(1), at("width"), d(1), item_node(2), at("width"), d(1),
       item_node(0), at("width"), d(-0.5), rel("=="), d(0)) + activate(8) + cycle() + \
    op("CON_LINEAR", 2, item_node(1), at("leading"), d(1), item_node(2), at("left"), d(1),
       rel("=="), d(0)) + \
    op("CON_LINEAR", 2, item_node(1), at("width"), d(0), item_var(0), at("none"), d(0),
       rel("=="), d(0)) + \
    op("CON_LINEAR", 0xF1, (item_node(1) + at("width") + d(1)) * 6, rel("=="), d(0)) + \
    op("CON_LINEAR", 0xF0, (item_var(0) + at("none") + d(1)) * 6, rel("=="), d(0)) + \
    op("CON_LINEAR", 0, rel("=="), d(0), flags=ALT) + activate(9) + activate(10) + cycle()

# Edits: a free variable and a node's width, suggested, removed, twice.
SEEDS["edits"] = DEFAULTS + scene(100, 80, 1) + op("TRANSLATES", n(0), 0) + op("VAR", 0) + \
    op("EDIT", item_var(0), 0, 0, pr(500)) + op("EDIT", item_var(0), 0, 1, d(42)) + \
    op("EDIT", item_node(0), 1, at("width"), 0, pr(999)) + \
    op("EDIT", item_node(0), 1, at("width"), 1, d(77)) + cycle() + \
    op("EDIT", item_node(0), 1, at("width"), 1, d("1e9+")) + \
    op("EDIT", item_node(0), 1, at("centerx"), 0, pr(999)) + \
    op("EDIT", item_node(0), 1, at("width"), 0, pr(1000)) + \
    op("EDIT", item_var(0), 0, 2) + op("EDIT", item_var(0), 0, 2) + \
    op("EDIT", item_node(1), 1, at("left"), 0, pr(250)) + op("NODE_DESTROY", n(1)) + \
    op("EDIT", item_node(1), 1, at("left"), 1, d(3)) + cycle() + op("VAR_VALUES", 1, v(0))

# Layout guides: constraints on a guide, a guide as a superview, destroying its owner.
SEEDS["guides"] = DEFAULTS + scene(100, 80, 1) + op("GUIDE", n(0)) + \
    con(2, "leading", "==", 0, "leading", 1, 10) + con(2, "width", "==", 0, "width", 0.5, 0) + \
    con(1, "top", "==", 2, "bottom", 1, 0) + batch([4, 5, 6]) + cycle() + \
    op("GUIDE", n(2), flags=ALT) + add(2, 1) + add(1, 2) + op("GUIDE", n(2)) + \
    frame(2, 0, 0, 10, 10) + op("FITTING", n(0), d(0), d(0), 0, pr(50), pr(50)) + \
    op("NODE_DESTROY", n(0)) + cycle() + op("CON_QUERY", 0, c(4))

# Intrinsic sizes and priorities, with the edge values.
SEEDS["intrinsic"] = DEFAULTS + scene(100, 80, 2) + \
    op("INTRINSIC", n(1), d("nan"), d(5)) + op("INTRINSIC", n(1), d(-1), d(-1)) + \
    op("INTRINSIC", n(1), d("-8"), d(5)) + op("INTRINSIC", n(2), d("1e15"), d("max")) + \
    op("INTRINSIC", n(2), flags=ALT) + op("INVALIDATE_INTRINSIC", n(2)) + \
    op("PRIORITIES", n(1), 0, pr(1)) + op("PRIORITIES", n(1), 3, pr(999.999)) + \
    op("PRIORITIES", n(1), 2, pr(1001)) + op("PRIORITIES", n(1), 0xF0, pr(500)) + \
    op("PRIORITIES", n(1), 4) + cycle() + op("BASELINES", n(1), d(4), d(2)) + \
    op("BASELINES", n(1), d("nan"), d(-1)) + cycle()

# The stack strategy: properties (known, wrong type, out of range, unknown), hidden views.
SEEDS["stack"] = DEFAULTS + scene(100, 80, 3, flags=ALT) + \
    set_prop_enum(0, "axis", "vertical") + set_prop_enum(0, "distribution", "fill_equally") + \
    set_prop_enum(0, "alignment", "center") + set_prop_double(0, "spacing", 4) + cycle() + \
    set_prop_enum(0, "distribution", "equal_spacing") + set_prop_double(0, "spacing", "-0") + \
    op("HIDDEN", n(2), 1) + cycle() + set_prop_enum(0, "distribution", "equal_centering") + \
    set_prop_enum(0, "alignment", "first_baseline") + set_prop_bool(0, "baseline_relative", True) + \
    cycle() + set_prop_double(1, "spacing_after", "max") + set_prop_double(2, "spacing_after", 3) + \
    set_prop_double(0, "spacing", "nan") + set_prop_double(0, "spacing", "inf") + \
    set_prop_enum(0, "axis", "bogus") + set_prop_double(0, "axis", 1) + \
    op("SET_PROPERTY", n(0), name(PROPERTIES, "axis"), 1, 0xFF, b"\x7f" + b"\xff" * 7) + \
    op("SET_PROPERTY", n(0), name(PROPERTIES, "axis"), 4, 4, 0xFF, b"\x80" + b"\x00" * 7, d(0)) + \
    op("SET_PROPERTY", n(0), name(PROPERTIES, "nope"), 2, d(1)) + \
    set_prop_bool(0, "generate_constraints", True) + set_prop_bool(0, "layout_margins_relative", True) + \
    cycle() + op("FITTING", n(0), d(0), d(0), 0, pr(50), pr(50)) + op("HIDDEN", n(2), 0) + \
    set_prop_enum(0, "distribution", "fill_proportionally") + cycle() + \
    op("GET_PROPERTY", n(0), name(PROPERTIES, "spacing")) + op("GET_PROPERTY", n(1), name(PROPERTIES, "spacing_after"))

# Nested stacks and strategy changes while constrained.
SEEDS["stack-nested"] = DEFAULTS + create(4) + strategy(0, "stack") + strategy(1, "stack") + \
    add(0, 1) + add(1, 2) + add(0, 3) + frame(0, 0, 0, 100, 100) + \
    op("INTRINSIC", n(2), d(10), d(10)) + op("INTRINSIC", n(3), d(20), d(5)) + \
    set_prop_enum(1, "axis", "vertical") + cycle() + \
    con(3, "width", "==", 2, "height", 2, 0) + activate(0) + cycle() + \
    strategy(1, "frame") + cycle() + strategy(0, "flow") + cycle() + strategy(0, "simplex") + \
    strategy(0, "nope") + strategy(0, "") + op("SET_STRATEGY", n(0), flags=NUL) + \
    op("SET_STRATEGY", n(0), 0xF0, 4, b"../x") + strategy(0, "stack") + cycle() + \
    op("GET_STRATEGY", n(0))

# The flow example plugin from BRACE_PLUGIN_PATH, its child property.
SEEDS["flow"] = DEFAULTS + create(4) + strategy(0, "flow") + add(0, 1) + add(0, 2) + add(0, 3) + \
    frame(0, 0, 0, 60, 100) + op("INTRINSIC", n(1), d(40), d(10)) + \
    op("INTRINSIC", n(2), d(40), d(10)) + set_prop_bool(2, "break_before", True) + \
    set_prop_double(0, "spacing", 5) + set_prop_enum(0, "alignment", "center") + \
    set_prop_double(0, "padding", "1e9") + cycle() + \
    op("FITTING", n(0), d(60), d(0), 0, pr(1000), pr(50)) + strategy(1, "flow") + \
    add(1, 3) + cycle()

# Plugins by path and by name; strategy and property descriptions.
SEEDS["plugins"] = DEFAULTS + b"".join(op("PLUGINS", 0, k) for k in range(12)) + \
    op("PLUGINS", 0, 0, flags=NUL) + op("PLUGINS", 1, name(STRATEGIES, "flow")) + \
    op("PLUGINS", 1, name(STRATEGIES, "nope")) + op("PLUGINS", 1, flags=NUL) + op("PLUGINS", 2) + \
    b"".join(op("PLUGINS", 3, k) for k in range(6)) + op("PLUGINS", 3, 0, flags=ALT) + \
    op("PLUGINS", 3, 0xFF) + \
    b"".join(op("PLUGINS", 4, name(STRATEGIES, s), k) for s in ("stack", "flow", "frame", "simplex", "nope") for k in (0, 3, 7, 8)) + \
    op("PLUGINS", 4, name(STRATEGIES, "stack"), 0, flags=NUL)

# Callbacks: layout_subviews sets a subview's frame, calls super, flags itself (a feedback
# loop), destroys itself and its superview (refused), runs a turn (refused).
_prog = op("SET_FRAME", n(1), d(1), d(2), d(30), d(40)) + op("SUPER", 1, flags=ALT) + \
    op("FLAGS", NODE_SELF, 1) + op("NODE_DESTROY", NODE_SELF) + op("NODE_DESTROY", NODE_SUPER) + \
    op("RUN_CYCLE") + op("RUN_PHASE", 1)
SEEDS["callback-layout"] = DEFAULTS + create(3) + add(0, 1) + add(1, 2) + frame(0, 0, 0, 100, 100) + \
    callbacks(1, 0, 0x08, _prog) + op("FLAGS", n(1), 1) + cycle() + cycle() + \
    op("LAYOUT_IF_NEEDED", n(2))

# Callbacks: update_constraints creating and activating constraints, destroying a sibling.
_prog = op("NODE_CREATE") + op("ADD_SUBVIEW", NODE_SELF, n(3)) + \
    op("TRANSLATES", n(3), 0) + con(3, "width", "==", None, None, 1, 10) + activate(0) + \
    op("NODE_DESTROY", n(2)) + op("SUPER", 0, flags=ALT) + op("FLAGS", NODE_SELF, 0)
SEEDS["callback-constraints"] = DEFAULTS + create(3) + add(0, 1) + add(0, 2) + \
    frame(0, 0, 0, 100, 100) + callbacks(1, 1, 0x02, _prog) + op("FLAGS", n(1), 0) + cycle() + \
    op("UPDATE_IF_NEEDED", n(0)) + cycle()

# The intrinsic-size callback answers NaN, negative, huge; its program reads and changes
# the tree while the solver asks.
_prog = op("SUPER", 2, flags=ALT) + op("INTRINSIC", NODE_SELF, flags=ALT) + \
    op("SET_FRAME", NODE_SUPER, d(0), d(0), d(10), d(10)) + op("FLAGS", NODE_SELF, 0)
SEEDS["callback-intrinsic"] = DEFAULTS + scene(100, 80, 2) + \
    callbacks(1, 2, 0x40, _prog, intrinsic=("nan", 5)) + \
    callbacks(2, 3, 0x40, b"", intrinsic=("1e300", "-8")) + op("INVALIDATE_INTRINSIC", n(1)) + \
    cycle() + op("FITTING", n(0), d(0), d(0), 0, pr(50), pr(50)) + op("INTRINSIC", n(1), flags=ALT)

# Measure callbacks in constraint layout, a stack and fitting sizes, answering NaN, a
# negative size, infinity and a huge one (refused with a diagnostic, or taken as a size);
# one measures its superview and invalidates itself while the engine asks.
_prog = op("FITTING", NODE_SUPER, d(10), d(0), 0, pr(1000), pr(50)) + op("INVALIDATE_INTRINSIC", NODE_SELF) + \
    op("INTRINSIC", NODE_SELF, flags=ALT)
SEEDS["callback-measure"] = DEFAULTS + scene(100, 80, 3) + op("TRANSLATES", n(1), 0) + \
    measure(1, 3, _prog, ("nan", 5)) + measure(2, 4, b"", ("-8", "1e300")) + \
    measure(3, 5, op("FLAGS", NODE_SELF, 1), ("inf", 20), flags=ALT) + cycle() + \
    op("FITTING", n(1), d(20), d(0), 0, pr(1000), pr(50)) + frame(0, 0, 0, 40, 80) + cycle() + \
    op("SET_STRATEGY", n(0), name(STRATEGIES, "stack")) + cycle() + \
    measure(2, 4, b"", ("max", "-max")) + op("INVALIDATE_INTRINSIC", n(2)) + cycle() + \
    op("SET_STRATEGY", n(0), name(STRATEGIES, "flow")) + op("HIDDEN", n(1), 1) + cycle()

# A draw callback flags display again and destroys a node being drawn (refused).
_prog = op("FLAGS", NODE_SELF, 2) + op("NODE_DESTROY", NODE_SELF) + op("NODE_DESTROY", n(2)) + \
    op("DESCRIPTION", n(0), 5)
SEEDS["callback-draw"] = DEFAULTS + create(3) + add(0, 1) + add(1, 2) + frame(0, 0, 0, 100, 100) + \
    frame(1, 0, 0, 50, 50) + callbacks(1, 4, 0x20 | 0x04 | 0x10, _prog) + cycle() + \
    op("FLAGS", n(1), 2) + op("RUN_PHASE", 2) + cycle()

# A callback destroys its own context (refused), then the other one (allowed).
_prog = op("DESTROY_CONTEXT") + op("DESTROY_CONTEXT", flags=ALT) + op("NODE_CREATE")
SEEDS["callback-destroy-context"] = DEFAULTS + create(2) + add(0, 1) + op("SWITCH_CONTEXT", 0) + \
    op("SWITCH_CONTEXT") + callbacks(1, 5, 0x08, _prog) + op("FLAGS", n(1), 1) + cycle() + cycle()

# The trace callback running a program that sets frames and flags nodes.
_prog = op("SET_FRAME", n(1), d(0), d(0), d(5), d(5)) + op("FLAGS", n(0), 1)
SEEDS["trace"] = DEFAULTS + create(2) + add(0, 1) + callbacks(1, 6, 0x80, _prog) + \
    op("TRACE_DIAG", 12, flags=ALT) + cycle() + cycle() + op("TRACE_DIAG", 0, flags=NUL) + \
    op("TRACE_DIAG", 1, flags=NUL) + cycle()

# The context destroyed mid-sequence, then its stale handles given to a new context.
SEEDS["stale-context"] = DEFAULTS + scene(100, 80, 2) + op("VAR", 0) + op("GUIDE", n(0)) + \
    op("DESTROY_CONTEXT", 0) + add(0, 1) + frame(1, 0, 0, 1, 1) + activate(0) + batch([0, 1]) + \
    op("CON_CHANGE", c(1), 0, d(3)) + op("VAR", 2, v(0)) + op("VAR_VALUES", 1, v(0)) + \
    op("EDIT", item_var(0), 0, 0, pr(500)) + op("NODE_DESTROY", n(3)) + op("DESCRIPTION", n(0), 5) + \
    op("FITTING", n(0), d(0), d(0), 0, pr(50), pr(50)) + create() + add(4, 0) + cycle()

# A context reset (brace_context_reset) with nodes, constraints, a variable, a guide and an
# open transaction in it, then the old handles used; a reset from a layout callback
# (refused) and of the other context.
SEEDS["reset-context"] = DEFAULTS + scene(100, 80, 2) + op("VAR", 0) + op("GUIDE", n(0)) + \
    begin() + op("CON_CHANGE", c(1), 0, d(3)) + op("RESET_CONTEXT") + add(0, 1) + \
    frame(1, 0, 0, 1, 1) + activate(0) + op("VAR", 2, v(0)) + op("VAR_VALUES", 1, v(0)) + commit() + \
    create(2) + add(0, 1) + callbacks(0, 0, 0x04, op("RESET_CONTEXT")) + frame(0, 0, 0, 50, 50) + cycle() + \
    op("SWITCH_CONTEXT", 0) + create() + op("RESET_CONTEXT", flags=ALT) + op("RESET_CONTEXT") + cycle()

# Two contexts: foreign handles both ways.
SEEDS["foreign"] = DEFAULTS + create(2) + op("SWITCH_CONTEXT", 0) + create(1) + add(0, 2) + \
    add(2, 0) + con(2, "width", "==", 0, "width", 1, 0) + op("SWITCH_CONTEXT") + add(0, 2) + \
    activate(0) + op("VAR", 2, v(0)) + cycle() + op("DESTROY_CONTEXT", flags=ALT) + \
    op("SWITCH_CONTEXT", 0) + add(2, 0) + cycle()

# Context options: a bad scale (refused, defaults used), RTL, threshold 50, plugin paths.
SEEDS["options"] = bytes([1 | 2 | 4 | 8 | 16, _DOUBLES.index("2"), 2, 2, 1]) + create(2) + \
    add(0, 1) + op("DIRECTION", n(0), 0) + op("DIRECTION", n(1), 4) + \
    op("MARGINS", n(1), d(1), d(2), d(3), d(4), flags=ALT) + op("DIRECTION", n(1), flags=ALT) + \
    op("CONTEXT_QUERY", 0) + op("CONTEXT_QUERY", 0x10) + op("CONTEXT_QUERY", 0, flags=ALT) + \
    op("DESTROY_CONTEXT", 1 | 2 | 32 | 64, 5) + op("CONTEXT_QUERY", 1) + op("CONTEXT_QUERY", 2, 19) + \
    op("DESTROY_CONTEXT", 1 | 2, _DOUBLES.index("nan")) + op("DESTROY_CONTEXT", 1 | 2, _DOUBLES.index("-0")) + \
    op("DESTROY_CONTEXT", 1 | 16, 3) + op("DESTROY_CONTEXT", 1 | 4, 3) + \
    op("DESTROY_CONTEXT", 1 | 2 | 4 | 8, 4, 1, 2) + op("CONTEXT_QUERY", 3) + scene(100, 80, 2) + cycle()

# A feedback loop: a layout callback that keeps flagging itself and its superview.
_prog = op("FLAGS", NODE_SELF, 1) + op("FLAGS", NODE_SUPER, 1) + \
    op("SET_FRAME", NODE_SELF, d(0), d(0), d(10), d(10))
SEEDS["feedback-loop"] = bytes([1 | 8, 2]) + create(2) + add(0, 1) + callbacks(1, 7, 0x08 | 0x02, _prog) + \
    op("FLAGS", n(1), 1) + cycle() + op("FLAGS", n(1), 0) + op("UPDATE_IF_NEEDED", n(1)) + \
    op("LAYOUT_IF_NEEDED", n(1)) + op("PENDING")

# Destroying subtrees, then every kind of call on the stale handles.
SEEDS["stale-nodes"] = DEFAULTS + scene(100, 80, 3) + op("NODE_DESTROY", n(0)) + \
    op("NODE_DESTROY", n(1)) + add(1, 2) + frame(2, 0, 0, 1, 1) + op("TREE_QUERY", n(0), 3, 4) + \
    activate(0) + op("CON_QUERY", 0, c(0)) + op("CON_DESTROY", c(0)) + op("GUIDE", n(3)) + \
    op("IS_ALIVE", n(3)) + op("IS_ALIVE", NODE_RAW, b"\x10" + b"\x00" * 7) + \
    op("NODE_DESTROY", NODE_FLIP, 0, 3) + op("NODE_DESTROY", NODE_MAX) + op("NODE_DESTROY", NODE_NONE) + \
    op("NODE_DESTROY", NODE_CON, 0) + op("HIDDEN", NODE_VAR, 0, 1) + create() + create() + cycle()

# Out pointers and buffers that are NULL, capacities at the edges.
SEEDS["null-outs"] = DEFAULTS + scene(50, 50, 2) + op("NODE_CREATE", flags=NUL) + \
    op("TREE_QUERY", n(0), 0, flags=NUL) + op("TREE_QUERY", n(0), 3, 5, flags=ALT) + \
    op("GEOMETRY_GET", n(0), 0, flags=NUL) + op("CON_QUERY", 2, n(1), 8, flags=ALT) + \
    op("CON_QUERY", 3, 5, flags=ALT | NUL) + op("DESCRIPTION", n(0), 3, flags=ALT) + \
    op("DESCRIPTION", n(0), 0, flags=ALT | NUL) + op("FITTING", n(0), d(0), d(0), 0, pr(50), pr(50), flags=NUL) + \
    op("PENDING", flags=NUL) + op("USER_DATA", n(0)) + op("USER_DATA", n(0), flags=ALT) + \
    op("USER_DATA", n(0), flags=ALT | NUL) + op("VAR", 0, flags=NUL) + op("GUIDE", n(0), flags=NUL) + \
    op("RUN_CYCLE", flags=ALT) + op("IS_ALIVE", n(0), flags=ALT) + \
    op("SET_CALLBACKS", n(0), 0, 0, 0, d(0), d(0), flags=ALT) + \
    op("SET_CALLBACKS", n(0), 0, 1, 0, d(0), d(0), flags=ALT) + \
    op("SET_CALLBACKS", n(0), 0, 0, 0, d(0), d(0), flags=NUL) + op("SUPER", n(0), 1) + \
    op("SUPER", n(0), 2, flags=NUL) + op("RUN_PHASE", 3) + op("RUN_PHASE", 5) + op("RUN_PHASE", 6)

# Huge constraint numbers: at and past the documented limits, translated frames at 1e300.
SEEDS["huge-constraints"] = DEFAULTS + scene(100, 80, 2) + frame(0, 0, 0, "1e300", "1e300") + cycle() + \
    con(1, "width", "==", 2, "width", "1e6", "1e9") + con(1, "width", "==", 2, "width", "1e-6", "-1e9") + \
    activate(8) + activate(9) + cycle() + frame(0, "1e15", "1e15", "1e15", "1e15") + \
    op("TRANSLATES", n(0), 0) + op("TRANSLATES", n(0), 1) + cycle() + \
    op("FITTING", n(0), d("1e15"), d("max"), 1, pr(1000), pr(1000)) + op("AMBIGUOUS", n(2))

# Margin attributes, RTL and baselines in constraints.
SEEDS["margins-rtl"] = DEFAULTS + scene(100, 80, 2) + op("DIRECTION", n(0), 3) + \
    op("MARGINS", n(0), d("nan"), d(0), d(0), d(0)) + op("MARGINS", n(0), d(20), d(2), d(3), d(40), flags=ALT) + \
    con(1, "leadingmargin", "==", 0, "trailingmargin", 1, 0) + \
    con(1, "centerxmargins", "==", 0, "centerx", 1, 0) + \
    con(1, "firstbaseline", "==", 2, "lastbaseline", 1, 0) + batch([8, 9, 10]) + \
    op("BASELINES", n(2), d(3), d(1)) + cycle() + op("DIRECTION", n(0), 1) + cycle() + \
    op("AMBIGUOUS", n(1)) + op("DESCRIPTION", n(0), 5)

# Hidden nodes, display flags, phases by hand.
SEEDS["phases"] = DEFAULTS + create(3) + add(0, 1) + add(1, 2) + frame(0, 0, 0, 80, 80) + \
    op("HIDDEN", n(1), 1) + op("FLAGS", n(2), 2) + op("RUN_PHASE", 0) + op("RUN_PHASE", 1) + \
    op("RUN_PHASE", 2) + op("PENDING") + op("HIDDEN", n(1), 0) + op("FLAGS", n(2), 6) + \
    op("FLAGS", n(2), 6, flags=ALT) + op("FLAGS", n(2), 4) + op("FLAGS", n(2), 5) + cycle()

# Strategy and property lookups on the wrong nodes (a child property on a root, a
# container property on a child).
SEEDS["properties"] = DEFAULTS + create(3) + strategy(0, "stack") + add(0, 1) + \
    set_prop_double(1, "spacing", 3) + set_prop_double(0, "spacing_after", 3) + \
    set_prop_double(2, "spacing_after", 3) + set_prop_bool(1, "break_before", True) + \
    op("SET_PROPERTY", n(0), 0xF0, 3, b"axi", 2, d(1)) + op("SET_PROPERTY", n(0), 0xFF, 0, 2, d(1)) + \
    op("SET_PROPERTY", n(0), name(PROPERTIES, "spacing"), 4, 3, 0, d(5), flags=NUL) + \
    op("SET_PROPERTY", n(0), name(PROPERTIES, "spacing"), 4, 3, 0, d(5)) + \
    op("SET_PROPERTY", n(0), name(PROPERTIES, "axis"), 4, 4, 5, d(0)) + \
    op("SET_PROPERTY", n(0), name(PROPERTIES, "axis"), 4, 4, 0xFF, b"\xff" * 8, d(0)) + \
    op("SET_PROPERTY", n(0), name(PROPERTIES, "axis"), 4, 0, 1, d(0)) + \
    op("GET_PROPERTY", n(0), name(PROPERTIES, "nope")) + op("GET_PROPERTY", n(1), name(PROPERTIES, "axis"), flags=NUL) + \
    strategy(0, "frame") + op("GET_PROPERTY", n(1), name(PROPERTIES, "spacing_after")) + cycle()


# A stack (direct path, then generating constraints) whose arranged view's callbacks change
# the stack under it while it measures and arranges: switch the stack's strategy, destroy a
# sibling, move itself to a sibling, add a view to the stack.
def _stack_with(prog, members, generate):
    out = DEFAULTS + create(4) + strategy(0, "stack") + add(0, 1) + add(0, 2) + add(0, 3) + \
        frame(0, 0, 0, 100, 100) + op("INTRINSIC", n(1), d(10), d(10)) + \
        op("INTRINSIC", n(2), d(20), d(20)) + op("INTRINSIC", n(3), d(5), d(5))
    if generate:
        out += set_prop_bool(0, "generate_constraints", True) + \
            con(1, "width", "==", 2, "width", 1, 0) + activate(0)
    return out + callbacks(2, 0, members, prog, intrinsic=(30, 30)) + \
        op("INVALIDATE_INTRINSIC", n(2)) + cycle() + \
        op("FITTING", n(0), d(0), d(0), 0, pr(50), pr(50)) + op("INTRINSIC", n(2), d(7), d(7)) + \
        cycle() + frame(0, 0, 0, 50, 60) + cycle()


_mutations = op("SET_STRATEGY", NODE_SUPER, name(STRATEGIES, "frame")) + op("NODE_DESTROY", n(3)) + \
    op("ADD_SUBVIEW", n(1), NODE_SELF) + op("NODE_CREATE") + op("ADD_SUBVIEW", NODE_SUPER, n(4))
SEEDS["stack-callback-intrinsic"] = _stack_with(_mutations, 0x40, False)
SEEDS["stack-callback-layout-generated"] = _stack_with(_mutations, 0x08 | 0x02, True)
SEEDS["stack-callback-hide-properties"] = _stack_with(
    op("HIDDEN", NODE_SELF, 1) + set_prop_enum(0, "distribution", "equal_centering") +
    op("TRANSLATES", NODE_SELF, 1) + op("LAYOUT_IF_NEEDED", NODE_SUPER), 0x40 | 0x04, True)

# Constraint layout whose item's callbacks destroy constraints, measure the parent, and
# flip translation while the solver asks for the intrinsic size.
SEEDS["scene-callback-mutations"] = DEFAULTS + scene(100, 80, 3) + callbacks(
    2, 0, 0x40 | 0x02, op("CON_DESTROY", c(0)) + op("CON_BATCH", 4, 2, 3, 4, 5, flags=ALT) +
    op("FITTING", NODE_SUPER, d(0), d(0), 0, pr(50), pr(50)) + op("TRANSLATES", NODE_SELF, 1) +
    op("TRANSLATES", n(0), 0), intrinsic=(30, 30)) + op("INVALIDATE_INTRINSIC", n(2)) + cycle() + \
    op("FITTING", n(0), d(0), d(0), 0, pr(50), pr(50)) + frame(0, 0, 0, 50, 60) + cycle() + \
    op("AMBIGUOUS", n(2)) + op("DESCRIPTION", n(0), 5)

# The visual format language: a well-formed line on the scene's children (a, b, c),
# metrics m = 20 and w = 100, ALIGN_ALL_TOP (bit 1) and left-to-right, then activated;
# the terms read back in full, into a short buffer and with NULL outs.
_VFL_ALPHABET = "HV:|-[]()@<=>,0123456789.abcmw ~*"


def vfl(format_index=None, spelled=None, cap=24):
    if spelled is not None:
        head = op("VISUAL_FORMAT", len(spelled), *[_VFL_ALPHABET.index(ch) for ch in spelled], flags=ALT)
    else:
        head = op("VISUAL_FORMAT", format_index)
    return head + n(1) + n(2) + n(3) + bytes([3]) + d(20) + d(100) + bytes([2, 1, 0x02, 1, cap])


SEEDS["vfl"] = DEFAULTS + scene(100, 80, 3) + vfl(0) + vfl(1) + vfl(4) + batch(list(range(16))) + cycle() + \
    op("CON_TERMS", 64, c(0), 0) + op("CON_TERMS", 1, c(1), 3) + op("CON_TERMS", 0, c(2), 0, flags=ALT) + \
    op("CON_TERMS", 5, c(3), 0, flags=NUL) + vfl(13) + vfl(14) + vfl(19)
SEEDS["vfl-spelled"] = DEFAULTS + scene(100, 80, 3) + vfl(spelled="H:|-[a]-m-[b(==a)]-|") + \
    vfl(spelled="V:|-(20)-[c(>=w@750)]") + vfl(spelled="H:[a(<=b*2)]") + batch(list(range(16))) + cycle() + \
    op("CON_TERMS", 64, c(4), 0)


# Animation: UIKit's recipe on a constrained scene (a constant changed inside a transaction
# between two layout_if_needed), then a display link's samples, ticks and queries.
SEEDS["animation-recipe"] = DEFAULTS + scene(100, 80, 2) + op("LAYOUT_IF_NEEDED", n(0)) + \
    begin("ease_in_out", 4, completion=(0, sample(fwd(0), 2))) + op("CON_CHANGE", c(0), 0, d(50)) + \
    op("LAYOUT_IF_NEEDED", n(0)) + commit() + sample(fwd(0)) + presentation(1, fwd(2)) + \
    tick(fwd(1)) + sample(fwd(1), 1) + sample(fwd(2), 0) + tick(fwd(3)) + \
    anim_query(1, 1) + anim_query(0, 2) + tick(fwd(4)) + sample(fwd(0)) + tick_past_all()

# Every curve and a spring, nested with the inherit options, a without-animation region,
# from the current state, new views, a stack hiding a view, cancel and destroy.
SEEDS["animation-curves"] = DEFAULTS + scene(100, 80, 3, flags=ALT) + cycle() + \
    begin("linear", 5) + frame(1, 0, 0, 10, 10) + \
    begin("ease_in", 6, options=OPT_INHERIT_DURATION) + frame(2, 5, 5, 10, 10) + \
    begin("ease_out", 3, options=OPT_INHERIT_CURVE) + frame(3, 7, 7, 20, 20) + commit() + \
    begin("bezier", 5, bezier=[0, 254, 254, 0]) + without() + frame(0, 0, 0, 90, 90) + commit() + \
    commit() + op("HIDDEN", n(2), 1) + op("LAYOUT_IF_NEEDED", n(0)) + commit() + commit() + \
    sample(fwd(2)) + begin("spring", 5, fwd(2), spring=(5, 4)) + frame(1, 50, 0, 10, 10) + \
    commit() + begin("ease_in_out", 4, fwd(0), options=OPT_FROM_CURRENT | OPT_NEW_VIEWS) + \
    create() + add(0, 4) + frame(4, 1, 1, 5, 5) + frame(1, 0, 50, 10, 10) + commit() + \
    sample(fwd(1), 3) + anim_query(1, 3) + anim_query(0, 3, flags=ALT) + \
    op("NODE_DESTROY", n(2)) + presentation(1, fwd(1)) + tick(fwd(6)) + tick_past_all()

# Completions that chain a new transaction, tick (refused), destroy their context
# (refused); a context destroyed with completions pending.
_prog = begin("linear", 2, completion=(2, sample(fwd(0)))) + frame(1, 3, 3, 3, 3) + commit() + \
    tick(fwd(1)) + tick_past_all() + op("DESTROY_CONTEXT")
SEEDS["animation-chain"] = DEFAULTS + create(2) + add(0, 1) + frame(1, 0, 0, 10, 10) + \
    begin("linear", 5, completion=(1, _prog)) + frame(1, 20, 0, 10, 10) + commit() + \
    begin("ease_out", 0, completion=(3, tick(fwd(0)))) + commit() + tick(fwd(6)) + \
    sample(fwd(1)) + tick(fwd(7)) + begin("linear", 6, completion=(4, _prog)) + \
    frame(1, 0, 0, 1, 1) + commit()

# Refused input: NULL or short params, bad numbers, unknown curve and options, times
# going backwards or not finite, commits with nothing open, ticks with a transaction open,
# NULL outs and buffers.
SEEDS["animation-bad"] = DEFAULTS + create(1) + frame(0, 0, 0, 10, 10) + tick(fwd(6)) + \
    begin(flags=NUL) + begin(short=4) + begin(duration=("raw", "nan")) + \
    begin(duration=("raw", -1)) + begin(delay="inf") + begin(6) + begin(7) + \
    begin(raw_options=0x80000000) + begin("spring", spring=(0, 0)) + \
    begin("spring", spring=(10, "nan")) + begin("bezier", bezier=[0xFF, 27, 0, 0, 0]) + \
    begin(when=back(0)) + begin(when=at_time("nan")) + begin(when=at_time("-inf")) + \
    commit() + begin() + tick(fwd(1)) + frame(0, 5, 5, 10, 10) + commit(flags=NUL) + commit() + \
    tick(back(2)) + tick(at_time("inf")) + tick(flags=NUL) + sample(fwd(0), 4, flags=ALT) + \
    sample(at_time("nan")) + sample(fwd(0), 2, flags=NUL) + presentation(0, at_time("nan")) + \
    presentation(0, flags=NUL) + op("ANIM_QUERY", NODE_RAW, b"\x00" * 8, 1) + \
    anim_query(0, 2, flags=ALT | NUL) + begin(when=at_time("max")) + commit() + tick_past_all()


# The changed-frames list: b picks the options (b % 4: none, in root, two unknown bits),
# the capacity ((b >> 2) % 9) and, with 0x80, a NULL buffer.
def changes(b, flags=0):
    return op("PENDING", b, flags=ALT | flags)


# Read after turns that moved, resized, hid and destroyed nodes, from a draw callback that
# moves a view, with small and NULL buffers, NULL counts and unknown options.
_prog = changes(33) + frame(2, 1, 1, 5, 5) + changes(4)
SEEDS["changed-frames"] = DEFAULTS + changes(32) + scene(100, 80, 3, flags=ALT) + cycle() + \
    changes(32) + changes(33) + frame(0, 0, 0, 60, 80) + op("HIDDEN", n(2), 1) + cycle() + \
    changes(4) + changes(0x80) + changes(0x80 | 12) + changes(2) + changes(3) + \
    changes(32, flags=NUL) + callbacks(1, 5, 0x20, _prog) + op("FLAGS", n(1), 2) + \
    frame(1, 5, 5, 20, 20) + frame(1, 0, 0, 20, 10) + cycle() + changes(33) + \
    op("NODE_DESTROY", n(3)) + changes(32) + op("LAYOUT_IF_NEEDED", n(0)) + \
    op("RUN_PHASE", 2) + changes(32) + cycle() + changes(1) + changes(29)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "corpus")
    os.makedirs(out, exist_ok=True)
    for key, data in SEEDS.items():
        with open(os.path.join(out, "seed-" + key), "wb") as f:
            f.write(data)
    print("wrote %d seeds into %s" % (len(SEEDS), out))


if __name__ == "__main__":
    main()
