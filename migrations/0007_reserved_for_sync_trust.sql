-- Migration 7 is the sync helper's (sync trust). This placeholder only lets the quantities
-- branch build and test its 0008 on its own (versions must have no gaps); it changes nothing.
-- DROP THIS FILE when the sync branch's 0007 is merged.
SELECT 1;
