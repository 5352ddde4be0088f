/*
 * brace._kiwi — the hot paths of brace.kiwi as a CPython extension: the symbolic types
 * (Variable, Term, Expression, Constraint with kiwisolver's operators) and the Solver's
 * frequent calls (addConstraint, removeConstraint, hasConstraint, add/remove/has
 * EditVariable, suggestValue, updateVariables) and its Brace context's lifetime.
 * brace/kiwi.py keeps everything cold, set on the Solver type: the exceptions and their
 * messages' context, strengths by name, dumps, constraints over no variable or over more
 * than 64, and the diagnostics callback.
 *
 * It links nothing: kiwi.py hands it the addresses of the brace_* functions of the
 * library _native.py loaded (the bundled libbrace, or $BRACE_LIBRARY), so both sides
 * always call one library. A pure-Python method call alone costs about what
 * kiwisolver's C++ spends on a whole operator (docs/python-kiwi.md has the figures).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <brace/brace.h>

#if PY_VERSION_HEX < 0x030A0000 /* CPython 3.9 */
static inline PyObject *Py_NewRef(PyObject *o) {
    Py_INCREF(o);
    return o;
}
static inline PyObject *Py_XNewRef(PyObject *o) {
    Py_XINCREF(o);
    return o;
}
static int PyModule_AddObjectRef(PyObject *m, const char *name, PyObject *o) {
    Py_INCREF(o);
    int r = PyModule_AddObject(m, name, o);
    if (r < 0)
        Py_DECREF(o);
    return r;
}
#endif

/* ------------------------------------------------------------------ the engine */

static __typeof__(&brace_constraint_add_on_variables) f_add_on_variables;
static __typeof__(&brace_constraint_destroy) f_constraint_destroy;
static __typeof__(&brace_constraint_add_on_variables_weighted) f_add_on_variables_weighted;
static __typeof__(&brace_variable_create) f_variable_create;
static __typeof__(&brace_variables_get_values) f_variables_get_values;
static __typeof__(&brace_context_add_edit) f_add_edit;
static __typeof__(&brace_context_set_edit_weight) f_set_edit_weight;
static __typeof__(&brace_context_suggest_value) f_suggest_value;
static __typeof__(&brace_context_remove_edit) f_remove_edit;
static __typeof__(&brace_context_destroy) f_context_destroy;
static __typeof__(&brace_context_create) f_context_create;
static __typeof__(&brace_context_reset) f_context_reset;
static __typeof__(&brace_context_set_diagnostic_callback) f_set_diagnostic_callback;
static brace_diagnostic_fn on_diagnostic; /* kiwi.py's: keeps unsatisfiable reports in REPORTS */

#define REQUIRED 1001001000.0
#define LEVEL 500.0 /* the one Brace priority of every optional strength */
#define MAX_TERMS 64

/* Set by _setup() from kiwi.py: the exceptions it defines, numbers.Real. */
static PyObject *DuplicateConstraint, *UnknownConstraint, *DuplicateEditVariable, *UnknownEditVariable,
    *BadRequiredStrength, *KiwiSolver, *NumbersReal;
static PyObject *REPORTS;     /* kiwi.py's _REPORTS: context address -> unsatisfiable report */
static uint64_t next_token = 1;

static PyTypeObject *Variable_Type, *Term_Type, *Expression_Type, *Constraint_Type;

/* ------------------------------------------------------------------ objects */

typedef struct {
    PyObject_HEAD
    PyObject *name;
    PyObject *context;
    double value;
    /* The float value() last returned, handed out again while `value` is unchanged:
       a read then makes no object (updateVariables writes only the double). */
    PyObject *value_obj;
    /* The Brace variable in the first live solver that saw it (Solver's fast path),
       and that solver's token (0 once it lets go: let_go); other solvers keep
       theirs in their dict. */
    uint64_t token;
    brace_variable handle;
    PyObject *key; /* identity_key() */
    PyObject *weakreflist;
} Variable;

typedef struct {
    PyObject_HEAD
    PyObject *variable;
    double coefficient;
} Term;

typedef struct {
    PyObject_HEAD
    PyObject *terms; /* tuple of Term */
    double constant;
} Expression;

typedef struct {
    PyObject_HEAD
    PyObject *terms; /* as written */
    double constant;
    int rel;         /* brace_relation: 0 ==, -1 <=, 1 >= */
    double strength;
    double priority;
    /* One entry per variable (coefficients summed, near-zero ones left out): what
       Brace takes, computed once when the constraint is made. */
    PyObject *variables;
    double *coefficients;
    PyObject *expression; /* made on first use */
    /* The live solver it was added to first while it is there (0: none, and once
       it is removed or that solver lets go: let_go), so that
       hasConstraint and the duplicate check there need no dict lookup; with `handle`,
       its Brace constraint there (0 for a cold path's), and `slot`, its place in that
       solver's `held` array (with a handle). */
    uint64_t token;
    brace_constraint handle;
    Py_ssize_t slot;
    PyObject *key; /* identity_key() */
    PyObject *weakreflist;
} Constraint;

/* Subclasses count (the types are subclassable, as kiwisolver's are): every slot of a
   type is inherited, so a test that missed a subclass would read it as another type. */
#define IS_VARIABLE(o) PyObject_TypeCheck(o, Variable_Type)
#define IS_TERM(o) PyObject_TypeCheck(o, Term_Type)
#define IS_EXPRESSION(o) PyObject_TypeCheck(o, Expression_Type)
#define IS_CONSTRAINT(o) PyObject_TypeCheck(o, Constraint_Type)
#define IS_SYMBOLIC(o) (IS_VARIABLE(o) || IS_TERM(o) || IS_EXPRESSION(o))

/* The key of a Variable or Constraint in the dicts here (the solver's, the long
   expressions' index): its address as an int, made once. Identity, as in kiwi's maps: a
   subclass's __hash__ and __eq__ (a Variable's == makes a Constraint, which is true)
   would merge distinct objects or refuse an unhashable one, and would run Python code
   inside the solver's calls. Borrowed; NULL on error. */
static PyObject *identity_key(PyObject **slot, PyObject *o) {
    if (*slot == NULL)
        *slot = PyLong_FromVoidPtr(o);
    return *slot;
}
#define VARIABLE_KEY(o) identity_key(&((Variable *)(o))->key, (PyObject *)(o))
#define CONSTRAINT_KEY(o) identity_key(&((Constraint *)(o))->key, (PyObject *)(o))

/* ------------------------------------------------------------------ messages */

/* The name kiwisolver's messages give the type of `o`: 'kiwisolver.Expression' for its
   own types (their C names there), the plain name for others. */
static PyObject *type_name(PyObject *o) {
    PyTypeObject *t = Py_TYPE(o);
    PyObject *name = PyObject_GetAttrString((PyObject *)t, "__name__");
    if (name == NULL)
        return NULL;
    if (t == Variable_Type || t == Term_Type || t == Expression_Type || t == Constraint_Type ||
        (PyObject *)t == KiwiSolver) {
        PyObject *full = PyUnicode_FromFormat("kiwisolver.%U", name);
        Py_DECREF(name);
        return full;
    }
    return name;
}

static PyObject *wrong_type(const char *expected, PyObject *o) {
    PyObject *name = type_name(o);
    if (name == NULL)
        return NULL;
    PyErr_Format(PyExc_TypeError, "Expected object of type `%s`. Got object of type `%U` instead.", expected, name);
    Py_DECREF(name);
    return NULL;
}

static PyObject *no_comparison(const char *op, PyObject *a, PyObject *b) {
    PyObject *na = type_name(a), *nb = na ? type_name(b) : NULL;
    if (nb != NULL)
        PyErr_Format(PyExc_TypeError, "unsupported operand type(s) for %s: '%U' and '%U'", op, na, nb);
    Py_XDECREF(na);
    Py_XDECREF(nb);
    return NULL;
}

/* kiwi prints numbers as C++ streams do: 1, -2, 0.5, 1.001e+09 ("%g"). */
static PyObject *num_str(double v) {
    char *s = PyOS_double_to_string(v, 'g', 6, 0, NULL);
    if (s == NULL)
        return NULL;
    PyObject *r = PyUnicode_FromString(s);
    PyMem_Free(s);
    return r;
}

/* ------------------------------------------------------------------ numbers */

/* 1 for an int, a float or another numbers.Real (a bool counts as an int), 0 for
   anything else, -1 on error. */
static int is_num(PyObject *o) {
    if (PyFloat_Check(o) || PyLong_Check(o))
        return 1;
    if (IS_SYMBOLIC(o) || IS_CONSTRAINT(o) || PyUnicode_Check(o) || o == Py_None)
        return 0;
    return PyObject_IsInstance(o, NumbersReal);
}

static int as_double(PyObject *o, double *out) {
    if (PyFloat_CheckExact(o)) {
        *out = PyFloat_AS_DOUBLE(o);
        return 0;
    }
    double v = PyFloat_AsDouble(o);
    if (v == -1.0 && PyErr_Occurred())
        return -1;
    *out = v;
    return 0;
}

/* A number argument as a double; kiwisolver's TypeError for anything else. */
static int number_arg(PyObject *o, double *out) {
    int k = is_num(o);
    if (k < 0)
        return -1;
    if (k == 0) {
        wrong_type("float, int, or long", o);
        return -1;
    }
    return as_double(o, out);
}

/* A strength (a number or 'required', 'strong', 'medium', 'weak') as its number,
   clipped to 0...required as kiwi clips it (max(0, min(required, s))), which makes NaN
   required. */
static int strength_value(PyObject *s, double *out) {
    if (PyUnicode_Check(s)) {
        static const struct { const char *name; double value; } named[] = {
            {"required", REQUIRED}, {"strong", 1000000.0}, {"medium", 1000.0}, {"weak", 1.0}};
        for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
            if (PyUnicode_CompareWithASCIIString(s, named[i].name) == 0) {
                *out = named[i].value;
                return 0;
            }
        PyErr_Format(PyExc_ValueError, "string strength must be 'required', 'strong', 'medium', or 'weak', not '%U'", s);
        return -1;
    }
    double v;
    if (number_arg(s, &v) < 0)
        return -1;
    *out = v < 0.0 ? 0.0 : (v > REQUIRED || isnan(v) ? REQUIRED : v);
    return 0;
}

/* Every optional strength shares one Brace priority level, where its weight (below)
   weighs its errors as kiwi's objective does; required is Brace's 1000. */
static double priority_of_value(double s) { return s >= REQUIRED ? 1000.0 : LEVEL; }

/* s / 1000 (weak 0.001, medium 1, strong 1000), within Brace's 1e-3...1e6: scaling
   every weight by 1/1000 leaves kiwi's optimum as it is and keeps the costs where the
   solver's absolute 1e-8 zero threshold is safe. */
static double weight_of_value(double s) {
    double w = s / 1000.0;
    return w < 1e-3 ? 1e-3 : (w > 1e6 ? 1e6 : w);
}

/* ------------------------------------------------------------------ constructors */

static PyObject *new_term(PyObject *variable, double coefficient) {
    Term *t = (Term *)Term_Type->tp_alloc(Term_Type, 0);
    if (t == NULL)
        return NULL;
    Py_INCREF(variable);
    t->variable = variable;
    t->coefficient = coefficient;
    return (PyObject *)t;
}

/* Steals `terms`. */
static PyObject *new_expression(PyObject *terms, double constant) {
    if (terms == NULL)
        return NULL;
    Expression *e = (Expression *)Expression_Type->tp_alloc(Expression_Type, 0);
    if (e == NULL) {
        Py_DECREF(terms);
        return NULL;
    }
    e->terms = terms;
    e->constant = constant;
    return (PyObject *)e;
}

/* A Constraint (of `type`) on terms + constant OP 0 (steals `terms`), its terms reduced
   to one per variable (coefficients summed, first-seen order), as kiwi reduces them. The near-zero
   test is written !(fabs(k) <= 1e-8) so that a NaN coefficient is kept (and refused
   by addConstraint) rather than dropped. */
static PyObject *new_constraint(PyTypeObject *type, PyObject *terms, double constant, int rel, double strength) {
    if (terms == NULL)
        return NULL;
    Constraint *c = (Constraint *)type->tp_alloc(type, 0);
    if (c == NULL) {
        Py_DECREF(terms);
        return NULL;
    }
    c->terms = terms;
    c->constant = constant;
    c->rel = rel;
    c->strength = strength;
    c->priority = priority_of_value(strength);
    Py_ssize_t n = PyTuple_GET_SIZE(terms);
    PyObject **items = &PyTuple_GET_ITEM(terms, 0);
    PyObject **order = NULL;                   /* distinct variables, first-seen order */
    double *sums = PyMem_Malloc(sizeof(double) * (n ? n : 1));
    Py_ssize_t m = 0;
    PyObject *index = NULL; /* Variable key -> position, for long expressions */
    if (sums == NULL)
        goto nomem;
    order = PyMem_Malloc(sizeof(PyObject *) * (n ? n : 1));
    if (order == NULL)
        goto nomem;
    if (n > 16 && (index = PyDict_New()) == NULL)
        goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        Term *t = (Term *)items[i];
        Py_ssize_t at = -1;
        if (index == NULL) {
            for (Py_ssize_t j = 0; j < m; j++)
                if (order[j] == t->variable) {
                    at = j;
                    break;
                }
        } else {
            PyObject *key = VARIABLE_KEY(t->variable);
            PyObject *found = key ? PyDict_GetItemWithError(index, key) : NULL;
            int st = 0;
            if (found != NULL)
                at = PyLong_AsSsize_t(found);
            else if (key == NULL || PyErr_Occurred())
                st = -1;
            else {
                PyObject *pos = PyLong_FromSsize_t(m);
                st = pos ? PyDict_SetItem(index, key, pos) : -1;
                Py_XDECREF(pos);
            }
            if (st < 0)
                goto fail;
        }
        if (at >= 0)
            sums[at] += t->coefficient;
        else {
            order[m] = t->variable;
            sums[m++] = t->coefficient;
        }
    }
    if (m != n) { /* repeated variables: the terms become one per variable, as in kiwi */
        PyObject *merged = PyTuple_New(m);
        if (merged == NULL)
            goto fail;
        for (Py_ssize_t j = 0; j < m; j++) {
            PyObject *t = new_term(order[j], sums[j]);
            if (t == NULL) {
                Py_DECREF(merged);
                goto fail;
            }
            PyTuple_SET_ITEM(merged, j, t);
        }
        Py_SETREF(c->terms, merged);
    }
    Py_ssize_t kept = 0;
    for (Py_ssize_t j = 0; j < m; j++)
        if (!(fabs(sums[j]) <= 1.0e-8))
            kept++;
    if ((c->variables = PyTuple_New(kept)) == NULL)
        goto fail;
    c->coefficients = PyMem_Malloc(sizeof(double) * (kept ? kept : 1));
    if (c->coefficients == NULL)
        goto nomem;
    kept = 0;
    for (Py_ssize_t j = 0; j < m; j++)
        if (!(fabs(sums[j]) <= 1.0e-8)) {
            Py_INCREF(order[j]);
            PyTuple_SET_ITEM(c->variables, kept, order[j]);
            c->coefficients[kept++] = sums[j];
        }
    PyMem_Free(sums);
    PyMem_Free(order);
    Py_XDECREF(index);
    return (PyObject *)c;
nomem:
    PyErr_NoMemory();
fail:
    PyMem_Free(sums);
    PyMem_Free(order);
    Py_XDECREF(index);
    Py_DECREF(c);
    return NULL;
}

/* ------------------------------------------------------------------ operators */

/* The terms and constant of a symbolic value or a number: 1, with `items`, `n` and
   `constant` set and `hold` a new reference to release (a Term made for a Variable); 0 when `o` is
   not supported; -1 on error. */
static int parts(PyObject *o, PyObject **hold, PyObject *const **items, Py_ssize_t *n, double *constant) {
    *hold = NULL;
    if (PyFloat_CheckExact(o) || PyLong_CheckExact(o)) /* the common number, before the subtype tests */
        goto number;
    if (IS_VARIABLE(o)) {
        if ((*hold = new_term(o, 1.0)) == NULL)
            return -1;
        *items = (PyObject *const *)hold;
        *n = 1;
        *constant = 0.0;
        return 1;
    }
    if (IS_EXPRESSION(o)) {
        Expression *e = (Expression *)o;
        *items = &PyTuple_GET_ITEM(e->terms, 0);
        *n = PyTuple_GET_SIZE(e->terms);
        *constant = e->constant;
        return 1;
    }
    if (IS_TERM(o)) {
        *hold = NULL;
        *n = 1;
        *constant = 0.0;
        return 2; /* the item is `o` itself: the caller points at it */
    }
    int k = is_num(o);
    if (k <= 0)
        return k;
number:
    if (as_double(o, constant) < 0)
        return -1;
    *items = NULL;
    *n = 0;
    return 1;
}

#define PARTS(o, hold, items, n, c, status)                                       \
    do {                                                                          \
        status = parts(o, &hold, &items, &n, &c);                                 \
        if (status == 2) {                                                        \
            items = (PyObject *const *)&(o);                                      \
            status = 1;                                                           \
        }                                                                         \
    } while (0)

/* A new tuple of a's terms then b's (b's negated when `negate`). */
static PyObject *concat(PyObject *const *a, Py_ssize_t na, PyObject *const *b, Py_ssize_t nb, int negate) {
    PyObject *r = PyTuple_New(na + nb);
    if (r == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < na; i++) {
        Py_INCREF(a[i]);
        PyTuple_SET_ITEM(r, i, a[i]);
    }
    for (Py_ssize_t i = 0; i < nb; i++) {
        PyObject *t = b[i];
        if (negate) {
            t = new_term(((Term *)t)->variable, -((Term *)t)->coefficient);
            if (t == NULL) {
                Py_DECREF(r);
                return NULL;
            }
        } else
            Py_INCREF(t);
        PyTuple_SET_ITEM(r, na + i, t);
    }
    return r;
}

/* a + b for any two symbolic values or numbers; NotImplemented when unsupported. As in
   kiwisolver, a Variable or Term added to an Expression (either side) comes after the
   Expression's terms: `v - e` is `-e + v`. */
static PyObject *sym_add(PyObject *a, PyObject *b) {
    PyObject *ha, *hb = NULL, *r = NULL;
    PyObject *const *ia, *const *ib;
    Py_ssize_t na, nb;
    double ca, cb;
    int sa, sb;
    PARTS(a, ha, ia, na, ca, sa);
    if (sa <= 0)
        return sa < 0 ? NULL : Py_NewRef(Py_NotImplemented);
    PARTS(b, hb, ib, nb, cb, sb);
    if (sb <= 0) {
        Py_XDECREF(ha);
        return sb < 0 ? NULL : Py_NewRef(Py_NotImplemented);
    }
    if (IS_EXPRESSION(b) && (IS_VARIABLE(a) || IS_TERM(a)))
        r = new_expression(concat(ib, nb, ia, na, 0), ca + cb);
    else
        r = new_expression(concat(ia, na, ib, nb, 0), ca + cb);
    Py_XDECREF(ha);
    Py_XDECREF(hb);
    return r;
}

/* -o; NotImplemented when unsupported. */
static PyObject *sym_neg(PyObject *o) {
    if (IS_VARIABLE(o))
        return new_term(o, -1.0);
    if (IS_TERM(o))
        return new_term(((Term *)o)->variable, -((Term *)o)->coefficient);
    if (IS_EXPRESSION(o)) {
        Expression *e = (Expression *)o;
        return new_expression(concat(NULL, 0, &PyTuple_GET_ITEM(e->terms, 0), PyTuple_GET_SIZE(e->terms), 1),
                              -e->constant);
    }
    int k = is_num(o);
    if (k <= 0)
        return k < 0 ? NULL : Py_NewRef(Py_NotImplemented);
    double v;
    if (as_double(o, &v) < 0)
        return NULL;
    return PyFloat_FromDouble(-v);
}

static PyObject *sym_sub(PyObject *a, PyObject *b) {
    if (!IS_SYMBOLIC(a)) { /* number - symbolic */
        int k = is_num(a);
        if (k <= 0)
            return k < 0 ? NULL : Py_NewRef(Py_NotImplemented);
    }
    PyObject *n = sym_neg(b);
    if (n == NULL || n == Py_NotImplemented)
        return n;
    PyObject *r = sym_add(a, n);
    Py_DECREF(n);
    return r;
}

static PyObject *scaled(PyObject *o, double k) {
    if (IS_VARIABLE(o))
        return new_term(o, k);
    if (IS_TERM(o))
        return new_term(((Term *)o)->variable, ((Term *)o)->coefficient * k);
    Expression *e = (Expression *)o;
    Py_ssize_t n = PyTuple_GET_SIZE(e->terms);
    PyObject *terms = PyTuple_New(n);
    if (terms == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        Term *t = (Term *)PyTuple_GET_ITEM(e->terms, i);
        PyObject *s = new_term(t->variable, t->coefficient * k);
        if (s == NULL) {
            Py_DECREF(terms);
            return NULL;
        }
        PyTuple_SET_ITEM(terms, i, s);
    }
    return new_expression(terms, e->constant * k);
}

static PyObject *sym_mul(PyObject *a, PyObject *b) {
    PyObject *self = IS_SYMBOLIC(a) ? a : b, *other = self == a ? b : a;
    int k = is_num(other);
    if (k <= 0)
        return k < 0 ? NULL : Py_NewRef(Py_NotImplemented);
    double v;
    if (as_double(other, &v) < 0)
        return NULL;
    return scaled(self, v);
}

static PyObject *sym_div(PyObject *a, PyObject *b) {
    if (!IS_SYMBOLIC(a)) /* number / symbolic */
        return Py_NewRef(Py_NotImplemented);
    int k = is_num(b);
    if (k <= 0)
        return k < 0 ? NULL : Py_NewRef(Py_NotImplemented);
    double v;
    if (as_double(b, &v) < 0)
        return NULL;
    if (v == 0.0) {
        PyErr_SetString(PyExc_ZeroDivisionError, "float division by zero");
        return NULL;
    }
    return scaled(a, 1.0 / v);
}

/* ==, <=, >= make a required Constraint on self - other; !=, <, > are refused. */
static PyObject *sym_richcompare(PyObject *self, PyObject *other, int op) {
    int rel;
    switch (op) {
    case Py_EQ: rel = 0; break;
    case Py_LE: rel = -1; break;
    case Py_GE: rel = 1; break;
    case Py_NE: return no_comparison("!=", self, other);
    case Py_LT: return no_comparison("<", self, other);
    default: return no_comparison(">", self, other);
    }
    PyObject *ha, *hb;
    PyObject *const *ia, *const *ib;
    Py_ssize_t na, nb;
    double ca, cb;
    int sa, sb;
    PARTS(other, hb, ib, nb, cb, sb);
    if (sb <= 0)
        return sb < 0 ? NULL : Py_NewRef(Py_NotImplemented);
    PARTS(self, ha, ia, na, ca, sa);
    if (sa < 0) {
        Py_XDECREF(hb);
        return NULL;
    }
    PyObject *r = new_constraint(Constraint_Type, concat(ia, na, ib, nb, 1), ca - cb, rel, REQUIRED);
    Py_XDECREF(ha);
    Py_XDECREF(hb);
    return r;
}

/* tp_traverse, tp_clear and tp_dealloc of a type whose one reference is `field`. */
#define ONE_REFERENCE_GC(Name, field)                                                \
    static int Name##_traverse(Name *self, visitproc visit, void *arg) {             \
        Py_VISIT(Py_TYPE(self));                                                     \
        Py_VISIT(self->field);                                                       \
        return 0;                                                                    \
    }                                                                                \
    static int Name##_clear(Name *self) {                                            \
        Py_CLEAR(self->field);                                                       \
        return 0;                                                                    \
    }                                                                                \
    static void Name##_dealloc(Name *self) {                                         \
        PyTypeObject *tp = Py_TYPE(self);                                            \
        PyObject_GC_UnTrack(self);                                                   \
        Py_CLEAR(self->field);                                                       \
        tp->tp_free(self);                                                           \
        Py_DECREF(tp);                                                               \
    }

/* ------------------------------------------------------------------ Variable */

static PyObject *Variable_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"name", "context", NULL};
    PyObject *name = NULL, *context = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|OO:Variable", kwlist, &name, &context))
        return NULL;
    if (name != NULL && !PyUnicode_Check(name))
        return wrong_type("str", name);
    Variable *v = (Variable *)type->tp_alloc(type, 0);
    if (v == NULL)
        return NULL;
    /* a str as kiwi keeps it (a plain copy of a subclass) */
    if ((v->name = name != NULL ? PyUnicode_FromObject(name) : PyUnicode_FromString("")) == NULL) {
        Py_DECREF(v);
        return NULL;
    }
    v->context = Py_NewRef(context);
    return (PyObject *)v;
}

static int Variable_traverse(Variable *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->context);
    return 0;
}

static int Variable_clear(Variable *self) {
    Py_CLEAR(self->context);
    return 0;
}

static void Variable_dealloc(Variable *self) {
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    /* A chain of Variables through their contexts is freed without a recursion as
       deep as the chain (which overflowed the C stack at some 100,000). */
    Py_TRASHCAN_BEGIN(self, Variable_dealloc)
    if (self->weakreflist != NULL)
        PyObject_ClearWeakRefs((PyObject *)self);
    Py_CLEAR(self->name);
    Py_CLEAR(self->context);
    Py_CLEAR(self->value_obj);
    Py_CLEAR(self->key);
    tp->tp_free(self);
    Py_DECREF(tp);
    Py_TRASHCAN_END
}

static PyObject *Variable_name(Variable *self, PyObject *unused) { return Py_NewRef(self->name); }

static PyObject *Variable_setName(Variable *self, PyObject *name) {
    if (!PyUnicode_Check(name))
        return wrong_type("str", name);
    if ((name = PyUnicode_FromObject(name)) == NULL)
        return NULL;
    Py_SETREF(self->name, name);
    Py_RETURN_NONE;
}

static PyObject *Variable_context(Variable *self, PyObject *unused) {
    return Py_NewRef(self->context ? self->context : Py_None);
}

static PyObject *Variable_setContext(Variable *self, PyObject *context) {
    Py_XSETREF(self->context, Py_NewRef(context));
    Py_RETURN_NONE;
}

static PyObject *Variable_value(Variable *self, PyObject *unused) {
    PyObject *v = self->value_obj;
    if (v != NULL) {
        double last = PyFloat_AS_DOUBLE(v);
        if (memcmp(&last, &self->value, sizeof last) == 0)
            return Py_NewRef(v);
    }
    if ((v = PyFloat_FromDouble(self->value)) == NULL)
        return NULL;
    Py_XSETREF(self->value_obj, v);
    return Py_NewRef(v);
}

static PyObject *Variable_repr(Variable *self) { return Py_NewRef(self->name); }

/* Hashable by identity (kiwisolver's Variable is not hashable; this is a superset). */
static Py_hash_t Variable_hash(PyObject *self) { return _Py_HashPointer(self); }

static PyMethodDef Variable_methods[] = {
    {"name", (PyCFunction)Variable_name, METH_NOARGS, "The variable's name."},
    {"setName", (PyCFunction)Variable_setName, METH_O, "Set the variable's name."},
    {"context", (PyCFunction)Variable_context, METH_NOARGS, "The object given as context."},
    {"setContext", (PyCFunction)Variable_setContext, METH_O, "Set the context object."},
    {"value", (PyCFunction)Variable_value, METH_NOARGS, "What the last Solver.updateVariables() wrote (0 before)."},
    {NULL}};

static PyMemberDef Variable_members[] = {
    {"__weaklistoffset__", T_PYSSIZET, offsetof(Variable, weakreflist), READONLY}, {NULL}};

/* ------------------------------------------------------------------ Term */

static PyObject *Term_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"variable", "coefficient", NULL};
    PyObject *variable, *coefficient = NULL;
    double k = 1.0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:Term", kwlist, &variable, &coefficient))
        return NULL;
    if (!IS_VARIABLE(variable))
        return wrong_type("Variable", variable);
    if (coefficient != NULL && number_arg(coefficient, &k) < 0)
        return NULL;
    Term *t = (Term *)type->tp_alloc(type, 0);
    if (t == NULL)
        return NULL;
    t->variable = Py_NewRef(variable);
    t->coefficient = k;
    return (PyObject *)t;
}

ONE_REFERENCE_GC(Term, variable)

static PyObject *Term_variable(Term *self, PyObject *unused) { return Py_NewRef(self->variable); }
static PyObject *Term_coefficient(Term *self, PyObject *unused) { return PyFloat_FromDouble(self->coefficient); }
static PyObject *Term_value(Term *self, PyObject *unused) {
    return PyFloat_FromDouble(self->coefficient * ((Variable *)self->variable)->value);
}

static PyObject *Term_repr(Term *self) {
    PyObject *k = num_str(self->coefficient);
    if (k == NULL)
        return NULL;
    PyObject *r = PyUnicode_FromFormat("%U * %U", k, ((Variable *)self->variable)->name);
    Py_DECREF(k);
    return r;
}

static PyMethodDef Term_methods[] = {
    {"variable", (PyCFunction)Term_variable, METH_NOARGS, "The term's variable."},
    {"coefficient", (PyCFunction)Term_coefficient, METH_NOARGS, "The term's coefficient."},
    {"value", (PyCFunction)Term_value, METH_NOARGS, "coefficient * variable.value()."},
    {NULL}};

/* ------------------------------------------------------------------ Expression */

static PyObject *Expression_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"terms", "constant", NULL};
    PyObject *iterable, *constant = NULL;
    double c = 0.0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:Expression", kwlist, &iterable, &constant))
        return NULL;
    PyObject *terms = PySequence_Tuple(iterable);
    if (terms == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(terms); i++)
        if (!IS_TERM(PyTuple_GET_ITEM(terms, i))) {
            wrong_type("Term", PyTuple_GET_ITEM(terms, i));
            Py_DECREF(terms);
            return NULL;
        }
    if (constant != NULL && number_arg(constant, &c) < 0) {
        Py_DECREF(terms);
        return NULL;
    }
    Expression *e = (Expression *)type->tp_alloc(type, 0);
    if (e == NULL) {
        Py_DECREF(terms);
        return NULL;
    }
    e->terms = terms;
    e->constant = c;
    return (PyObject *)e;
}

ONE_REFERENCE_GC(Expression, terms)

static double terms_value(PyObject *terms, double constant) {
    double v = constant;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(terms); i++) {
        Term *t = (Term *)PyTuple_GET_ITEM(terms, i);
        v += t->coefficient * ((Variable *)t->variable)->value;
    }
    return v;
}

static PyObject *Expression_terms(Expression *self, PyObject *unused) { return Py_NewRef(self->terms); }
static PyObject *Expression_constant(Expression *self, PyObject *unused) { return PyFloat_FromDouble(self->constant); }
static PyObject *Expression_value(Expression *self, PyObject *unused) {
    return PyFloat_FromDouble(terms_value(self->terms, self->constant));
}

static PyObject *Expression_repr(Expression *self) {
    Py_ssize_t n = PyTuple_GET_SIZE(self->terms);
    PyObject *parts_list = PyList_New(n + 1), *sep = NULL, *r = NULL;
    if (parts_list == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *s = PyObject_Repr(PyTuple_GET_ITEM(self->terms, i));
        if (s == NULL)
            goto done;
        PyList_SET_ITEM(parts_list, i, s);
    }
    PyObject *c = num_str(self->constant);
    if (c == NULL)
        goto done;
    PyList_SET_ITEM(parts_list, n, c);
    if ((sep = PyUnicode_FromString(" + ")) != NULL)
        r = PyUnicode_Join(sep, parts_list);
done:
    Py_XDECREF(sep);
    Py_DECREF(parts_list);
    return r;
}

static PyMethodDef Expression_methods[] = {
    {"terms", (PyCFunction)Expression_terms, METH_NOARGS, "The expression's terms (a tuple)."},
    {"constant", (PyCFunction)Expression_constant, METH_NOARGS, "The expression's constant."},
    {"value", (PyCFunction)Expression_value, METH_NOARGS, "constant + sum of the terms' values."},
    {NULL}};

/* ------------------------------------------------------------------ Constraint */

static const char *op_name(int rel) { return rel == 0 ? "==" : (rel < 0 ? "<=" : ">="); }

static PyObject *Constraint_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"expression", "op", "strength", NULL};
    PyObject *expression, *op = NULL, *strength = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|OO:Constraint", kwlist, &expression, &op, &strength))
        return NULL;
    if (!IS_EXPRESSION(expression))
        return wrong_type("Expression", expression);
    int rel = 0;
    if (op != NULL) {
        if (!PyUnicode_Check(op))
            return wrong_type("str", op);
        if (PyUnicode_CompareWithASCIIString(op, "==") == 0)
            rel = 0;
        else if (PyUnicode_CompareWithASCIIString(op, "<=") == 0)
            rel = -1;
        else if (PyUnicode_CompareWithASCIIString(op, ">=") == 0)
            rel = 1;
        else
            return PyErr_Format(PyExc_ValueError, "relational operator must be '==', '<=', or '>=', not '%U'", op);
    }
    double s = REQUIRED;
    if (strength != NULL && strength_value(strength, &s) < 0)
        return NULL;
    Expression *e = (Expression *)expression;
    return new_constraint(type, Py_NewRef(e->terms), e->constant, rel, s);
}

static int Constraint_traverse(Constraint *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->terms);
    Py_VISIT(self->variables);
    Py_VISIT(self->expression);
    return 0;
}

static int Constraint_clear(Constraint *self) {
    Py_CLEAR(self->terms);
    Py_CLEAR(self->variables);
    Py_CLEAR(self->expression);
    return 0;
}

static void Constraint_dealloc(Constraint *self) {
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    if (self->weakreflist != NULL)
        PyObject_ClearWeakRefs((PyObject *)self);
    Constraint_clear(self);
    Py_CLEAR(self->key);
    PyMem_Free(self->coefficients);
    tp->tp_free(self);
    Py_DECREF(tp);
}

static PyObject *Constraint_expression(Constraint *self, PyObject *unused) {
    if (self->expression == NULL && (self->expression = new_expression(Py_NewRef(self->terms), self->constant)) == NULL)
        return NULL;
    return Py_NewRef(self->expression);
}

static PyObject *Constraint_op(Constraint *self, PyObject *unused) { return PyUnicode_FromString(op_name(self->rel)); }
static PyObject *Constraint_strength(Constraint *self, PyObject *unused) { return PyFloat_FromDouble(self->strength); }

static int violated(Constraint *self) {
    double v = terms_value(self->terms, self->constant);
    return self->rel == 0 ? fabs(v) >= 1.0e-8 : (self->rel < 0 ? v > 0.0 : v < 0.0);
}

static PyObject *Constraint_violated(Constraint *self, PyObject *unused) { return PyBool_FromLong(violated(self)); }

/* constraint | strength (either side): the same constraint at another strength. */
static PyObject *Constraint_or(PyObject *a, PyObject *b) {
    Constraint *self = (Constraint *)(IS_CONSTRAINT(a) ? a : b);
    PyObject *other = (PyObject *)self == a ? b : a;
    double s;
    if (strength_value(other, &s) < 0)
        return NULL;
    Constraint *c = (Constraint *)Constraint_Type->tp_alloc(Constraint_Type, 0);
    if (c == NULL)
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(self->variables);
    if ((c->coefficients = PyMem_Malloc(sizeof(double) * (n ? n : 1))) == NULL) {
        Py_DECREF(c);
        return PyErr_NoMemory();
    }
    if (n)
        memcpy(c->coefficients, self->coefficients, sizeof(double) * n);
    c->terms = Py_NewRef(self->terms);
    c->constant = self->constant;
    c->rel = self->rel;
    c->variables = Py_NewRef(self->variables);
    c->expression = Py_XNewRef(self->expression);
    c->strength = s;
    c->priority = priority_of_value(s);
    return (PyObject *)c;
}

static PyObject *Constraint_repr(Constraint *self) {
    PyObject *e = Constraint_expression(self, NULL);
    PyObject *s = e ? num_str(self->strength) : NULL;
    PyObject *r = s ? PyUnicode_FromFormat("%R %s 0 | strength = %U%s", e, op_name(self->rel), s,
                                           violated(self) ? " (VIOLATED)" : "")
                    : NULL;
    Py_XDECREF(e);
    Py_XDECREF(s);
    return r;
}

/* What kiwi.py's cold paths (the >64-term split, dumps, errors) read. */
static PyObject *Constraint_get_coefficients(Constraint *self, void *unused) {
    Py_ssize_t n = PyTuple_GET_SIZE(self->variables);
    PyObject *r = PyTuple_New(n);
    for (Py_ssize_t i = 0; r != NULL && i < n; i++) {
        PyObject *k = PyFloat_FromDouble(self->coefficients[i]);
        if (k == NULL)
            Py_CLEAR(r);
        else
            PyTuple_SET_ITEM(r, i, k);
    }
    return r;
}

static PyObject *Constraint_get_op(Constraint *self, void *unused) { return Constraint_op(self, NULL); }

static PyMethodDef Constraint_methods[] = {
    {"expression", (PyCFunction)Constraint_expression, METH_NOARGS, "The constraint's expression (OP 0)."},
    {"op", (PyCFunction)Constraint_op, METH_NOARGS, "'==', '<=' or '>='."},
    {"strength", (PyCFunction)Constraint_strength, METH_NOARGS, "The strength, a number."},
    {"violated", (PyCFunction)Constraint_violated, METH_NOARGS, "Whether the variables' values break it."},
    {NULL}};

static PyMemberDef Constraint_members[] = {
    {"_terms", T_OBJECT, offsetof(Constraint, terms), READONLY},
    {"_constant", T_DOUBLE, offsetof(Constraint, constant), READONLY},
    {"_rel", T_INT, offsetof(Constraint, rel), READONLY},
    {"_strength", T_DOUBLE, offsetof(Constraint, strength), READONLY},
    {"_priority", T_DOUBLE, offsetof(Constraint, priority), READONLY},
    {"_variables", T_OBJECT, offsetof(Constraint, variables), READONLY},
    {"__weaklistoffset__", T_PYSSIZET, offsetof(Constraint, weakreflist), READONLY},
    {NULL}};

static PyGetSetDef Constraint_getset[] = {
    {"_coefficients", (getter)Constraint_get_coefficients, NULL, NULL, NULL},
    {"_op", (getter)Constraint_get_op, NULL, NULL, NULL},
    {NULL}};

/* ------------------------------------------------------------------ Solver */

/* The context is made by the first call that needs one (ensure_context), as
   kiwisolver's Solver() makes nothing but its object: making a Brace context costs about
   1 µs, a solver made and dropped unused (or reset and dropped) costs none. */
typedef struct {
    PyObject_HEAD
    brace_context *ctx;  /* NULL until the first call that needs it, and after a reset */
    int cleared;         /* the collector broke a cycle through it: it takes no more calls */
    uint64_t token;      /* tells this context's variables apart (Variable.token) */
    PyObject *vars;      /* Variable key -> its brace_variable (int), for the variables that
                            another live solver held when this one met them (the others
                            hold this solver's token and their handle); NULL until then */
    /* The Variables met, in order (a reference each), their Brace variables and
       updateVariables' buffer: `count` of `capacity`, the three arrays in one block
       (var_objs its start) made at the first variable. A list and two arrays cost three
       allocations, a list's growth and PyList_Append (about 35 instructions an add). */
    Variable **var_objs;
    brace_variable *handles;
    double *values;
    Py_ssize_t count, capacity;
    /* Whether the engine's values may differ from `values` (every call that changes the
       system sets it): updateVariables reads them again only then, and otherwise writes
       what it read last (another solver may have written a shared Variable since). */
    int stale;
    PyObject *cns;       /* Constraint key -> (Constraint, its brace constraint (int) or
                            the cold path's tuple), for those not in `held`; NULL until
                            the first */
    /* The Constraints that hold this solver's token and a handle, each at its `slot`
       (a reference each): an array's append and a swap on removal, where a dict entry
       cost a key, a hash and a resize now and then (about 300 instructions an add) and
       a list's PyList_Append and growth about 65; `cns` holds the others. */
    Constraint **held;
    Py_ssize_t held_count, held_capacity;
    PyObject *edits;     /* Variable key -> (Variable, strength); NULL until the first */
    /* The thread whose call is under way (this_thread(); 0: none). Python code runs inside some calls
       (kiwi.py's cold paths, and any __del__ or collector callback there), and must not
       free or grow what the call holds (the dicts, `handles`, the context): a
       call of this solver made from there, in that thread, is refused (enter()).
       Another thread's call is let through: a thread switch comes only in Python code. */
    uintptr_t running;
    /* How many calls are under way, in every thread: the context is not let go
       (reset, _release) while one is, whichever thread asks. */
    Py_ssize_t busy;
    PyObject *cold; /* kiwi.py's cffi buffers for the cold paths (None until made) */
    PyObject *weakreflist;
} Solver;

/* Set by enter() for the call whose wrapper (END_CALL) runs in this thread: whether
   its body entered, so that the wrapper ends exactly the calls that began. */
/* initial-exec: read without a __tls_get_addr call (four of them were a quarter of
   hasConstraint's 0.018 µs); 4 bytes of the static TLS that glibc keeps for modules. */
static _Thread_local int entered __attribute__((tls_model("initial-exec")));

/* The calling thread, for `running`: the address of its `entered`, one instruction where
   PyThread_get_thread_ident() was a call of about 15 at every add; like a thread's
   ident, it is another thread's only once this one has ended. */
static inline uintptr_t this_thread(void) { return (uintptr_t)&entered; }

/* addConstraint's variables for the engine, filled and used with no Python code run in
   between, under the GIL (not in the solver: a smaller object is made faster, as
   Solver() is). */
static brace_variable terms[MAX_TERMS];

static int Solver_traverse(Solver *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->vars);
    for (Py_ssize_t i = 0; i < self->count; i++)
        Py_VISIT(self->var_objs[i]);
    Py_VISIT(self->cns);
    for (Py_ssize_t i = 0; i < self->held_count; i++)
        Py_VISIT(self->held[i]);
    Py_VISIT(self->edits);
    return 0;
}

/* Lets go of what the solver holds. A Variable or Constraint holding this solver's
   token gives it back first: a nonzero token is then always a live solver's, so the
   next solver to meet one takes it on sight (no lookup of live solvers per add). The
   arrays and the dicts are detached before the first reference goes: code that runs
   then (a __del__, a weakref callback) finds an empty solver, and what it adds stays
   (an edit added while the constraints' dict was freed went with the edits' dict). */
static void let_go(Solver *self) {
    Variable **objs = self->var_objs;
    Constraint **held = self->held;
    Py_ssize_t n = self->count, n_held = self->held_count;
    PyObject *vars = self->vars, *cns = self->cns, *edits = self->edits;
    self->vars = self->cns = self->edits = NULL;
    self->var_objs = NULL;
    self->handles = NULL;
    self->values = NULL;
    self->count = self->capacity = 0;
    self->held = NULL;
    self->held_count = self->held_capacity = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (objs[i]->token == self->token)
            objs[i]->token = 0;
    for (Py_ssize_t i = 0; i < n_held; i++)
        held[i]->token = 0;
    if (cns != NULL) {
        Py_ssize_t pos = 0;
        PyObject *key, *entry;
        while (PyDict_Next(cns, &pos, &key, &entry)) {
            Constraint *c = (Constraint *)PyTuple_GET_ITEM(entry, 0);
            if (c->token == self->token)
                c->token = 0;
        }
    }
    Py_XDECREF(vars);
    Py_XDECREF(cns);
    Py_XDECREF(edits);
    for (Py_ssize_t i = 0; i < n; i++)
        Py_DECREF(objs[i]);
    for (Py_ssize_t i = 0; i < n_held; i++)
        Py_DECREF(held[i]);
    PyMem_Free(objs);
    PyMem_Free(held);
}

static int Solver_clear(Solver *self) {
    self->cleared = 1;
    let_go(self);
    return 0;
}

/* One emptied context (brace_context_reset), kept for the next solver's first call:
   a new context and its strategies' loading were about 7% of an add at N = 10 (a new
   Solver and its 10 adds), and emptying a context costs about what destroying it does.
   Guarded by the GIL, as every call here. Its diagnostics callback is on_diagnostic
   already (a reset keeps it). */
static brace_context *spare_context;

/* Empties the context (if one was made) and forgets everything in it; the next call
   takes the spare context or makes a new one. The context becomes the spare unless one
   is kept already; else, or when it cannot be emptied, it is destroyed. */
static void Solver_release(Solver *self) {
    if (self->ctx != NULL) {
        /* a report left for this address must not reach the next solver to use it */
        if (PyDict_GET_SIZE(REPORTS) != 0) {
            /* The exception being raised, if any, is set aside: a solver is often freed
               while one propagates (a temporary of a failed call), and the PyErr_Clear
               below turned it into SystemError ("error return without exception set"). */
#if PY_VERSION_HEX >= 0x030C0000
            PyObject *pending = PyErr_GetRaisedException();
#else
            PyObject *pending_type, *pending_value, *pending_tb;
            PyErr_Fetch(&pending_type, &pending_value, &pending_tb);
#endif
            PyObject *a = PyLong_FromVoidPtr(self->ctx);
            if (a == NULL || (PyDict_DelItem(REPORTS, a) < 0 && !PyErr_ExceptionMatches(PyExc_KeyError)))
                PyErr_WriteUnraisable((PyObject *)self);
            PyErr_Clear();
            Py_XDECREF(a);
#if PY_VERSION_HEX >= 0x030C0000
            PyErr_SetRaisedException(pending);
#else
            PyErr_Restore(pending_type, pending_value, pending_tb);
#endif
        }
        if (spare_context == NULL && f_context_reset(self->ctx) == BRACE_OK)
            spare_context = self->ctx;
        else
            f_context_destroy(self->ctx);
        self->ctx = NULL;
    }
    let_go(self);
}

/* Solver() makes the object only (the context comes with the first call that needs
   it); it takes no arguments, as kiwisolver's (a subclass's too). */
static PyObject *Solver_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    if (PyTuple_GET_SIZE(args) != 0 || (kwargs != NULL && PyDict_GET_SIZE(kwargs) != 0)) {
        PyErr_SetString(PyExc_TypeError, "Solver.__new__ takes no arguments");
        return NULL;
    }
    return type->tp_alloc(type, 0);
}

static void Solver_dealloc(Solver *self) {
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    if (self->weakreflist != NULL)
        PyObject_ClearWeakRefs((PyObject *)self);
    self->cleared = 1;
    Solver_release(self);
    Py_CLEAR(self->cold);
    tp->tp_free(self);
    Py_DECREF(tp);
}

/* -1 (RuntimeError) while a call of this solver is under way (enter()), in this
   thread or another (whose Python code let this one run), 0 otherwise. */
static int refuse_if_running(Solver *self) {
    if (self->running == this_thread()) {
        PyErr_SetString(PyExc_RuntimeError, "the solver cannot be reset or freed from inside one of its own calls");
        return -1;
    }
    if (self->busy > 0) {
        PyErr_SetString(PyExc_RuntimeError,
                        "the solver cannot be reset or freed while one of its calls is under way in another thread");
        return -1;
    }
    return 0;
}

/* _release() (kiwi.py's reset): let go of the context, emptied, and forget everything in it. */
static PyObject *Solver_unbind(Solver *self, PyObject *unused) {
    if (refuse_if_running(self) < 0)
        return NULL;
    Solver_release(self);
    Py_RETURN_NONE;
}

/* Raises kiwi.py's exception for a failed engine call (Solver._check); returns NULL. */
static PyObject *fail(Solver *self, brace_status status, const char *call) {
    PyObject *r = PyObject_CallMethod((PyObject *)self, "_check", "is", (int)status, call);
    Py_XDECREF(r);
    if (!PyErr_Occurred())
        PyErr_SetString(PyExc_SystemError, "brace._kiwi: a failed call raised nothing");
    return NULL;
}

/* The solver's dict in *slot (vars, cns or edits), made the first time it is written. */
static PyObject *lazy_dict(PyObject **slot) {
    if (*slot == NULL)
        *slot = PyDict_New();
    return *slot;
}

/* PyDict_Contains of one of those dicts, which may not have been made yet. */
static int dict_has(PyObject *dict, PyObject *key) { return dict == NULL ? 0 : PyDict_Contains(dict, key); }

/* dict.pop(key) in one lookup: a new reference, or NULL (an error set, or none for a
   missing key or a dict not made yet). */
static PyObject *dict_pop(PyObject *dict, PyObject *key) {
    if (dict == NULL)
        return NULL;
#if PY_VERSION_HEX >= 0x030D0000
    PyObject *r = NULL;
    return PyDict_Pop(dict, key, &r) < 0 ? NULL : r;
#else
    PyObject *r = _PyDict_Pop(dict, key, Py_None); /* the values here are never None */
    if (r == Py_None) {
        Py_DECREF(r);
        return NULL;
    }
    return r;
#endif
}

/* The context, made now if there is none; -1 on error (and once the solver is being
   freed). */
static int ensure_context(Solver *self) {
    if (self->cleared) {
        PyErr_SetString(PyExc_RuntimeError, "the solver has no context (it is being freed)");
        return -1;
    }
    if (self->ctx != NULL)
        return 0;
    brace_context *ctx = spare_context;
    if (ctx != NULL) {
        spare_context = NULL;
    } else {
        brace_status st = f_context_create(NULL, &ctx);
        if (st != BRACE_OK) {
            fail(self, st, "Solver()");
            return -1;
        }
        if ((st = f_set_diagnostic_callback(ctx, on_diagnostic, NULL)) != BRACE_OK) {
            f_context_destroy(ctx);
            fail(self, st, "Solver()");
            return -1;
        }
    }
    /* vars, cns and edits are made when first needed (lazy_dict): most solvers never
       need them, and three dicts made and freed were about 3% of an add at N = 10; the
       arrays at their first entry. */
    self->token = next_token++;
    self->ctx = ctx;
    return 0;
}

/* For the reads (hasConstraint ...): 1 with a context, 0 before the first call that
   made one (nothing is in the solver), -1 once it is being freed. */
static int has_context(Solver *self) {
    if (self->cleared) {
        PyErr_SetString(PyExc_RuntimeError, "the solver has no context (it is being freed)");
        return -1;
    }
    return self->ctx != NULL;
}

/* ensure_context for a public call, which it marks as under way; -1 inside another
   call of this solver. The caller ends it: leave() on its one way out, or its
   wrapper (END_CALL) after enter(). Inlined (addConstraint's entry and exit were about
   80 instructions an add as calls and END_CALL's bookkeeping). */
static inline __attribute__((always_inline)) int begin(Solver *self, const char *call) {
    uintptr_t me = this_thread();
    if (self->running == me) {
        PyErr_Format(PyExc_RuntimeError,
                     "Solver.%s() called from inside another call of the same solver (from Python code "
                     "that call ran)",
                     call);
        return -1;
    }
    if ((self->ctx == NULL || self->cleared) && ensure_context(self) < 0)
        return -1;
    self->running = me;
    self->busy++;
    self->stale = 1;
    return 0;
}

static inline void leave(Solver *self) {
    self->busy--;
    self->running = 0;
}

/* begin() for a body whose wrapper is END_CALL, which asks `entered` whether it began */
static int enter(Solver *self, const char *call) {
    if (begin(self, call) < 0)
        return -1;
    entered = 1;
    return 0;
}

/* Room for one more variable (-1: MemoryError); runs no Python code. */
static int grow_vars(Solver *self) {
    Py_ssize_t cap = self->capacity ? self->capacity * 2 : 16, n = self->count;
    size_t each = sizeof(Variable *) + sizeof(brace_variable) + sizeof(double);
    char *block = (size_t)cap <= PY_SSIZE_T_MAX / each ? PyMem_Malloc((size_t)cap * each) : NULL;
    if (block == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    Variable **objs = (Variable **)block;
    brace_variable *handles = (brace_variable *)(block + (size_t)cap * sizeof(Variable *));
    double *values = (double *)(block + (size_t)cap * (sizeof(Variable *) + sizeof(brace_variable)));
    if (n != 0) {
        memcpy(objs, self->var_objs, (size_t)n * sizeof *objs);
        memcpy(handles, self->handles, (size_t)n * sizeof *handles);
        memcpy(values, self->values, (size_t)n * sizeof *values);
    }
    PyMem_Free(self->var_objs);
    self->var_objs = objs;
    self->handles = handles;
    self->values = values;
    self->capacity = cap;
    return 0;
}

/* The Brace variable of `var` in this context, made the first time; 0 on error. */
static brace_variable handle_of(Solver *self, Variable *var) {
    if (var->token == self->token)
        return var->handle;
    /* Held by another live solver: this one keeps its handle in its dict, made first (a
       dict made may run Python code, the collector's); from here to the store, no
       Python code runs (nothing else can change the token or the arrays). */
    if (var->token != 0 && lazy_dict(&self->vars) == NULL)
        return 0;
    if (var->token == self->token)
        return var->handle;
    /* the dict holds the variables that another solver held when this one met them,
       whether or not that one still does */
    PyObject *key = NULL;
    if (self->vars != NULL && PyDict_GET_SIZE(self->vars) != 0) {
        if ((key = VARIABLE_KEY(var)) == NULL)
            return 0;
        PyObject *found = PyDict_GetItemWithError(self->vars, key);
        if (found != NULL)
            return PyLong_AsUnsignedLongLong(found);
        if (PyErr_Occurred())
            return 0;
    }
    int foreign = var->token != 0;
    if (foreign && key == NULL && (key = VARIABLE_KEY(var)) == NULL)
        return 0;
    if (self->count == self->capacity && grow_vars(self) < 0)
        return 0;
    brace_variable h = 0;
    brace_status st = f_variable_create(self->ctx, &h);
    if (st != BRACE_OK) {
        fail(self, st, "Solver.addConstraint()");
        return 0;
    }
    if (foreign) {
        PyObject *value = PyLong_FromUnsignedLongLong(h);
        int rc = value == NULL ? -1 : PyDict_SetItem(self->vars, key, value);
        Py_XDECREF(value);
        if (rc < 0) /* as if never met (its engine variable stays unused) */
            return 0;
    } else {
        /* no other live solver holds it: it takes this one's token and handle, and is
           found by them from then on */
        var->token = self->token;
        var->handle = h;
    }
    self->var_objs[self->count] = (Variable *)Py_NewRef(var);
    self->handles[self->count++] = h;
    return h;
}

static PyObject *Solver_handle(Solver *self, PyObject *var) {
    if (!IS_VARIABLE(var))
        return wrong_type("Variable", var);
    /* kiwi.py's cold paths call it inside addConstraint; alone it is a call of its own */
    uintptr_t me = this_thread();
    int outer = self->running != me, outer_entered = entered;
    if (outer && enter(self, "_handle") < 0)
        return NULL;
    brace_variable h = handle_of(self, (Variable *)var);
    if (outer) {
        entered = outer_entered;
        self->busy--;
        if (self->running == me)
            self->running = 0;
    }
    return h == 0 ? NULL : PyLong_FromUnsignedLongLong(h);
}

/* Room for one more held constraint (-1: MemoryError); runs no Python code. */
static int grow_held(Solver *self) {
    Py_ssize_t cap = self->held_capacity ? self->held_capacity * 2 : 16;
    Constraint **held = (size_t)cap <= PY_SSIZE_T_MAX / sizeof *held
                            ? PyMem_Realloc(self->held, (size_t)cap * sizeof *held)
                            : NULL;
    if (held == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    self->held = held;
    self->held_capacity = cap;
    return 0;
}

/* addConstraint once begun: it returns to Solver_addConstraint_call, which leaves. */
static PyObject *add_constraint(Solver *self, PyObject *arg) {
    Constraint *c = (Constraint *)arg;
    /* One that does not hold this solver's token can only be in `cns` */
    int has = c->token == self->token ? 1 : self->cns == NULL || PyDict_GET_SIZE(self->cns) == 0 ? 0 : -2;
    if (has == -2) {
        PyObject *key = CONSTRAINT_KEY(arg);
        has = key ? PyDict_Contains(self->cns, key) : -1;
    }
    if (has != 0) {
        if (has > 0)
            PyErr_SetObject(DuplicateConstraint, arg);
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(c->variables);
    PyObject *entry;
    int claimed; /* another live solver holds its token (else this one takes it) */
    if (n == 0 || n > MAX_TERMS) {
        /* no variable, or a split over auxiliary variables: kiwi.py */
        PyObject *made = PyObject_CallMethod((PyObject *)self, "_add_cold", "(O)", arg);
        if (made == NULL)
            return NULL;
        entry = PyTuple_Pack(2, arg, made);
        Py_DECREF(made);
        if (entry == NULL)
            return NULL;
        if (!(claimed = c->token != 0)) {
            c->token = self->token;
            c->handle = 0;
        }
    } else {
        /* The common case: one C call creates the constraint at its priority and
           activates it; a required conflict is refused with nothing added. */
        for (Py_ssize_t i = 0; i < n; i++) {
            Variable *v = (Variable *)PyTuple_GET_ITEM(c->variables, i);
            if ((terms[i] = v->token == self->token ? v->handle : handle_of(self, v)) == 0)
                return NULL;
        }
        brace_constraint h = 0;
        /* An optional one is made with its weight, so the solver optimizes it once */
        double w = c->priority != 1000.0 ? weight_of_value(c->strength) : 1.0;
        brace_status st =
            w != 1.0 ? f_add_on_variables_weighted(self->ctx, terms, c->coefficients, (size_t)n, (brace_relation)c->rel,
                                                   -c->constant, (brace_priority)c->priority, w, &h)
                     : f_add_on_variables(self->ctx, terms, c->coefficients, (size_t)n, (brace_relation)c->rel,
                                          -c->constant, (brace_priority)c->priority, &h);
        if (st != BRACE_OK) {
            PyObject *r = PyObject_CallMethod((PyObject *)self, "_add_failed", "Oi", arg, (int)st);
            Py_XDECREF(r);
            return NULL;
        }
        /* Decided before anything that may run Python code (a collection on an
           allocation), which could hand the token to another solver meanwhile. */
        if (!(claimed = c->token != 0)) {
            if (self->held_count == self->held_capacity && grow_held(self) < 0) {
                f_constraint_destroy(self->ctx, h);
                return NULL;
            }
            c->slot = self->held_count;
            self->held[self->held_count++] = (Constraint *)Py_NewRef(arg);
            c->token = self->token;
            c->handle = h;
            Py_RETURN_NONE;
        }
        if ((entry = Py_BuildValue("(OK)", arg, (unsigned long long)h)) == NULL) {
            f_constraint_destroy(self->ctx, h);
            return NULL;
        }
    }
    PyObject *key = CONSTRAINT_KEY(arg);
    PyObject *cns = key ? lazy_dict(&self->cns) : NULL;
    int st = cns ? PyDict_SetItem(cns, key, entry) : -1;
    Py_DECREF(entry);
    if (st < 0) { /* memory only; what the cold path made stays until reset, as before */
        if (!claimed)
            c->token = 0;
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *Solver_removeConstraint(Solver *self, PyObject *arg) {
    if (!IS_CONSTRAINT(arg))
        return wrong_type("Constraint", arg);
    if (enter(self, "removeConstraint") < 0)
        return NULL;
    Constraint *c = (Constraint *)arg;
    if (c->token == self->token && c->handle != 0) {
        /* in `held`: the last one takes its slot, with its reference */
        Py_ssize_t last = --self->held_count;
        self->held[c->slot] = self->held[last];
        self->held[c->slot]->slot = c->slot;
        brace_constraint h = c->handle;
        c->token = 0;
        c->handle = 0;
        Py_DECREF(arg); /* held's reference (the caller holds one) */
        brace_status st = f_constraint_destroy(self->ctx, h);
        return st == BRACE_OK ? Py_NewRef(Py_None) : fail(self, st, "Solver.removeConstraint()");
    }
    PyObject *key = CONSTRAINT_KEY(arg);
    PyObject *entry = key ? dict_pop(self->cns, key) : NULL;
    if (entry == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetObject(UnknownConstraint, arg);
        return NULL;
    }
    if (c->token == self->token)
        c->token = 0;
    PyObject *r = NULL;
    PyObject *made = PyTuple_GET_ITEM(entry, 1);
    if (PyLong_CheckExact(made)) {
        brace_constraint h = PyLong_AsUnsignedLongLong(made);
        brace_status st = f_constraint_destroy(self->ctx, h);
        r = st == BRACE_OK ? Py_NewRef(Py_None) : fail(self, st, "Solver.removeConstraint()");
    } else if (PyTuple_GET_SIZE(made) == 0)
        r = Py_NewRef(Py_None);
    else
        r = PyObject_CallMethod((PyObject *)self, "_remove_cold", "(O)", made);
    Py_DECREF(entry);
    if (r == NULL)
        return NULL;
    Py_DECREF(r);
    Py_RETURN_NONE;
}

static PyObject *Solver_hasConstraint(Solver *self, PyObject *arg) {
    if (!IS_CONSTRAINT(arg))
        return wrong_type("Constraint", arg);
    int live = has_context(self);
    if (live <= 0)
        return live < 0 ? NULL : Py_NewRef(Py_False);
    if (((Constraint *)arg)->token == self->token)
        Py_RETURN_TRUE;
    if (self->cns == NULL || PyDict_GET_SIZE(self->cns) == 0)
        Py_RETURN_FALSE;
    PyObject *key = CONSTRAINT_KEY(arg);
    int has = key ? PyDict_Contains(self->cns, key) : -1;
    return has < 0 ? NULL : PyBool_FromLong(has);
}

static PyObject *Solver_addEditVariable(Solver *self, PyObject *var, PyObject *strength) {
    if (!IS_VARIABLE(var))
        return wrong_type("Variable", var);
    /* The strength first, as kiwisolver reads it: its __float__ may run Python code,
       which then cannot change the solver between the checks below and their use. */
    double s;
    if (strength_value(strength, &s) < 0)
        return NULL;
    if (enter(self, "addEditVariable") < 0)
        return NULL;
    PyObject *key = VARIABLE_KEY(var);
    int has = key ? dict_has(self->edits, key) : -1;
    if (has != 0) {
        if (has > 0)
            PyErr_SetObject(DuplicateEditVariable, var);
        return NULL;
    }
    if (s >= REQUIRED) {
        PyErr_SetString(BadRequiredStrength, "A required strength cannot be used in this context.");
        return NULL;
    }
    brace_variable h = handle_of(self, (Variable *)var);
    if (h == 0)
        return NULL;
    brace_status st = f_add_edit(self->ctx, h, BRACE_ATTR_NONE, (brace_priority)LEVEL);
    double w = weight_of_value(s);
    if (st == BRACE_OK && w != 1.0)
        st = f_set_edit_weight(self->ctx, h, BRACE_ATTR_NONE, w);
    /* kiwi's edit is the constraint `variable == 0` until the first suggestion; Brace's
       starts at the current value: suggest 0 to behave as kiwi. */
    if (st == BRACE_OK)
        st = f_suggest_value(self->ctx, h, BRACE_ATTR_NONE, 0.0);
    if (st != BRACE_OK)
        return fail(self, st, "Solver.addEditVariable()");
    PyObject *entry = Py_BuildValue("(Od)", var, s);
    PyObject *edits = entry ? lazy_dict(&self->edits) : NULL;
    int stored = edits ? PyDict_SetItem(edits, key, entry) : -1;
    Py_XDECREF(entry);
    if (stored < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *Solver_removeEditVariable(Solver *self, PyObject *var) {
    if (!IS_VARIABLE(var))
        return wrong_type("Variable", var);
    if (enter(self, "removeEditVariable") < 0)
        return NULL;
    PyObject *key = VARIABLE_KEY(var);
    int has = key ? dict_has(self->edits, key) : -1;
    if (has <= 0) {
        if (has == 0)
            PyErr_SetObject(UnknownEditVariable, var);
        return NULL;
    }
    if (PyDict_DelItem(self->edits, key) < 0)
        return NULL;
    brace_variable h = handle_of(self, (Variable *)var);
    if (h == 0)
        return NULL;
    brace_status st = f_remove_edit(self->ctx, h, BRACE_ATTR_NONE);
    if (st != BRACE_OK)
        return fail(self, st, "Solver.removeEditVariable()");
    Py_RETURN_NONE;
}

static PyObject *Solver_hasEditVariable(Solver *self, PyObject *var) {
    if (!IS_VARIABLE(var))
        return wrong_type("Variable", var);
    int live = has_context(self); /* a read that runs no Python code: no enter() */
    if (live <= 0)
        return live < 0 ? NULL : Py_NewRef(Py_False);
    PyObject *key = VARIABLE_KEY(var);
    int has = key ? dict_has(self->edits, key) : -1;
    return has < 0 ? NULL : PyBool_FromLong(has);
}

static PyObject *Solver_suggestValue(Solver *self, PyObject *var, PyObject *arg) {
    if (!IS_VARIABLE(var))
        return wrong_type("Variable", var);
    double value;
    if (number_arg(arg, &value) < 0)
        return NULL;
    if (enter(self, "suggestValue") < 0)
        return NULL;
    PyObject *key = VARIABLE_KEY(var);
    int has = key ? dict_has(self->edits, key) : -1;
    if (has <= 0) {
        if (has == 0)
            PyErr_SetObject(UnknownEditVariable, var);
        return NULL;
    }
    brace_variable h = handle_of(self, (Variable *)var);
    if (h == 0)
        return NULL;
    brace_status st = f_suggest_value(self->ctx, h, BRACE_ATTR_NONE, value);
    if (st != BRACE_OK)
        return fail(self, st, "Solver.suggestValue()");
    Py_RETURN_NONE;
}

/* Writes the solved value into every Variable this solver has seen, read in one
   brace_variables_get_values call. */
static PyObject *Solver_updateVariables(Solver *self) {
    int stale = self->stale;
    if (enter(self, "updateVariables") < 0)
        return NULL;
    self->stale = 0;
    Py_ssize_t n = self->count;
    if (n == 0)
        Py_RETURN_NONE;
    if (stale) {
        brace_status st = f_variables_get_values(self->ctx, self->handles, (size_t)n, self->values);
        if (st != BRACE_OK) {
            self->stale = 1;
            return fail(self, st, "Solver.updateVariables()");
        }
    }
    for (Py_ssize_t i = 0; i < n; i++)
        self->var_objs[i]->value = self->values[i];
    Py_RETURN_NONE;
}

/* The public methods take their arguments as the Python methods they replace did
   (by position or by name), and a call that does not fit gets Python's own message. */
static int solver_args(const char *method, const char *const *params, Py_ssize_t n, PyObject *const *args,
                       Py_ssize_t nargs, PyObject *kwnames, PyObject **out) {
    if (nargs > n) {
        PyErr_Format(PyExc_TypeError, "Solver.%s() takes %zd positional argument%s but %zd were given", method, n + 1,
                     n == 0 ? "" : "s", nargs + 1);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        out[i] = i < nargs ? args[i] : NULL;
    for (Py_ssize_t j = 0; kwnames != NULL && j < PyTuple_GET_SIZE(kwnames); j++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, j);
        Py_ssize_t i = 0;
        while (i < n && PyUnicode_CompareWithASCIIString(key, params[i]) != 0)
            i++;
        if (i == n) {
            PyErr_Format(PyExc_TypeError, "Solver.%s() got an unexpected keyword argument '%U'", method, key);
            return -1;
        }
        if (out[i] != NULL) {
            PyErr_Format(PyExc_TypeError, "Solver.%s() got multiple values for argument '%s'", method, params[i]);
            return -1;
        }
        out[i] = args[nargs + j];
    }
    const char *missing[2];
    int m = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (out[i] == NULL)
            missing[m++] = params[i];
    if (m == 1)
        PyErr_Format(PyExc_TypeError, "Solver.%s() missing 1 required positional argument: '%s'", method, missing[0]);
    else if (m == 2)
        PyErr_Format(PyExc_TypeError, "Solver.%s() missing 2 required positional arguments: '%s' and '%s'", method,
                     missing[0], missing[1]);
    return m ? -1 : 0;
}

/* Returns `expr` (a body's call) and ends the call enter() began there: `running`
   changed only if the body entered (not when it was refused inside another), `busy`
   counts it down if it entered. */
#define END_CALL(expr)                                                                             \
    do {                                                                                           \
        uintptr_t before = self->running;                                                          \
        int outer_entered = entered;                                                               \
        entered = 0;                                                                               \
        PyObject *result = (expr);                                                                 \
        if (entered)                                                                               \
            self->busy--;                                                                          \
        entered = outer_entered;                                                                   \
        if (self->running != before)                                                               \
            self->running = 0;                                                                     \
        return result;                                                                             \
    } while (0)

#define SOLVER_CALL_0(name)                                                                        \
    static PyObject *Solver_##name##_call(Solver *self, PyObject *const *args, Py_ssize_t nargs,   \
                                          PyObject *kwnames) {                                     \
        if ((nargs != 0 || kwnames != NULL) && solver_args(#name, NULL, 0, args, nargs, kwnames, NULL) < 0) \
            return NULL;                                                                           \
        END_CALL(Solver_##name(self));                                                             \
    }
#define SOLVER_CALL_1(name, p0)                                                                    \
    static PyObject *Solver_##name##_call(Solver *self, PyObject *const *args, Py_ssize_t nargs,   \
                                          PyObject *kwnames) {                                     \
        static const char *const params[] = {p0};                                                 \
        PyObject *a[1];                                                                            \
        if (nargs == 1 && kwnames == NULL)                                                         \
            END_CALL(Solver_##name(self, args[0]));                                                \
        if (solver_args(#name, params, 1, args, nargs, kwnames, a) < 0)                            \
            return NULL;                                                                           \
        END_CALL(Solver_##name(self, a[0]));                                                       \
    }
#define SOLVER_CALL_2(name, p0, p1)                                                                \
    static PyObject *Solver_##name##_call(Solver *self, PyObject *const *args, Py_ssize_t nargs,   \
                                          PyObject *kwnames) {                                     \
        static const char *const params[] = {p0, p1};                                             \
        PyObject *a[2];                                                                            \
        if (nargs == 2 && kwnames == NULL)                                                         \
            END_CALL(Solver_##name(self, args[0], args[1]));                                       \
        if (solver_args(#name, params, 2, args, nargs, kwnames, a) < 0)                            \
            return NULL;                                                                           \
        END_CALL(Solver_##name(self, a[0], a[1]));                                                 \
    }
/* addConstraint's wrapper, by hand: its body begins at one place and returns to one,
   so it leaves without END_CALL's bookkeeping. */
static PyObject *Solver_addConstraint_call(Solver *self, PyObject *const *args, Py_ssize_t nargs,
                                           PyObject *kwnames) {
    static const char *const params[] = {"constraint"};
    PyObject *arg = nargs == 1 && kwnames == NULL ? args[0] : NULL;
    if (arg == NULL && solver_args("addConstraint", params, 1, args, nargs, kwnames, &arg) < 0)
        return NULL;
    if (!IS_CONSTRAINT(arg))
        return wrong_type("Constraint", arg);
    if (begin(self, "addConstraint") < 0)
        return NULL;
    PyObject *result = add_constraint(self, arg);
    leave(self);
    return result;
}
SOLVER_CALL_1(removeConstraint, "constraint")
SOLVER_CALL_2(addEditVariable, "variable", "strength")
SOLVER_CALL_1(removeEditVariable, "variable")
SOLVER_CALL_2(suggestValue, "variable", "value")
SOLVER_CALL_0(updateVariables)
#define CALL(name) (PyCFunction)(void (*)(void))Solver_##name##_call, METH_FASTCALL | METH_KEYWORDS

static PyObject *Solver_get_var_handles(Solver *self, void *unused) {
    PyObject *r = PyList_New(self->count);
    for (Py_ssize_t i = 0; r != NULL && i < self->count; i++) {
        PyObject *h = PyLong_FromUnsignedLongLong(self->handles[i]);
        if (h == NULL)
            Py_CLEAR(r);
        else
            PyList_SET_ITEM(r, i, h);
    }
    return r;
}

/* A dict's values (the solver's entries, pairs), a new list. */
static PyObject *entries(PyObject *d) { return d != NULL ? PyDict_Values(d) : PyList_New(0); }
static PyObject *Solver_get_cns(Solver *self, void *unused) {
    PyObject *r = entries(self->cns);
    /* held_count read again each time: making a pair may run Python code */
    for (Py_ssize_t i = 0; r != NULL && i < self->held_count; i++) {
        /* a Constraint that holds its own handle: the pair the others have */
        Constraint *e = self->held[i];
        PyObject *pair = Py_BuildValue("(OK)", (PyObject *)e, (unsigned long long)e->handle);
        if (pair == NULL || PyList_Append(r, pair) < 0)
            Py_CLEAR(r);
        Py_XDECREF(pair);
    }
    return r;
}
static PyObject *Solver_get_edits(Solver *self, void *unused) { return entries(self->edits); }
static PyObject *Solver_get_address(Solver *self, void *unused) { return PyLong_FromVoidPtr(self->ctx); }
static PyObject *Solver_get_var_objs(Solver *self, void *unused) {
    PyObject *r = PyList_New(0);
    for (Py_ssize_t i = 0; r != NULL && i < self->count; i++)
        if (PyList_Append(r, (PyObject *)self->var_objs[i]) < 0)
            Py_CLEAR(r);
    return r;
}

static PyMethodDef Solver_methods[] = {
    {"_release", (PyCFunction)Solver_unbind, METH_NOARGS,
     "Let go of the context, emptied (the next call takes the spare one or makes one)."},
    {"_handle", (PyCFunction)Solver_handle, METH_O, "The Brace variable of a Variable in this context."},
    {"addConstraint", CALL(addConstraint), "addConstraint(constraint): add a constraint."},
    {"removeConstraint", CALL(removeConstraint), "removeConstraint(constraint): remove a constraint."},
    /* The reads take their one argument as kiwisolver's do (METH_O: positional only, its
       messages word for word): about 1.6 ns of a 11 ns call cheaper than a call that
       also takes names, which had made hasConstraint 2.5% slower than kiwisolver's. They
       never enter(). */
    {"hasConstraint", (PyCFunction)Solver_hasConstraint, METH_O, "hasConstraint(constraint): whether it is in the solver."},
    {"addEditVariable", CALL(addEditVariable),
     "addEditVariable(variable, strength): make a variable an edit variable at an optional strength."},
    {"removeEditVariable", CALL(removeEditVariable), "removeEditVariable(variable): remove an edit variable."},
    {"hasEditVariable", (PyCFunction)Solver_hasEditVariable, METH_O,
     "hasEditVariable(variable): whether it is an edit variable."},
    {"suggestValue", CALL(suggestValue), "suggestValue(variable, value): suggest a value for an edit variable."},
    {"updateVariables", CALL(updateVariables), "updateVariables(): write the solved values into the Variables."},
    {NULL}};

static PyMemberDef Solver_members[] = {
    {"_cold", T_OBJECT, offsetof(Solver, cold), 0, "kiwi.py's buffers for the cold paths"},
    {"__weaklistoffset__", T_PYSSIZET, offsetof(Solver, weakreflist), READONLY},
    {NULL}};

static PyGetSetDef Solver_getset[] = {
    {"_address", (getter)Solver_get_address, NULL, "the context's address (0 before one is made)", NULL},
    {"_var_objs", (getter)Solver_get_var_objs, NULL, "the Variables seen, in order", NULL},
    {"_var_handles", (getter)Solver_get_var_handles, NULL, "their Brace variables", NULL},
    {"_cns", (getter)Solver_get_cns, NULL, "(Constraint, what was made for it) pairs", NULL},
    {"_edits", (getter)Solver_get_edits, NULL, "(Variable, strength) pairs", NULL},
    {NULL}};

/* ------------------------------------------------------------------ module */

static PyObject *mod_priority_of(PyObject *m, PyObject *s) {
    double v;
    return strength_value(s, &v) < 0 ? NULL : PyFloat_FromDouble(priority_of_value(v));
}

static PyObject *mod_weight_of(PyObject *m, PyObject *s) {
    double v;
    return strength_value(s, &v) < 0 ? NULL : PyFloat_FromDouble(weight_of_value(v));
}

static PyObject *mod_number(PyObject *m, PyObject *o) {
    double v;
    return number_arg(o, &v) < 0 ? NULL : PyFloat_FromDouble(v);
}

/* _setup(functions, classes): the brace_* addresses by name and kiwi.py's diagnostic
   callback ("on_diagnostic"); the exceptions kiwi.py defines, its Solver (which
   messages call 'kiwisolver.Solver') and its _REPORTS dict. */
static PyObject *mod_setup(PyObject *m, PyObject *args) {
    PyObject *fns, *exc;
    if (!PyArg_ParseTuple(args, "O!O!", &PyDict_Type, &fns, &PyDict_Type, &exc))
        return NULL;
#define FN(var, name)                                                                      \
    do {                                                                                   \
        PyObject *a = PyDict_GetItemString(fns, name);                                     \
        if (a == NULL)                                                                     \
            return PyErr_Format(PyExc_KeyError, "brace._kiwi._setup: no address for %s", name); \
        void *p = PyLong_AsVoidPtr(a);                                                     \
        if (p == NULL)                                                                     \
            return PyErr_Occurred() ? NULL : PyErr_Format(PyExc_ValueError, "%s is NULL", name); \
        var = (__typeof__(var))p;                                                          \
    } while (0)
    FN(f_add_on_variables, "brace_constraint_add_on_variables");
    FN(f_constraint_destroy, "brace_constraint_destroy");
    FN(f_add_on_variables_weighted, "brace_constraint_add_on_variables_weighted");
    FN(f_variable_create, "brace_variable_create");
    FN(f_variables_get_values, "brace_variables_get_values");
    FN(f_add_edit, "brace_context_add_edit");
    FN(f_set_edit_weight, "brace_context_set_edit_weight");
    FN(f_suggest_value, "brace_context_suggest_value");
    FN(f_remove_edit, "brace_context_remove_edit");
    FN(f_context_destroy, "brace_context_destroy");
    FN(f_context_create, "brace_context_create");
    FN(f_context_reset, "brace_context_reset");
    FN(f_set_diagnostic_callback, "brace_context_set_diagnostic_callback");
    FN(on_diagnostic, "on_diagnostic");
#undef FN
#define EXC(var, name)                                                                     \
    do {                                                                                   \
        PyObject *e = PyDict_GetItemString(exc, name);                                     \
        if (e == NULL)                                                                     \
            return PyErr_Format(PyExc_KeyError, "brace._kiwi._setup: no %s", name);        \
        Py_XSETREF(var, Py_NewRef(e));                                                     \
    } while (0)
    EXC(DuplicateConstraint, "DuplicateConstraint");
    EXC(UnknownConstraint, "UnknownConstraint");
    EXC(DuplicateEditVariable, "DuplicateEditVariable");
    EXC(UnknownEditVariable, "UnknownEditVariable");
    EXC(BadRequiredStrength, "BadRequiredStrength");
    EXC(KiwiSolver, "Solver");
    EXC(REPORTS, "_REPORTS");
#undef EXC
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"_setup", mod_setup, METH_VARARGS, "Bind the engine's functions and kiwi.py's exceptions."},
    {"priority_of", mod_priority_of, METH_O,
     "The Brace priority for a kiwi strength (a number or a name): 1000 (required) for s >= required, else 500: "
     "every optional strength shares one priority level, where weight_of(s) weighs its errors as kiwi does."},
    {"weight_of", mod_weight_of, METH_O,
     "The Brace weight (brace_constraint_set_weight) for an optional kiwi strength: s / 1000 (weak 0.001, "
     "medium 1, strong 1000), within Brace's 1e-3...1e6. Scaling every weight by 1/1000 leaves kiwi's optimum "
     "as it is and keeps the costs where the solver's absolute 1e-8 zero threshold is safe; strengths below 1 "
     "(weak) weigh as weak, above 1e9 as 1e9."},
    {"number", mod_number, METH_O, "A number argument as a float; kiwisolver's TypeError for anything else."},
    {NULL}};

/* No m_free: CPython never frees a single-phase module at the interpreter's exit, so the
   spare context is left to the process's exit, as the contexts of Solvers still alive
   are. */
static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "brace._kiwi", NULL, -1, module_methods};

static PyTypeObject *make_type(PyObject *module, PyType_Spec *spec) {
    PyTypeObject *t = (PyTypeObject *)PyType_FromSpec(spec);
    if (t == NULL)
        return NULL;
    /* The C name without the module (__module__ keeps it), so that Python's own
       messages ("unsupported operand type(s) for *: 'Variable' and 'Variable'") read
       as they did for the Python classes. The spec's static string outlives the type. */
    const char *name = strrchr(spec->name, '.') + 1;
    t->tp_name = name;
    if (PyModule_AddObjectRef(module, name, (PyObject *)t) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return t;
}

#define SYMBOLIC_SLOTS(Name)                                                        \
    {Py_tp_new, Name##_new}, {Py_tp_dealloc, Name##_dealloc}, {Py_tp_traverse, Name##_traverse}, \
        {Py_tp_clear, Name##_clear}, {Py_tp_repr, Name##_repr}, {Py_tp_methods, Name##_methods}, \
        {Py_tp_richcompare, sym_richcompare}, {Py_nb_add, sym_add}, {Py_nb_subtract, sym_sub},   \
        {Py_nb_multiply, sym_mul}, {Py_nb_true_divide, sym_div}, {Py_nb_negative, sym_neg}

static PyType_Slot Variable_slots[] = {SYMBOLIC_SLOTS(Variable), {Py_tp_hash, Variable_hash},
                                       {Py_tp_members, Variable_members},
                                       {Py_tp_doc, "A variable of the constraint system. Its value is what the last "
                                                   "Solver.updateVariables() wrote (0 before). A Variable may be used "
                                                   "by several solvers; they share the one value."},
                                       {0, NULL}};
static PyType_Slot Term_slots[] = {SYMBOLIC_SLOTS(Term), {Py_tp_hash, PyObject_HashNotImplemented},
                                   {Py_tp_doc, "coefficient * variable."}, {0, NULL}};
static PyType_Slot Expression_slots[] = {SYMBOLIC_SLOTS(Expression), {Py_tp_hash, PyObject_HashNotImplemented},
                                         {Py_tp_doc, "sum(terms) + constant."}, {0, NULL}};
static PyType_Slot Constraint_slots[] = {
    {Py_tp_new, Constraint_new}, {Py_tp_dealloc, Constraint_dealloc}, {Py_tp_traverse, Constraint_traverse},
    {Py_tp_clear, Constraint_clear}, {Py_tp_repr, Constraint_repr}, {Py_tp_methods, Constraint_methods},
    {Py_tp_members, Constraint_members}, {Py_tp_getset, Constraint_getset}, {Py_nb_or, Constraint_or},
    {Py_tp_doc, "expression OP 0 at a strength; OP is '==', '<=' or '>='. Immutable: `constraint | strength` "
                "makes a new one."},
    {0, NULL}};
static PyType_Slot Solver_slots[] = {
    {Py_tp_new, Solver_new}, {Py_tp_dealloc, Solver_dealloc}, {Py_tp_traverse, Solver_traverse},
    {Py_tp_clear, Solver_clear}, {Py_tp_methods, Solver_methods}, {Py_tp_getset, Solver_getset},
    {Py_tp_members, Solver_members},
    {Py_tp_doc, "kiwisolver.Solver: the hot methods (kiwi.py sets the rare ones on it)."},
    {0, NULL}};

#define FLAGS (Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC)
static PyType_Spec Variable_spec = {"brace.kiwi.Variable", sizeof(Variable), 0, FLAGS, Variable_slots};
static PyType_Spec Term_spec = {"brace.kiwi.Term", sizeof(Term), 0, FLAGS, Term_slots};
static PyType_Spec Expression_spec = {"brace.kiwi.Expression", sizeof(Expression), 0, FLAGS, Expression_slots};
static PyType_Spec Constraint_spec = {"brace.kiwi.Constraint", sizeof(Constraint), 0, FLAGS, Constraint_slots};
static PyType_Spec Solver_spec = {"brace.kiwi.Solver", sizeof(Solver), 0, FLAGS, Solver_slots};

PyMODINIT_FUNC PyInit__kiwi(void) {
    PyObject *m = PyModule_Create(&module_def);
    if (m == NULL)
        return NULL;
    PyObject *numbers = PyImport_ImportModule("numbers");
    if (numbers == NULL)
        goto fail;
    NumbersReal = PyObject_GetAttrString(numbers, "Real");
    Py_DECREF(numbers);
    if (NumbersReal == NULL)
        goto fail;
    if ((Variable_Type = make_type(m, &Variable_spec)) == NULL || (Term_Type = make_type(m, &Term_spec)) == NULL ||
        (Expression_Type = make_type(m, &Expression_spec)) == NULL ||
        (Constraint_Type = make_type(m, &Constraint_spec)) == NULL ||
        make_type(m, &Solver_spec) == NULL) /* kiwi.py's Solver, with its rare methods set on it */
        goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
