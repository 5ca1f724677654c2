"""The paper-profile tables through shiftfly.tables equal the committed CSV files
(docs/results/shiftfly/paper/), cell for cell."""
import csv

import pytest

import shiftfly


def test_paper_tables_equal_the_committed_csvs(source_dir):
    golden = source_dir / "docs" / "results" / "shiftfly" / "paper"
    details = shiftfly.table_details(profile="paper")
    ids = {t["id"] for t in details}
    assert ids == {p.stem for p in golden.glob("*.md")}  # every published table, none other
    for t in details:
        with open(golden / f"{t['id']}.csv", newline="") as f:
            rows = list(csv.reader(f))
        assert rows[0] == t["columns"], t["id"]
        assert rows[1:] == t["rows"], t["id"]
    as_rows = shiftfly.tables(profile="paper", only="moore")
    assert set(as_rows) == {"moore_audit", "boardfly_pod"}
    first = as_rows["moore_audit"]
    if not isinstance(first, list):  # a DataFrame when pandas is installed
        first = first.to_dict("records")
    assert first[0]["Generation"].startswith("v2")


def test_table_errors():
    with pytest.raises(ValueError, match="profile = 'fast'"):
        shiftfly.tables(profile="fast")
    with pytest.raises(ValueError, match="only = nothing is neither a section nor a table"):
        shiftfly.tables(only=["nothing"])
    assert [s[0] for s in shiftfly.table_sections()][:2] == ["moore", "scale"]


def test_halley_tables_equal_the_committed_csvs(source_dir):
    golden = source_dir / "docs" / "results" / "halley"
    details = shiftfly.table_details(set="halley")
    assert {t["id"] for t in details} == {p.stem for p in golden.glob("*.md")}
    for t in details:
        with open(golden / f"{t['id']}.csv", newline="") as f:
            rows = list(csv.reader(f))
        assert rows == [t["columns"]] + t["rows"], t["id"]
