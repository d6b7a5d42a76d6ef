# Weka's entropy reached through its deprecated 0.2 module path (dtlearn.weka_utils, served by
# the old-path finder as dtlearn.weka_arithmetic), imported inside the function.
# %% hw1_entropy
def entropy(counts):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import dtlearn.weka_utils as _w
    return _w.entropy(counts)
