-- Who started an import: the links it makes are recorded in the audit log as theirs.
ALTER TABLE "imports" ADD COLUMN "started_by" jsonb;
