"""Trained network weights, one module per net (written by ``python -m engine.ai.train``)."""
