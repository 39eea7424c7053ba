"""Example searches a student can open, run and check (``nqueens check 8 --search NAME``)."""
