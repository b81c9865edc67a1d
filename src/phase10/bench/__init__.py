"""Performance measurements of the engine's hot paths (``phase10 bench``)."""
