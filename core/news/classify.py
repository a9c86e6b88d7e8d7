"""The duplicate classifier: an SVM over the criteria's distance vectors (ALGORITHMS.md §6).

The paper (Andreev, Berezkin, Kozlov, Simakov) trains a support vector machine on
expert-labelled pairs; each pair gives two vectors, i→j and j→i, both with the pair's label.
Training uses scikit-learn (``SVC(kernel="rbf", probability=True, class_weight="balanced")`` on
``StandardScaler``'d columns); a trained model is written as JSON and applied with numpy alone.

What must hold:
- a model file is data, never code: JSON with a ``kind``, a format version, the feature names,
  the scaler, the support vectors, the dual coefficients and the Platt scaling. Loading it runs
  nothing and needs no scikit-learn (the frozen desktop app may not ship it);
- :meth:`Model.probability` equals scikit-learn's ``predict_proba(X)[:, 1]`` of the model it
  was trained as (tested to 1e-9): the RBF kernel, libsvm's decision value, Platt's sigmoid
  clipped to [1e-7, 1 − 1e-7] and libsvm's pairwise coupling for two classes, step by step;
- :func:`load_model` refuses, with :class:`~copylens.core.errors.NewsError`, a file that is not
  a model, a model of another format version, and features this CopyLens does not compute;
- cross-validation keeps both directions of a pair in one fold (a pair's reverse in the test
  fold would be a near copy of its training row), and scores pairs the way ``dedup`` decides
  them: duplicate when the mean of the pair's two probabilities is at least the model's
  ``threshold``;
- the threshold is chosen on the training pairs only (issue 37): the cut of best F1 on the
  grid :data:`CUTS` over pair probabilities predicted by :data:`THRESHOLD_FOLDS`-fold
  cross-validation inside the training rows (Platt's probabilities estimate P(duplicate),
  and the cut that maximises F1 lies below 0.5 when duplicates are the minority: Lipton,
  Elkan, Naryanaswamy, "Thresholding classifiers to maximize F1 score", 2014). Too few
  pairs of either kind for those folds keep :data:`THRESHOLD`; a model file without a
  threshold (written before issue 37) is read with :data:`THRESHOLD`.

Rows and groups: ``vectors`` has one column per name of ``features`` (in that order; take them
from full :data:`~copylens.core.news.criteria.FEATURES` rows with :func:`columns`). Unless
``groups`` is given, rows 2k and 2k + 1 are the two directions of labelled pair k (the order
:func:`pair_rows` makes).
"""

from __future__ import annotations

import dataclasses
import json
import math
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

import copylens
from copylens.core.errors import NewsError
from copylens.core.news.criteria import FEATURES, Analyzed, Weights, pair_features
from copylens.core.resources import resources_dir

FORMAT = "1"
"""Version of the model file's layout; a file of another version is refused."""
KIND = "copylens-news-model"
DEFAULT_MODEL = resources_dir() / "news" / "model.json"
"""The model shipped with CopyLens (``scripts/train_news_model.py`` makes it)."""
THRESHOLD = 0.5
"""A pair is a duplicate when the mean of its two directions' probabilities reaches the
model's threshold; this one when no threshold could be chosen (or the file has none)."""
CUTS = tuple(round(0.2 + 0.05 * k, 2) for k in range(13))
"""Thresholds a training may choose (0.2 to 0.8 by 0.05: a coarse grid, so a few pairs do
not move it)."""
THRESHOLD_FOLDS = 5
MIN_PROB = 1e-7
"""libsvm clips Platt's pairwise probability to [MIN_PROB, 1 − MIN_PROB]."""
MAX_MODEL_BYTES = 32 * 1024 * 1024
"""Largest model file read (32 MiB; the shipped one is well under 1 MiB): issue 38, a file of
200,000 support vectors cost 2.5 GB before anything was checked."""
MAX_SUPPORT_VECTORS = 20_000
"""Most support vectors a model may have (an SVM trained on 10,000 labelled pairs has at most
20,000 rows); prediction holds :data:`_ROWS_AT_ONCE` × this many kernel values at a time."""
MAX_MAGNITUDE = 1e6
"""Largest absolute value of a model's means, scaled support vectors, Platt parameters and
gamma (issue 38: values near 1e308 overflowed to NaN probabilities and silently no pair)."""
MAX_COEFFICIENT = 1e9
"""Largest absolute dual coefficient or intercept (libsvm's are bounded by C × class weight)."""
_ROWS_AT_ONCE = 256
_COUPLING_STEPS = 100
_COUPLING_EPS = 0.005 / 2


@dataclass(frozen=True, eq=False)
class Model:
    """A trained classifier, in scikit-learn's own conventions so the numbers can be compared:
    ``dual_coef`` and ``intercept`` are ``SVC.dual_coef_[0]`` and ``SVC.intercept_[0]`` (the
    decision function is positive for a duplicate), ``prob_a`` and ``prob_b`` libsvm's Platt
    parameters (``probA_``, ``probB_``), ``gamma`` the RBF kernel's (scikit-learn's "scale").
    ``authority`` is aut(source) learned from the labels (criteria.authority_of); ``threshold``
    the cut chosen on the training pairs (the module docstring)."""

    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    support_vectors: np.ndarray
    dual_coef: np.ndarray
    intercept: float
    gamma: float
    prob_a: float
    prob_b: float
    authority: dict[str, float]
    versions: dict[str, str]
    threshold: float = THRESHOLD
    """A pair is a duplicate when the mean of its two directions' probabilities reaches it."""

    def decision(self, vectors: np.ndarray) -> np.ndarray:
        """scikit-learn's ``decision_function``: Σ dual_coef · exp(−γ‖x − sv‖²) + intercept of
        the scaled rows (one column per name of ``features``)."""
        x = np.asarray(vectors, dtype=np.float64)
        if x.ndim != 2 or x.shape[1] != len(self.features):
            raise ValueError(f"Expecting rows of {len(self.features)} columns, got {x.shape}")
        x = (x - self.mean) / self.scale
        sv = self.support_vectors
        sv_squared = np.einsum("ij,ij->i", sv, sv)[None, :]
        out = np.empty(len(x))
        for lo in range(0, len(x), _ROWS_AT_ONCE):
            part = x[lo : lo + _ROWS_AT_ONCE]
            squared = np.einsum("ij,ij->i", part, part)[:, None] + sv_squared - 2.0 * (part @ sv.T)
            kernel = np.exp(-self.gamma * np.maximum(squared, 0.0))
            out[lo : lo + len(part)] = kernel @ self.dual_coef + self.intercept
        return out

    def probability(self, vectors: np.ndarray) -> np.ndarray:
        """P(duplicate) of each row: scikit-learn's ``predict_proba(X)[:, 1]`` computed with numpy
        (libsvm's ``svm_predict_probability`` for two classes)."""
        libsvm_value = -self.decision(vectors)  # libsvm's sign: positive for class 0
        pairwise = _sigmoid(libsvm_value * self.prob_a + self.prob_b)
        probability = _coupled(np.clip(pairwise, MIN_PROB, 1.0 - MIN_PROB))
        if not np.isfinite(probability).all():
            # load_model bounds every value, so only rows far outside any training can get here
            raise NewsError(
                "The duplicate model gave no probability for some pairs (their distances are "
                "far outside what it was trained on); the model or the items are damaged."
            )
        return probability


def _sigmoid(f_apb: np.ndarray) -> np.ndarray:
    """libsvm's ``sigmoid_predict``: 1 / (1 + exp(fApB)), written to avoid cancellation."""
    out = np.empty_like(f_apb)
    pos = f_apb >= 0
    e = np.exp(-f_apb[pos])
    out[pos] = e / (1.0 + e)
    out[~pos] = 1.0 / (1.0 + np.exp(f_apb[~pos]))
    return out


def _coupled(r01: np.ndarray) -> np.ndarray:
    """p[1] of libsvm's ``multiclass_probability`` for k = 2, the pairwise probability of class 0
    being ``r01``: the same iteration, the same stopping rule (the result is near 1 − r01, not
    exactly it), one row per element, the same floating-point operations in the same order."""
    r10 = 1.0 - r01
    q = [[r10 * r10, -r10 * r01], [-r10 * r01, r01 * r01]]
    p = [np.full_like(r01, 0.5), np.full_like(r01, 0.5)]
    active = np.ones(r01.shape, dtype=bool)
    for _ in range(_COUPLING_STEPS):
        qp = [q[t][0] * p[0] + q[t][1] * p[1] for t in (0, 1)]
        pqp = p[0] * qp[0] + p[1] * qp[1]
        error = np.maximum(np.abs(qp[0] - pqp), np.abs(qp[1] - pqp))
        active &= ~(error < _COUPLING_EPS)
        if not active.any():
            break
        for t in (0, 1):
            diff = (-qp[t] + pqp) / q[t][t]
            step = 1.0 + diff
            p = [np.where(active, x + diff, x) if j == t else x for j, x in enumerate(p)]
            pqp = np.where(active, (pqp + diff * (diff * q[t][t] + 2.0 * qp[t])) / step / step, pqp)
            qp = [np.where(active, (qp[j] + diff * q[t][j]) / step, qp[j]) for j in (0, 1)]
            p = [np.where(active, x / step, x) for x in p]
    return p[1]


@dataclass(frozen=True)
class Scores:
    """Precision, recall and F1 of the duplicate class, over labelled pairs."""

    precision: float
    recall: float
    f1: float
    pairs: int = 0


Refold = Callable[[np.ndarray], np.ndarray]
"""A fold's rows made anew from its training rows' indices (see :func:`cross_validated`)."""


def columns(vectors: np.ndarray, wanted: Sequence[str]) -> np.ndarray:
    """The columns named ``wanted`` of rows in full :data:`FEATURES` order."""
    unknown = [name for name in wanted if name not in FEATURES]
    if unknown:
        raise ValueError(f"Unknown features {unknown}")
    return np.asarray(vectors, dtype=np.float64)[:, [FEATURES.index(n) for n in wanted]]


def pair_rows(
    labelled: Sequence[tuple[Analyzed, Analyzed, int]],
    weights: Weights,
    authority: Mapping[str, float],
) -> tuple[np.ndarray, np.ndarray]:
    """Training rows of labelled pairs in full :data:`FEATURES` order: a→b then b→a for each
    pair, both with its label (rows 2k, 2k + 1 are pair k: the default grouping)."""
    rows = [pair_features(a, b, weights, authority) for a, b, _ in labelled]
    labels = np.repeat(np.array([label for _, _, label in labelled], dtype=np.int64), 2)
    if not rows:
        return np.empty((0, len(FEATURES))), labels
    return np.vstack(rows), labels


def train(
    vectors: np.ndarray,
    labels: np.ndarray,
    features: Sequence[str],
    authority: Mapping[str, float],
    *,
    seed: int = 0,
    groups: np.ndarray | None = None,
    choose_threshold: bool = True,
) -> Model:
    """The SVM of ALGORITHMS.md §6 trained on ``vectors`` (one column per name of
    ``features``) and 0/1 ``labels``, its threshold chosen by cross-validation over the same
    rows (grouped by ``groups``, default rows 2k and 2k + 1 together; ``choose_threshold``
    False keeps :data:`THRESHOLD`). Imports scikit-learn here, never at prediction."""
    x, y = _checked(vectors, labels, features)
    model = _fitted(x, y, features, authority, seed)
    if not choose_threshold:
        return model
    g = _groups(len(y), groups)
    if any(len(np.unique(g[y == label])) < THRESHOLD_FOLDS for label in (0, 1)):
        return model
    inner = np.zeros(len(y))
    for fit, test in _splits(y, g, THRESHOLD_FOLDS, seed):
        inner[test] = _fitted(x[fit], y[fit], features, {}, seed).probability(x[test])
    return dataclasses.replace(model, threshold=best_cut(inner, y, g))


def best_cut(probability: np.ndarray, y: np.ndarray, g: np.ndarray) -> float:
    """The cut of :data:`CUTS` of highest F1 over groups (ties: the one nearest 0.5)."""
    scored = [(_pair_scores(probability, y, g, cut).f1, -abs(cut - THRESHOLD), cut) for cut in CUTS]
    return max(scored)[2]


def _fitted(
    x: np.ndarray,
    y: np.ndarray,
    features: Sequence[str],
    authority: Mapping[str, float],
    seed: int,
) -> Model:
    sklearn = _sklearn()
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import SVC

    scaler = StandardScaler().fit(x)
    scaled = scaler.transform(x)
    variance = float(scaled.var())
    gamma = 1.0 / (scaled.shape[1] * variance) if variance > 0 else 1.0  # gamma="scale"
    svc = SVC(
        kernel="rbf", gamma=gamma, probability=True, class_weight="balanced", random_state=seed
    )
    with warnings.catch_warnings():
        # scikit-learn 1.9 deprecates probability=True (removed in 1.11); its Platt scaling is
        # what Model.probability reproduces, so training keeps it while it exists.
        warnings.simplefilter("ignore", FutureWarning)
        svc.fit(scaled, y)
        prob_a, prob_b = float(svc.probA_[0]), float(svc.probB_[0])
    return Model(
        features=tuple(features),
        mean=np.array(scaler.mean_, dtype=np.float64),
        scale=np.array(scaler.scale_, dtype=np.float64),
        support_vectors=np.array(svc.support_vectors_, dtype=np.float64),
        dual_coef=np.array(svc.dual_coef_[0], dtype=np.float64),
        intercept=float(svc.intercept_[0]),
        gamma=gamma,
        prob_a=prob_a,
        prob_b=prob_b,
        authority=dict(authority),
        versions={
            "format": FORMAT,
            "copylens": copylens.__version__,
            "scikit-learn": sklearn.__version__,
        },
    )


def _sklearn() -> Any:
    """scikit-learn, which training needs (prediction does not): an extra of CopyLens."""
    try:
        import sklearn
    except ImportError:
        raise NewsError(
            "training a news model needs scikit-learn: pip install 'copylens[news]'"
        ) from None
    return sklearn


def _checked(
    vectors: np.ndarray, labels: np.ndarray, features: Sequence[str]
) -> tuple[np.ndarray, np.ndarray]:
    x = np.asarray(vectors, dtype=np.float64)
    y = np.asarray(labels).astype(np.int64)
    if x.ndim != 2 or x.shape[1] != len(features) or len(y) != len(x):
        raise ValueError(f"Expecting {len(labels)} rows of {len(features)} columns, got {x.shape}")
    if not np.isin(y, (0, 1)).all():
        raise NewsError("Labels must be 0 (not a duplicate) or 1 (a duplicate).")
    if len(set(y.tolist())) < 2:
        raise NewsError(
            "Training needs labelled pairs of both kinds, duplicates and not; "
            "these {count} rows have only one.",
            count=len(y),
        )
    return x, y


def cross_validated(
    vectors: np.ndarray,
    labels: np.ndarray,
    features: Sequence[str],
    folds: int = 5,
    seed: int = 0,
    *,
    groups: np.ndarray | None = None,
    refold: Refold | None = None,
) -> Scores:
    """Precision, recall and F1 over pairs, each pair predicted by a model trained on the other
    folds (scikit-learn's StratifiedGroupKFold: both directions of a pair in one fold).
    ``refold(fit)`` gives each fold's rows anew from its training rows ``fit`` (columns learned
    from the labels, such as the sources' authority, must not see the test fold's labels)."""
    x, y = _checked(vectors, labels, features)
    g = _groups(len(y), groups)
    said = np.zeros(len(y))
    for fit, test in _splits(y, g, folds, seed):
        rows = x if refold is None else refold(fit)
        model = train(rows[fit], y[fit], features, {}, seed=seed, groups=g[fit])
        said[test] = _cut(model.probability(rows[test]), g[test], model.threshold)
    return _pair_scores(said, y, g)


def learning_curve(
    vectors: np.ndarray,
    labels: np.ndarray,
    features: Sequence[str],
    sizes: Sequence[int],
    folds: int = 5,
    seed: int = 0,
    *,
    groups: np.ndarray | None = None,
    refold: Refold | None = None,
) -> list[tuple[int, Scores]]:
    """Cross-validated scores when training on only ``size`` labelled pairs of each training
    fold (drawn at random, stratified: the paper's Figure 3 saturates near 400 pairs). Sizes
    above a fold's pairs are trained on all of them; the number reported is the size asked."""
    x, y = _checked(vectors, labels, features)
    g = _groups(len(y), groups)
    splits = _splits(y, g, folds, seed)
    rng = np.random.default_rng(seed)
    out = []
    for size in sizes:
        said = np.zeros(len(y))
        for fit, test in splits:
            chosen = fit[np.isin(g[fit], _sample_groups(y[fit], g[fit], size, rng))]
            rows = x if refold is None else refold(chosen)
            model = train(rows[chosen], y[chosen], features, {}, seed=seed, groups=g[chosen])
            said[test] = _cut(model.probability(rows[test]), g[test], model.threshold)
        out.append((int(size), _pair_scores(said, y, g)))
    return out


def _groups(rows: int, groups: np.ndarray | None) -> np.ndarray:
    if groups is None:
        return np.arange(rows) // 2
    g = np.asarray(groups)
    if len(g) != rows:
        raise ValueError(f"Expecting {rows} groups, got {len(g)}")
    return g


def _splits(
    y: np.ndarray, g: np.ndarray, folds: int, seed: int
) -> list[tuple[np.ndarray, np.ndarray]]:
    _sklearn()
    from sklearn.model_selection import StratifiedGroupKFold

    for label in (0, 1):
        if len(np.unique(g[y == label])) < folds:
            raise NewsError(
                "Cross-validation in {folds} folds needs at least {folds} labelled pairs "
                "of each kind (duplicates and not).",
                folds=folds,
            )
    cv = StratifiedGroupKFold(n_splits=folds, shuffle=True, random_state=seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "least populated class" notes
        return [(fit, test) for fit, test in cv.split(np.zeros(len(y)), y, g)]


def _sample_groups(y: np.ndarray, g: np.ndarray, size: int, rng: np.random.Generator) -> np.ndarray:
    """``size`` groups drawn at random, positives in their share of all and at least one of
    each label (an SVM needs both)."""
    first = {int(k): int(v) for k, v in zip(g.tolist(), y.tolist(), strict=True)}
    pos = np.array([k for k, v in first.items() if v == 1])
    neg = np.array([k for k, v in first.items() if v == 0])
    size = max(2, min(size, len(pos) + len(neg)))
    want = min(len(pos), max(1, round(size * len(pos) / (len(pos) + len(neg)))))
    want = max(want, size - len(neg))
    return np.concatenate(
        (rng.permutation(pos)[:want], rng.permutation(neg)[: max(1, size - want)])
    )


def _cut(probability: np.ndarray, g: np.ndarray, threshold: float) -> np.ndarray:
    """1.0 for each row whose group's mean probability reaches ``threshold``, else 0.0."""
    _, index = np.unique(g, return_inverse=True)
    mean = np.bincount(index, weights=probability) / np.bincount(index)
    return (mean[index] >= threshold).astype(np.float64)


def _pair_scores(
    probability: np.ndarray, y: np.ndarray, g: np.ndarray, threshold: float = THRESHOLD
) -> Scores:
    """Scores over groups: a group is predicted a duplicate when the mean probability of its
    rows reaches ``threshold``; its label is its rows' (the first row's)."""
    keys, index = np.unique(g, return_inverse=True)
    mean = np.bincount(index, weights=probability) / np.bincount(index)
    truth = np.zeros(len(keys), dtype=bool)
    truth[index] = y == 1
    said = mean >= threshold
    hit = int((said & truth).sum())
    precision = hit / int(said.sum()) if said.any() else 0.0
    recall = hit / int(truth.sum()) if truth.any() else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return Scores(precision, recall, f1, len(keys))


def save_model(model: Model, path: str | Path) -> None:
    """Write ``model`` as JSON (UTF-8, exact floats: Python writes the shortest repr that reads
    back to the same double)."""
    data = {
        "kind": KIND,
        "format": FORMAT,
        "features": list(model.features),
        "mean": model.mean.tolist(),
        "scale": model.scale.tolist(),
        "support_vectors": model.support_vectors.tolist(),
        "dual_coef": model.dual_coef.tolist(),
        "intercept": model.intercept,
        "gamma": model.gamma,
        "prob_a": model.prob_a,
        "prob_b": model.prob_b,
        "authority": dict(sorted(model.authority.items())),
        "versions": model.versions,
        "threshold": model.threshold,
    }
    text = json.dumps(data, ensure_ascii=False, allow_nan=False, indent=1)
    Path(path).write_text(text + "\n", encoding="utf-8")


def load_model(path: str | Path) -> Model:
    """The model saved at ``path``; :class:`NewsError` for anything that is not a model of this
    format over features this CopyLens computes."""
    try:
        data = json.loads(_model_text(Path(path)))
    except OSError as error:
        raise NewsError(
            "The duplicate model {path} cannot be read: {reason}.",
            path=path,
            reason=error.strerror or "unreadable",
        ) from error
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise NewsError("{path} is not a CopyLens duplicate model file.", path=path) from error
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise NewsError("{path} is not a CopyLens duplicate model file.", path=path)
    if data.get("format") != FORMAT:
        raise NewsError(
            "The duplicate model {path} has format {found}; this CopyLens reads format "
            "{expected}. Train the model again with this version.",
            path=path,
            found=data.get("format"),
            expected=FORMAT,
        )
    return _model_of(data, path)


def _model_text(path: Path) -> str:
    """The text of the model file, refused (:class:`NewsError`) past :data:`MAX_MODEL_BYTES`
    before it is read."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_MODEL_BYTES + 1)
    if len(data) > MAX_MODEL_BYTES:
        raise NewsError(
            "The duplicate model {path} is larger than {limit} MB; a CopyLens model is far "
            "smaller. Refused.",
            path=path,
            limit=MAX_MODEL_BYTES // (1024 * 1024),
        )
    return data.decode("utf-8")


def _model_of(data: dict[str, Any], path: str | Path) -> Model:
    names = data.get("features")
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise NewsError("{path} is not a CopyLens duplicate model file.", path=path)
    unknown = [n for n in names if n not in FEATURES]
    if unknown or len(set(names)) != len(names):
        raise NewsError(
            "The duplicate model {path} uses features this CopyLens does not compute: "
            "{features}. Train the model again with this version.",
            path=path,
            features=", ".join(unknown) or "repeated names",
        )
    vectors = data.get("support_vectors")
    if isinstance(vectors, list) and len(vectors) > MAX_SUPPORT_VECTORS:
        raise NewsError(
            "The duplicate model {path} has {count} support vectors, more than the {limit} "
            "CopyLens accepts (each item pair would cost that many kernel values). Refused.",
            path=path,
            count=f"{len(vectors):,}",
            limit=f"{MAX_SUPPORT_VECTORS:,}",
        )
    try:
        model = Model(
            features=tuple(names),
            mean=_array(data["mean"], 1),
            scale=_array(data["scale"], 1),
            support_vectors=_array(data["support_vectors"], 2),
            dual_coef=_array(data["dual_coef"], 1),
            intercept=_number(data["intercept"]),
            gamma=_number(data["gamma"]),
            prob_a=_number(data["prob_a"]),
            prob_b=_number(data["prob_b"]),
            authority={str(k): _number(v) for k, v in dict(data["authority"]).items()},
            versions={str(k): str(v) for k, v in dict(data["versions"]).items()},
            threshold=_number(data.get("threshold", THRESHOLD)),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise NewsError(
            "The duplicate model {path} is damaged: a part is missing or not numbers.", path=path
        ) from error
    if not _consistent(model):
        raise NewsError(
            "The duplicate model {path} is damaged: its parts do not fit together.", path=path
        )
    if not _in_bounds(model):
        raise NewsError(
            "The duplicate model {path} is damaged: it holds values no trained model has "
            "(beyond {limit} in size, a scale or gamma of zero or less, an authority "
            "outside 0 to 1, a threshold outside 0 to 1).",
            path=path,
            limit=f"{MAX_MAGNITUDE:g}",
        )
    return model


def _in_bounds(model: Model) -> bool:
    """Every number in the range a model trained by :func:`train` has (issue 38): with these
    bounds the decision value and the probabilities stay finite for any finite distances."""
    magnitudes = (
        model.mean,
        model.support_vectors,
        np.array([model.gamma, model.prob_a, model.prob_b]),
    )
    return (
        all(bool((np.abs(values) <= MAX_MAGNITUDE).all()) for values in magnitudes)
        and bool((np.abs(model.dual_coef) <= MAX_COEFFICIENT).all())
        and abs(model.intercept) <= MAX_COEFFICIENT
        and bool(((model.scale >= 1 / MAX_MAGNITUDE) & (model.scale <= MAX_MAGNITUDE)).all())
        and all(0.0 <= value <= 1.0 for value in model.authority.values())
        and 0.0 < model.threshold < 1.0
    )


def _array(value: object, ndim: int) -> np.ndarray:
    array = np.array(value, dtype=np.float64)
    if array.ndim != ndim or not np.isfinite(array).all():
        raise ValueError("not a finite array of the expected shape")
    return array


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError("not a finite number")
    return float(value)


def _consistent(model: Model) -> bool:
    width = len(model.features)
    sv = model.support_vectors
    return (
        model.mean.shape == (width,)
        and model.scale.shape == (width,)
        and bool((model.scale != 0).all())
        and len(sv) > 0
        and sv.shape[1] == width
        and model.dual_coef.shape == (len(sv),)
        and model.gamma > 0
    )
