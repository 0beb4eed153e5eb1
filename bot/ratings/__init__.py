"""The rating formulas: FIBS's for two-player matches (:mod:`~bot.ratings.fibs`), OpenSkill's Weng-Lin
for four-player multigam placings (:mod:`~bot.ratings.placings`). Pure functions; the core applies them."""
