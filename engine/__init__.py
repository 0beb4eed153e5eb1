"""Rules engine for the Minigam family of dice games: positions, legal plays, notation, scoring."""
