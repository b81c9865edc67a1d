"""The ``phase10`` command line."""
