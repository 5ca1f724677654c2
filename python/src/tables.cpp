/// \file tables.cpp
/// The table sets of `shiftfly tables` (tables/shiftfly_tables.hpp: the Shiftfly
/// paper's tables, paper or exact profile) and `halley tables`
/// (tables/halley/sections.hpp), run section by section as report/table_set.hpp
/// runs them, returned as tables of text cells (the cells the CSV files hold).

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "shiftfly/report/table_set.hpp"
#include "shiftfly/tables/halley/sections.hpp"
#include "shiftfly/tables/shiftfly_tables.hpp"

namespace shiftfly::python {

void init_tables(py::module_& m) {
  m.def(
      "tables",
      [](const std::string& set, const std::string& profile, std::vector<std::string> only, unsigned threads) {
        core::require_range("tables", "threads", threads, 0, 1024);
        std::vector<report::section> sections;
        if (set == "shiftfly") sections = tables::shiftfly_sections();
        else if (set == "halley") sections = tables::halley_sections();
        else core::throw_out_of_range("tables", "set", "'" + set + "'", "shiftfly or halley");
        report::table_set_options o;
        o.only = only;
        o.context.profile = report::parse_profile(profile);
        o.context.threads = threads;
        report::validate(sections, o);
        const auto named = [&](const std::string& id) { return std::find(only.begin(), only.end(), id) != only.end(); };
        std::vector<report::table> out = run_interruptible([&](const stop_flag& stop) {
          std::vector<report::table> tables;
          for (const auto& s : sections) {
            if (!(only.empty() || named(s.id) || std::any_of(s.outputs.begin(), s.outputs.end(), named))) continue;
            stop.check();
            auto result = s.build(o.context);
            for (auto& t : result.tables)
              if (only.empty() || named(s.id) || named(t.id)) tables.push_back(std::move(t));
          }
          return tables;
        });
        py::list list;
        for (const auto& t : out) {
          py::dict d;
          d["id"] = t.id;
          d["title"] = t.title;
          d["source"] = t.source;
          d["method"] = t.method;
          d["columns"] = t.columns;
          d["rows"] = t.rows;
          d["notes"] = t.notes;
          list.append(d);
        }
        return list;
      },
      py::arg("set"), py::arg("profile"), py::arg("only"), py::arg("threads"));
  m.def("table_sections", [](const std::string& set) {
    const auto sections = set == "halley" ? tables::halley_sections() : tables::shiftfly_sections();
    py::list list;
    for (const auto& s : sections) list.append(py::make_tuple(s.id, s.description, s.outputs));
    return list;
  });
}

}  // namespace shiftfly::python
