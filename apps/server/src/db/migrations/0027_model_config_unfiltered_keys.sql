-- The operator's configs of gpt-4.1 and gpt-4.1-mini are kept under their unfiltered keys (the
-- names the admin panel lists); a config saved under the real name before moves there, unless
-- one is already there.
UPDATE "model_configs" SET "name" = 'gpt-4.1-unfiltered'
  WHERE "name" = 'gpt-4.1'
  AND NOT EXISTS (SELECT 1 FROM "model_configs" WHERE "name" = 'gpt-4.1-unfiltered');--> statement-breakpoint
UPDATE "model_configs" SET "name" = 'gpt-4.1-mini-unfiltered'
  WHERE "name" = 'gpt-4.1-mini'
  AND NOT EXISTS (SELECT 1 FROM "model_configs" WHERE "name" = 'gpt-4.1-mini-unfiltered');
