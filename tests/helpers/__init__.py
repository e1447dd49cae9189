"""What the tests share: players, waits, readers of the screen, peers and builders. A test module
imports its helpers from here, never from another test module; fixtures live in the conftest files."""
