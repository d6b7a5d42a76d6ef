"""Regenerate the figures the README shows: ``.venv/bin/python docs/make_figures.py``."""

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt

import dtlearn as dt

OUT = Path(__file__).resolve().parent / "figures"


def main() -> None:
    """Write docs/figures/*.png."""
    OUT.mkdir(exist_ok=True)
    X, y = dt.load_play_tennis()
    model = dt.ID3Classifier().fit(X, y)
    fig, ax = plt.subplots(figsize=(9, 4.5))
    dt.plot.plot_tree(model.tree_, ax=ax)
    ax.set_title("ID3 on play-tennis: every node shows its counts and entropy")
    fig.savefig(OUT / "play_tennis_id3.png", dpi=110, bbox_inches="tight")
    plt.close(fig)


if __name__ == "__main__":
    main()
