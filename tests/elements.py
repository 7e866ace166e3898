"""Some markup read back as its tags, their attributes and its text (html.parser): what the
markup tests look for."""

from __future__ import annotations

from html.parser import HTMLParser


class Elements(HTMLParser):
    """Every start tag of some markup with its attributes, and the text inside each button."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.texts: list[str] = []
        self.feed(markup)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.texts.append(data)

    def with_attribute(self, name: str, value: str | None = None) -> list[dict[str, str | None]]:
        return [attrs for _, attrs in self.tags if name in attrs and (value is None or attrs[name] == value)]
