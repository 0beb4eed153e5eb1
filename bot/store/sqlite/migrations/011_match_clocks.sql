-- Reserved for match clocks for live play (issue 33); filled in by the work on it.
SELECT 1;
