"""Reproducible speed and memory measurements (see benchmarks/README.md)."""
