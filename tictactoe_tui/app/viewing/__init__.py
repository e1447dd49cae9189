"""How the player looks at the game in play without changing it: stepping back and forth
through its moves, flipping the board, and typing a square's name to move the cursor there."""
