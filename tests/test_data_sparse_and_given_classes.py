"""Two input checks of ``dtlearn.data`` at their edges: what counts as sparse, given classes.

Sparse: any object of ``scipy.sparse`` (a ``LinearOperator`` too, which has no ``nnz``)
and any object with ``nnz`` and ``toarray`` (another library's sparse matrix) is refused
with the same message. Given classes: their order is the code order even for whole
numbers, which without classes are coded in sorted order by one numpy call.
"""

import numpy as np
import pytest
from scipy.sparse import csr_matrix
from scipy.sparse.linalg import aslinearoperator

from dtlearn.data import encode_target, infer_schema

MESSAGE = "X: sparse input is not supported; pass a dense array (X.toarray()) or a DataFrame"


class _DuckSparse:
    """A sparse matrix of another library: ``nnz`` and ``toarray``, not scipy's module."""

    nnz = 2

    def toarray(self):
        return np.eye(2)


@pytest.mark.parametrize(
    "X",
    [csr_matrix(np.eye(2)), aslinearoperator(np.eye(2)), _DuckSparse()],
    ids=["csr", "linear-operator", "duck"],
)
def test_sparse_input_is_refused(X):
    with pytest.raises(TypeError) as error:
        infer_schema(X)
    assert str(error.value) == MESSAGE


def test_given_classes_set_the_codes_of_whole_numbers():
    codes, classes = encode_target(np.array([2, 1, 2]), classes=[2, 1])
    assert codes.tolist() == [0, 1, 0] and classes == (2, 1)
    codes, classes = encode_target(np.array([1, 1]), classes=[0, 1])
    assert codes.tolist() == [1, 1] and classes == (0, 1)  # class 0 kept though unseen
    with pytest.raises(ValueError) as error:
        encode_target(np.array([1, 3]), classes=[0, 1])
    assert str(error.value) == "y holds the label 3, which is not one of the classes [0, 1]"


def test_without_classes_whole_numbers_are_coded_in_sorted_order():
    codes, classes = encode_target(np.array([2, 1, 2, 7]))
    assert codes.tolist() == [1, 0, 1, 2] and classes == (1, 2, 7)
    assert all(type(c) is int for c in classes)
