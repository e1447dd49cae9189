"""Work done off the screen: the computer's jobs and the searchers that run them in a worker."""
