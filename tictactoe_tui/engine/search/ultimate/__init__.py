"""Ultimate tic-tac-toe's own search: MCTS-Solver on its own representation and its fast playouts."""
