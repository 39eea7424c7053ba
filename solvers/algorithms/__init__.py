"""One module per algorithm family: its generators, its pseudo-code in English and Chinese, its
sentences and its ``SPECS`` (``solvers.registry`` collects them in each module's ``ORDER``); beside
a family the engine answers, ``<family>_engine.py``: its engine model, kernels and resumer."""
