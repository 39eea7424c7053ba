"""A student's own search: a file with a ``search(n, board)`` generator, run in its own process
(``child``), shown and counted like any algorithm (``search.spec_for``) and checked in words
(``check``)."""
