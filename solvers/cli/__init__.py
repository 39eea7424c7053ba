"""The ``nqueens`` command line: ``main`` runs a process (signals, exit status), ``subcommands``
what each command prints, ``args`` the strict argument types, ``progress`` the progress line.

Nothing is imported here, so ``main`` can install its signal handlers before anything heavy loads.
"""
