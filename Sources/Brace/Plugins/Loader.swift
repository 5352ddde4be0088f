import CBrace
import CBraceLibc

/// Finding, loading and validating plugin files. A file is dlopen'ed once per process
/// and never unloaded (RTLD_NODELETE): unloading Swift code corrupts the runtime's caches,
/// and descriptors and their strings are static data of the plugin.
enum PluginFiles {
  /// Serializes dlopen and entry calls process-wide, as brace_plugin.h promises plugins.
  static let lock = Locked<Void>(())

  /// The directory that holds the loaded libbrace.so (or the program that links the core
  /// statically, as the Swift tests do): the built-in strategies live there.
  static let libraryDirectory: String = {
    // glibc's dladdr and Dl_info, which the Glibc module does not import (_GNU_SOURCE).
    struct DlInfo {
      var fname: UnsafePointer<CChar>? = nil
      var fbase: UnsafeMutableRawPointer? = nil
      var sname: UnsafePointer<CChar>? = nil
      var saddr: UnsafeMutableRawPointer? = nil
    }
    typealias DladdrFn = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
    guard let sym = dlsym(nil, "dladdr") else { return "." }
    let dladdr = unsafeBitCast(sym, to: DladdrFn.self)
    var info = DlInfo()
    let fn: @convention(c) () -> UInt32 = brace_version
    let address = unsafeBitCast(fn, to: UnsafeRawPointer.self)
    guard withUnsafeMutablePointer(to: &info, { dladdr(address, UnsafeMutableRawPointer($0)) }) != 0,
      let file = info.fname
    else { return "." }
    let path = String(cString: file)
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
  }()

  /// The context's plugin_path, BRACE_PLUGIN_PATH's directories, then `brace/` beside
  /// the library (where `make install` puts the plugins: $(PREFIX)/lib/brace, as
  /// GStreamer and GTK keep their modules), then the library's own directory (a build
  /// tree, or the Python package, keeps them side by side).
  /// The directories of a plugin_path option ("a:b:c"; empty entries skipped).
  static func directories(_ path: UnsafePointer<CChar>?) -> [String] {
    guard let path else { return [] }
    return String(cString: path).split(separator: ":").map(String.init).filter { !$0.isEmpty }
  }

  static func searchPath(_ first: [String], env: [CChar]?) -> [String] {
    var dirs: [String] = first
    if let env {
      dirs += env.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }.split(separator: ":").map(String.init)
        .filter { !$0.isEmpty }
    }
    dirs.append("\(libraryDirectory)/brace")
    dirs.append(libraryDirectory)
    return dirs
  }

  static func fileName(forStrategy name: String) -> String {
    name == "frame" ? "libbrace_autoresizing.so" : "libbrace_\(name).so"
  }

  /// Paths already resolved in this process: realpath costs a system call per path
  /// component, on every context's load of every plugin otherwise. A plugin file is never
  /// unloaded, so the answer for a path that resolved stays the one its plugin was
  /// registered under.
  private static let resolved = Locked<[String: String]>([:])

  /// The absolute path with links resolved, or the path as given when it does not
  /// resolve (the load then reports why).
  static func canonical(_ path: String) -> String {
    if let known = resolved.withLock({ $0[path] }) { return known }
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    let answer = String(cString: real)
    // (Only absolute paths: a relative one depends on the working directory.)
    if path.utf8.first == UInt8(ascii: "/") {
      resolved.withLock { table in
        if table.count < 4096 { table[path] = answer }
      }
    }
    return answer
  }

  static func exists(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & UInt32(S_IFMT)) == UInt32(S_IFREG)
  }

  /// Where each file was found, with what the search depended on (the name, the
  /// context's directories, BRACE_PLUGIN_PATH's text, which make the list searched): a
  /// search costs a stat per directory up to the file's, on every context's load of every
  /// plugin (brace_context_create loads "frame", the first constraint "simplex"), and a
  /// plugin found once is loaded for good. So a file added later to an earlier directory
  /// of the same list is not seen by this process (strategy.h says so); a different list
  /// (another plugin_path option, BRACE_PLUGIN_PATH changed) searches again. Failed
  /// searches are not kept: a file that appears later is found. Checked before the list
  /// is even built (callgrind: a list and its key were 4,900 of the 10,400 instructions
  /// of a plugin's load per context); an array, not a dictionary, as a process loads few
  /// plugins and each dictionary type costs the library kilobytes of code. The file's
  /// canonical path is kept too: looking it up again (`resolved`, a path's hash) was
  /// ~530 instructions of each load.
  ///
  /// Once a context has registered the file's strategy under the name searched for, the
  /// entry keeps the accepted image too: a later context registers it straight from the
  /// entry, with no lookup of its path among the accepted images (with the slimmer
  /// LoadedStrategy, a load per context went from ~1,450 to ~1,100 instructions).
  ///
  /// A relative directory (BRACE_PLUGIN_PATH=build/plugins) names another directory in
  /// another working directory: a file found on a list that has one up to the file's
  /// directory is remembered with the working directory of the search, and found again
  /// only from there (a getcwd per load): searched again, it cost a stat, a getcwd and a
  /// readlink per path component (realpath) on every load, ~10 us per context.
  final class Found {
    let name: String
    let first: [String]
    let env: [CChar]?
    /// The working directory of the search, when it went through a relative directory.
    let cwd: [CChar]?
    let path: String
    let canonical: String
    /// Guarded by `found`'s lock.
    var image: PluginImage?
    init(name: String, first: [String], env: [CChar]?, cwd: [CChar]?, path: String, canonical: String) {
      self.name = name
      self.first = first
      self.env = env
      self.cwd = cwd
      self.path = path
      self.canonical = canonical
    }
  }
  private static let found = Locked<[Found]>([])

  private static func sameText(_ a: [CChar]?, _ b: UnsafePointer<CChar>?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return a.withUnsafeBufferPointer { strcmp($0.baseAddress!, b) == 0 }
  }

  /// BRACE_PLUGIN_PATH's text now, with its NUL; nil when unset. `like`: an earlier
  /// copy, shared when the text is the same (no allocation); only looked at when the
  /// variable is set (reaching it retains and releases objects: atomic operations).
  static func environment(like: @autoclosure () -> [CChar]?) -> [CChar]? {
    guard let env = getenv("BRACE_PLUGIN_PATH") else { return nil }
    if let like = like(), sameText(like, env) { return like }
    return Array(UnsafeBufferPointer(start: env, count: strlen(env) + 1))
  }

  /// The working directory, nil when getcwd cannot say (a search then is not remembered).
  private static func workingDirectory() -> [CChar]? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX)) { buf -> [CChar]? in
      guard let p = getcwd(buf.baseAddress, buf.count) else { return nil }
      return Array(UnsafeBufferPointer(start: p, count: strlen(p) + 1))
    }
  }

  private static func isWorkingDirectory(_ cwd: [CChar]) -> Bool {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX)) { buf -> Bool in
      guard let p = getcwd(buf.baseAddress, buf.count) else { return false }
      return sameText(cwd, p)
    }
  }

  /// Whether remembered(strategy: name, first: first, env: env) would answer `f`'s file
  /// now. (Found's keys are constants: read without the lock.)
  static func finds(_ f: Found, strategy name: String, first: [String], env: [CChar]?) -> Bool {
    guard f.env == env, f.name == name, f.first == first else { return false }
    return f.cwd.map { isWorkingDirectory($0) } ?? true
  }

  /// The file this process found for strategy `name` on the list of directories `first`
  /// makes with BRACE_PLUGIN_PATH's text `env` (and, for a list with relative
  /// directories, from the current working directory), with its image once a context
  /// registered it.
  static func remembered(strategy name: String, first: [String], env: [CChar]?) -> (found: Found, image: PluginImage?)? {
    found.withLock { list -> (found: Found, image: PluginImage?)? in
      for f in list where f.name == name && f.first == first && f.env == env {
        if let cwd = f.cwd, !isWorkingDirectory(cwd) { continue }
        return (f, f.image)
      }
      return nil
    }
  }

  /// Keeps the image registered for a remembered file (see Found).
  static func remember(_ image: PluginImage, for entry: Found) {
    found.withLock { _ in entry.image = image }
  }

  /// Searches the file of a strategy on the search path (`searched`, the directories, is
  /// given when the file is not found), with its canonical path and the entry that
  /// remembers it (see Found).
  static func find(strategy name: String, first: [String], env: [CChar]?) -> (path: String?, canonical: String?, entry: Found?, searched: [String]) {
    let file = fileName(forStrategy: name)
    let dirs = searchPath(first, env: env)
    var relative = false
    for d in dirs {
      relative = relative || d.utf8.first != UInt8(ascii: "/")
      let path = "\(d)/\(file)"
      guard exists(path) else { continue }
      let answer = canonical(path)
      let cwd = relative ? workingDirectory() : nil
      guard !relative || cwd != nil else { return (path, answer, nil, dirs) }
      let entry = Found(name: name, first: first, env: env, cwd: cwd, path: path, canonical: answer)
      let kept = found.withLock { list -> Bool in
        guard list.count < 64 else { return false }
        list.append(entry)
        return true
      }
      return (path, answer, kept ? entry : nil, dirs)
    }
    return (nil, nil, nil, dirs)
  }

  /// Entry functions of the files this process has opened, by the absolute path they
  /// were opened with. dlopen of a path it has open answers that library without looking
  /// at the file again, so the answer is the same; the table saves the stat before it, a
  /// system call on every context's load of every plugin.
  private static let opened = Locked<[String: brace_plugin_entry_fn]>([:])

  /// What a plugin's entry answered and the host accepted, by the canonical path of its
  /// file: the same static descriptor every time (brace_plugin.h), so a context that
  /// loads it again takes the checked image instead of calling the entry, checking its
  /// answer and building the image again (callgrind: about 4,500 instructions per plugin
  /// and context).
  static let accepted = Locked<[PluginImage]>([])

  /// dlopen + dlsym; the handle is deliberately never closed.
  static func entry(_ path: String) throws(BraceError) -> brace_plugin_entry_fn {
    if let known = opened.withLock({ $0[path] }) { return known }
    guard exists(path) else {
      throw BraceError(BRACE_E_PLUGIN, "cannot load plugin \"\(path)\": no such file")
    }
    dlerror()
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
      let why = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
      throw BraceError(BRACE_E_PLUGIN, "cannot load plugin \"\(path)\": not a loadable shared library (\(why))")
    }
    guard let sym = dlsym(handle, BRACE_PLUGIN_ENTRY_NAME) else {
      throw BraceError(BRACE_E_PLUGIN, "cannot load plugin \"\(path)\": it has no entry symbol \(BRACE_PLUGIN_ENTRY_NAME) (define it with BRACE_PLUGIN_DEFINE_ENTRY)")
    }
    let fn = unsafeBitCast(sym, to: brace_plugin_entry_fn.self)
    if path.utf8.first == UInt8(ascii: "/") {
      opened.withLock { table in
        if table.count < 4096 { table[path] = fn }
      }
    }
    return fn
  }
}

extension Context {
  /// Registers the built-in strategies found on the search path. "frame" is required:
  /// every node starts with it.
  func loadBuiltinStrategies() throws(BraceError) {
    let k = try loadStrategy(named: "frame")
    plugins.defaultStrategy = k
  }

  /// The index of strategy `name`, loading it by name when it is not registered yet.
  func loadStrategy(named name: String) throws(BraceError) -> Int32 {
    if let k = strategy(named: name) { return k }
    if let k = takeRegistered(named: name) { return k }
    if let (entry, image) = PluginFiles.remembered(strategy: name, first: plugins.directories, env: plugins.env) {
      let k = try loadPlugin(entry.path, expecting: name, canonical: entry.canonical, image: image)
      if image == nil { PluginFiles.remember(plugins.strategies[Int(k)].image, for: entry) }
      plugins.strategies[Int(k)].found = entry
      return k
    }
    guard Context.isValidName(name) else {
      throw .invalidArgument("\"\(name)\" is not a strategy name (expected [a-z0-9_]+, at most 63 characters)")
    }
    let (path, canonical, entry, searched) = PluginFiles.find(strategy: name, first: plugins.directories, env: plugins.env)
    guard let path else {
      throw BraceError(BRACE_E_NOT_FOUND, "no strategy \"\(name)\": \(PluginFiles.fileName(forStrategy: name)) is not in \(searched.joined(separator: ", ")) (the plugin_path option and BRACE_PLUGIN_PATH add directories)")
    }
    let k = try loadPlugin(path, expecting: name, canonical: canonical)
    if let entry {
      PluginFiles.remember(plugins.strategies[Int(k)].image, for: entry)
      plugins.strategies[Int(k)].found = entry
    }
    return k
  }

  static func isValidName(_ s: String) -> Bool {
    // Over the contiguous bytes: the utf8 view, byte by byte, was ~270 instructions for
    // "simplex", on every context's load of every plugin.
    var s = s
    return s.withUTF8 { b in
      !b.isEmpty && b.count < 64 && b.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 95 }
    }
  }

  /// Loads the plugin at `path` and registers its strategy; on any failure the context is
  /// unchanged. Returns the strategy's index. `known`: the file's accepted image, when the
  /// caller has it (a remembered search).
  @discardableResult
  func loadPlugin(
    _ given: String, expecting expected: String? = nil, canonical: String? = nil, image known: PluginImage? = nil
  ) throws(BraceError) -> Int32 {
    // One file, however its path is spelled, registers once. (Lengths first: comparing
    // the "frame" file's path with the solver's was ~80 instructions of every context.)
    let path = canonical ?? PluginFiles.canonical(given)
    if let k = plugins.strategies.firstIndex(where: { $0.path.utf8.count == path.utf8.count && $0.path == path }) {
      return Int32(k)
    }
    guard !plugins.loading else {
      throw .reentrancy("cannot load \"\(given)\" while another plugin of this context is being registered (from its context_create hook)")
    }
    plugins.loading = true
    defer { plugins.loading = false }
    func fail(_ why: String) -> BraceError { BraceError(BRACE_E_PLUGIN, "cannot load plugin \"\(given)\": \(why)") }
    let image: PluginImage
    if let known = known ?? PluginFiles.accepted.withLock({ list in list.first { $0.path == path } }) {
      image = known
      if let expected, expected != image.name {
        throw fail("it was found as the file of strategy \"\(expected)\" but provides \"\(image.name)\"")
      }
    } else {
      // The entry's answer, checked: its size and ABI version, its name, role and properties.
      let found = PluginFiles.lock.withLock { _ -> Result<UnsafePointer<brace_strategy_desc>?, BraceError> in
        do throws(BraceError) {
          let entry = try PluginFiles.entry(given)
          return .success(entry(HostTable.pointer))
        } catch {
          return .failure(error)
        }
      }
      guard let raw = try found.get() else {
        throw fail("its entry function returned NULL (the plugin refused this host, ABI \(BRACE_PLUGIN_ABI_MAJOR).\(BRACE_PLUGIN_ABI_MINOR))")
      }
      let size = Int(raw.pointee.struct_size)
      // The 1.0 descriptor ends where 1.1 appended the baseline hook.
      let need = MemoryLayout<brace_strategy_desc>.offset(of: \brace_strategy_desc.baseline)!
      guard size >= need else {
        throw fail("its strategy descriptor is too small (struct_size \(size), the first version has \(need) bytes)")
      }
      let major = raw.pointee.abi_major, minor = raw.pointee.abi_minor
      guard major == BRACE_PLUGIN_ABI_MAJOR else {
        throw fail("it was built for plugin ABI \(major).\(minor), but this host speaks \(BRACE_PLUGIN_ABI_MAJOR).\(BRACE_PLUGIN_ABI_MINOR) (major versions must match)")
      }
      guard minor <= BRACE_PLUGIN_ABI_MINOR else {
        throw fail("it was built for plugin ABI \(major).\(minor), newer than this host's \(BRACE_PLUGIN_ABI_MAJOR).\(BRACE_PLUGIN_ABI_MINOR) (a plugin's minor version must not exceed the host's)")
      }
      // Only the bytes the plugin's descriptor has: members it does not know stay zero.
      var desc = brace_strategy_desc()
      withUnsafeMutableBytes(of: &desc) { dst in
        dst.copyMemory(from: UnsafeRawBufferPointer(start: UnsafeRawPointer(raw), count: min(size, dst.count)))
      }
      guard let cname = desc.name else { throw fail("its descriptor has no name") }
      let name = String(cString: cname)
      guard Context.isValidName(name) else {
        throw fail("its strategy name \"\(name)\" is not valid (expected [a-z0-9_]+, at most 63 characters)")
      }
      if let expected, expected != name {
        throw fail("it was found as the file of strategy \"\(expected)\" but provides \"\(name)\"")
      }
      guard desc.role == BRACE_ROLE_CONTAINER || desc.role == BRACE_ROLE_SOLVER else {
        throw fail("strategy \"\(name)\" has an unknown role \(desc.role.rawValue)")
      }
      let props = try Context.validateProperties(desc, name, fail)
      image = PluginImage(desc: desc, name: name, path: path, properties: props)
      // (Only absolute paths: a relative one depends on the working directory.)
      if path.utf8.first == UInt8(ascii: "/") {
        PluginFiles.accepted.withLock { list in
          if list.count < 64 && !list.contains(where: { $0.path == path }) { list.append(image) }
        }
      }
    }
    let desc = image.desc, name = image.name
    if strategy(named: name) != nil {
      throw BraceError(BRACE_E_DUPLICATE, "cannot load plugin \"\(given)\": a strategy named \"\(name)\" is already registered (from \(plugins.strategies.first { $0.name == name }?.path ?? "?"))")
    }
    let id = UInt32(plugins.strategies.count)
    let s = LoadedStrategy(id: id, image: image)
    if let create = desc.context_create {
      var state: UnsafeMutableRawPointer? = nil
      let status = create(opaque, id, &state)
      guard status == BRACE_OK else {
        throw fail("strategy \"\(name)\"'s context_create failed with \(statusName(status))")
      }
      s.state = state
    }
    // A context registers "frame" and, once it has constraints, "simplex": room for both
    // (and two more) in one allocation rather than one per strategy.
    if plugins.strategies.capacity == 0 { plugins.strategies.reserveCapacity(4) }
    plugins.strategies.append(s)
    return Int32(id)
  }

  private static func validateProperties(
    _ desc: brace_strategy_desc, _ name: String, _ fail: (String) -> BraceError
  ) throws(BraceError) -> [brace_property_desc] {
    let count = Int(desc.property_count)
    guard count > 0 else { return [] }
    guard let base = desc.properties else { throw fail("strategy \"\(name)\" declares \(count) properties but properties is NULL") }
    let stride = Int(desc.property_desc_size)
    guard stride >= MemoryLayout<brace_property_desc>.size else {
      throw fail("strategy \"\(name)\": property_desc_size \(stride) is smaller than brace_property_desc (\(MemoryLayout<brace_property_desc>.size))")
    }
    var out: [brace_property_desc] = []
    var seen: Set<String> = []
    for k in 0..<count {
      let p = UnsafeRawPointer(base).advanced(by: k * stride).assumingMemoryBound(to: brace_property_desc.self).pointee
      guard let pn = p.name else { throw fail("strategy \"\(name)\": property \(k) has no name") }
      let pname = String(cString: pn)
      guard isValidName(pname), seen.insert(pname).inserted else {
        throw fail("strategy \"\(name)\": property \(k) name \"\(pname)\" is invalid or declared twice")
      }
      guard p.scope == BRACE_SCOPE_CONTAINER || p.scope == BRACE_SCOPE_CHILD else {
        throw fail("strategy \"\(name)\": property \"\(pname)\" has an unknown scope \(p.scope.rawValue)")
      }
      switch p.type {
      case BRACE_VALUE_ENUM:
        guard p.enum_count > 0, let names = p.enum_names, (0..<Int(p.enum_count)).allSatisfy({ names[$0] != nil }) else {
          throw fail("strategy \"\(name)\": enum property \"\(pname)\" needs enum_names with enum_count > 0 names")
        }
      case BRACE_VALUE_BOOL, BRACE_VALUE_INT, BRACE_VALUE_DOUBLE:
        guard p.minimum.isFinite || p.type == BRACE_VALUE_BOOL, p.maximum.isFinite || p.type == BRACE_VALUE_BOOL,
          p.type == BRACE_VALUE_BOOL || p.minimum <= p.maximum
        else { throw fail("strategy \"\(name)\": property \"\(pname)\" has an invalid range \(p.minimum)...\(p.maximum)") }
      default:
        throw fail("strategy \"\(name)\": property \"\(pname)\" has an unknown type \(p.type.rawValue)")
      }
      if p.type == BRACE_VALUE_INT && (p.minimum < -9.2e18 || p.maximum > 9.2e18) {
        throw fail("strategy \"\(name)\": int property \"\(pname)\" has a range beyond what an int64 holds")
      }
      if let why = PropertyCheck.problem(with: p.default_value, for: p) {
        throw fail("strategy \"\(name)\": the default of property \"\(pname)\" is invalid: \(why)")
      }
      out.append(p)
    }
    return out
  }
}
