"""Recall and precision per method as a bar chart (``copylens lab evaluate --plot``).

matplotlib is imported here only, with its Agg backend (no display, no Qt), so the command
line and the desktop app never pay for it unless a plot is asked for.
"""

from __future__ import annotations

from pathlib import Path

from copylens.core import CopyLensError, Evaluation


def plot_scores(result: Evaluation, path: Path, title: str = "") -> None:
    """Write a PNG (or any format matplotlib knows from the suffix) to ``path``."""
    try:
        import matplotlib
    except ImportError as error:  # the frozen desktop build leaves matplotlib out
        raise CopyLensError("--plot needs matplotlib (pip install matplotlib)") from error

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    methods = sorted(result.methods, key=lambda m: -m.f1)
    names = [m.name for m in methods]
    x = range(len(methods))
    width = 0.38
    fig, ax = plt.subplots(figsize=(max(6.0, 0.55 * len(methods) + 2), 4.2), dpi=120)
    ax.bar([i - width / 2 for i in x], [m.recall for m in methods], width, label="recall")
    ax.bar([i + width / 2 for i in x], [m.precision for m in methods], width, label="precision")
    ax.plot(list(x), [m.f1 for m in methods], "k.", label="F1")
    ax.set_xticks(list(x), names, rotation=45, ha="right")
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("share")
    ax.set_title(title, fontsize=9, loc="left")
    ax.legend(loc="lower right", bbox_to_anchor=(1.0, 1.0), fontsize=8, ncols=3, frameon=False)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
