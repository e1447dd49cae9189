"""Online play on the game screen: the link to a host or guest and the match it plays."""
