# An honest solution whose cell starts with the imports students commonly write. The
# student's kernel has these modules; the grading child imports them before its lock, and
# a statement that still fails costs only itself, never the functions below it.
# %% hw1_entropy
import scipy.stats
import matplotlib.pyplot as plt
from IPython.display import display


def entropy(counts):
    total = sum(counts)
    return -sum(c / total * math.log2(c / total) for c in counts if c > 0) + 0.0


# %% hw1_gain
import sklearn


def information_gain(feature, labels):
    values = feature.to_numpy()
    mean = sum(
        (values == v).mean() * entropy(labels[values == v].value_counts().tolist())
        for v in pd.unique(values)
    )
    return entropy(labels.value_counts().tolist()) - mean
