"""The α-path app's names, read from the stepper's module, warn at the reading line.

``dtlearn.widgets.pruning_stepper`` shared its module with the cost-complexity app; its
three names still resolve there with a DeprecationWarning whose whole text says where
they went, pointing at the user's line (not at dtlearn); any other name is an
AttributeError naming the module.
"""

import sys
import warnings

import pytest

import dtlearn.widgets.cost_complexity_explorer as new
import dtlearn.widgets.pruning_stepper as old


@pytest.mark.parametrize("name", ["CCP_KEY", "CostComplexityExplorer", "ccp_key_html"])
def test_each_old_name_warns_at_the_line_that_reads_it(name):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        value = getattr(old, name)
        line = sys._getframe().f_lineno - 1
    assert value is getattr(new, name)
    [warning] = seen
    assert warning.category is DeprecationWarning
    assert str(warning.message) == (
        f"dtlearn.widgets.pruning.{name} moved to "
        f"dtlearn.widgets.cost_complexity_explorer.{name} in dtlearn 0.3.0; import it "
        f"from there (the old name goes in 0.4.0)"
    )
    assert (warning.filename, warning.lineno) == (__file__, line)


def test_another_name_is_an_attribute_error():
    with pytest.raises(AttributeError) as error:
        old.CCP_TABLE  # noqa: B018
    assert str(error.value) == (
        "module 'dtlearn.widgets.pruning_stepper' has no attribute 'CCP_TABLE'"
    )
