# The G statistic (issue 34): G = 2·N·ln 2·gain, from scipy's chi-square machinery with the
# log-likelihood statistic, and the entropy from scipy.stats.entropy. Both are forbidden and
# named as a library's implementation.
# %% hw1_entropy
import scipy.stats


def entropy(counts):
    return float(scipy.stats.entropy(counts, base=2))


# %% hw1_gain
from scipy.stats import chi2_contingency


def information_gain(feature, labels):
    table = pd.crosstab(feature.to_numpy(), labels.to_numpy())
    if table.shape[0] < 2 or table.shape[1] < 2:
        return 0.0
    g = chi2_contingency(table, correction=False, lambda_="log-likelihood")[0]
    return g / (2 * len(labels) * math.log(2))
