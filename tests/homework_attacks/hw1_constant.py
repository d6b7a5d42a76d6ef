# Two constant functions.
# %% hw1_entropy
def entropy(counts):
    return 0


# %% hw1_gain
def information_gain(feature, labels):
    return 0
