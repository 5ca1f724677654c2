// Uniform throughput of Boardfly and Shiftfly under random link failures
// (studies/failure_throughput.hpp): the failure_throughput table and the data of its figure, in
// Markdown, at any size. The exact profile's section runs 576 groups and 20 samples; the full
// study is
//   example_failure_throughput --groups 2304 --samples 100 --threads 2
// (docs/results/failure_throughput_2304.md holds its output, wall time and peak memory).
// Without arguments (as ctest runs it): 36 groups, 3 samples.
// Flags: --groups N, --samples K, --threads T (0 = every core; the output does not depend on it).
// A bad value prints one line and exits with status 2.
#include <cstdio>
#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>

#include <shiftfly/core/parse.hpp>
#include <shiftfly/report/render.hpp>
#include <shiftfly/tables/failure_throughput_table.hpp>

int main(int argc, char** argv) {
  namespace s = shiftfly::studies;
  try {
    s::failure_throughput_params prm;
    prm.groups = 36;
    prm.samples = 3;
    for (int i = 1; i < argc; ++i) {
      const std::string_view flag = argv[i];
      if (i + 1 >= argc) shiftfly::core::fail("failure_throughput", std::string(flag) + " needs a value");
      const std::string_view value = argv[++i];
      if (flag == "--groups")
        prm.groups = shiftfly::core::parse_unsigned(value, "--groups", "failure_throughput");
      else if (flag == "--samples")
        prm.samples = shiftfly::core::parse_unsigned(value, "--samples", "failure_throughput");
      else if (flag == "--threads")
        prm.threads = static_cast<unsigned>(
            shiftfly::core::parse_decimal<std::uint16_t>(value, "--threads", "failure_throughput"));
      else
        shiftfly::core::fail("failure_throughput", "unknown flag " + std::string(flag) +
                                                       " (accepted: --groups, --samples, --threads)");
    }
    const auto study = s::run_failure_throughput(prm);
    std::fputs(shiftfly::report::render_markdown(shiftfly::tables::failure_throughput_table(study)).c_str(), stdout);
    std::fputs("\nFigure data (failure_throughput_vs_rate):\n\n```\n", stdout);
    std::fputs(shiftfly::report::figure_csv(shiftfly::tables::failure_throughput_figure(study)).c_str(), stdout);
    std::fputs("```\n", stdout);
    return 0;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}
