"""The window's model, with no pygame: time (timeline, event log), what the board shows (scene),
and the teaching views kept in step with a run (tree, gallery, conflicts), race and game.

Everything here can be tested without a window; a test imports it with pygame made unimportable.
"""
