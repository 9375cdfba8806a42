-- Rate-limit counters are worth nothing after a crash (PostgreSQL empties an unlogged table on recovery, which only
-- resets every window) and are written on every login, upload and order: unlogged, their writes skip the WAL and a
-- commit does not wait for a disk flush while it holds a hot row such as one IP's counter.
ALTER TABLE rate_limits SET UNLOGGED;
