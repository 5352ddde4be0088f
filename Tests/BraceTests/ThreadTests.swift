import CBrace
import Glibc
import Testing

// MARK: - pthread helpers (real OS threads: Swift tasks may share a thread)

private final class ThreadBody {
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}

/// Starts `body` on a new pthread.
func spawn(_ body: @escaping () -> Void) -> pthread_t {
  var tid = pthread_t()
  let arg = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  let rc = pthread_create(&tid, nil, { raw in
    let b = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
    b.body()
    return nil
  }, arg)
  precondition(rc == 0, "pthread_create failed: \(rc)")
  return tid
}

func join(_ t: pthread_t) { pthread_join(t, nil) }

/// A POSIX semaphore with a bounded wait, so a broken engine fails the test, never hangs it.
final class Semaphore {
  private let sem = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
  init() { sem_init(sem, 0, 0) }
  deinit { sem_destroy(sem); sem.deallocate() }
  func signal() { sem_post(sem) }
  /// False on timeout.
  func wait(seconds: Int = 10) -> Bool {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    ts.tv_sec += seconds
    while true {
      if sem_timedwait(sem, &ts) == 0 { return true }
      if errno != EINTR { return false }
    }
  }
}

/// Results one thread reports back (read after join).
final class ThreadReport: @unchecked Sendable {
  var failures: [String] = []
  var values: [String: String] = [:]
  func check(_ cond: Bool, _ what: @autoclosure () -> String) { if !cond { failures.append(what()) } }
}

@Suite struct ThreadTests {
  /// One context per thread, both busy at the same time; each must see only its own work.
  @Test func twoContextsAreUsedFromTwoThreadsConcurrently() {
    let reports = [ThreadReport(), ThreadReport()]
    let barrierPtr = UnsafeMutablePointer<pthread_barrier_t>.allocate(capacity: 1)
    defer { barrierPtr.deallocate() }
    pthread_barrier_init(barrierPtr, nil, 2)
    let threads = reports.enumerated().map { (i, report) in
      spawn {
        var ctx: OpaquePointer?
        var o = brace_context_options()
        brace_context_options_init(&o)
        o.scale = Double(i + 1)
        report.check(brace_context_create(&o, &ctx) == BRACE_OK, "create: \(lastError(nil))")
        guard let ctx else { return }
        let trace = TraceRecorder()
        _ = brace_context_set_trace_callback(ctx, traceTrampoline, Unmanaged.passUnretained(trace).toOpaque())
        pthread_barrier_wait(barrierPtr)
        var root: brace_node = 0
        _ = brace_node_create(ctx, &root)
        var leaves: [brace_node] = []
        for k in 0..<300 {
          var n: brace_node = 0
          report.check(brace_node_create(ctx, &n) == BRACE_OK, "create node \(k)")
          report.check(brace_node_add_subview(ctx, root, n) == BRACE_OK, "add \(k)")
          _ = brace_node_set_frame(ctx, n, rect(Double(k), 0, Double(i + 1), 10))
          leaves.append(n)
        }
        report.check(brace_context_run_update_cycle(ctx) == BRACE_OK, "first cycle: \(lastError(ctx))")
        for turn in 0..<200 {
          let leaf = leaves[(turn * 7 + i) % leaves.count]
          trace.clear()
          report.check(brace_node_set_needs_layout(ctx, leaf) == BRACE_OK, "flag \(turn): \(lastError(ctx))")
          report.check(brace_context_run_update_cycle(ctx) == BRACE_OK, "cycle \(turn): \(lastError(ctx))")
          report.check(trace.nodes(BRACE_TRACE_LAYOUT) == [leaf], "turn \(turn) laid out \(trace.nodes(BRACE_TRACE_LAYOUT))")
          // An error on this context from this thread.
          report.check(brace_node_get_frame(ctx, 0, nil) == BRACE_E_INVALID_HANDLE, "error \(turn)")
          report.check(lastError(ctx).contains("brace_node_get_frame"), "message \(turn): \(lastError(ctx))")
        }
        var f = brace_rect()
        _ = brace_node_get_frame(ctx, leaves[5], &f)
        report.check(f.width == Double(i + 1), "frame width \(f.width)")
        var opts = brace_context_options()
        opts.struct_size = UInt32(MemoryLayout<brace_context_options>.size)
        _ = brace_context_get_options(ctx, &opts)
        report.check(opts.scale == Double(i + 1), "scale \(opts.scale)")
        report.check(brace_context_destroy(ctx) == BRACE_OK, "destroy")
        withExtendedLifetime(trace) {}
      }
    }
    threads.forEach(join)
    pthread_barrier_destroy(barrierPtr)
    for (i, r) in reports.enumerated() {
      #expect(r.failures.isEmpty, "thread \(i): \(r.failures.prefix(5))")
    }
  }

  /// Thread A blocks inside a layout callback; thread B is refused with BRACE_E_BUSY by
  /// every entry point, changing nothing; after A leaves, the context works from any thread.
  @Test func secondThreadEnteringABusyContextGetsBusyAndTheContextIsIntact() {
    let fx = Fixture()
    let root = fx.node()
    let child = fx.node(in: root, frame: rect(1, 2, 3, 4))
    let inside = Semaphore(), release = Semaphore()
    let h = Hooks()
    var waited = true
    h.layout = { _, _ in
      inside.signal()
      waited = release.wait()
    }
    fx.install(h, on: root)

    let a = ThreadReport()
    let threadA = spawn {
      let s = brace_context_run_update_cycle(fx.ctx)
      a.check(s == BRACE_OK, "A's cycle: \(statusName(s)) \(lastError(fx.ctx))")
    }
    #expect(inside.wait(), "thread A never entered the callback")

    let b = ThreadReport()
    let threadB = spawn {
      let ctx = fx.ctx
      var r = brace_rect()
      var n: brace_node = 0
      var count = 0
      var opts = brace_context_options()
      opts.struct_size = UInt32(MemoryLayout<brace_context_options>.size)
      let calls: [(String, () -> brace_status)] = [
        ("brace_node_get_frame", { brace_node_get_frame(ctx, child, &r) }),
        ("brace_node_set_frame", { brace_node_set_frame(ctx, child, rect(9, 9, 9, 9)) }),
        ("brace_node_create", { brace_node_create(ctx, &n) }),
        ("brace_node_destroy", { brace_node_destroy(ctx, child) }),
        ("brace_node_add_subview", { brace_node_add_subview(ctx, child, root) }),
        ("brace_node_get_subview_count", { brace_node_get_subview_count(ctx, root, &count) }),
        ("brace_node_set_needs_layout", { brace_node_set_needs_layout(ctx, child) }),
        ("brace_node_layout_if_needed", { brace_node_layout_if_needed(ctx, child) }),
        ("brace_context_run_update_cycle", { brace_context_run_update_cycle(ctx) }),
        ("brace_context_run_phase", { brace_context_run_phase(ctx, BRACE_PHASE_LAYOUT) }),
        ("brace_context_get_options", { brace_context_get_options(ctx, &opts) }),
        ("brace_context_set_trace_callback", { brace_context_set_trace_callback(ctx, nil, nil) }),
        ("brace_context_destroy", { brace_context_destroy(ctx) }),
      ]
      for (name, call) in calls {
        let s = call()
        b.check(s == BRACE_E_BUSY, "\(name) answered \(statusName(s)), expected BRACE_E_BUSY")
        let m = lastError(ctx)
        b.check(m.contains(name) && m.lowercased().contains("busy"), "\(name): message \"\(m)\"")
      }
      b.check(!brace_node_is_alive(ctx, child), "is_alive answers false while the context is busy")
    }
    join(threadB)
    release.signal()
    join(threadA)
    #expect(waited, "thread A was not released")
    #expect(a.failures.isEmpty, "\(a.failures)")
    #expect(b.failures.isEmpty, "\(b.failures)")

    // Intact: nothing B tried happened, and the context answers every thread again.
    #expect(brace_node_is_alive(fx.ctx, child))
    #expect(same(fx.frame(child), rect(1, 2, 3, 4)))
    #expect(fx.subviews(root) == [child])
    #expect(fx.superview(root) == BRACE_NODE_NONE)
    #expect(fx.pending() == 0)
    #expect(h.count("layout") == 1)
    let c = ThreadReport()
    let threadC = spawn {
      c.check(brace_node_set_needs_layout(fx.ctx, child) == BRACE_OK, "C flag: \(lastError(fx.ctx))")
      c.check(brace_context_run_update_cycle(fx.ctx) == BRACE_OK, "C cycle: \(lastError(fx.ctx))")
    }
    join(threadC)
    #expect(c.failures.isEmpty, "\(c.failures)")
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, child) >= 1)
  }

  @Test func lastErrorMessagesAreKeptPerThread() {
    let fx = Fixture()
    expectFailure(brace_node_destroy(fx.ctx, 0), BRACE_E_INVALID_HANDLE, fx.ctx, mentions: ["brace_node_destroy"])
    let r = ThreadReport()
    let t = spawn {
      r.values["before"] = lastError(fx.ctx)
      _ = brace_context_run_phase(fx.ctx, brace_phase(rawValue: 3))
      r.values["after"] = lastError(fx.ctx)
    }
    join(t)
    #expect(r.values["before"] == "", "a thread sees only its own messages")
    #expect(r.values["after"]?.contains("brace_context_run_phase") == true)
    #expect(lastError(fx.ctx).contains("brace_node_destroy"), "this thread's message is untouched: \(lastError(fx.ctx))")
  }

  @Test func aContextCreatedOnOneThreadIsUsedAndDestroyedOnAnother() {
    var ctx: OpaquePointer?
    ok(brace_context_create(nil, &ctx))
    let r = ThreadReport()
    let t = spawn {
      var n: brace_node = 0
      r.check(brace_node_create(ctx, &n) == BRACE_OK, "create node")
      r.check(brace_context_run_update_cycle(ctx) == BRACE_OK, "cycle")
      r.check(brace_context_destroy(ctx) == BRACE_OK, "destroy")
    }
    join(t)
    #expect(r.failures.isEmpty, "\(r.failures)")
  }
}
