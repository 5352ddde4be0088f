// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// The built-in plugins, from the one list mk/plugins (strategy, target, library a line):
/// each is a dynamic library product of its target.
let builtinPlugins: [Product] = {
  let path = "\(Context.packageDirectory)/mk/plugins"
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fatalError("cannot read \(path)") }
  var products: [Product] = []
  for line in text.split(separator: "\n") where !line.hasPrefix("#") {
    let fields: [String] = line.split(separator: " ").map(String.init)
    if fields.count == 3 { products.append(.library(name: fields[2], type: .dynamic, targets: [fields[1]])) }
  }
  return products
}()

/// Linker settings of a shared library that exports only what its version script lists,
/// with the Swift runtime linked statically in release builds (so C programs and Python
/// need nothing from the Swift toolchain at run time). `-static-stdlib` is release-only:
/// it breaks `swift test` in debug.
func sharedLibrary(exports: String, soname: String? = nil) -> [LinkerSetting] {
  var flags = ["-Xlinker", "--version-script=\(Context.packageDirectory)/\(exports)"]
  if let soname { flags += ["-Xlinker", "-soname", "-Xlinker", soname] }
  return [
    .unsafeFlags(flags),
    .unsafeFlags(["-static-stdlib"], .when(configuration: .release)),
  ]
}

/// Release builds skip Swift's dynamic exclusivity checks: the code keeps no access open
/// across a callback (docs/architecture.md), and the checks cost on every hot path.
let unchecked: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

/// A plugin's target: it reaches the host through the plugin ABI (CBrace, BracePluginKit)
/// and its shared library exports only what Sources/NAME/exports.map lists.
func pluginTarget(_ name: String, dependencies: [Target.Dependency] = []) -> Target {
  .target(
    name: name,
    dependencies: ["CBrace", "BracePluginKit"] + dependencies,
    exclude: ["exports.map"],
    swiftSettings: unchecked,
    linkerSettings: sharedLibrary(exports: "Sources/\(name)/exports.map")
  )
}

let package = Package(
  name: "Brace",
  products: [
    .library(name: "brace", type: .dynamic, targets: ["Brace"]),
  ] + builtinPlugins + [
    .executable(name: "brace-simplex-bench", targets: ["brace-simplex-bench"]),
    .executable(name: "brace-bench", targets: ["brace-bench"]),
    .executable(name: "brace-layout-bench", targets: ["brace-layout-bench"]),
    .executable(name: "brace-stack-bench", targets: ["brace-stack-bench"]),
  ],
  targets: [
    // The public headers (include/brace/*.h), as a module for the Swift code.
    .systemLibrary(name: "CBrace", path: "include"),

    // The libc functions the core uses, as a module of its own (Glibc is not there in an
    // Embedded Swift build).
    .systemLibrary(name: "CBraceLibc", path: "Sources/CBraceLibc"),

    // What the plugins share with the host (the host pointer, the plugin ABI's tables),
    // compiled into each plugin and the core.
    .target(name: "BracePluginKit", dependencies: ["CBrace"], swiftSettings: unchecked),

    // libbrace.so: the core engine behind the C ABI.
    .target(
      name: "Brace",
      dependencies: ["CBrace", "CBraceLibc", "BracePluginKit"],
      exclude: ["exports.map"],
      swiftSettings: unchecked,
      linkerSettings: sharedLibrary(exports: "Sources/Brace/exports.map", soname: "libbrace.so.0")
    ),

    // libbrace_autoresizing.so: the "frame" strategy, a plugin like any other.
    pluginTarget("BraceAutoresizing"),

    // libbrace_simplex.so: the default constraint solver, a plugin wrapping the engine.
    .target(name: "BraceSimplexSolver", swiftSettings: unchecked),
    pluginTarget("BraceSimplex", dependencies: ["BraceSimplexSolver"]),
    .executableTarget(name: "brace-simplex-bench", dependencies: ["BraceSimplexSolver", "BraceBenchKit"]),

    // libbrace_stack.so: the "stack" strategy (UIStackView), a plugin that reaches the
    // host only through its table (no Foundation, nothing Embedded Swift lacks).
    pluginTarget("BraceStack"),

    // Benchmarks of the engine through its C ABI (programs that print figures), and what
    // they share with the randomized tests: the clock, medians, SplitMix64, the random
    // linear system.
    .target(name: "BraceBenchKit"),
    .executableTarget(name: "brace-bench", dependencies: ["Brace", "CBrace", "BraceBenchKit"]),
    .executableTarget(name: "brace-layout-bench", dependencies: ["Brace", "CBrace", "BraceBenchKit"]),
    .executableTarget(name: "brace-stack-bench", dependencies: ["Brace", "CBrace", "BraceBenchKit"]),

    // What the test suites of the C ABI share: status checks, recorders, fixture readers,
    // processes and files.
    .target(name: "BraceTestSupport", dependencies: ["CBrace"], path: "Tests/Support"),

    .testTarget(name: "BraceSimplexSolverTests", dependencies: ["BraceSimplexSolver", "BraceBenchKit"]),
    .testTarget(name: "BraceTests", dependencies: ["Brace", "CBrace", "BraceTestSupport"]),
    .testTarget(name: "BracePluginTests", dependencies: ["Brace", "CBrace", "BraceTestSupport"]),
    .testTarget(name: "BraceConstraintTests", dependencies: ["Brace", "CBrace", "BraceTestSupport", "BraceBenchKit"]),
    .testTarget(name: "BraceStackTests", dependencies: ["Brace", "CBrace", "BraceTestSupport"]),
  ]
)
