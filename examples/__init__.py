"""Worked examples that use soloboard from outside the package (docs/research.md).

A package, so that an example's agent can be named by import path from the repository's root:
``soloboard sim ufs --agent examples.ppo:Agent``.
"""
