"""The window's strings by subject, merged by ``visualizer/look/i18n.py``."""
