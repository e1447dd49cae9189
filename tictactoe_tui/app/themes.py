"""The game's own themes, offered beside Textual's in the theme picker."""

from textual.theme import Theme

CHALKBOARD = Theme(
    name="chalkboard",
    primary="#8FD3FE",
    secondary="#B5E48C",
    accent="#F6D365",
    warning="#F4A261",
    error="#FF8C8C",
    success="#90E39A",
    foreground="#F1EFE6",
    background="#1D3A2F",
    surface="#23473A",
    panel="#2A5445",
    dark=True,
)

THEMES = (CHALKBOARD,)
