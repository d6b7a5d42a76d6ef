# An object whose tree_ property prunes with dtlearn when the judge reads it.
# %% hw3_prune
class Model:
    def __init__(self, *args):
        self.args = args

    @property
    def tree_(self):
        return dt.reduced_error_prune(*self.args).tree


def reduced_error_prune(tree, X_val, y_val):
    return Model(tree, X_val.copy(), y_val.copy())
