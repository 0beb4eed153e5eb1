"""The Discord bot (and its local console) through which people play the Minigam games."""
