// Loading plugins: the C plugins build with -Werror and link nothing of Brace, the loader
// refuses every kind of broken file with a message naming the file and the reason and
// leaves the context unchanged, and strategies are found by name.
import CBrace
import Glibc
import Testing

let flexibleWidth = UInt32(BRACE_AUTORESIZE_FLEXIBLE_WIDTH)

/// A small frame-strategy tree made before a failing call, to prove afterwards that the
/// context still works: a 320-wide superview with a flexible-width child at x 160, w 80.
struct Witness {
  let superview: brace_node
  let child: brace_node
  let strategies: [StrategyInfo]

  init(_ c: Ctx) {
    superview = c.node(frame: rect(0, 0, 320, 100))
    child = c.node(in: superview, frame: rect(160, 0, 80, 40), mask: flexibleWidth)
    c.cycle()
    strategies = c.infos
  }

  /// The same strategies as before, and the tree still lays out (once per context).
  func check(_ c: Ctx, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(c.infos == strategies, "the registered strategies changed", sourceLocation: sourceLocation)
    #expect(c.strategy(of: superview) == "frame", sourceLocation: sourceLocation)
    c.resize(superview, width: 400)
    c.cycle()
    #expect(same(c.frame(child), rect(160, 0, 160, 40)), "got \(describe(c.frame(child)))", sourceLocation: sourceLocation)
    let n = c.node()
    #expect(c.strategy(of: n) == "frame", sourceLocation: sourceLocation)
  }
}

struct LoadFailure: CustomTestStringConvertible, Sendable {
  let label: String
  let path: @Sendable () -> String
  let status: brace_status
  let mentions: [String]
  var testDescription: String { label }
}

let loadFailures: [LoadFailure] = [
  LoadFailure(label: "missing file", path: { plugins.missing }, status: BRACE_E_PLUGIN, mentions: ["no such file"]),
  LoadFailure(label: "not a shared library", path: { plugins.notALibrary }, status: BRACE_E_PLUGIN, mentions: ["shared library"]),
  LoadFailure(label: "no entry symbol", path: { plugins.broken["NO_ENTRY"]! }, status: BRACE_E_PLUGIN, mentions: ["entry", "brace_plugin_entry"]),
  LoadFailure(label: "entry returns NULL", path: { plugins.broken["REFUSE"]! }, status: BRACE_E_PLUGIN, mentions: ["NULL"]),
  LoadFailure(label: "wrong major version", path: { plugins.broken["WRONG_MAJOR"]! }, status: BRACE_E_PLUGIN, mentions: ["2.\(BRACE_PLUGIN_ABI_MINOR)", "major"]),
  LoadFailure(label: "newer minor version", path: { plugins.broken["NEWER_MINOR"]! }, status: BRACE_E_PLUGIN, mentions: ["1.\(BRACE_PLUGIN_ABI_MINOR + 1)", "newer than this host's 1.\(BRACE_PLUGIN_ABI_MINOR)", "minor"]),
  LoadFailure(label: "short descriptor", path: { plugins.broken["SHORT_DESC"]! }, status: BRACE_E_PLUGIN, mentions: ["descriptor", "struct_size 8"]),
  LoadFailure(label: "duplicate name", path: { plugins.broken["DUPLICATE"]! }, status: BRACE_E_DUPLICATE, mentions: ["\"frame\"", "already registered"]),
  LoadFailure(label: "context_create fails", path: { plugins.broken["CREATE_FAILS"]! }, status: BRACE_E_PLUGIN, mentions: ["context_create", "BRACE_E_NO_MEMORY"]),
  LoadFailure(label: "bad property default", path: { plugins.broken["BAD_PROPERTY"]! }, status: BRACE_E_PLUGIN, mentions: ["\"gap\"", "default"]),
  LoadFailure(label: "int range beyond int64", path: { plugins.broken["HUGE_INT_RANGE"]! }, status: BRACE_E_PLUGIN, mentions: ["\"n\"", "int64"]),
  LoadFailure(label: "bad strategy name", path: { plugins.broken["BAD_NAME"]! }, status: BRACE_E_PLUGIN, mentions: ["Bad Name!"]),
]

@Suite struct BuildingCPlugins {
  @Test func everyCPluginCompilesWithWerrorPedantic() throws {
    #expect(plugins.failures.isEmpty, "\(plugins.failures.joined(separator: "\n\n"))")
    for path in [plugins.flow, plugins.probe, plugins.wrongName] + plugins.broken.values.sorted() {
      #expect(access(path, R_OK) == 0, "\(path) was not built")
    }
  }

  @Test(arguments: ["libbrace_flow.so", "libbrace_probe.so", "broken_SOLVER_ROLE.so"])
  func aCPluginLinksOnlyLibcAndLibmAndExportsOnlyTheEntry(file: String) throws {
    let path = "\(plugins.directory)/\(file)"
    let needed = try #require(neededLibraries(path), "readelf -d \(path) failed")
    for lib in needed {
      #expect(lib.hasPrefix("libc.so") || lib.hasPrefix("libm.so"), "\(file) needs \(lib)")
      #expect(!lib.contains("brace") && !lib.contains("swift"), "\(file) needs \(lib)")
    }
    let exported = try #require(exportedSymbols(path), "readelf --dyn-syms \(path) failed")
    #expect(exported == [BRACE_PLUGIN_ENTRY_NAME], "\(file) exports \(exported)")
  }
}

@Suite struct LoaderFailures {
  @Test(arguments: loadFailures)
  func aBrokenPluginIsRefusedNamingTheFileAndTheReasonAndChangesNothing(_ f: LoadFailure) throws {
    let c = try Ctx()
    let witness = Witness(c)
    let path = f.path()
    expectFailure(c.load(path), f.status, c.ctx, mentions: [path] + f.mentions)
    witness.check(c)
  }

  @Test(arguments: loadFailures)
  func aRefusedPluginIsRefusedAgainTheSameWayOnASecondAttempt(_ f: LoadFailure) throws {
    let c = try Ctx()
    let path = f.path()
    let first = c.load(path)
    let message = lastError(c.ctx)
    expectFailure(c.load(path), first, c.ctx, mentions: [path])
    #expect(lastError(c.ctx) == message)
    #expect(c.strategyCount == c.builtins)
  }

  @Test func aGoodPluginStillLoadsAndWorksAfterEveryKindOfFailure() throws {
    let c = try Ctx()
    for f in loadFailures { #expect(c.load(f.path()) != BRACE_OK, "\(f.label) loaded") }
    c.mustLoad(plugins.probe)
    #expect(c.strategyCount == c.builtins + 1)
    let n = c.node()
    c.use("probe", on: n)
    #expect(c.log.plugin("[probe] attach attached=1").count == 1)
    let item = c.item(in: n, 30, 10)
    c.cycle()
    #expect(same(c.frame(item), rect(1, 0, 30, 10)))
  }

  @Test func aNullPathIsAnInvalidArgument() throws {
    let c = try Ctx()
    expectFailure(brace_context_load_plugin(c.ctx, nil), BRACE_E_INVALID_ARGUMENT, c.ctx, mentions: ["path"])
    expectFailure(brace_context_load_strategy(c.ctx, nil), BRACE_E_INVALID_ARGUMENT, c.ctx, mentions: ["name"])
    #expect(c.strategyCount == c.builtins)
  }

  @Test func aSecondFileWithAnAlreadyRegisteredStrategyNameIsADuplicate() throws {
    let c = try Ctx()
    c.mustLoad(plugins.flow)
    let witness = Witness(c)
    expectFailure(c.load(plugins.wrongName), BRACE_E_DUPLICATE, c.ctx, mentions: [plugins.wrongName, "\"flow\"", plugins.flow])
    witness.check(c)
  }
}

@Suite struct LoadingByPathAndName {
  @Test func theBuiltInFrameStrategyIsRegisteredAtCreationFromNextToTheLibrary() throws {
    let c = try Ctx()
    #expect(c.builtins >= 1)
    #expect(c.info(0)?.name == "frame", "the required built-in is registered first")
    let frame = try #require(c.info(named: "frame"))
    #expect(frame.name == "frame")
    #expect(frame.role == BRACE_ROLE_CONTAINER)
    #expect(frame.path.hasSuffix("/libbrace_autoresizing.so"), "\(frame.path)")
    #expect(frame.abiMajor == UInt32(BRACE_PLUGIN_ABI_MAJOR) && frame.abiMinor == UInt32(BRACE_PLUGIN_ABI_MINOR))
    #expect(frame.propertyCount == 0)
    #expect(access(frame.path, R_OK) == 0)
    // In `swift test` the core is linked into the test program, so "next to the library"
    // is the build directory, where SwiftPM puts libbrace_autoresizing.so.
    let exe = try #require(realPath("/proc/self/exe"))
    #expect(realPath(directoryName(frame.path)) == directoryName(exe))
    #expect(!frame.path.hasPrefix(plugins.directory))
    #expect(c.strategy(of: c.node()) == "frame")
  }

  @Test func loadingTheSameFileTwiceSucceedsAndRegistersOnce() throws {
    let c = try Ctx()
    c.mustLoad(plugins.probe)
    let once = c.infos
    c.mustLoad(plugins.probe)
    #expect(c.infos == once)
    #expect(c.strategyCount == c.builtins + 1)
    ok(brace_context_load_strategy(c.ctx, "probe"), c.ctx)
    #expect(c.infos == once)
  }

  /// "Loading a file already registered in this context is BRACE_OK and does nothing":
  /// the same file reached through another spelling of its path (as a plugin path
  /// entry with a trailing slash gives, "dir//libbrace_NAME.so") is that file.
  @Test func theSameFileUnderAnotherSpellingOfItsPathIsAlreadyRegistered() throws {
    let c = try Ctx()
    c.mustLoad(plugins.probe)
    for spelling in ["\(plugins.directory)//libbrace_probe.so", "\(plugins.directory)/./libbrace_probe.so"] {
      ok(c.load(spelling), c.ctx)
    }
    #expect(c.strategyCount == c.builtins + 1)
  }

  @Test func loadingByNameFindsTheFileOnThePluginPath() throws {
    let c = try Ctx()
    ok(brace_context_load_strategy(c.ctx, "flow"), c.ctx)
    #expect(c.strategyCount == c.builtins + 1)
    let flow = try #require(c.info(c.builtins))
    #expect(flow.name == "flow")
    #expect(flow.path == plugins.flow)
    ok(brace_context_load_strategy(c.ctx, "flow"), c.ctx)
    c.mustLoad(plugins.flow)
    #expect(c.strategyCount == c.builtins + 1)
    // "frame" is registered already: loading it by name does nothing.
    ok(brace_context_load_strategy(c.ctx, "frame"), c.ctx)
    #expect(c.strategyCount == c.builtins + 1)
  }

  @Test func anUnknownNameIsNotFoundAndTheMessageListsTheDirectoriesSearched() throws {
    let c = try Ctx()
    let witness = Witness(c)
    let libraryDir = directoryName(try #require(c.info(named: "frame")).path)
    expectFailure(brace_context_load_strategy(c.ctx, "nosuch"), BRACE_E_NOT_FOUND, c.ctx,
                  mentions: ["\"nosuch\"", "libbrace_nosuch.so", plugins.directory, libraryDir])
    witness.check(c)
  }

  @Test func anInvalidStrategyNameIsRefusedWithoutSearching() throws {
    let c = try Ctx()
    let s = brace_context_load_strategy(c.ctx, "../etc/passwd")
    #expect(s != BRACE_OK)
    #expect(lastError(c.ctx).contains("../etc/passwd"))
    #expect(c.strategyCount == c.builtins)
  }

  @Test func settingALayoutStrategyByNameLoadsItFromThePath() throws {
    let c = try Ctx()
    let n = c.node()
    c.use("probe", on: n)
    #expect(c.info(named: "probe")?.path == plugins.probe)
    #expect(c.strategy(of: n) == "probe")
  }

  /// libbrace_wrongname.so holds the strategy "flow": loading "wrongname" by name must fail,
  /// and, like every failed load, leave the context unchanged.
  @Test func aFileOnThePathThatProvidesAnotherStrategyIsRefusedAndChangesNothing() throws {
    let c = try Ctx()
    let witness = Witness(c)
    expectFailure(brace_context_load_strategy(c.ctx, "wrongname"), BRACE_E_PLUGIN, c.ctx,
                  mentions: [plugins.wrongName, "\"wrongname\"", "\"flow\""])
    #expect(c.strategyCount == c.builtins, "the failed load registered \(c.infos.map(\.name))")
    witness.check(c)
    // Loading the real flow afterwards must not be a duplicate of a half-registered one.
    ok(brace_context_load_strategy(c.ctx, "flow"), c.ctx)
    #expect(c.info(named: "flow")?.path == plugins.flow)
  }

  /// The file found for a name is remembered with the list searched: a context whose
  /// plugin_path is another directory finds the copy there, and the first directory's
  /// contexts still find theirs.
  @Test func eachPluginPathFindsItsOwnCopyOfAFile() throws {
    let prefix = "brace-plugin-tests-copy-"
    let other = makeTemporaryDirectory(prefix)
    defer { removeTemporaryDirectory(other, prefix: prefix) }
    let copy = "\(other)/libbrace_probe.so"
    #expect(run(["cp", plugins.probe, copy], output: "\(other)/cp.log").code == 0)
    for (directory, file) in [(plugins.directory, plugins.probe), (other, copy), (plugins.directory, plugins.probe)] {
      let c = try Ctx(pluginPath: directory)
      ok(brace_context_load_strategy(c.ctx, "probe"), c.ctx)
      #expect(c.info(named: "probe")?.path == file)
    }
  }

  /// A later context registers a file it found before from what the first registration
  /// kept (the same path and strategy), and a file remembered for a name it does not
  /// provide is refused in every context with the same message, not only in the first.
  @Test func aRememberedFileLoadsAndFailsTheSameInEveryContext() throws {
    var messages: [String] = []
    for _ in 0..<3 {
      let c = try Ctx()
      let witness = Witness(c)
      messages.append(expectFailure(brace_context_load_strategy(c.ctx, "wrongname"), BRACE_E_PLUGIN, c.ctx,
                                    mentions: [plugins.wrongName, "\"wrongname\"", "\"flow\""]))
      #expect(c.strategyCount == c.builtins)
      witness.check(c)
      ok(brace_context_load_strategy(c.ctx, "flow"), c.ctx)
      #expect(c.info(named: "flow")?.path == plugins.flow)
      #expect(c.strategyCount == c.builtins + 1)
      // Registered once per context: loading it again answers the same index.
      ok(brace_context_load_strategy(c.ctx, "flow"), c.ctx)
      #expect(c.strategyCount == c.builtins + 1)
    }
    #expect(Set(messages).count == 1, "\(messages)")
  }

  @Test func contextsRegisterPluginsIndependently() throws {
    let a = try Ctx(), b = try Ctx()
    a.mustLoad(plugins.probe)
    #expect(a.strategyCount == a.builtins + 1)
    #expect(b.strategyCount == b.builtins)
    expectFailure(brace_node_set_layout_strategy(b.ctx, b.node(), "nosuch"), BRACE_E_NOT_FOUND, b.ctx)
    #expect(b.info(named: "probe") == nil)
  }
}
