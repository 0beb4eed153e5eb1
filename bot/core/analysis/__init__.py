"""Post-game analysis in the core: the reports people ask for (:mod:`~bot.core.analysis.reports`), the
finished games as the analysis reads them (:mod:`~bot.core.analysis.games`), and the database's job
queue that this process's analysis workers take from (:mod:`~bot.core.analysis.jobs`)."""
