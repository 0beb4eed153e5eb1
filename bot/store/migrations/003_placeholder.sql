-- local placeholder for the lead's 003 (not committed)
SELECT 1;
