"""The grading child's answers, in this process: every call's answer and its exact words.

- ``jail_child._call`` on a namespace of plain functions: no function, not a function, a
  stub, endless recursion, ``exit()``, a refused operation, an error with and without the
  line it came from (``_describe``), a value that cannot be read, a tree the call changed.
- ``plain`` (the child) and ``jail_client.rebuild`` (the grader): a round trip that must
  give the plain value back (numbers as float, tuples kept, anything else as its type).
- The cells as the child reads them: magics become ``pass``, the imports it runs first,
  one code object per statement with the cell's own ``__future__`` flags.
- The profile function and the stubs that end the child, with its ``write``/``_exit``
  swapped for recorders (they are default arguments).
"""

import json
import math
from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

import dtlearn as dt
from dtlearn.exercises.homework import jail_child
from dtlearn.exercises.homework.jail_child import Refused, frame, imported_names, plain
from dtlearn.exercises.homework.jail_client import Opaque, rebuild


def call(fn, *args, name="f"):
    return jail_child._call({name: fn}, name, args)


def raises(exc):
    def f(*args):
        raise exc

    return f


def test_a_missing_function_or_a_value_that_is_not_one():
    assert jail_child._call({}, "entropy", ()) == {
        "kind": "error",
        "message": "there is no function `entropy`: run the cell that defines it "
        "(did you rename it?)",
    }
    assert jail_child._call({"entropy": None}, "entropy", ())["kind"] == "error"
    assert jail_child._call({"entropy": 3}, "entropy", ()) == {
        "kind": "error",
        "message": "`entropy` is not a function",
    }


def test_each_failure_of_the_call_in_words():
    assert call(raises(NotImplementedError()), name="gain") == {
        "kind": "not yet",
        "message": "gain raises NotImplementedError: replace `raise NotImplementedError()` "
        "with your code",
    }
    assert call(raises(RecursionError())) == {
        "kind": "recursion",
        "message": "called itself too many times (RecursionError) — does every call get "
        "closer to a stopping case?",
    }
    assert call(raises(SystemExit(0))) == {
        "kind": "error",
        "message": "called exit() (SystemExit): return a value instead",
    }
    assert call(raises(Refused("os.kill is not allowed"))) == {
        "kind": "error",
        "message": "raised Refused: os.kill is not allowed",
    }


def test_an_error_is_its_type_and_first_line():
    assert call(raises(ValueError("bad counts\nsecond line"))) == {
        "kind": "error",
        "message": "raised ValueError: bad counts",
        "error": "ValueError",
    }
    assert call(raises(KeyError())) == {
        "kind": "error",
        "message": "raised KeyError",
        "error": "KeyError",
    }
    assert call(raises(ZeroDivisionError("  "))) == {
        "kind": "error",
        "message": "raised ZeroDivisionError",
        "error": "ZeroDivisionError",
    }


def cell_function(source, name, filename="<cell 1>"):
    namespace = {}
    exec(compile(source, filename, "exec"), namespace)
    return namespace[name], {filename: source.splitlines()}


def test_an_error_names_the_function_and_line_of_the_cells_it_came_from():
    fn, sources = cell_function(
        "def entropy(counts, /):\n    total = sum(counts)\n    return helper(total)\n"
        "def helper(total):\n    return 1 / (total - total)\n",
        "entropy",
    )
    got = jail_child._describe(ZeroDivisionError("x"), fn)
    assert got["message"] == "raised ZeroDivisionError: x"  # no gate: no location
    try:
        fn([1])
    except ZeroDivisionError as exc:
        got = jail_child._describe(exc, fn, [False], sources)
    assert got == {
        "kind": "error",
        "message": "raised ZeroDivisionError: division by zero (in helper, at "
        "`return 1 / (total - total)`)",
        "error": "ZeroDivisionError",
    }


def test_an_error_at_the_top_of_a_cell_is_named_by_the_function_called():
    source = "x = 1\nraise TypeError('top')\n"
    code = compile(source, "<cell 2>", "exec")
    sources = {"<cell 2>": source.splitlines()}
    gate = [False]
    try:
        exec(code, {})
    except TypeError as exc:
        assert jail_child._describe(exc, None, gate, sources)["message"] == (
            "raised TypeError: top (at `raise TypeError('top')`)"
        )
        assert jail_child._describe(exc, raises(None), gate, sources)["message"] == (
            "raised TypeError: top (in f, at `raise TypeError('top')`)"
        )
        assert jail_child._location(exc, gate, sources) == ("<module>", "raise TypeError('top')")
        assert jail_child._location(exc, gate, {}) is None
    assert gate == [False]  # the gate is shut again after the traceback was read


def test_a_value_that_cannot_be_read():
    assert call(lambda: Decimal("sNaN")) == {
        "kind": "error",
        "message": "returned a value that cannot be read (ValueError: cannot convert "
        "signaling NaN to float)",
    }


def test_a_value_is_sent_plain():
    assert call(lambda x: x * 2, 21) == {
        "kind": "value",
        "value": {"t": "number", "v": 42.0, "type": "int"},
    }


def test_a_tree_the_call_changed_is_reported_by_position():
    tree = dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_

    def change(a, t, b):
        t.root.counts[0] += 1
        return 0.0

    answer = call(change, tree.copy(), tree, tree.copy())
    assert answer["kind"] == "value" and answer["changed_inputs"] == [1]
    assert "changed_inputs" not in call(lambda a, t: 0.0, 1, tree)


# ------------------------------------------------------------------- plain and rebuild
@pytest.mark.parametrize(
    "value,back",
    [
        (None, None),
        (True, True),
        (np.bool_(False), False),
        ("entropy", "entropy"),
        ("", ""),
        (3, 3.0),
        (-2.5, -2.5),
        (np.int64(7), 7.0),
        (np.float32(0.5), 0.5),
        (np.array(1.25), 1.25),
        (Decimal("0.75"), 0.75),
        ([1, "a", None], [1.0, "a", None]),
        ((1, 2), (1.0, 2.0)),
        ([(1, [2])], [(1.0, [2.0])]),
        (np.array([[1, 2], [3, 4]]), [1.0, 2.0, 3.0, 4.0]),
        (pd.Series([1, 2]), [1.0, 2.0]),
        ({"a": 1, (1, 2): [3]}, {"a": 1.0, (1.0, 2.0): [3.0]}),
        ({}, {}),
    ],
)
def test_plain_and_rebuild_round_trip_through_json(value, back):
    data = json.loads(json.dumps(plain(value)))
    got = rebuild(data)
    assert got == back and type(got) is type(back)


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_non_finite_numbers_travel_as_text(value):
    data = plain(value)
    assert data == {"t": "number", "v": repr(value), "type": "float"}
    got = rebuild(json.loads(json.dumps(data)))
    assert repr(got) == repr(value)


def test_plain_types_are_named_as_the_student_wrote_them():
    assert plain(None) == {"t": "none"}
    assert plain(True) == {"t": "bool", "v": True, "type": "bool"}
    # numpy's own name for its bool type: "bool" from numpy 2, "bool_" before
    assert plain(np.bool_(True)) == {"t": "bool", "v": True, "type": np.bool_.__name__}
    assert np.bool_.__name__ in {"bool", "bool_"}
    assert plain((1,)) == {"t": "list", "type": "tuple", "v": [plain(1)]}
    assert plain([]) == {"t": "list", "type": "list", "v": []}
    assert plain({"k": "v"}) == {"t": "dict", "type": "dict", "v": [[plain("k"), plain("v")]]}


def test_arrays_and_series_travel_as_lists_named_by_their_type():
    one = {"t": "number", "v": 1.0, "type": "int"}
    two = {"t": "number", "v": 2.0, "type": "int"}
    assert plain(np.array([[1], [2]])) == {"t": "list", "type": "ndarray", "v": [one, two]}
    assert plain(pd.Series([1, 2])) == {"t": "list", "type": "Series", "v": [one, two]}
    assert plain(np.array(2)) == {"t": "number", "v": 2.0, "type": "ndarray"}
    assert plain(np.array("a"))["t"] == "list"  # a 0-d array of text is not a number
    assert plain([1, 2]) == {"t": "list", "type": "list", "v": [one, two]}


def test_a_tree_travels_as_its_json_and_a_fitted_model_as_its_tree():
    model = dt.ID3Classifier().fit(*dt.load_play_tennis())
    assert plain(model.tree_) == {"t": "tree", "v": model.tree_.to_json()}
    assert plain(model) == {"t": "tree", "v": model.tree_.to_json()}
    back = rebuild(plain(model))
    assert type(back) is dt.Tree and back.to_json() == model.tree_.to_json()


def test_anything_else_travels_as_its_type_s_name():
    class Frog:
        pass

    assert plain(Frog()) == {"t": "other", "type": "Frog"}
    got = rebuild(plain(Frog()))
    assert isinstance(got, Opaque) and repr(got) == "<a Frog>" and got is not None
    assert repr(rebuild({"t": "other", "type": "not a name"})) == "<a object>"
    assert repr(rebuild({"t": "other"})) == "<a object>"
    assert rebuild({"t": "none"}) is None
    assert rebuild({"t": "bool", "v": 0}) is False


def test_too_many_items_is_an_error_not_a_value():
    # the list and its two items are three values: a budget of three carries them
    assert plain([0, 1], [3])["v"] == [plain(0), plain(1)]
    with pytest.raises(ValueError, match="^the value is too large$"):
        plain([0, 1], [2])
    budget = [10]
    plain({"a": [1, 2]}, budget)
    assert budget == [5]  # dict, key, list, two items
    assert jail_child._MAX_ITEMS == 200_000


# ------------------------------------------------------------------- the cells as read
def test_magics_and_shell_lines_become_pass():
    source = "%matplotlib inline\nx = 1\n  !ls -l\nif x:\n    %time y = 2\n"
    assert jail_child._without_magics(source) == ("pass\nx = 1\n  pass\nif x:\n    pass\n")
    assert jail_child._without_magics("") == "\n"


def test_the_imports_run_before_the_lock():
    cells = [
        "import numpy as np, os\nfrom scipy import stats as s, special\n",
        "from collections import *\nfrom . import near\nimport numpy\n",
        "def f(:\n    import pandas\n",
        "%pip install x\nimport dtlearn.tree\n",
    ]
    assert imported_names(cells) == [
        "numpy",
        "scipy",
        "scipy.stats",
        "scipy.special",
        "collections",
        "dtlearn.tree",
    ]


def test_one_code_object_per_statement_with_the_cell_s_future_flags():
    import __future__

    codes = jail_child._statements("from __future__ import annotations\nx = 1\ny = 2\n", "<c>")
    assert len(codes) == 3
    flag = __future__.annotations.compiler_flag
    assert all(code.co_flags & flag for code in codes)
    assert all(code.co_filename == "<c>" for code in codes)
    plain_codes = jail_child._statements("x = 1\n", "<d>")
    assert not plain_codes[0].co_flags & flag
    namespace = {}
    for code in codes:
        exec(code, namespace)
    assert (namespace["x"], namespace["y"]) == (1, 2)


# ------------------------------------------------------------------- what ends the child
class Code:
    def __init__(self, filename, name, qualname):
        self.co_filename, self.co_name, self.co_qualname = filename, name, qualname


class Frame:
    def __init__(self, *code):
        self.f_code = Code(*code)


def test_the_profile_ends_the_child_on_a_forbidden_function_s_first_call():
    profile = jail_child._make_profile(
        frozenset({"/x/impurity.py"}), 9, frozenset({("/x/stats.py", "power_divergence")})
    )
    written, exits = [], []

    def run(frame_, event="call"):
        profile(
            frame_, event, None, _write=lambda fd, b: written.append((fd, b)), _exit=exits.append
        )

    run(Frame("/x/impurity.py", "entropy", "entropy"))
    assert written == [(9, frame(0, "FORBIDDEN\t/x/impurity.py\tentropy"))] and exits == [3]
    written.clear(), exits.clear()
    run(Frame("/x/stats.py", "power_divergence", "power_divergence"))
    assert written == [(9, frame(0, "FORBIDDEN\t/x/stats.py\tpower_divergence"))]
    assert exits == [3]
    written.clear(), exits.clear()
    run(Frame("/x/impurity.py", "<module>", "<module>"))  # importing it is allowed
    run(Frame("/x/stats.py", "chi2", "chi2"))  # another function of that file
    run(Frame("/x/impurity.py", "entropy", "entropy"), "return")
    run(Frame("/x/own.py", "entropy", "entropy"))
    assert written == [] and exits == []
    run(Frame(b"/x/impurity.py", "entropy", "entropy"))  # not a str: ended without a word
    assert written == [] and exits == [4]


def test_a_forbidden_file_s_functions_get_a_stub_that_names_them(tmp_path):
    import importlib.util

    path = tmp_path / "reference_impl.py"
    path.write_text(
        "def entropy(counts, /):\n    return 1.0\n"
        "def outer():\n    k = 2\n    def inner():\n        return k\n    return inner\n"
        "class C:\n    def gain(self):\n        return 0.5\n"
    )
    spec = importlib.util.spec_from_file_location("reference_impl_for_stubs", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    inner = module.outer()
    other = tmp_path / "other_impl.py"
    other.write_text("def keep():\n    return 3\ndef drop():\n    return 4\n")
    spec2 = importlib.util.spec_from_file_location("other_impl_for_stubs", other)
    module2 = importlib.util.module_from_spec(spec2)
    spec2.loader.exec_module(module2)
    count = jail_child._neuter(frozenset({str(path)}), 99, frozenset({(str(other), "drop")}))
    assert count == 5  # entropy, outer, inner, C.gain and drop
    for fn, qualname, filename in (
        (module.entropy, "entropy", path),
        (inner, "outer.<locals>.inner", path),
        (module.C.gain, "C.gain", path),
        (module2.drop, "drop", other),
    ):
        code = fn.__code__
        assert (code.co_filename, code.co_qualname) == (str(filename), qualname)
        assert frame(0, f"FORBIDDEN\t{filename}\t{qualname}") in code.co_consts
        assert 99 in code.co_consts and 1.0 not in code.co_consts
    assert inner.__code__.co_freevars == ("k",)
    assert module2.keep() == 3
