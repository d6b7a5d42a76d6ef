"""``Tree.root`` is a property that makes the nodes when first read, and says so."""

from dtlearn.tree import Tree


def test_the_root_property_and_its_doc():
    assert isinstance(Tree.root, property)
    assert Tree.root.__doc__ == "The root node (made when first read)."
    assert Tree.root.fset is not None
