"""Every language has exactly the default language's keys, with the same placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from hearts.game.cards import DECK, parse_card
from hearts.game.strings import DEFAULT_LANGUAGE, LANGUAGES, STRINGS, phrase, say, text
from hearts.table.panels import RULES_SECTIONS, blocks

from .text import CJK


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


# ----- phrases and card names in every language (issue 6, item 8) ------------------------------


def test_a_phrase_is_the_default_text_and_can_be_said_in_every_language() -> None:
    refusal = phrase("message.level_next_hand", level=phrase("level.hard"))
    assert refusal == "难度改为困难，从下一手开始生效" and isinstance(refusal, str)
    assert refusal.said_in("zh-Hant") == "難度改為困難，從下一手開始生效"
    assert refusal.said_in("en") == "Level set to Hard, from the next hand"
    assert say(refusal, "en") == refusal.said_in("en") and say("plain", "en") == "plain"


def test_lists_in_a_phrase_are_joined_the_way_the_language_joins_them() -> None:
    listed = phrase("hint.pass.high_cards", cards=("♠A", "♥K"))
    assert "♠A、♥K" in listed and "♠A, ♥K" in listed.said_in("en")


def test_an_unknown_key_is_refused_when_the_phrase_is_made() -> None:
    with pytest.raises(KeyError):
        phrase("no.such.key")


@pytest.mark.parametrize(
    "language, queen, ten",
    [("zh-Hans", "黑桃Q", "红心10"), ("zh-Hant", "黑桃Q", "紅心10"), ("en", "queen of spades", "10 of hearts")],
)
def test_card_names_in_each_language(language: str, queen: str, ten: str) -> None:
    assert parse_card("QS").name(language) == queen and parse_card("TH").name(language) == ten
    assert parse_card("TH").name_phrase().said_in(language) == ten


def test_every_refusal_and_card_name_is_english_in_english() -> None:
    for key in STRINGS["en"]:
        if key.startswith("illegal."):
            assert not CJK.search(phrase(key).said_in("en")), key
    for card in DECK:
        assert not CJK.search(card.name("en")), card


def test_language_names_are_written_in_their_own_language_in_every_table() -> None:
    for language in LANGUAGES:
        assert {text(f"language.{other}", language) for other in LANGUAGES} == {"简体中文", "繁體中文", "English"}


def test_the_english_table_has_no_chinese_but_the_names_of_the_chinese_languages() -> None:
    leaks = [key for key, value in STRINGS["en"].items() if CJK.search(value) and not key.startswith("language.")]
    assert leaks == []


def test_a_phrase_survives_pickle_and_copy():
    """Hints and verdicts are copied and pickled (the arena's workers, saved reviews)."""
    import copy
    import pickle

    from hearts.game.strings import phrase

    said = phrase("hint.pass.void", cards=("♦9", "♦K"), suit=phrase("suit.D"))
    for again in (pickle.loads(pickle.dumps(said)), copy.copy(said), copy.deepcopy(said)):
        assert again == said and again.said_in("en") == said.said_in("en")


# ----- 「玩法」 (issue 22) ------------------------------------------------------------------------

#: A label of the page quoted in a text of 「玩法」: 「…」 in Chinese, “…” in English.
QUOTED = re.compile(r"「([^」]+)」|“([^”]+)”")


def shape(written: str) -> list[tuple[str, int]]:
    """What a translation must keep of a text of 「玩法」: its blocks, and the items of each list."""
    return [(block["kind"], len(block.get("items", ()))) for block in blocks(written)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_every_section_of_the_rules_with_the_same_blocks(language: str) -> None:
    for section in RULES_SECTIONS:
        assert text(f"rules.section.{section}", language)
        written = text(f"rules.text.{section}", language)
        assert shape(written) == shape(text(f"rules.text.{section}")), (language, section)
        assert all(block.get("text", "x") and all(block.get("items", ["x"])) for block in blocks(written))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_give_the_two_end_of_game_examples(language: str) -> None:
    numbers = re.findall(r"\d+", text("rules.text.rules", language))
    for example in (["100", "40", "40", "90"], ["104", "60", "75", "88"]):
        assert any(numbers[at : at + 4] == example for at in range(len(numbers))), (language, example)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_labels_quoted_in_how_to_play_are_the_page_s_own(language: str) -> None:
    """If a button is renamed, how to play must say the new name."""
    labels = set(STRINGS[language].values())
    for section in ("play", "strategy", "fair"):
        quoted = [a or b for a, b in QUOTED.findall(text(f"rules.text.{section}", language))]
        assert quoted and all(label in labels for label in quoted), (section, set(quoted) - labels)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_fairness_statement_says_how_it_is_guaranteed(language: str) -> None:
    """In a player's words (issue 53: 「hand.view(seat)」 and a test's file name spoke to developers),
    with the source a link away (hearts.markup.SOURCE_HREF): the automatic check it speaks of is
    tests/test_ai_fairness.py."""
    fair = text("rules.text.fair", language)
    assert not re.search(r"[a-z_]+\.(py|view)|\(seat\)|tests/", fair), fair
    assert "「提示」" in fair or "“Hint”" in fair
    assert text("rules.source", language) and (Path(__file__).parent / "test_ai_fairness.py").is_file()
