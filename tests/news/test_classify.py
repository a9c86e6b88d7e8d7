"""The duplicate SVM: numpy prediction equal to scikit-learn's, JSON model files, grouped CV."""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

from copylens.core.errors import NewsError
from copylens.core.news import classify
from copylens.core.news.classify import (
    Model,
    columns,
    cross_validated,
    learning_curve,
    load_model,
    save_model,
    train,
)
from copylens.core.news.criteria import FEATURES

NAMES = ("text", "title", "paragraphs_ab", "time", "authority_a")


def _data(pairs: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Rows 2k, 2k+1 are the two directions of pair k: close vectors, the same label."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 2, pairs)
    base = rng.uniform(0.0, 1.0, (pairs, len(NAMES)))
    base[:, :3] = np.where(labels[:, None] == 1, base[:, :3] * 0.5, 0.3 + base[:, :3] * 0.7)
    base[:, 3] *= 20.0  # days apart: a column of another scale
    rows = np.repeat(base, 2, axis=0) + rng.normal(0.0, 0.02, (2 * pairs, len(NAMES)))
    return rows, np.repeat(labels, 2)


@pytest.fixture(scope="module")
def trained() -> tuple[Model, np.ndarray, np.ndarray]:
    x, y = _data(120)
    return train(x, y, NAMES, {"РБК": 0.9, "b": 0.2}, seed=3), x, y


def _sklearn_probability(x: np.ndarray, y: np.ndarray, test: np.ndarray, seed: int) -> np.ndarray:
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import SVC

    scaler = StandardScaler().fit(x)
    svc = SVC(kernel="rbf", probability=True, class_weight="balanced", random_state=seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        svc.fit(scaler.transform(x), y)
    return np.asarray(svc.predict_proba(scaler.transform(test))[:, 1])


def test_probability_equals_sklearn_predict_proba(
    trained: tuple[Model, np.ndarray, np.ndarray],
) -> None:
    model, x, y = trained
    rng = np.random.default_rng(7)
    test = np.vstack([x, rng.uniform(-1.0, 2.0, (500, len(NAMES))) * [1, 1, 1, 30, 1]])
    expected = _sklearn_probability(x, y, test, seed=3)
    got = model.probability(test)
    assert np.abs(got - expected).max() < 1e-9
    # libsvm's two-class coupling is iterative: plain Platt would differ by up to ~0.005
    assert got.min() > 0.0 and got.max() < 1.0
    assert ((got >= 0.5) == (y_pred := expected >= 0.5)).all() and y_pred.any()


def test_the_model_separates_its_classes(trained: tuple[Model, np.ndarray, np.ndarray]) -> None:
    model, x, y = trained
    said = model.probability(x) >= 0.5
    assert (said == (y == 1)).mean() > 0.9


def test_save_and_load_round_trip_exactly(
    trained: tuple[Model, np.ndarray, np.ndarray], tmp_path: Path
) -> None:
    model, x, _ = trained
    path = tmp_path / "model.json"
    save_model(model, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["kind"] == "copylens-news-model" and data["format"] == "1"
    assert set(data["versions"]) == {"format", "copylens", "scikit-learn"}
    loaded = load_model(path)
    assert loaded.features == NAMES
    assert loaded.authority == {"РБК": 0.9, "b": 0.2}
    assert loaded.intercept == model.intercept and loaded.prob_a == model.prob_a
    assert np.array_equal(loaded.support_vectors, model.support_vectors)
    assert np.array_equal(loaded.probability(x), model.probability(x))


def test_prediction_needs_no_sklearn(
    trained: tuple[Model, np.ndarray, np.ndarray],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    model, x, _ = trained
    save_model(model, tmp_path / "m.json")
    expected = model.probability(x)
    for name in [m for m in sys.modules if m == "sklearn" or m.startswith("sklearn.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "sklearn", None)  # any import of it now fails
    assert np.array_equal(load_model(tmp_path / "m.json").probability(x), expected)


def _saved(tmp_path: Path, model: Model, **changes: object) -> Path:
    path = tmp_path / "changed.json"
    save_model(model, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(changes)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_load_refuses_what_is_not_a_model(
    trained: tuple[Model, np.ndarray, np.ndarray], tmp_path: Path
) -> None:
    model = trained[0]
    cases = {
        "garbage": b"\x80\x81 not json",
        "list": b"[1, 2, 3]",
        "other": json.dumps({"kind": "something else"}).encode(),
    }
    for name, content in cases.items():
        (tmp_path / name).write_bytes(content)
        with pytest.raises(NewsError, match="is not a CopyLens duplicate model file"):
            load_model(tmp_path / name)
    with pytest.raises(NewsError, match="cannot be read"):
        load_model(tmp_path / "missing.json")
    with pytest.raises(NewsError, match="has format 2; this CopyLens reads format 1"):
        load_model(_saved(tmp_path, model, format="2"))
    with pytest.raises(NewsError, match="does not compute: colour"):
        load_model(_saved(tmp_path, model, features=["text", "colour", "time", "links", "title"]))
    with pytest.raises(NewsError, match="damaged: its parts do not fit"):
        load_model(_saved(tmp_path, model, features=["text", "title"]))
    with pytest.raises(NewsError, match="damaged: a part is missing"):
        load_model(_saved(tmp_path, model, gamma="fast"))
    with pytest.raises(NewsError, match="damaged: a part is missing"):
        load_model(_saved(tmp_path, model, dual_coef=[[1.0, None]]))


def test_a_model_file_is_data_not_code(
    trained: tuple[Model, np.ndarray, np.ndarray], tmp_path: Path
) -> None:
    save_model(trained[0], tmp_path / "m.json")
    assert not (tmp_path / "m.json").read_bytes().startswith(b"\x80")  # not a pickle
    json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))


def test_columns_pick_named_features_from_full_rows() -> None:
    full = np.arange(2 * len(FEATURES), dtype=float).reshape(2, len(FEATURES))
    picked = columns(full, ("time", "text"))
    assert picked.tolist() == [[FEATURES.index("time"), 0], [len(FEATURES) + 11, len(FEATURES)]]
    with pytest.raises(ValueError, match="Unknown"):
        columns(full, ("colour",))


def test_train_refuses_one_class_and_bad_labels() -> None:
    x, _ = _data(10)
    with pytest.raises(NewsError, match="both kinds"):
        train(x, np.zeros(len(x)), NAMES, {})
    with pytest.raises(NewsError, match=r"0 .* or 1"):
        train(x, np.full(len(x), 2), NAMES, {})


def test_cross_validation_keeps_both_directions_in_one_fold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    x, y = _data(60, seed=5)
    seen: list[tuple[np.ndarray, np.ndarray]] = []
    inner: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    splits = classify._splits

    def spy(
        y: np.ndarray, g: np.ndarray, folds: int, seed: int
    ) -> list[tuple[np.ndarray, np.ndarray]]:
        out = splits(y, g, folds, seed)
        if folds == 4:
            seen.extend(out)
        else:  # the threshold's folds inside each training fold
            inner.extend((g, fit, test) for fit, test in out)
        return out

    monkeypatch.setattr(classify, "_splits", spy)
    scores = cross_validated(x, y, NAMES, folds=4)
    assert len(seen) == 4 and scores.pairs == 60
    assert len(inner) == 4 * classify.THRESHOLD_FOLDS
    for g, fit, test in inner:  # the threshold's folds keep a pair's directions together too
        assert not set(g[fit].tolist()) & set(g[test].tolist())
    tested = np.concatenate([test for _, test in seen])
    assert sorted(tested.tolist()) == list(range(120))  # every row tested once
    for fit, test in seen:
        assert not set((fit // 2).tolist()) & set((test // 2).tolist())
    assert scores.f1 > 0.8 and 0.0 <= scores.precision <= 1.0


def test_cross_validation_honours_given_groups() -> None:
    x, y = _data(40, seed=2)
    groups = np.arange(len(y)) // 2 + 1000
    a = cross_validated(x, y, NAMES, folds=3, groups=groups)
    b = cross_validated(x, y, NAMES, folds=3)
    assert a == b
    with pytest.raises(NewsError, match="at least 30 labelled pairs"):
        cross_validated(x, y, NAMES, folds=30)


def test_learning_curve_reports_each_size() -> None:
    x, y = _data(50, seed=4)
    curve = learning_curve(x, y, NAMES, [4, 20, 1000], folds=3)
    assert [size for size, _ in curve] == [4, 20, 1000]
    assert all(s.pairs == 50 for _, s in curve)
    assert curve[-1][1].f1 >= 0.8


def test_training_without_scikit_learn_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Prediction needs numpy only; training names the extra that brings scikit-learn."""
    import builtins

    from copylens.core.errors import NewsError
    from copylens.core.news.classify import train

    real = builtins.__import__

    def no_sklearn(name: str, *args: object, **kwargs: object) -> object:
        if name == "sklearn" or name.startswith("sklearn."):
            raise ImportError(name)
        return real(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_sklearn)
    with pytest.raises(NewsError, match=r"copylens\[news\]"):
        train(np.zeros((4, 1)), np.array([0, 1, 0, 1]), ("text",), {})


@pytest.mark.parametrize(
    "part",
    ["mean", "support_vectors", "dual_coef", "intercept", "gamma", "prob_a", "prob_b", "scale"],
)
def test_load_refuses_values_no_trained_model_has(
    trained: tuple[Model, np.ndarray, np.ndarray], tmp_path: Path, part: str
) -> None:
    """Issue 38: a model with 1e308 values loaded, then gave NaN probabilities and silently no
    pair (exit 0). Now the file is refused, naming what is wrong."""
    model = trained[0]
    data = json.loads(_saved(tmp_path, model).read_text(encoding="utf-8"))
    value = data[part]
    if isinstance(value, list) and isinstance(value[0], list):
        value[0][0] = 1e308
    elif isinstance(value, list):
        value[0] = 1e308
    else:
        value = 1e308
    with pytest.raises(NewsError, match="damaged: it holds values no trained model has"):
        load_model(_saved(tmp_path, model, **{part: value}))


def test_load_refuses_authority_outside_zero_to_one(
    trained: tuple[Model, np.ndarray, np.ndarray], tmp_path: Path
) -> None:
    with pytest.raises(NewsError, match="authority outside 0 to 1"):
        load_model(_saved(tmp_path, trained[0], authority={"x": 1e308}))


def test_load_refuses_too_many_support_vectors(
    trained: tuple[Model, np.ndarray, np.ndarray], tmp_path: Path
) -> None:
    """Issue 38: 200,000 support vectors cost 2.49 GB on 40 items; now a count above the cap is
    refused before the arrays are made (the cap + 1 rows of zeros keep this file small)."""
    model = trained[0]
    rows = classify.MAX_SUPPORT_VECTORS + 1
    many = _saved(
        tmp_path,
        model,
        support_vectors=[[0] * len(NAMES)] * rows,
        dual_coef=[0] * rows,
    )
    with pytest.raises(NewsError, match="has 20,001 support vectors, more than the 20,000"):
        load_model(many)


def test_load_refuses_a_file_over_the_size_limit(
    trained: tuple[Model, np.ndarray, np.ndarray], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _saved(tmp_path, trained[0])
    monkeypatch.setattr(classify, "MAX_MODEL_BYTES", path.stat().st_size - 1)
    with pytest.raises(NewsError, match="is larger than 0 MB"):
        load_model(path)
    monkeypatch.setattr(classify, "MAX_MODEL_BYTES", path.stat().st_size)
    assert load_model(path).features == trained[0].features


def test_probability_is_never_nan(trained: tuple[Model, np.ndarray, np.ndarray]) -> None:
    """A model made in memory with values no file may hold: no NaN is returned as a
    probability (dedup would compare it with 0.5 and silently drop the pair)."""
    from dataclasses import replace

    model, x, _ = trained
    huge = replace(model, mean=np.full(len(NAMES), 1e308))
    with np.errstate(all="ignore"), pytest.raises(NewsError, match="gave no probability"):
        huge.probability(x[:3])


def test_decision_in_row_blocks_equals_one_block(
    trained: tuple[Model, np.ndarray, np.ndarray], monkeypatch: pytest.MonkeyPatch
) -> None:
    model, x, _ = trained
    whole = model.decision(x)
    monkeypatch.setattr(classify, "_ROWS_AT_ONCE", 7)
    np.testing.assert_allclose(model.decision(x), whole, rtol=0, atol=1e-12)


# --- the threshold chosen on the training pairs (issue 37) --------------------------------------


def _skewed(pairs: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """One column; a quarter of the pairs are duplicates, and the classes overlap so that the
    cut of best F1 on their probabilities lies well below 0.5."""
    rng = np.random.default_rng(seed)
    labels = (rng.uniform(size=pairs) < 0.25).astype(int)
    base = np.where(labels == 1, rng.normal(0.55, 0.15, pairs), rng.normal(0.7, 0.15, pairs))
    rows = np.repeat(base[:, None], 2, axis=0) + rng.normal(0.0, 0.01, (2 * pairs, 1))
    return rows, np.repeat(labels, 2)


def test_the_threshold_is_chosen_by_cross_validation_on_the_training_rows() -> None:
    x, y = _skewed(300)
    model = train(x, y, ("text",), {})
    fixed = train(x, y, ("text",), {}, choose_threshold=False)
    assert fixed.threshold == classify.THRESHOLD
    assert model.threshold in classify.CUTS and model.threshold < classify.THRESHOLD
    # the chosen cut is the best F1 of the inner folds' probabilities (not of the fit itself)
    g = np.arange(len(y)) // 2
    inner = np.zeros(len(y))
    for fit, test in classify._splits(y, g, classify.THRESHOLD_FOLDS, 0):
        part = train(x[fit], y[fit], ("text",), {}, choose_threshold=False)
        inner[test] = part.probability(x[test])
    assert model.threshold == classify.best_cut(inner, y, g)
    # too few pairs of a kind for the folds: the default
    few_x, few_y = x[:40], y[:40].copy()
    few_y[:] = 0
    few_y[:6] = 1
    assert train(few_x, few_y, ("text",), {}).threshold == classify.THRESHOLD


def test_the_threshold_is_saved_and_an_older_file_reads_as_one_half(
    trained: tuple[Model, np.ndarray, np.ndarray], tmp_path: Path
) -> None:
    model = trained[0]
    assert 0.0 < model.threshold < 1.0
    path = tmp_path / "m.json"
    save_model(model, path)
    assert load_model(path).threshold == model.threshold
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["threshold"]  # a model written before issue 37
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_model(path).threshold == classify.THRESHOLD
    for bad in (0.0, 1.5, -1):
        with pytest.raises(NewsError, match="a threshold outside 0 to 1"):
            load_model(_saved(tmp_path, model, threshold=bad))
