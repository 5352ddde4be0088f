// Processes and files for the suites that build C plugins with the system compiler
// (no Foundation: posix_spawnp + waitpid, stdio).
import Glibc

/// The process environment, for posix_spawnp (Glibc's `environ` is a _GNU_SOURCE name).
private func currentEnvironment() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  guard let sym = dlsym(nil, "environ") else { return nil }
  return sym.assumingMemoryBound(to: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?.self).pointee
}

/// Starts `args` (args[0] looked up on PATH) with stdout and stderr going to `output`.
/// Returns the pid, or nil when the process could not start.
public func startProcess(_ args: [String], output: String) -> pid_t? {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  let outputC = strdup(output)
  defer { free(outputC) }
  posix_spawn_file_actions_addopen(&actions, 1, outputC!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_adddup2(&actions, 1, 2)
  let argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
  defer { for a in argv { free(a) } }
  var pid: pid_t = 0
  let rc = posix_spawnp(&pid, args[0], &actions, nil, argv, currentEnvironment())
  return rc == 0 ? pid : nil
}

/// Waits for `pid`; its exit code, or -1 when it did not exit normally.
public func waitForExit(_ pid: pid_t) -> Int32 {
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 {
    if errno != EINTR { return -1 }
  }
  return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
}

/// Runs `args` to completion: (exit code, stdout and stderr).
public func run(_ args: [String], output: String) -> (code: Int32, output: String) {
  guard let pid = startProcess(args, output: output) else { return (-1, "cannot start \(args[0])") }
  let code = waitForExit(pid)
  return (code, readText(output) ?? "")
}

public func readBytes(_ path: String) -> [UInt8]? {
  guard let f = fopen(path, "rb") else { return nil }
  defer { fclose(f) }
  var out: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let n = fread(&buffer, 1, buffer.count, f)
    if n <= 0 { break }
    out += buffer[0..<n]
  }
  return out
}

public func readText(_ path: String) -> String? { readBytes(path).map { String(decoding: $0, as: UTF8.self) } }

public func writeText(_ path: String, _ text: String) -> Bool {
  guard let f = fopen(path, "wb") else { return false }
  defer { fclose(f) }
  return fputs(text, f) >= 0
}

public func realPath(_ path: String) -> String? {
  guard let p = realpath(path, nil) else { return nil }
  defer { free(p) }
  return String(cString: p)
}

public func directoryName(_ path: String) -> String {
  guard let slash = path.lastIndex(of: "/") else { return "." }
  return String(path[..<slash])
}

/// The repository root: this file is Tests/Support/Processes.swift.
public let repositoryRoot: String = {
  var path = #filePath
  for _ in 0..<3 { path = directoryName(path) }
  return path
}()

/// A fresh directory /tmp/<prefix>XXXXXX ("/tmp" when it cannot be made).
public func makeTemporaryDirectory(_ prefix: String) -> String {
  var template = Array("/tmp/\(prefix)XXXXXX".utf8CString)
  return template.withUnsafeMutableBufferPointer { buf in
    guard let p = mkdtemp(buf.baseAddress!) else { return "/tmp" }
    return String(cString: p)
  }
}

/// Deletes the files of `path` (not recursively: the plugin directories are flat) and
/// `path`, only when it is a directory that makeTemporaryDirectory(prefix) made.
public func removeTemporaryDirectory(_ path: String, prefix: String) {
  guard path.hasPrefix("/tmp/\(prefix)"), let dir = opendir(path) else { return }
  while let entry = readdir(dir) {
    let name = withUnsafePointer(to: &entry.pointee.d_name) {
      String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
    }
    if name != "." && name != ".." { unlink("\(path)/\(name)") }
  }
  closedir(dir)
  rmdir(path)
}
