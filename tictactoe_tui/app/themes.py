"""The game's looks: its own themes, offered beside Textual's in the theme picker, and where
the rules of everything but the game screen's first frame are."""

from pathlib import Path

from textual.theme import Theme

#: The rules of the sidebar, the dialogs and the other screens (``tictactoe.tcss``, the app's
#: own stylesheet, holds the game screen's first frame: the board and the status line). A
#: screen that needs them names them as its ``CSS_PATH``, which Textual reads when the screen
#: is first shown; the game screen reads them before it mounts its sidebar.
PANELS_CSS = Path(__file__).with_name("panels.tcss").resolve()

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
