"""The side panel's views as plug-ins: one module per view (``tree``, ``gallery``, ``chart``,
``options``, ``cost``, ``rows``), each with a ``VIEW`` (a ``base.SideView`` subclass) and its
strings; ``registry`` finds them, as ``solvers.registry`` finds the algorithms.

Adding a view is one new module here: its class builds its follower from the timeline, takes its
snapshot, draws it through a ``render/`` function (or its own), handles its own clicks, wheel and
drags, says for which searches it cannot show, and declares its commands (name, key, help row,
button, modes) as ``ViewCommand`` data, which ``visualizer/commands.py`` turns into commands.
"""
