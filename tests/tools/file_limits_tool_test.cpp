// Hostile and unusual files through `shiftfly graph file` and `shiftfly metrics file`:
// endless inputs (devices, pipes, standard input), CR-only line ends, yEd's GraphML,
// typed node-link ids, a graph without edges and a graph of isolated vertices, and a
// GraphML file past an address-space limit. The refusals with a fixture are also rows of
// the bad-input matrix (bad_input.tsv); these are the cases a matrix row cannot express
// (a pipe, an environment, a resource limit) and the answers that are not refusals.
#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "json_output.hpp"
#include "run_tool.hpp"

namespace file_limits_tool_test {


const std::string fixture_dir = std::string(SHIFTFLY_FIXTURES);

std::string scratch(const std::string& name) {
  return "/tmp/shiftfly_file_limits_" + std::to_string(::getpid()) + "_" + name;
}

/// Runs `shell` (a command line in which TOOL stands for the shiftfly binary) through the shell.
shiftfly::test::tool_run run_shell(std::string shell) {
  const std::string tool = std::string(SHIFTFLY_BIN) + "/shiftfly";
  for (std::size_t at; (at = shell.find("TOOL")) != std::string::npos;) shell.replace(at, 4, tool);
  const std::string err = scratch("err");
  shiftfly::test::tool_run r;
  FILE* p = ::popen((shell + " 2>" + err).c_str(), "r");
  REQUIRE(p);
  char buf[65536];
  std::size_t k;
  while ((k = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, k);
  const int st = ::pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  std::ifstream e(err);
  r.err.assign(std::istreambuf_iterator<char>(e), std::istreambuf_iterator<char>());
  std::remove(err.c_str());
  return r;
}

/// CPU seconds (user + system) of the children waited for so far.
double children_cpu_seconds() {
  rusage u{};
  ::getrusage(RUSAGE_CHILDREN, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

void require_refusal(const shiftfly::test::tool_run& r, const std::string& part) {
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err_lines() == 1);
  CHECK(r.err.find(part) != std::string::npos);
}

TEST_CASE("file limits: endless inputs are refused, on a path and on standard input", "[tools][file]") {
  // an endless pipe of valid text: refused once it passes the memory limit, not grown without bound
  require_refusal(run_shell("yes '0 1' | SHIFTFLY_MEMORY_LIMIT=8M TOOL graph file --path -"),
                  "shiftfly: error: <stdin>: holds more than 2097152 bytes: reading it needs about 4 bytes of "
                  "memory a byte of text, more than the 8.0 MiB available; refused before reading on");
  // endless NUL bytes, on standard input and as a path: refused at the first chunk
  require_refusal(run_shell("TOOL graph file --path - < /dev/zero"),
                  "<stdin>:1: binary file, not text (a NUL byte at byte 1)");
  require_refusal(run_shell("TOOL metrics file --path /dev/zero"), "/dev/zero:1: binary file, not text");
  // random bytes: the line of the first byte that is not UTF-8 depends on the draw (a newline
  // may come first), so only the refusal is checked here; graph_not_utf8.txt checks the line
  require_refusal(run_shell("TOOL metrics file --path - --file-format json < /dev/urandom"),
                  "binary file, not text");
  // nested 21,000 deep on standard input (the format from the content): refused, not a crash
  require_refusal(run_shell("TOOL graph file --path - < " + fixture_dir + "/bad/graph_deep.graphml"),
                  "<stdin>:1: elements nested deeper than 256 levels");
}

TEST_CASE("file limits: CR-only line ends are line ends, for graphs and traffic", "[tools][file]") {
  const auto r = run_shell("printf '0 1\\r1 2\\r2 0\\r' | TOOL metrics file --path - --format json");
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
  CHECK(j["graph"]["vertices"] == 3);
  CHECK(j["graph"]["links"] == 3);
  CHECK(j["distance"]["diameter"] == 1);
  const std::string traffic = scratch("traffic.txt");
  std::ofstream(traffic) << "0 1 1\r1 2 1\r";
  const auto t = run_shell("TOOL metrics torus --dims 3,3 --no-distances --throughput file:" + traffic + " --format json");
  std::remove(traffic.c_str());
  INFO(t.err);
  REQUIRE(t.status == 0);
  CHECK(shiftfly::test::json_result(t.out)["throughput"].is_object());
}

TEST_CASE("file limits: yEd's GraphML and typed node-link ids", "[tools][file]") {
  const auto y = run_shell("TOOL graph file --path " + fixture_dir + "/files/yed.graphml");
  INFO(y.err);
  REQUIRE(y.status == 0);
  CHECK(y.out == "rack-a rack-b\nrack-a rack-d\nrack-b rack-c\nrack-c rack-d\n");
  const auto g = run_shell("TOOL metrics --directed file --path " + fixture_dir + "/files/yed_groups.graphml --format json");
  REQUIRE(g.status == 0);
  const auto gj = shiftfly::test::json_result(g.out);
  CHECK(gj["graph"]["vertices"] == 5);
  CHECK(gj["graph"]["arcs"] == 5);
  // the string "0" and the integer 0 are two nodes; the string is shown with its quotes
  const auto t = run_shell(R"(echo '{"nodes": [{"id": 0}, {"id": "0"}, {"id": 1}], "links": [{"source": 0, "target": "0"}, {"source": "0", "target": 1}]}' | TOOL graph file --path -)");
  INFO(t.err);
  REQUIRE(t.status == 0);
  CHECK(t.out == "0 \"0\"\n\"0\" 1\n");
}

TEST_CASE("file limits: a graph without edges has every metric, the gap 0 among them", "[tools][file]") {
  const auto r = run_shell("printf '3\\n' | TOOL metrics file --path - --gap --connectivity --format json");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
  CHECK(j["graph"]["vertices"] == 3);
  CHECK(j["distance"]["disconnected"] == true);
  CHECK(j["distance"]["histogram"] == nlohmann::json::array({3}));
  CHECK(j["spectral_gap"]["value"] == 0.0);
  CHECK(j["spectral_gap"]["lambda2"] == 1.0);
  CHECK(j["spectral_gap"]["method"] == "exact");
  CHECK(j["connectivity"]["vertex"] == 0);
  CHECK(j["connectivity"]["edge"] == 0);
}

TEST_CASE("file limits: 2,000,000 isolated vertices and one edge answer at once", "[tools][file]") {
  const std::string f = scratch("f.txt");
  std::ofstream(f) << "2000000\n0 1\n";
  // CPU time, not wall time: the run takes about 0.3 s of CPU (GCC 12 -O2); the sweeps over
  // every vertex took minutes. 30 s is a margin of about 100x, for sanitizer and debug builds.
  const double before = children_cpu_seconds();
  const auto r = run_shell("TOOL metrics file --path " + f + " --threads 1 --format json");
  const double cpu = children_cpu_seconds() - before;
  std::remove(f.c_str());
  INFO(r.err);
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
  CHECK(j["distance"]["diameter"] == 1);
  CHECK(j["distance"]["histogram"] == nlohmann::json::array({2000000, 2}));
  CHECK(j["distance"]["disconnected"] == true);
  CHECK(cpu < 30.0);
}

TEST_CASE("file limits: GraphML past an address-space limit is refused up front with the estimate", "[tools][file]") {
  if (!shiftfly::test::address_space_limit_works) return;  // instrumented build: see address_space_limit_works
  // 8 MB of well-formed GraphML: the reader's estimate (100 bytes a byte of text) is about
  // 800 MB, past a 512 MiB address space; it used to end in "bad GraphML: std::bad_alloc".
  const std::string f = scratch("big.graphml");
  {
    std::ofstream out(f);
    out << "<graphml><graph edgedefault=\"undirected\">";
    for (int i = 0; i < 1000; ++i) out << "<node id=\"" << i << "\"/>";
    for (int i = 0; out.tellp() < 8'000'000; ++i)
      out << "<edge source=\"" << i % 1000 << "\" target=\"" << (i * 7 + 1) % 1000 << "\"/>";
    out << "</graph></graphml>\n";
  }
  // the time limit only stops a run that hangs; nothing is asserted on time
  const auto r = shiftfly::test::run_tool_argv("shiftfly", {"graph", "file", "--path", f}, 600, std::uint64_t{512} << 20);
  std::remove(f.c_str());
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.err_lines() == 1);
  CHECK(r.err.find("big.graphml: parsing it (") != std::string::npos);
  CHECK(r.err.find("bytes of XML) would need about ") != std::string::npos);
  CHECK(r.err.find("bad_alloc") == std::string::npos);
}

TEST_CASE("file limits: running out of memory while reading is a one-line refusal", "[tools][file]") {
  if (!shiftfly::test::address_space_limit_works) return;  // instrumented build: see address_space_limit_works
  // a limit set far above the address space: the estimates pass, an allocation fails; the
  // reader refuses in one line (exit 2), not `internal error: std::bad_alloc` (exit 1)
  require_refusal(run_shell("ulimit -v 400000; yes '0 1' | SHIFTFLY_MEMORY_LIMIT=1T TOOL graph file --path -"),
                  "shiftfly: error: <stdin>: ran out of memory reading it");
}

TEST_CASE("file limits: depth hidden in a declaration is refused, not a crash", "[tools][file]") {
  // the parser ends `<!x '>` at its first `>`, quotes or not: the 100,000 elements after it nest
  const auto write = [](const std::string& path, const std::string& head) {
    std::ofstream f(path);
    f << head;
    for (int i = 0; i < 100000; ++i) f << "<a>";
    f << "'>";
    for (int i = 0; i < 100000; ++i) f << "</a>";
    f << "</graphml>\n";
  };
  const std::string q = scratch("q.graphml"), d = scratch("d.graphml");
  write(q, "<graphml><!x '>");
  write(d, "<!DOCTYPE g '>\n<graphml>");
  for (const std::string cmd : {"graph file --path -", "metrics file --path -", "cost file --path -"})
    require_refusal(run_shell("TOOL " + cmd + " < " + q), "<stdin>:1: elements nested deeper than 256 levels");
  require_refusal(run_shell("TOOL graph file --path " + q), "q.graphml:1: elements nested deeper than 256 levels");
  require_refusal(run_shell("TOOL metrics file --path " + d), "d.graphml:2: elements nested deeper than 256 levels");
  std::remove(q.c_str());
  std::remove(d.c_str());
}

TEST_CASE("file limits: BookSim2 exports that BookSim2 runs as meant", "[tools][file]") {
  // --latency goes after router links only: after `node N` BookSim2 would read a link to router N
  const auto r = run_shell("TOOL graph polarfly --q 2 --format booksim --latency 2");
  REQUIRE(r.status == 0);
  CHECK(r.out.rfind("router 0 node 0 node 1 router 4 2 ", 0) == 0);
  for (std::size_t at = r.out.find("node "); at != std::string::npos; at = r.out.find("node ", at + 1)) {
    const std::size_t end = r.out.find_first_of(" \n", at + 5);
    INFO(r.out.substr(at, 20));
    CHECK((end == std::string::npos || r.out[end] == '\n' || r.out.compare(end, 8, " router ") == 0 ||
           r.out.compare(end, 6, " node ") == 0));
  }
  // a --config that is standard output's file (the stub and the network would overwrite each other)
  const std::string cfg = scratch("x.cfg");
  require_refusal(run_shell("TOOL graph --format booksim --config " + cfg + " polarfly --q 2 > " + cfg),
                  "is the file standard output goes to");
  require_refusal(run_shell("TOOL graph --format booksim --config " + scratch("x.anynet") + " polarfly --q 2"),
                  "names the network file itself");
  std::remove(cfg.c_str());
  std::remove(scratch("x.anynet").c_str());
}

}  // namespace file_limits_tool_test
