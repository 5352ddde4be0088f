"""Lifetimes under the garbage collector, and the one-thread-per-context rule."""

import gc
import random
import threading
import weakref

import pytest

import brace


def test_views_keep_their_context_alive():
    ctx = brace.Context()
    ref = weakref.ref(ctx)
    v = ctx.view(frame=(1, 2, 3, 4))
    del ctx
    gc.collect()
    assert ref() is not None
    assert v.frame == (1, 2, 3, 4)
    del v
    gc.collect()
    assert ref() is None  # the last reference went: the context was destroyed


def test_context_with_retained_subclass_views_is_collected():
    class Custom(brace.View):
        def layout_subviews(self):
            super().layout_subviews()

    ctx = brace.Context()
    state = ctx._state
    ref = weakref.ref(ctx)
    root = Custom(ctx)
    root.add_subview(Custom(ctx))
    del ctx, root
    gc.collect()
    assert ref() is None
    assert not state.alive  # destroyed exactly once by the finalizer


def test_context_destroyed_once():
    ctx = brace.Context()
    state = ctx._state
    ctx.close()
    assert not state.alive
    del ctx
    gc.collect()  # the finalizer was detached: no second brace_context_destroy


def test_wrapper_of_view_in_tree_does_not_free_the_node():
    ctx = brace.Context()
    root = ctx.view()
    child = ctx.view(frame=(5, 5, 5, 5))
    root.add_subview(child)
    h = child.handle
    del child
    gc.collect()
    assert ctx.is_alive(h)
    again = root.subviews[0]
    assert again.handle == h and again.frame == (5, 5, 5, 5)
    assert again.superview is root


def test_wrapper_of_root_with_subviews_does_not_free_it():
    ctx = brace.Context()
    parent = ctx.view()
    kid = ctx.view()
    parent.add_subview(kid)
    h = parent.handle
    del parent
    gc.collect()
    assert ctx.is_alive(h)
    assert kid.superview.handle == h


def test_lone_root_is_freed_with_its_wrapper():
    ctx = brace.Context()
    v = ctx.view()
    h = v.handle
    del v
    gc.collect()
    assert not ctx.is_alive(h)


def test_registry_answers_the_same_objects():
    ctx = brace.Context()
    root = ctx.view()
    kids = [ctx.view() for _ in range(5)]
    for k in kids:
        root.add_subview(k)
    assert all(a is b for a, b in zip(root.subviews, kids))
    assert all(k.superview is root for k in kids)


def test_context_close_makes_objects_unusable_not_crashy():
    ctx = brace.Context()
    v = ctx.view()
    c = v.width == 10
    ctx.close()
    with pytest.raises(brace.BraceError):
        v.frame
    with pytest.raises(brace.BraceError):
        c.constant
    del v, c
    gc.collect()


def test_stress_create_destroy_under_gc():
    state = _stress()
    gc.collect()
    assert not state.alive  # every wrapper went: the context was destroyed


def _stress():
    rnd = random.Random(1234)
    ctx = brace.Context()
    roots = [ctx.view() for _ in range(20)]
    live = list(roots)
    destroyed = []
    for i in range(4000):
        r = rnd.random()
        if r < 0.5 or len(live) < 30:
            v = ctx.view(frame=(i % 50, 0, 10, 10))
            if rnd.random() < 0.8:
                rnd.choice(live).add_subview(v)
            live.append(v)
        elif r < 0.65:
            v = live.pop(rnd.randrange(len(live)))
            v.destroy()  # may take a subtree with it
            destroyed.extend(x for x in live if not x.alive)
            destroyed.append(v)
            live = [x for x in live if x.alive]
        elif r < 0.8:
            live.pop(rnd.randrange(len(live)))  # drop the wrapper only
        elif r < 0.9:
            v = rnd.choice(live)
            if v.alive:
                v.remove_from_superview()
        else:
            p = rnd.choice(roots)
            if p.alive:
                for s in p.subviews:
                    assert s.superview is p
        if i % 500 == 0:
            gc.collect()
            ctx.run_update_cycle()
    gc.collect()
    for v in live:
        if v.alive:
            v.frame  # every wrapper still answers
    assert destroyed
    for v in destroyed[:50]:
        with pytest.raises(brace.StaleHandle):
            v.frame
    return ctx._state


def test_many_contexts_created_and_dropped():
    for _ in range(200):
        c = brace.Context()
        v = c.view()
        w = c.view()
        v.add_subview(w)
        del c, v, w
    gc.collect()


# ---------------------------------------------------------------- threads


def test_second_thread_gets_busy():
    ctx = brace.Context()
    inside = threading.Event()
    release = threading.Event()

    class Slow(brace.View):
        def layout_subviews(self):
            inside.set()
            release.wait(5)

    Slow(ctx, frame=(0, 0, 10, 10))
    other = ctx.view()
    result = {}

    def worker():
        try:
            ctx.run_update_cycle()
            result["ok"] = True
        except BaseException as e:  # noqa: BLE001
            result["exc"] = e

    t = threading.Thread(target=worker)
    t.start()
    assert inside.wait(5)
    try:
        with pytest.raises(brace.Busy) as e:
            other.frame = (0, 0, 1, 1)
        assert e.value.status == "BRACE_E_BUSY"
        assert "busy" in str(e.value).lower() or "thread" in str(e.value).lower()
        with pytest.raises(brace.Busy):
            ctx.view()
        with pytest.raises(brace.Busy):
            other.frame
    finally:
        release.set()
        t.join(5)
    assert result == {"ok": True}
    assert other.frame == (0, 0, 0, 0)  # the refused call changed nothing
    ctx.close()


def test_independent_contexts_in_parallel_threads():
    errors = []

    def work(seed):
        try:
            ctx = brace.Context()
            root = ctx.view(frame=(0, 0, 100 + seed, 50))
            s = brace.Stack(ctx, distribution="fill_equally", frame=(0, 0, 100 + seed, 50))
            root.add_subview(s)
            kids = [ctx.view() for _ in range(4)]
            for k in kids:
                s.add_subview(k)
            for _ in range(50):
                s.frame = (0, 0, 100 + seed, 50)
                ctx.run_update_cycle()
                s.frame = (0, 0, 200, 50)
                ctx.run_update_cycle()
                assert kids[3].frame == (150, 0, 50, 50)
            ctx.close()
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert errors == []


def test_callbacks_run_on_the_calling_thread():
    seen = []

    class V(brace.View):
        def layout_subviews(self):
            seen.append(threading.get_ident())

    def work():
        ctx = brace.Context()
        V(ctx, frame=(0, 0, 1, 1))
        ctx.run_update_cycle()
        ctx.close()

    t = threading.Thread(target=work)
    t.start()
    t.join(5)
    assert seen == [t.ident]


def test_gc_inside_callbacks_is_safe():
    """Finalizers that call into the context while a pass runs (gc.collect() inside
    layout_subviews) free lone roots and inactive constraints without disturbing it."""
    ctx = brace.Context()
    freed = []

    class G(brace.View):
        def layout_subviews(self):
            super().layout_subviews()
            for _ in range(30):
                lone = brace.View(self.context)
                freed.append(lone.handle)
                parent, kid = brace.View(self.context), brace.View(self.context)
                parent.add_subview(kid)  # a detached tree: kept (only destroy() frees it)
                self.width == 10  # an inactive constraint, dropped at once
                del lone, parent, kid
            gc.collect()
            for s in self.subviews:
                s.frame = (0, 0, 5, 5)

    roots = []
    for i in range(10):
        g = G(ctx, frame=(0, 0, 10 + i, 10))
        g.add_subview(ctx.view())
        roots.append(g)
    for _ in range(3):
        for g in roots:
            g.set_needs_layout()
        ctx.run_update_cycle()
    gc.collect()
    assert all(g.subviews[0].frame == (0, 0, 5, 5) for g in roots)
    assert not any(ctx.is_alive(h) for h in freed)
    ctx.close()


def test_constraint_wrappers_and_engine_lifetime():
    ctx = brace.Context()
    root, a = ctx.view(), ctx.view()
    root.add_subview(a)
    inactive = a.width == 10
    active = brace.activate([a.height == 10])[0]
    hi, ha = inactive.handle, active.handle
    del inactive, active
    gc.collect()
    out = brace.ffi.new("double *")
    # the dropped inactive constraint was destroyed; the active one lives on in the engine
    assert brace.lib.brace_constraint_get_constant(ctx._ptr, hi, out) == brace.lib.BRACE_E_STALE_HANDLE
    assert brace.lib.brace_constraint_get_constant(ctx._ptr, ha, out) == 0
    again = [c for c in a.constraints if c.handle == ha]
    assert again and again[0].constant == 10
    ctx.close()


def test_context_without_cycles_is_freed_by_refcount():
    gc.disable()
    try:
        ctx = brace.Context()
        ref = weakref.ref(ctx)
        root, a = ctx.view(), ctx.view()
        root.add_subview(a)
        brace.activate([a.width == 1])
        with pytest.raises(brace.UnsatisfiableConstraints):
            brace.activate([a.width == 2])  # leaves a diagnostic on the context
        assert ctx.diagnostics
        del ctx, root, a
        assert ref() is None
    finally:
        gc.enable()


def test_callback_exception_stays_with_its_thread():
    ctx = brace.Context()
    inside = threading.Event()
    release = threading.Event()

    class Boom(Exception):
        pass

    class Raiser(brace.View):
        def layout_subviews(self):
            raise Boom("from the worker's pass")

    class Slow(brace.View):
        def layout_subviews(self):
            inside.set()
            release.wait(5)

    parent = Raiser(ctx, frame=(0, 0, 10, 10))  # laid out first (top-down)...
    parent.add_subview(Slow(ctx, frame=(0, 0, 5, 5)))  # ...then this one blocks
    other = ctx.view()
    result = {}

    def worker():
        try:
            ctx.run_update_cycle()
        except BaseException as e:  # noqa: BLE001
            result["exc"] = e

    t = threading.Thread(target=worker)
    t.start()
    assert inside.wait(5)
    try:
        with pytest.raises(brace.Busy):  # not the worker's Boom
            other.frame
    finally:
        release.set()
        t.join(5)
    assert isinstance(result.get("exc"), Boom)
    assert other.frame == (0, 0, 0, 0)
    ctx.close()


def test_destroying_an_owner_stales_its_guides():
    ctx = brace.Context()
    root = ctx.view()
    g = root.add_layout_guide()
    hg = g.handle
    del g
    gc.collect()
    assert ctx.is_alive(hg)  # a guide belongs to its view, not to its wrapper
    g = ctx.view_for_handle(hg)
    assert isinstance(g, brace.LayoutGuide)
    root.destroy()
    with pytest.raises(brace.StaleHandle):
        g.frame
