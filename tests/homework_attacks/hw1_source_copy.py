# The reference source read from disk and compiled under another file name.
# %% hw1_entropy
import dtlearn.measures.information as _info
import dtlearn.measures.impurity as _imp

_ns = {}
for _mod in (_imp, _info):
    with open(_mod.__file__) as _f:
        _src = _f.read()
    _ns.update(vars(_mod))
    exec(compile(_src, "<mine>", "exec"), _ns)


def entropy(counts):
    return _ns["entropy"](counts=counts)


# %% hw1_gain
def information_gain(feature, labels):
    return _ns["information_gain"](feature, labels)
