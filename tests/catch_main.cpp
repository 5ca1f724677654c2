// One Catch2 main for every test program. Catch's own main, plus one switch: with the
// environment variable SHIFTFLY_QUICK set (to anything but empty or 0), the test cases tagged
// [heavy] are left out of every test spec given, as -DSHIFTFLY_TEST_SKIP_HEAVY=ON leaves them
// out of the registered ones: the quick loop (`bash scripts/test.sh --quick`, ctest label
// quick; docs/design.md, "Tests and their build").
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

int main(int argc, char* argv[]) {
  Catch::Session session;
  if (const int rc = session.applyCommandLine(argc, argv); rc != 0) return rc;
  const char* quick = std::getenv("SHIFTFLY_QUICK");
  if (quick != nullptr && *quick != '\0' && std::string(quick) != "0") {
    auto& specs = session.configData().testsOrTags;
    // a spec without commas is one AND of its filters (ctest's "[#name]~[.]"): one more term;
    // none given, every test case less the hidden and the heavy ones
    if (specs.empty()) specs.push_back("~[.]");
    for (auto& spec : specs) spec += "~[heavy]";
    session.useConfigData(session.configData());
  }
  return session.run();
}
