"""The type stubs of the package (shiftfly/__init__.pyi) name every public function with the
parameters, defaults present or not, of the function itself."""
import ast
import inspect
import pathlib

import shiftfly

STUBS = pathlib.Path(shiftfly.__file__).with_name("__init__.pyi")


def test_every_public_function_has_a_matching_stub():
    tree = ast.parse(STUBS.read_text())
    stubs = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    for name in shiftfly.__all__:
        obj = getattr(shiftfly, name)
        if inspect.isclass(obj):
            continue
        assert name in stubs, f"{name} has no stub"
        args = stubs[name].args
        stub = [(a.arg, i >= len(args.args) - len(args.defaults)) for i, a in enumerate(args.args)]
        stub += [(a.arg, d is not None) for a, d in zip(args.kwonlyargs, args.kw_defaults)]
        real = [(p.name, p.default is not inspect.Parameter.empty) for p in inspect.signature(obj).parameters.values()
                if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)]
        assert stub == real, name


def test_the_family_block_is_what_the_descriptors_give():
    # The generators are made from the family descriptors at import; their stubs are written by
    # scripts/family_stubs.py. A family added to the registry fails here until they are rewritten.
    from shiftfly import _graphs
    text = STUBS.read_text()
    block = text.split("# begin families\n", 1)[1].split("# end families\n", 1)[0]
    assert block.splitlines() == _graphs._family_stubs(), \
        "stale family stubs: run PYTHONPATH=build/python python3 scripts/family_stubs.py"
