"""Exact solvers: hex endgames (`endgame`) and number-set Catch-Up (`numberset`)."""
