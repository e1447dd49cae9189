"""tictactoe-tui: tic-tac-toe in the terminal, from the classic 3×3 to m×n boards with k in a row."""

__version__ = "0.1.0"
