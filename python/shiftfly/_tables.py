"""The table sets of the tools (`shiftfly tables`, `halley tables`), computed in-process."""
from . import _checks
from . import _shiftfly

__all__ = ["tables", "table_details", "table_sections"]


def _only(only):
    if only is None:
        return []
    if isinstance(only, str):
        only = [only]
    return [_checks.text("tables", "only", x, None) for x in only]


def table_details(profile="paper", only=None, threads=0, set="shiftfly"):
    """The tables as dicts with their metadata: id, title, source (the published table it
    regenerates), method (exact, sampled, estimated, closed form), columns, rows (lists of the
    text cells the CSV files hold) and notes."""
    profile = _checks.text("tables", "profile", profile, ("paper", "exact", "largest"))
    set = _checks.text("tables", "set", set, ("shiftfly", "halley"))
    return _shiftfly.tables(set, profile, _only(only), _checks.threads("tables", threads))


def tables(profile="paper", only=None, threads=0, set="shiftfly"):
    """Every table of `shiftfly tables --profile PROFILE` (tables/shiftfly_tables.hpp; set="halley":
    `halley tables`), as {table id: rows}: each table a list of row dicts {column: cell text}, the
    cells exactly as the committed CSV files under docs/results/ hold them, or a pandas DataFrame
    of those cells when pandas is installed. profile "paper" reproduces the reference artefact's
    computation (the published cells), "exact" computes every figure exactly. `only` picks
    sections or tables by id (as --only). Runs without the GIL; Ctrl-C stops it between sections."""
    try:
        import pandas
    except ImportError:
        pandas = None
    out = {}
    for t in table_details(profile, only, threads, set):
        rows = [dict(zip(t["columns"], row)) for row in t["rows"]]
        out[t["id"]] = pandas.DataFrame(rows, columns=t["columns"]) if pandas is not None else rows
    return out


def table_sections(set="shiftfly"):
    """The sections of a table set as (id, description, output ids), in print order."""
    set = _checks.text("table_sections", "set", set, ("shiftfly", "halley"))
    return [tuple(s) for s in _shiftfly.table_sections(set)]
