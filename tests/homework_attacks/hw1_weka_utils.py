# An implementation of the entropy elsewhere in dtlearn.
# %% hw1_entropy
import dtlearn.weka_arithmetic as _w


def entropy(counts):
    return _w.entropy(counts)


# %% hw1_gain
def information_gain(feature, labels):
    import dtlearn.measures.information as _m

    return _m.information_gain(feature, labels)
