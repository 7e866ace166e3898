"""Every language has exactly the default language's keys, with the same placeholders."""

from __future__ import annotations

import string

import pytest

from hearts.strings import DEFAULT_LANGUAGE, STRINGS, text


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_the_three_languages_exist() -> None:
    assert DEFAULT_LANGUAGE == "zh-Hans" and {"zh-Hans", "zh-Hant", "en"} <= set(STRINGS)
    assert text("app.title", "zh-Hant") == "紅心大戰" and text("app.title", "en") == "Hearts"


@pytest.mark.parametrize("language", sorted(STRINGS))
def test_every_language_has_exactly_the_default_keys(language: str) -> None:
    default, table = set(STRINGS[DEFAULT_LANGUAGE]), set(STRINGS[language])
    assert not default - table, f"{language} misses {sorted(default - table)}"
    assert not table - default, f"{language} has unknown keys {sorted(table - default)}"


@pytest.mark.parametrize("language", sorted(STRINGS))
def test_every_translation_takes_the_same_values(language: str) -> None:
    for key, template in STRINGS[language].items():
        if key in STRINGS[DEFAULT_LANGUAGE]:
            assert placeholders(template) == placeholders(STRINGS[DEFAULT_LANGUAGE][key]), key


@pytest.mark.parametrize("language", sorted(STRINGS))
def test_no_string_is_empty(language: str) -> None:
    assert all(value.strip() for value in STRINGS[language].values())


def test_text_formats_values_and_refuses_unknown_keys() -> None:
    assert text("deal_number.shown", number=7) == STRINGS[DEFAULT_LANGUAGE]["deal_number.shown"].format(number=7)
    with pytest.raises(KeyError):
        text("no.such.key")
