"""Settings: declared once, persisted, validated, mapped onto the engine's options."""

from __future__ import annotations

from dataclasses import fields

import pytest

from copylens.app import settings
from copylens.app.qt import QtCore, QtWidgets
from copylens.app.settings_dialog import SettingsDialog
from copylens.app.window import MainWindow
from copylens.core.errors import OptionsError
from copylens.core.options import AT_LEAST, Options, specs


def test_defaults_are_the_declared_ones() -> None:
    values = settings.load()
    assert values == settings.defaults()
    assert values["shingle"] == 10 and values["language"] == "auto"
    assert values["min_containment"] == Options().min_containment
    assert values["cluster_threshold"] == 0.5
    assert values["ui_language"] == "system"
    assert all(s.accepts(s.default) for s in settings.SETTINGS)


def test_settings_survive_a_restart(qtbot) -> None:
    changed = settings.defaults() | {
        "shingle": 7,
        "language": "ru",
        "lemmatize": False,
        "drop_short": True,
        "min_containment": 0.35,
        "ui_language": "ru",
    }
    window = MainWindow()
    qtbot.addWidget(window)
    window.apply_settings(changed)
    window.close()
    # a new store object and a new window read the same file back
    assert settings.load(settings.store()) == changed
    again = MainWindow()
    qtbot.addWidget(again)
    assert again.settings_values == changed


def test_stored_values_are_type_checked(isolated_settings) -> None:
    qs = settings.store()
    qs.setValue("settings/shingle", "eleven")
    qs.setValue("settings/lemmatize", "maybe")
    qs.setValue("settings/language", "klingon")
    qs.setValue("settings/max_gap", 999)
    qs.setValue("settings/seed_k", "5")
    qs.setValue("settings/min_containment", "0.4")
    qs.setValue("settings/ignore_numbers", "true")
    qs.sync()
    values = settings.load()
    assert values["shingle"] == 10  # not a number
    assert values["lemmatize"] is True  # not a boolean
    assert values["language"] == "auto"  # not a choice
    assert values["max_gap"] == 6  # out of range
    assert values["seed_k"] == 5 and values["min_containment"] == 0.4
    assert values["ignore_numbers"] is True
    assert list(isolated_settings.rglob("*.ini")), "written under the temporary folder"


def test_save_refuses_invalid_values() -> None:
    with pytest.raises(ValueError, match="shingle"):
        settings.save({"shingle": 99})
    with pytest.raises(ValueError, match="lemmatize"):
        settings.save({"lemmatize": 1})


def test_reset_to_defaults_forgets_stored_values() -> None:
    settings.save(settings.defaults() | {"shingle": 5, "max_gap": 9})
    assert settings.load()["shingle"] == 5
    assert settings.reset() == settings.defaults()
    assert settings.load() == settings.defaults()
    assert settings.store().value("version") in (settings.VERSION, str(settings.VERSION))


def test_to_options_maps_every_field() -> None:
    values = {
        "shingle": 8,
        "language": "uk",
        "lemmatize": False,
        "stop_words": False,
        "drop_short": True,
        "ignore_numbers": True,
        "exclude_quotes": True,
        "exclude_bibliography": True,
        "paraphrase": False,
        "min_fragment_words": 15,
        "seed_k": 4,
        "anchor_words": 7,
        "max_gap": 8,
        "min_containment": 0.3,
        "cluster_threshold": 0.7,
        "max_df_share": 0.4,
        "read_seconds": 30.0,
        "ui_language": "en",
    }
    options = settings.to_options(values)
    engine_keys = [s.key for s in settings.SETTINGS if s.option]
    assert {k: getattr(options, settings.BY_KEY[k].option) for k in engine_keys} == {
        k: values[k] for k in engine_keys
    }
    # every engine setting differs from the engine default here, so nothing was dropped
    assert all(
        getattr(options, settings.BY_KEY[k].option) != getattr(Options(), k)
        for k in engine_keys
        if k not in ("min_containment", "cluster_threshold")
    )
    option_fields = {f.name for f in fields(Options)}
    assert {s.option for s in settings.SETTINGS if s.option} <= option_fields
    assert settings.to_options(settings.defaults()).min_containment == Options().min_containment


@pytest.mark.parametrize(
    "setting",
    [s for s in settings.SETTINGS if s.option and s.minimum is not None],
    ids=lambda s: s.key,
)
def test_declared_ranges_are_valid_engine_options(setting: settings.Setting) -> None:
    for value in (setting.minimum, setting.maximum):
        values = settings.defaults() | {setting.key: setting.type(value)}
        for larger, smaller in AT_LEAST.items():  # as the dialog keeps them
            values[larger] = max(values[larger], values[smaller])
        settings.to_options(values)


def test_engine_settings_are_the_option_specs() -> None:
    declared = specs()
    assert set(settings.ENGINE_SETTINGS) | set(settings.NOT_IN_SETTINGS) == set(declared)
    assert not set(settings.ENGINE_SETTINGS) & set(settings.NOT_IN_SETTINGS)
    for key in settings.ENGINE_SETTINGS:
        s, spec = settings.BY_KEY[key], declared[key]
        assert s.option == key and s.context == "Options"
        assert (s.type, s.minimum, s.maximum, s.choices) == (
            spec.kind,
            spec.low,
            spec.high,
            spec.choices,
        )
        assert (s.label, s.help) == (spec.label, spec.help)
        assert s.default == settings.APP_DEFAULTS.get(key, spec.default)
    # no app-level default since version 2 (issue 16: 20 % lost pasted paragraphs)
    assert settings.APP_DEFAULTS == {}
    assert settings.BY_KEY["seed_k"].maximum == declared["seed_k"].high == 8


def test_settings_of_the_previous_version_still_load(isolated_settings) -> None:
    qs = settings.store()
    qs.setValue("version", 1)
    stored = {"seed_k": "5", "anchor_words": "5", "min_containment": "0.2", "shingle": "12"}
    for key, value in stored.items():
        qs.setValue(f"settings/{key}", value)
    qs.sync()
    values = settings.load()
    assert (values["seed_k"], values["anchor_words"], values["shingle"]) == (5, 5, 12)
    assert values["min_containment"] == Options().min_containment  # version 1's default
    settings.to_options(values)


def test_invalid_settings_are_named_by_their_labels(isolated_settings) -> None:
    qs = settings.store()
    qs.setValue("settings/seed_k", 6)  # each valid alone, not together (a hand-edited file)
    qs.setValue("settings/anchor_words", 5)
    qs.sync()
    values = settings.load()
    with pytest.raises(OptionsError) as error:
        settings.to_options(values)
    (problem,) = error.value.problems
    anchor, seed = specs()["anchor_words"].label, specs()["seed_k"].label
    assert problem == f"“{anchor}” must be at least “{seed}” (6), got 5"
    assert "anchor_words" not in problem and "seed_k" not in problem


def test_dialog_keeps_seed_within_anchor(qtbot) -> None:
    dialog = SettingsDialog(settings.defaults() | {"seed_k": 6, "anchor_words": 5})
    qtbot.addWidget(dialog)
    seed, anchor = dialog.editors["seed_k"], dialog.editors["anchor_words"]
    assert (seed.maximum(), anchor.value(), anchor.minimum()) == (8, 6, 6)  # shown valid
    seed.setValue(8)
    assert anchor.value() == 8 and anchor.minimum() == 8
    seed.setValue(2)
    assert anchor.minimum() == 2 and anchor.value() == 8
    anchor.setValue(2)
    assert anchor.value() == 2
    settings.to_options(dialog.values())
    dialog.editors["anchor_words"].setValue(20)
    seed.setValue(8)
    dialog.reset_button.click()
    assert dialog.values() == settings.defaults()
    assert anchor.minimum() == settings.defaults()["seed_k"]


def test_dialog_shows_the_specs_words(qtbot) -> None:
    dialog = SettingsDialog(settings.defaults())
    qtbot.addWidget(dialog)
    for key in settings.ENGINE_SETTINGS:
        spec = specs()[key]
        editor = dialog.editors[key]
        assert editor.toolTip() == QtCore.QCoreApplication.translate("Options", spec.help)
        if isinstance(editor, QtWidgets.QCheckBox):
            assert editor.text() == QtCore.QCoreApplication.translate("Options", spec.label)
    texts = {label.text() for label in dialog.findChildren(QtWidgets.QLabel)}
    assert specs()["seed_k"].label in texts and "Interface language" in texts


def test_dialog_edits_resets_and_returns_typed_values(qtbot) -> None:
    start = settings.defaults() | {"shingle": 6, "min_containment": 0.25, "language": "de"}
    dialog = SettingsDialog(start)
    qtbot.addWidget(dialog)
    assert dialog.values() == start
    dialog.editors["max_gap"].setValue(7)
    dialog.editors["lemmatize"].setChecked(False)
    dialog.editors["ui_language"].setCurrentIndex(dialog.editors["ui_language"].findData("ru"))
    edited = dialog.values()
    assert edited["max_gap"] == 7 and edited["lemmatize"] is False
    assert dialog.language_changed()
    assert all(settings.BY_KEY[k].accepts(v) for k, v in edited.items())
    dialog.reset_button.click()
    assert dialog.values() == settings.defaults()
    for key, editor in dialog.editors.items():
        assert editor.toolTip(), f"{key} has no tooltip"


def test_dialog_ok_saves_through_the_window(qtbot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    dialog = window.open_settings()
    dialog.editors["shingle"].setValue(12)
    dialog.accept()
    assert window.settings_values["shingle"] == 12
    assert settings.load()["shingle"] == 12


def test_dialog_editors_line_up_across_groups(qtbot) -> None:
    """The groups stand in two columns (matching and compare on the left: one column would
    be taller than a laptop's screen); in each, the editors line up from group to group."""
    dialog = SettingsDialog(settings.defaults())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    editors = {
        key: editor
        for key, editor in [*dialog.editors.items(), ("web_key", dialog.key_edit)]
        if not isinstance(editor, QtWidgets.QCheckBox)
    }
    lefts = {key: editor.mapTo(dialog, QtCore.QPoint(0, 0)).x() for key, editor in editors.items()}
    middle = dialog.width() / 2
    left = {key: x for key, x in lefts.items() if x < middle}
    right = {key: x for key, x in lefts.items() if x >= middle}
    assert "shingle" in left and "min_containment" in left and "web_provider" in right
    assert len(set(left.values())) == 1, left
    assert len(set(right.values())) == 1, right
    assert dialog.sizeHint().height() < 700
