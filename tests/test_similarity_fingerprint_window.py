"""The similarity report's fingerprints: k-grams of 25 filtered characters, winnowed so
that every match of 30 or more is found (copydetect's window: 30 - 25 + 1 = 6)."""

import io

import numpy as np
from copydetect import CodeFingerprint

from dtlearn.exercises.homework.similarity import GUARANTEE, NOISE, _fingerprint, normalise

CODE = normalise(
    [
        "import math\n\ndef entropy(counts):\n    total = sum(counts)\n"
        "    return -sum(c / total * math.log2(c / total) for c in counts if c > 0)\n",
        "def gain(table):\n    parent = entropy([sum(col) for col in zip(*table)])\n"
        "    n = sum(sum(row) for row in table)\n"
        "    return parent - sum(sum(row) / n * entropy(row) for row in table)\n",
    ]
)


def reference(k, window):
    return CodeFingerprint(
        "x.py", k, window, language="python", fp=io.StringIO(CODE.fingerprint_text)
    )


def test_thresholds():
    assert (NOISE, GUARANTEE) == (25, 30)


def test_the_fingerprint_is_copydetects_with_window_six():
    mine = _fingerprint(CODE)
    assert mine.k == 25
    assert np.array_equal(mine.hashes, reference(25, 6).hashes)
    # the window matters on this code: one more or one less selects other hashes
    assert not np.array_equal(reference(25, 7).hashes, reference(25, 6).hashes)
    assert not np.array_equal(reference(25, 5).hashes, reference(25, 6).hashes)
