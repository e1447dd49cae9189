"""The modal screens, one a module: statistics, the file prompt for saving and loading games (and
the one way a game is saved through it), the custom board and yes/no questions."""
